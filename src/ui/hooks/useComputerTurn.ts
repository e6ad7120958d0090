import { useEffect, useEffectEvent, useRef } from 'react';
import { hasLanded, modeOf, winSource, type AppAction, type AppModel, type ComputerProvider, type WinAnswer } from '../../app/index.js';
import type { StrategyTable } from '../../solver/index.js';

/**
 * A computer's turn, a step at a time: its decision (from `computerMove`), then the step that follows it, each after
 * `delayMs` (none once SPACE/ENTER asked for the rest of the turn at once). It waits while a page is over the game
 * or the terminal is too small, and looks at its dice once they have landed (unless hurried on). Without
 * `computerMove` nothing happens (the computer seats are played from the keyboard). A win seat's turn work (`win`),
 * once done, decides its turn; while it is under way the model is told the computer is thinking.
 */
export function useComputerTurn(
  model: AppModel,
  computerMove: ComputerProvider | undefined,
  table: StrategyTable | undefined,
  delayMs: number,
  act: (action: AppAction) => void,
  win?: WinAnswer,
): void {
  // One action for each model drawn (with the same table and win work): a timer of an effect that has been replaced can
  // fire before its clean-up runs, and the same model would be decided twice ("The computer is still showing its last
  // move").
  const actedOn = useRef<{ readonly model: AppModel; readonly table?: StrategyTable; readonly win?: WinAnswer } | null>(null);
  // The step, with the model as it is when the timer fires (the latest one drawn).
  const step = useEffectEvent(() => {
    const m = model;
    const last = actedOn.current;
    if (modeOf(m) !== 'computer' || (last !== null && last.model === m && last.table === table && last.win === win)) return;
    actedOn.current = { model: m, table, win };
    if (m.computer.steps.length > 0) return act({ type: 'computer-step' });
    // An exception here is a bug: it reaches the process's crash handler (save, report), never the message line.
    const choice = computerMove?.(m, table, win);
    if (choice) act({ type: 'computer-decision', decision: choice.decision, rng: choice.rng });
    // A win seat whose turn work is still under way: the screen says it is thinking (this runs again when it is done).
    else if (m.win?.status === 'working' && winSource(m, win) === 'wait') act({ type: 'win-wait', key: m.win.key });
  });
  const computerMode = modeOf(model) === 'computer';
  // The line that a win seat plays mean-optimally is read before its first decision of the turn replaces it.
  const lingers = model.win?.fallbackSaid === true && model.game?.rollsUsed === 1 && model.computer.steps.length === 0;
  const landed = hasLanded(model);
  useEffect(() => {
    if (!computerMove || !computerMode || (!landed && !model.computer.hurry)) return;
    const timer = setTimeout(
      step,
      model.computer.hurry ? 0 : lingers ? delayMs * 4 : delayMs,
    );
    return () => clearTimeout(timer);
  }, [computerMode, landed, model.game, model.computer, model.strategy.status, model.win?.status, lingers, table, win, computerMove, delayMs, act]);
}
