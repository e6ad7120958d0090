import { ANY_KEY, PRINTABLE, bindingsFor, getLayout, typedChar } from '../input/index.js';
import { update } from './controller.js';
import type { AppModel } from './model.js';
import { modeOf } from './modes.js';

/** One entry of the prompt line: the keys' label and what they do. */
export interface PromptItem {
  readonly keys: string;
  readonly does: string;
}

/** True when two models differ in nothing but the message (fields kept by reference are not compared twice). */
function sameApartFromMessage(a: AppModel, b: AppModel): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof AppModel)[]);
  for (const k of keys) {
    if (k === 'message' || a[k] === b[k]) continue;
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  }
  return true;
}

/**
 * The prompt line: exactly the keys that do something now, from the layout table. Each binding of the current
 * mode is tried on the controller; it is listed when one of its keys changes the model without a refusal
 * (so SPACE is left out while all dice are kept, and ENTER until an option number is typed). The keys are tried
 * on the model without its message line, so that a refusal already shown (which a move such as quitting carries
 * over) is not taken for a refusal of the key: the prompt is the same whatever the message line says.
 */
export function promptItems(model: AppModel): PromptItem[] {
  const layout = getLayout(model.layout);
  const items: PromptItem[] = [];
  const base: AppModel = model.message === null ? model : { ...model, message: null };
  for (const binding of bindingsFor(layout, modeOf(base))) {
    if (binding.prompt === '') continue;
    const works =
      binding.keys.includes(ANY_KEY) ||
      binding.keys.includes(PRINTABLE) ||
      binding.keys.some((k, i) => {
        const next = update(base, binding.action(typedChar(k) ?? k, i));
        return next.message?.tone !== 'error' && !sameApartFromMessage(next, base);
      });
    if (works && !items.some((it) => it.keys === binding.label)) items.push({ keys: binding.label, does: binding.prompt });
  }
  return items;
}
