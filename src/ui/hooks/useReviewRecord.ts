import { useEffect, useRef } from 'react';
import type { AppAction, AppModel } from '../../app/index.js';
import type { GameState } from '../../engine/index.js';
import type { StrategyTable } from '../../solver/index.js';
import type { GameReview } from '../../storage/highScores.js';
import { reviewView } from '../../view/index.js';

/** A line for the message line. */
type Notice = { readonly text: string; readonly tone: 'error' | 'info' };

/** Told each finished game's reviews once they are known, a seat's or null (a computer's, or one not known): the session keeps them with the high scores. */
export type ReviewListener = (state: GameState, bySeat: readonly (GameReview | null)[]) => Notice | null | void;

/**
 * Once a finished game's review is ready (the strategy table is there, which may be after the game was recorded in the
 * high scores), hands each person's luck, loss and decisions to `onReview`, once per game; a line it returns goes on
 * the message line. The review is the one the results panel shows (computed once, remembered).
 */
export function useReviewRecord(model: AppModel, table: StrategyTable | undefined, onReview: ReviewListener | undefined, act: (action: AppAction) => void): void {
  const told = useRef<GameState | null>(null);
  useEffect(() => {
    const g = model.game;
    if (!onReview || g === null || g.phase !== 'gameOver' || told.current === g) return;
    const view = reviewView(model, table);
    if (view === null || view.status !== 'ready') return;
    told.current = g;
    const bySeat = g.players.map((_, seat): GameReview | null => {
      const split = view.people.find((p) => p.seat === seat)?.split ?? null;
      return split === null ? null : { luck: split.luck, loss: split.loss, decisions: split.decisions };
    });
    const notice = onReview(g, bySeat);
    if (notice) act({ type: 'notice', ...notice });
  }, [model, table, onReview, act]);
}
