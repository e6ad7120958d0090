/**
 * Always-on actions, whatever the screen: the terminal's size, Ctrl-C, Ctrl-L, the dice landing, notices, the strategy
 * table, what the review found, the chances to win.
 */
import { cleanSize, landRoll } from '../model.js';
import { instructionsPageAt } from '../pages.js';
import { receiveChances } from './chancesPhase.js';
import { done, ignored, refused, type Phase } from './step.js';

/** The always-on phase: actions that are not keys of a screen (and Ctrl-C, Ctrl-L), taken in any mode. */
export const alwaysOn: Phase = (model, action) => {
  switch (action.type) {
    case 'resize': {
      const size = cleanSize(action);
      // The instructions keep the reader's place in the text, which wraps anew at the new size.
      return done(() => ({ ...model, size, ...(model.overlay === 'help' ? { overlayPage: instructionsPageAt(model, size) } : {}) }));
    }
    case 'quit-now':
      // Once quit, a Ctrl-C later in the same read (a paste) has nothing left to interrupt.
      return model.screen === 'done' ? ignored : done(() => ({ ...model, screen: 'done', interrupted: true }));
    case 'redraw':
      return done(() => ({ ...model, redraws: model.redraws + 1 }));
    case 'paste':
      return refused({ code: 'paste' });
    case 'roll-landed':
      return done(() => landRoll(model, action.count));
    case 'notice':
      // The quit question stays on the message line while it is asked (a high score told then is printed on the way out).
      if (model.overlay === 'confirm' && action.tone === 'info' && action.saveProblem === undefined) return ignored;
      return done(() => ({ ...model, message: { text: action.text, tone: action.tone }, ...(action.saveProblem !== undefined ? { saveProblem: action.saveProblem } : {}) }));
    case 'strategy':
      return done(() => ({ ...model, strategy: action.strategy }));
    case 'review-known':
      return done(() => ({ ...model, reviewKnown: { decisions: action.decisions, worst: action.worst } }));
    case 'chances-status':
      return receiveChances(model, action.key, action.chances);
    default:
      return model.screen === 'done' ? ignored : null;
  }
};
