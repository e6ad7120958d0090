import { useEffect, useRef } from 'react';
import { hasLanded, modeOf, type AppAction, type AppModel, type ComputerProvider } from '../../app/index.js';
import type { StrategyTable } from '../../solver/index.js';

/**
 * A computer's turn, a step at a time: its decision (from `computerMove`), then the step that follows it, each after
 * `delayMs` (none once SPACE/ENTER asked for the rest of the turn at once). It waits while a page is over the game
 * or the terminal is too small, and looks at its dice once they have landed (unless hurried on). Without
 * `computerMove` nothing happens (the computer seats are played from the keyboard).
 */
export function useComputerTurn(
  model: AppModel,
  computerMove: ComputerProvider | undefined,
  table: StrategyTable | undefined,
  delayMs: number,
  act: (action: AppAction) => void,
): void {
  const latest = useRef(model);
  latest.current = model;
  const computerMode = modeOf(model) === 'computer';
  const landed = hasLanded(model);
  useEffect(() => {
    if (!computerMove || !computerMode || (!landed && !model.computer.hurry)) return;
    const timer = setTimeout(
      () => {
        const m = latest.current;
        if (modeOf(m) !== 'computer') return;
        if (m.computer.steps.length > 0) return act({ type: 'computer-step' });
        // An exception here is a bug: it reaches the process's crash handler (save, report), never the message line.
        const choice = computerMove(m, table);
        if (choice) act({ type: 'computer-decision', decision: choice.decision, rng: choice.rng });
      },
      model.computer.hurry ? 0 : delayMs,
    );
    return () => clearTimeout(timer);
  }, [computerMode, landed, model.game, model.computer, model.strategy.status, table, computerMove, delayMs, act]);
}
