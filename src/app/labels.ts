import { rulesOf, type BoxDef, type GameState, type RuleSet } from '../engine/index.js';
import { getLayout, layoutRules, type Binding, type Mode } from './keymaps/index.js';
import type { AppAction } from './actions.js';
import type { AppModel } from './model.js';

/** The first binding of the model's layout with a key for an action type. */
function firstBinding(model: AppModel, type: AppAction['type']): Binding | undefined {
  return getLayout(model.layout).bindings.find((b) => b.keys.some((k, i) => b.action(k, i).type === type));
}

/** The label of the first key bound to an action type in the model's layout ("i", "0"), for messages. */
export function keyLabel(model: AppModel, type: AppAction['type']): string {
  return firstBinding(model, type)?.label ?? '?';
}

/** The prompt line's word for the first key bound to an action type ("tip" on the MSX, "hint" on the Spectrum). */
export function keyWord(model: AppModel, type: AppAction['type']): string {
  return firstBinding(model, type)?.prompt ?? '';
}

/** The label of the key for `type` in `mode` (a key line's or a notice's), null when the mode has none. */
export function keyLabelIn(model: AppModel, mode: Mode, type: AppAction['type']): string | null {
  const b = getLayout(model.layout).bindings.find((x) => x.modes.includes(mode) && x.keys.some((k, i) => x.action(k, i).type === type));
  return b?.label ?? null;
}

/** keyLabelIn for a key that every layout has in `mode`: a layout without it is a bug, not a line to word around. */
export function requiredKeyLabel(model: AppModel, mode: Mode, type: AppAction['type']): string {
  const label = keyLabelIn(model, mode, type);
  if (label === null) throw new Error(`the ${model.layout} layout has no ${type} key in ${mode}`);
  return label;
}

/** The game's rule set as the model's layout numbers and orders its boxes (the Spectrum: as its inlay). */
export function shownRules(model: AppModel, game: GameState): RuleSet {
  return layoutRules(getLayout(model.layout), rulesOf(game));
}

/** The box with option number `option` as the model's layout numbers them, if any. */
export function boxForOption(model: AppModel, game: GameState, option: number): BoxDef | undefined {
  return shownRules(model, game).boxes.find((b) => b.option === option);
}

/**
 * The box an MSX screen's cursor shows while a box is chosen: the model's cursor, or, while a player at a hosted table
 * types an option number with the Spectrum keys (only they type one), the box that number names in their numbering.
 */
export function cursorBox(model: AppModel, game: GameState): string | null {
  if (model.option === '') return model.cursor;
  return layoutRules(getLayout('spectrum'), rulesOf(game)).boxes.find((b) => b.option === Number(model.option))?.id ?? null;
}
