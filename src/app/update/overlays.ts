/**
 * The pages over the screen and the keys that open them: the too-small notice, the quit question, the instructions
 * and the review pages, and the quit and help keys.
 */
import { MAX_PLAYERS } from '../../engine/index.js';
import { bindingsFor, getLayout } from '../keymaps/index.js';
import { matchOver, quitQuestion, type Refusal } from '../messages.js';
import type { AppModel } from '../model.js';
import { modeOf } from '../modes.js';
import { instructionsStart, modelInstructionPages, reviewPageCount } from '../pages.js';
import { done, ignored, refused, type Phase } from './step.js';

/**
 * The next page of the instructions or the review, or back to the game once every page has been shown: the review
 * from its first page, the instructions from the page they opened at (instructionsStart), round past the last.
 */
function helpNext(model: AppModel): AppModel {
  const review = model.overlay === 'review';
  const pages = review ? reviewPageCount(model) : modelInstructionPages(model).length;
  const next = (model.overlayPage + 1) % Math.max(1, pages);
  const start = review ? 0 : Math.min(instructionsStart(model), pages - 1);
  return next !== start && model.overlayPage + 1 <= pages ? { ...model, overlayPage: next } : { ...model, overlay: null, overlayPage: 0 };
}

/**
 * The quit key: at setup it quits at once; in a game, and after it while the match goes on, it asks Y/N. After the
 * last game of a match it quits at once, unless the layout asks there too (the Spectrum) or saving fails.
 */
function quit(model: AppModel): AppModel {
  if (model.screen === 'setup' || model.game === null) return { ...model, screen: 'done' };
  // While saving fails, the end of the match may not be kept: that is asked first in any layout.
  if (matchOver(model) && !getLayout(model.layout).askQuitAfterMatch && !model.saveProblem) return { ...model, screen: 'done' };
  return { ...model, overlay: 'confirm', message: { text: quitQuestion(model), tone: 'info' } };
}

/**
 * Why a key does nothing: while rolling, a key of the same kind as the dice's own (a digit past 5 on the MSX, a letter
 * past E on the Spectrum) was most likely meant for a die, so the player is told which keys the dice are; at the
 * players question, a digit past the most players was meant for their number.
 */
function unknownKey(model: AppModel, key: string | undefined): Refusal {
  if (key !== undefined && modeOf(model) === 'setup-players' && /^[0-9]$/.test(key)) return { code: 'players-range', max: MAX_PLAYERS };
  if (key === undefined || modeOf(model) !== 'rolling') return { code: 'unknown-key' };
  const kind = (k: string) => (/^[0-9]$/.test(k) ? 'digit' : /^[a-z]$/i.test(k) ? 'letter' : null);
  const dice = bindingsFor(getLayout(model.layout), 'rolling').find((b) => b.action(b.keys[0], 0).type === 'toggle-die');
  if (dice === undefined || kind(key) === null || kind(key) !== kind(dice.keys[0])) return { code: 'unknown-key' };
  return { code: 'no-die', key: key.toUpperCase(), dice: dice.label };
}

/** The overlay phase: what a page over the screen does with an action, and the keys of every screen (quit, help). */
export const overlays: Phase = (model, action) => {
  // The notice has no room for the quit question: the quit key leaves at once (the game is saved on the way out).
  if (modeOf(model) === 'too-small') return action.type === 'quit' ? done(() => ({ ...model, screen: 'done' })) : ignored;
  if (model.overlay === 'confirm') {
    if (action.type !== 'confirm') return refused({ code: 'confirm-keys' });
    return done(() => (action.yes ? { ...model, screen: 'done' } : { ...model, overlay: null, message: null }));
  }
  if (action.type === 'unknown-key') return refused(unknownKey(model, action.key));
  if (model.overlay === 'help' && action.type === 'help-close') return done(() => ({ ...model, overlay: null, overlayPage: 0 }));
  if (model.overlay === 'help' || model.overlay === 'review') return action.type === 'help-next' ? done(() => helpNext(model)) : ignored;
  switch (action.type) {
    case 'quit':
      return done(() => quit(model));
    case 'confirm':
      return refused({ code: 'unknown-key' });
    case 'help':
      return done(() => ({ ...model, overlay: 'help', overlayPage: instructionsStart(model), message: null }));
    case 'help-next':
    case 'help-close':
      return ignored;
    default:
      return null;
  }
};
