import { typedChar } from '../input/index.js';
import { ANY_KEY, PRINTABLE, bindingsFor, getLayout } from '../app/keymaps/index.js';
import { legal } from '../app/controller.js';
import type { AppModel } from '../app/model.js';
import { modeOf } from '../app/modes.js';
import { textWidth } from '../text/index.js';

/** One entry of the prompt line: the keys' label and what they do. */
export interface PromptItem {
  readonly keys: string;
  readonly does: string;
  /** Left out first when the line is narrow (Binding.spare). */
  readonly spare?: boolean;
}

/**
 * The prompt line: exactly the keys that do something now, from the layout table. Each binding of the current
 * mode is asked of the controller (legal): it is listed when one of its keys is legal now (so SPACE is left out while
 * all dice are kept, and ENTER until an option number is typed). The keys are asked on the model without its
 * message line, so that the prompt is the same whatever the message line says.
 */
export function promptItems(model: AppModel): PromptItem[] {
  // A guest's leave question: its answers (src/table/guestKeys.ts), the game's keys would only say "stay".
  if (model.leaving === true && model.screen === 'game') return [{ keys: 'Y', does: 'leave' }, { keys: 'other keys', does: 'stay' }];
  const layout = getLayout(model.layout);
  const items: PromptItem[] = [];
  const base: AppModel = model.message === null ? model : { ...model, message: null };
  const onlooker = model.screen === 'game' ? (model.onlooker ?? null) : null;
  for (const binding of bindingsFor(layout, modeOf(base))) {
    const kind = binding.action('', 0).type;
    // The host's key that gives an away player's seat to the computer: on the host's own line alone, when it works.
    const seating = onlooker === 'host' && kind === 'seat-to-computer';
    // The Spectrum's ESC on the option line: with nothing typed it rolls on, where the rolling was ended early (with an
    // option typed it only clears it, which the line leaves out).
    const rollsOn = kind === 'back' && modeOf(base) === 'choosing' && model.option === '';
    if (binding.prompt === '' && !seating && !rollsOn) continue;
    // An onlooker's keys (hosted table): their hints and chances and their own instructions (src/table/); a guest's own
    // review after a game and leaving (below), the host's quit.
    const own = kind === 'help' || (onlooker === 'guest' ? kind === 'review' : kind === 'quit');
    const theirs = kind === 'hint' || kind === 'chances' || seating || (onlooker !== null && own);
    if (onlooker !== null && !theirs) continue;
    const legalNow =
      binding.keys.includes(ANY_KEY) || binding.keys.includes(PRINTABLE) || binding.keys.some((k, i) => legal(base, binding.action(typedChar(k) ?? k, i)) === null);
    // The Spectrum's ENTER on an option that cannot be scored (no such option, a box these dice may not go in): it
    // is refused, and the entry cleared (app/update/game.ts's submitOption).
    const clears = !legalNow && kind === 'submit' && modeOf(base) === 'choosing' && model.option !== '';
    const works = legalNow || clears;
    const does = seating ? 'computer plays the seat' : rollsOn ? 'roll on' : clears ? 'clear' : binding.prompt;
    if (works && !items.some((it) => it.keys === binding.label)) items.push({ keys: binding.label, does, ...(binding.spare ? { spare: true } : {}) });
  }
  // A guest's Ctrl-C leaves the table on any screen (src/table/guestKeys.ts), their seat kept for them.
  if (onlooker === 'guest') items.push({ keys: 'Ctrl-C', does: 'leave' });
  return items;
}

/**
 * At a hosted table the screens of the player to move and of the host show the game's prompt line: while no person is
 * to play (a computer's turn, the end of a game) or the host's quit question is open, its keys are the host's alone,
 * and the line leads with that. An onlooker's screen lists their own keys (promptItems) under a lead that says so.
 */
export function promptLead(model: AppModel): string | undefined {
  const g = model.game;
  if (model.leaving === true && model.screen === 'game') return undefined;
  if (model.onlooker !== undefined && model.screen === 'game') return 'your keys:';
  if (model.settings.hosted !== true || model.screen !== 'game' || g === null) return undefined;
  const personToPlay = g.phase !== 'gameOver' && g.players[g.current]?.kind === 'human';
  return !personToPlay || model.overlay === 'confirm' ? 'host:' : undefined;
}

/** A piece of the prompt line and how it is drawn: the lead as a heading, each key as a key, the rest plain. */
export interface PromptPart {
  readonly text: string;
  readonly role: 'heading' | 'key' | null;
}

/** The prompt line in pieces, fitted to `width` (fitPrompt): " lead  keys does  keys does". */
export function promptParts(all: readonly PromptItem[], width: number | undefined, lead?: string): PromptPart[] {
  return partsOf(width === undefined ? all : fitPrompt(all, width, lead), lead);
}

/** The pieces of a prompt line of exactly these items (promptParts fits them first; promptWidth measures them). */
function partsOf(items: readonly PromptItem[], lead?: string): PromptPart[] {
  const parts: PromptPart[] = lead ? [{ text: ` ${lead}`, role: 'heading' }] : [];
  items.forEach((it, i) => {
    parts.push({ text: '  '.slice(i === 0 && !lead ? 1 : 0), role: null }, { text: it.keys, role: 'key' });
    if (it.does) parts.push({ text: ` ${it.does}`, role: null });
  });
  return parts;
}

/** Shorter words for the prompt line when the full ones do not fit. */
const SHORT_PROMPT: Readonly<Record<string, string>> = {
  'score now': 'score',
  // The message line says 'taken back'; on a full prompt line the shorter word keeps the key on it.
  'take back': 'undo',
  'finish its turn': 'finish',
  'fixed number of games': 'games',
  'first to a score': 'target',
  'single games': 'single',
  'no, play on': 'no',
  'yes, quit': 'yes',
  'play again': 'again',
  'next game': 'next',
  instructions: 'help',
  computer: 'CPU',
};

/** The prompt line's width in columns for these items after `lead` (" keys does  keys does"). */
export function promptWidth(items: readonly PromptItem[], lead = ''): number {
  return textWidth(partsOf(items, lead).map((p) => p.text).join(''));
}

/**
 * The prompt items fitted to `width` columns with whole words: the full words when they fit; else the shorter
 * words (score now: score); else without the spare items, from the last back (a key shown bare says nothing to a
 * new player, and the instructions list them all); else, from the last item back, only the keys of an item whose word
 * is longest.
 */
export function fitPrompt(items: readonly PromptItem[], width: number, lead = ''): PromptItem[] {
  if (promptWidth(items, lead) <= width) return [...items];
  const short = items.map((it) => ({ ...it, does: SHORT_PROMPT[it.does] ?? it.does }));
  if (promptWidth(short, lead) <= width) return short;
  let out = [...short];
  for (let i = out.length - 1; i >= 0 && promptWidth(out, lead) > width; i--) if (out[i].spare === true) out = out.filter((_, j) => j !== i);
  if (promptWidth(out, lead) <= width) return out;
  const order = out.map((_, i) => i).sort((a, b) => out[b].does.length - out[a].does.length || b - a);
  for (const i of order) {
    if (promptWidth(out, lead) <= width) break;
    out[i] = { keys: out[i].keys, does: '' };
  }
  return out;
}
