/**
 * What a phase of the controller makes of an action, before anything is built: refused (with the typed reason),
 * ignored (nothing happens and nothing is said), or done (the next model, built only when it is asked for). So the
 * prompt line can ask whether an action is legal now without building the model it would lead to.
 */
import type { AppAction } from '../actions.js';
import type { Refusal } from '../messages.js';
import type { AppModel } from '../model.js';

/** The outcome of an action in one phase. */
export type Step =
  /** Refused: the message line says why; `on` is the model it is said on when that is not the model acted on. */
  | { readonly kind: 'refused'; readonly refusal: Refusal; readonly on?: AppModel }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'done'; readonly next: () => AppModel };

/** A phase of the controller: the step for an action, or null when the action is not this phase's to decide. */
export type Phase = (model: AppModel, action: AppAction) => Step | null;

/** The action is refused for `refusal` (said on `on`, by default the model acted on). */
export const refused = (refusal: Refusal, on?: AppModel): Step => (on === undefined ? { kind: 'refused', refusal } : { kind: 'refused', refusal, on });

/** The action does nothing here, and nothing is said. */
export const ignored: Step = { kind: 'ignored' };

/** The action is legal: `next` builds the model it leads to. */
export const done = (next: () => AppModel): Step => ({ kind: 'done', next });

/** The step after a done step: `then` applied to its model (a refusal or an ignored action passes through). */
export function andThen(step: Step, then: (model: AppModel) => AppModel): Step {
  return step.kind === 'done' ? done(() => then(step.next())) : step;
}
