import { getLayout } from '../input/index.js';
import type { AppAction } from './actions.js';
import type { AppModel } from './model.js';

/** The label of the first key bound to an action type in the model's layout ("i", "0"), for messages. */
export function keyLabel(model: AppModel, type: AppAction['type']): string {
  const layout = getLayout(model.layout);
  for (const b of layout.bindings) {
    for (let i = 0; i < b.keys.length; i++) if (b.action(b.keys[i], i).type === type) return b.label;
  }
  return '?';
}
