/**
 * The app's one state transition, as a small dispatcher over the controller's phases (src/app/update/), each a
 * function that decides an action or leaves it to the next: the always-on actions, who is away at a hosted table, a
 * win seat's turn work, the resume question, the pages over the screen, a dropped player's seat given to the
 * computer, the setup, after a game, the take-back, practice, the chances key, the computer's turn, and the person's
 * turn. A phase answers with a Step (refused
 * with a typed reason, ignored, or done), so that `legal` can tell whether an action does something now without
 * building the model it leads to, and `update` words a refusal once (src/app/messages.ts).
 */
import type { AppAction } from './actions.js';
import { refusalMessage, type Refusal } from './messages.js';
import type { AppModel } from './model.js';
import { alwaysOn } from './update/always.js';
import { chancesPhase } from './update/chancesPhase.js';
import { computerTurn } from './update/computerTurn.js';
import { afterGame, personTurn } from './update/game.js';
import { overlays } from './update/overlays.js';
import { practice } from './update/practice.js';
import { resumePhase } from './update/resumePhase.js';
import { awayPhase, seatToComputerPhase } from './update/seatToComputer.js';
import { setupPhase } from './update/setupPhase.js';
import { takeBackPhase, withTakeBackLine } from './update/takeBack.js';
import { winWork } from './update/win.js';
import { refused, type Phase, type Step } from './update/step.js';

export { quitQuestion } from './messages.js';
export { openBoxes } from './update/game.js';

/** The phases, asked in turn: the first that answers decides the action. */
const PHASES: readonly Phase[] = [alwaysOn, awayPhase, winWork, resumePhase, overlays, seatToComputerPhase, setupPhase, afterGame, takeBackPhase, practice, chancesPhase, computerTurn, personTurn];

/** What the controller makes of `action` now: refused (and why), ignored, or done (the next model on demand). */
export function decide(model: AppModel, action: AppAction): Step {
  for (const phase of PHASES) {
    const step = phase(model, action);
    if (step !== null) return step;
  }
  return refused({ code: 'unknown-key' });
}

/**
 * Whether `action` does something now: null when it does (the prompt line lists its key), else why not (a refusal,
 * or 'ignored' for an action that does nothing here and says nothing). No model is built to find out.
 */
export function legal(model: AppModel, action: AppAction): Refusal | 'ignored' | null {
  const step = decide(model, action);
  return step.kind === 'done' ? null : step.kind === 'refused' ? step.refusal : 'ignored';
}

/**
 * The app's one state transition: the model after `action`. Pure: a refused or senseless action leaves everything
 * as it was and puts the reason on the message line. An exception is a bug and is not caught here: it reaches the
 * tests and the fuzz, and at run time the process's crash handler.
 */
export function update(model: AppModel, action: AppAction): AppModel {
  const step = decide(model, action);
  switch (step.kind) {
    case 'done':
      // While a box can be taken back, the message line says so when it has nothing else to say.
      return withTakeBackLine(step.next());
    case 'ignored':
      return model;
    case 'refused': {
      const on = step.on ?? model;
      return { ...on, message: refusalMessage(on, step.refusal) };
    }
  }
}
