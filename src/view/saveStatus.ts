import type { AppModel, Message } from '../app/model.js';

/** The words that start the message line while the game cannot be saved. */
export const NOT_SAVED = 'NOT SAVED';

/**
 * The message line while saving fails: "NOT SAVED: <why>" first, so that the reason is never cut off, then the
 * message of the moment, if any (it no longer replaces the notice). The same message otherwise.
 */
export function withSaveProblem(model: Pick<AppModel, 'saveProblem'>, message: Message | null): Message | null {
  const problem = model.saveProblem;
  if (problem === undefined || problem === null) return message;
  const head = `${NOT_SAVED}: ${problem}`;
  if (message === null || message.text.startsWith('Saving failed')) return { text: head, tone: 'error' };
  return { text: `${head} · ${message.text}`, tone: 'error' };
}
