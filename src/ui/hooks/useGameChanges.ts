import { useEffect, useRef } from 'react';
import { typedOf, type AppAction, type AppModel, type SeatDecision, type Typed } from '../../app/index.js';
import type { GameState } from '../../engine/index.js';

/** A line for the message line. */
type Notice = { readonly text: string; readonly tone: 'error' | 'info' };

/** What is told of each change of the game (the session's autosave): see AppProps.onGameChange. */
export type GameChangeListener = (state: GameState, notify: (notice: Notice) => void, decisions: readonly SeatDecision[], typed: Typed) => Notice | null | void;

/**
 * Hands every change of the game (its state, the people's decisions, what the player has typed but not used) to
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
  useEffect(() => {
    if (!model.game || !onGameChange) return;
    const notice = onGameChange(
      model.game,
      (later) => {
        if (mounted.current) act({ type: 'notice', ...later });
      },
      model.decisions,
      typedOf(model),
    );
    if (notice) act({ type: 'notice', ...notice });
  }, [model.game, model.decisions, model.cursor, model.option, onGameChange, act]);
}
