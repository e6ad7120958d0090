/**
 * The resume question, the first screen when a saved game is waiting: take it up, start a new game, or leave (the
 * save kept). Once answered, every key waits until the session has begun the game, which the app hands over ('begin').
 */
import { modeOf } from '../modes.js';
import { done, ignored, refused, type Phase } from './step.js';

/** The resume phase: the answer to the question, and the game the session began after it. */
export const resumePhase: Phase = (model, action) => {
  if (action.type === 'begin') {
    // Only the answered question is replaced; the terminal's size and the screen reader stay the UI's facts.
    if (model.screen !== 'resume' || model.resume?.answer == null) return ignored;
    return done(() => ({ ...action.model, size: model.size, screenReader: model.screenReader }));
  }
  const question = model.resume;
  if (model.screen !== 'resume' || question === undefined) return null;
  if (question.answer !== null) return ignored;
  // The instructions over the question, and the too-small notice, are the overlays' to decide.
  if (model.overlay !== null || modeOf(model) === 'too-small') return null;
  switch (action.type) {
    case 'resume-answer': {
      const answer = action.answer;
      return done(() => (answer === 'quit' ? { ...model, screen: 'done' } : { ...model, resume: { ...question, answer }, message: null }));
    }
    case 'help':
      return null;
    default:
      return refused({ code: 'resume-keys' });
  }
};
