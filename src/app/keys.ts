import type { KeyInfo } from '../input/index.js';
import { getLayout, resolveKeyName } from './keymaps/index.js';
import { keyName } from '../input/index.js';
import type { AppAction } from './actions.js';
import { update } from './controller.js';
import { landRoll, type AppModel } from './model.js';
import { modeOf } from './modes.js';

/**
 * The app action for a key press in the model's layout and mode. A key of the other playing phase (SPACE after the
 * last roll, a digit before 0 in the Spectrum layout) still reaches the controller, so the player reads why it does
 * nothing now ("No rolls left: choose a box"), and so do playing keys during a computer's turn and after a game (which
 * say the key that goes on); any other key that does nothing is "unknown-key".
 */
export function keyToAction(model: AppModel, input: string, key: KeyInfo): AppAction {
  if (key.paste === true) return { type: 'paste' };
  const name = keyName(input, key);
  if (name === null) return { type: 'unknown-key' };
  const layout = getLayout(model.layout);
  const mode = modeOf(model);
  const action = resolveKeyName(layout, mode, name);
  if (action) return action;
  const others =
    mode === 'rolling' ? ['choosing'] : mode === 'choosing' ? ['rolling'] : mode === 'computer' || mode === 'game-over' || mode === 'match-over' ? ['rolling', 'choosing'] : [];
  for (const other of others) {
    const fallback = resolveKeyName(layout, other as typeof mode, name);
    if (fallback) return fallback;
  }
  return { type: 'unknown-key', key: name };
}

/**
 * The model after one key press (Ink's `input` and `key`). A key pressed while the dice are still rolling on the
 * screen lands them first: it acts on dice the player sees.
 */
export function pressKey(model: AppModel, input: string, key: KeyInfo = {}): AppModel {
  const landed = landRoll(model);
  return update(landed, keyToAction(landed, input, key));
}
