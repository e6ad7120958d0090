import { keyToAction, modeOf, type AppModel, type TermSize } from '../app/index.js';
import { keyLabel } from '../app/labels.js';
import { sameName } from '../engine/index.js';
import type { DecodedKey, LayoutId } from '../input/index.js';
import { keptOwnPage, ownPageModel, pageKeys, type OwnPage } from './ownPage.js';
import { takeBackOwner } from '../app/update/takeBack.js';
import { takeBackRefused, turnSeat } from './mayAct.js';

/** Ctrl-C: a guest leaves the table at once (their seat waits for them). */
const CTRL_C = '\u0003';

/** What a watcher's keys are answered with, and what a watcher who joins a game under way is told. */
export const WATCHING = "You are watching: only the players' keys play the game";

/**
 * What a read of a guest's keys does: leave the table; ask first (a seated player's quit key during a game, so that
 * a stray q or ESC does not drop them: the same key again leaves); say why the keys do nothing now (the host's setup,
 * another seat's turn); or go to the table (which gates each key by mayAct).
 */
export type GuestKeys =
  | { readonly kind: 'leave' }
  /** Keys behind the too-small notice: they do nothing (the game goes on unseen there). */
  | { readonly kind: 'none' }
  | { readonly kind: 'ask-leave'; readonly text: string }
  /** The leave question answered with another key: the guest stays, and the key is used up (it plays nothing). */
  | { readonly kind: 'stay' }
  | { readonly kind: 'wait'; readonly text: string }
  /** A page on the guest's screen alone (the review after a game, the instructions): where it is now, null when closed. */
  | { readonly kind: 'own'; readonly page: OwnPage | null }
  | { readonly kind: 'press' };

/** Where the guest is: the host's game (null in the lobby), their layout and seat, and whether leaving was asked. */
export interface GuestKeyContext {
  readonly model: AppModel | null;
  readonly playing: boolean;
  readonly layout: LayoutId;
  readonly seat: string | null;
  readonly leaveAsked: boolean;
  /** The table's waiting line while the turn is an away player's (null: it waits for nobody). */
  readonly waiting: string | null;
  /** The guest's screen: its size and their own hints and chances (absent: as the host's game has them). */
  readonly screen?: { readonly size: TermSize; readonly hint: boolean; readonly chances: boolean };
  /** The page open on the guest's own screen (GuestLook.ownPage); absent or null: none. */
  readonly ownPage?: OwnPage | null;
}

/** The host's game as this guest's screen shows it: in their layout, at their size, with their hints and chances. */
function theirModel(at: GuestKeyContext): AppModel | null {
  if (at.model === null) return null;
  const model: AppModel = { ...at.model, layout: at.layout, reader: 'guest', ...(at.screen ?? {}) };
  const own = keptPage(at);
  return own !== null ? ownPageModel(model, at.seat, own) : model;
}

/** The page open on the guest's own screen (GuestLook.ownPage), if the host's game still allows it. */
const keptPage = (at: GuestKeyContext): OwnPage | null => keptOwnPage(at.model, at.ownPage ?? null);

/** What a guest's key at the end of a game is told: the host's keys go on, the review is theirs to open. */
function gameOverWords(model: AppModel): string {
  return `The game is over: the host's keys go on from here; ${keyLabel(model, 'review')} shows you the review, on your screen alone`;
}

/** The guest's keys read in their layout: what they do (GuestKeys). */
export function guestKeys(keys: readonly DecodedKey[], at: GuestKeyContext): GuestKeys {
  if (keys.some((k) => k.input === CTRL_C || (k.key.ctrl === true && k.input === 'c'))) return { kind: 'leave' };
  // The leave question is answered as the game's quit question is: Y leaves (and so does the same key again), any
  // other key stays and is used up, as N is at the host's quit question.
  if (at.leaveAsked && keys.some((k) => k.input === 'y' || k.input === 'Y')) return { kind: 'leave' };
  const model = theirModel(at);
  const types = model === null ? [] : keys.map((k) => keyToAction(model, k.input, k.key).type);
  // Behind the too-small notice nothing is played unseen; its quit key leaves at once, as the notice says.
  const small = model !== null && at.playing && modeOf(model) === 'too-small';
  if (types.some((t) => t === 'quit' || t === 'quit-now')) {
    if (at.seat === null || !at.playing || at.leaveAsked || small) return { kind: 'leave' };
    return { kind: 'ask-leave', text: 'Leave the table? Y leaves, your seat waits for you; any other key stays' };
  }
  if (at.leaveAsked) return { kind: 'stay' };
  if (small) return { kind: 'none' };
  const own = model !== null && at.playing ? pageKeys(keys, model, keptPage(at)) : null;
  if (own !== null) return own.kind === 'own' ? own : { kind: 'wait', text: own.text ?? gameOverWords(model!) };
  if (model === null && !at.playing) return { kind: 'wait', text: 'Not started yet: your keys count once the host starts the game (Ctrl-C leaves)' };
  // Keys that would play something (a redraw or an unknown key plays nothing), once the table plays.
  const plays = at.playing && types.some((t) => t !== 'redraw' && t !== 'unknown-key');
  // A watcher's keys play nothing: they are told so, as a player's are on another's turn.
  if (model !== null && plays && at.seat === null) return { kind: 'wait', text: WATCHING };
  if (model !== null && plays && at.seat !== null) {
    if (model.screen === 'setup' || model.screen === 'resume') return { kind: 'wait', text: 'The host is setting up the game: your keys count once it starts' };
    // A seat the host gave to the computer while its player was away stays the computer's: they watch it played.
    if (model.game?.players.some((p) => p.kind === 'computer' && sameName(p.name, at.seat!)) === true) return { kind: 'wait', text: 'The computer plays your seat now: you are watching' };
    // The take-back key is the scorer's, on any turn (mayAct): theirs goes on, another's is told whose it is.
    const owner = types.includes('undo') && !model.settings.practice ? takeBackOwner(model) : null;
    if (owner !== null) return sameName(owner, at.seat) ? { kind: 'press' } : { kind: 'wait', text: takeBackRefused(owner) };
    const turn = turnSeat(model);
    if (turn === null && model.game?.phase === 'gameOver') return { kind: 'wait', text: gameOverWords(model) };
    if (turn === null && model.screen === 'game') return { kind: 'wait', text: 'Not your turn: the game goes on at the host' };
    // While the turn's player is away their keys count on no terminal: the line says the game waits for them.
    if (turn !== null && !sameName(turn, at.seat)) return { kind: 'wait', text: at.waiting ?? `It is ${turn}'s turn: wait for yours` };
  }
  return { kind: 'press' };
}

/** A line of the screen a guest turns on and off for themselves: the hints, the chances to win. */
export type OwnToggle = 'hint' | 'chances';

/**
 * The keys of a read that are the guest's own (the hint and chances keys: each screen has its own hints and chances
 * settings, on any turn), and the rest, which go on as guestKeys says.
 */
export function ownKeys(keys: readonly DecodedKey[], at: GuestKeyContext): { toggles: OwnToggle[]; rest: DecodedKey[] } {
  const toggles: OwnToggle[] = [];
  const rest: DecodedKey[] = [];
  const model = at.playing ? theirModel(at) : null;
  for (const k of keys) {
    const type = model === null ? null : keyToAction(model, k.input, k.key).type;
    if (type === 'hint' || type === 'chances') toggles.push(type);
    else rest.push(k);
  }
  return { toggles, rest };
}
