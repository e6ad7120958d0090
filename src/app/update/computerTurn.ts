/**
 * The computer's turn: its decision (from the provider) shown in steps, a step at a time or, hurried, at once; one
 * engine move for its seat (the keyboard plays it when no provider does).
 */
import { getLayout } from '../keymaps/index.js';
import { computerKeepWords, diceNamingOf } from '../diceWords.js';
import { actionsFor, type Decision } from '../../solver/play/moves.js';
import type { Action, RngState } from '../../engine/index.js';
import { rulesOf } from '../../engine/index.js';
import { shownRules } from '../labels.js';
import { announceRoll, type AppModel } from '../model.js';
import { computerToMove } from '../modes.js';
import { yahtzeeNotice } from '../yahtzee.js';
import { engineStep } from './engine.js';
import { done, ignored, refused, type Phase, type Step } from './step.js';

/** What the computer does, in words for the message line. */
function decisionWords(model: AppModel, decision: Decision): string {
  const g = model.game!;
  const name = g.players[g.current].name;
  if (decision.kind === 'score') {
    const box = rulesOf(g).boxes.find((b) => b.id === decision.box);
    return `${name} chooses ${box?.name ?? decision.box}`;
  }
  return `${name} ${computerKeepWords(diceNamingOf(getLayout(model.layout)), g.dice, decision.hold)}`;
}

/**
 * A computer's decision: shown in two steps. Holds: they are set now and the roll comes next. A box: the rolling
 * ends, the cursor (MSX) or the option number (Spectrum) shows it, and the scoring comes next.
 */
function computerDecision(model: AppModel, decision: Decision, rng: RngState): Step {
  const g = model.game;
  if (g === null || !computerToMove(model)) return refused({ code: 'not-computer-turn' });
  if (model.computer.steps.length > 0) return refused({ code: 'computer-busy' });
  const actions = actionsFor(g, decision);
  let m: AppModel = { ...model, computer: { ...model.computer, rng } };
  /** Applies an engine action to m; the refusal's reason when the engine refuses it. */
  const apply = (action: Action): string | null => {
    const step = engineStep(m, action);
    if (step.kind === 'refused') return step.refusal.code === 'engine' ? step.refusal.reason : step.refusal.code;
    if (step.kind === 'done') m = step.next();
    return null;
  };
  if (decision.kind === 'keep') {
    for (const action of actions.slice(0, -1)) {
      const reason = apply(action);
      if (reason !== null) return refused({ code: 'computer-failed', reason });
    }
    return done(() => ({ ...m, computer: { ...m.computer, steps: [actions.slice(-1)] }, message: { text: decisionWords(model, decision), tone: 'info' } }));
  }
  if (g.phase === 'rolling') {
    const reason = apply({ type: 'stop-rolling' });
    if (reason !== null) return refused({ code: 'computer-failed', reason });
  }
  const box = shownRules(m, g).boxes.find((b) => b.id === decision.box);
  const shown = getLayout(m.layout).boxChoice === 'cursor' ? { cursor: decision.box } : { option: String(box?.option ?? '') };
  return done(() => ({ ...m, ...shown, computer: { ...m.computer, steps: [actions] }, message: { text: decisionWords(model, decision), tone: 'info' } }));
}

/** The next step of the computer's decision. */
function computerStep(model: AppModel): Step {
  const [first, ...rest] = model.computer.steps;
  if (!computerToMove(model) || first === undefined) return refused({ code: 'computer-no-step' });
  let m: AppModel = { ...model, computer: { ...model.computer, steps: rest } };
  for (const action of first) {
    const step = engineStep(m, action);
    // Refused: said on the model so far, the rest of the decision dropped.
    if (step.kind === 'refused') return refused(step.refusal, { ...m, computer: { ...m.computer, steps: [] } });
    if (step.kind === 'done') m = step.next();
  }
  const g = m.game;
  if (first[first.length - 1]?.type === 'roll' && g !== null) {
    const rolled = m;
    return done(() => announceRoll(rolled, yahtzeeNotice(rolled) ?? { text: `${g.players[g.current].name} rolls: ${g.dice.join(' ')}`, tone: 'info' }));
  }
  const last = m;
  return done(() => last);
}

/** One engine move for the computer's seat: whatever it did, the rest of a decision being shown is dropped. */
function moveForComputer(model: AppModel, action: Action): Step {
  const step = engineStep(model, action);
  const dropped = (m: AppModel): AppModel => ({ ...m, computer: { ...m.computer, steps: [] } });
  if (step.kind === 'refused') return refused(step.refusal, dropped(model));
  return step.kind === 'done' ? done(() => dropped(step.next())) : step;
}

/** The computer phase: the actions of a computer's turn, taken in any state of a game (refused when it is not one). */
export const computerTurn: Phase = (model, action) => {
  const game = model.game;
  if (game === null) return refused({ code: 'no-game' });
  switch (action.type) {
    case 'computer-move':
      if (!computerToMove(model)) return refused({ code: 'not-computer-turn' });
      return moveForComputer(model, action.action);
    case 'computer-decision':
      return computerDecision(model, action.decision, action.rng);
    case 'computer-step':
      return computerStep(model);
    case 'computer-hurry':
      if (!computerToMove(model)) return refused({ code: 'not-computer-turn' });
      if (model.computer.hurry) return ignored;
      return done(() => ({ ...model, computer: { ...model.computer, hurry: true }, message: { text: `${game.players[game.current].name} plays the rest of its turn at once`, tone: 'info' } }));
    default:
      return null;
  }
};
