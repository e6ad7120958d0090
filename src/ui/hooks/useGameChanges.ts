import { useEffect, useRef } from 'react';
import { screenKeptOf, type AppAction, type AppModel, type ScreenKept, type SeatDecision } from '../../app/index.js';
import type { GameState } from '../../engine/index.js';

/** A line for the message line. */
type Notice = { readonly text: string; readonly tone: 'error' | 'info' };

/** What is told of each change of the game (the session's autosave): see AppProps.onGameChange. */
export type GameChangeListener = (state: GameState, notify: (notice: Notice) => void, decisions: readonly SeatDecision[], kept: ScreenKept) => Notice | null | void;

/**
 * Hands every change of the game (its state, the people's decisions, what its screen keeps: ScreenKept) to
 * `onGameChange`; a line it returns, or hands to `notify` later while the app is mounted, goes on the message line.
 */
export function useGameChanges(model: AppModel, onGameChange: GameChangeListener | undefined, act: (action: AppAction) => void): void {
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  // What is told: only these parts of the model (a new screen or message alone is no change of the game).
  const { game, decisions, cursor, option, hint, chances, stopped, takenBackIn } = model;
  useEffect(() => {
    if (!game || !onGameChange) return;
    const notice = onGameChange(
      game,
      (later) => {
        if (mounted.current) act({ type: 'notice', ...later });
      },
      decisions,
      screenKeptOf({ cursor, option, hint, chances, stopped, takenBackIn }),
    );
    if (notice) act({ type: 'notice', ...notice });
  }, [game, decisions, cursor, option, hint, chances, stopped, takenBackIn, onGameChange, act]);
}
