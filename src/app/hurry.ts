/**
 * The keys that hurried a computer's turn on, still coming once it has ended: a person presses SPACE or ENTER a few
 * times to see the rest of it at once, and the presses after the first would roll (or score) for the next player.
 * They are dropped while they keep coming, each within HURRY_AFTER_MS of the last; which keys they are is the layout's.
 */
import { keyName, type DecodedKey } from '../input/index.js';
import { bindingsFor, getLayout } from './keymaps/index.js';
import type { AppModel } from './model.js';
import { modeOf } from './modes.js';

/** How long after the last key that hurried a computer's turn the same keys are still taken as meant for it. */
export const HURRY_AFTER_MS = 800;

/** The names of the keys that hurry a computer's turn on in the model's layout. */
function hurryKeys(model: AppModel): ReadonlySet<string> {
  const bindings = bindingsFor(getLayout(model.layout), 'computer');
  return new Set(bindings.filter((b) => b.action('', 0).type === 'computer-hurry').flatMap((b) => b.keys));
}

/**
 * A read's keys typed at `at` (ms): during a computer's turn they are all kept, and the time of a hurry among them
 * noted; after it, the hurry keys are dropped while they come within HURRY_AFTER_MS of the last, and the other keys
 * kept. The message line says so on the next player's turn; after the game's last turn it keeps the game's result.
 */
export function afterHurry(model: AppModel, keys: readonly DecodedKey[], at: number): { readonly model: AppModel; readonly keys: readonly DecodedKey[] } {
  const hurry = hurryKeys(model);
  const isHurry = (k: DecodedKey) => hurry.has(keyName(k.input, k.key) ?? '');
  const noted = (m: AppModel): AppModel => ({ ...m, computer: { ...m.computer, hurriedAt: at } });
  if (modeOf(model) === 'computer') return { model: keys.some(isHurry) ? noted(model) : model, keys };
  const since = model.computer.hurriedAt;
  if (since === null || at - since >= HURRY_AFTER_MS || !keys.some(isHurry)) return { model, keys };
  const g = model.game;
  const kept = keys.filter((k) => !isHurry(k));
  if (g === null || g.phase === 'gameOver') return { model: noted(model), keys: kept };
  const message = { text: `${g.players[g.current].name}'s turn: the keys that hurried the computer on are not played`, tone: 'info' as const };
  return { model: { ...noted(model), message }, keys: kept };
}
