import path from 'node:path';
import { LAYOUT_IDS, type LayoutId } from '../input/index.js';
import type { GameState } from '../engine/state.js';
import { hasScored } from '../engine/match.js';
import { MAX_PLAYERS } from '../engine/state.js';
import { sameName, withRepairedNames } from '../engine/names.js';
import { nameProblem, validateGameState } from '../engine/validate.js';
import { isObject, parseJson, readDataFile } from './dataFile.js';
import {
  describeError,
  readTextFile,
  realFs,
  removeFile,
  removeFileAsync,
  writeFileAtomic,
  writeFileAtomicAsync,
  type AsyncWriteOptions,
  type StorageOptions,
  type WriteResult,
} from './files.js';
import type { StorageDirs } from './paths.js';

/** The `format` field that marks a saved game. */
export const SAVE_FORMAT = 'yahtzee-save';

/** The version of the saved-game file this program writes and reads. */
export const SAVE_VERSION = 1;

/** The saved game's file name, in the state folder. */
export const SAVE_FILE = 'game.json';

/** The previous game, kept after `--new` until the new game scores its first box. */
export const PREVIOUS_FILE = 'game.previous.json';

/** What the game hands over to be saved: the state (with the generator) and what the screen needs to look the same again. */
export interface SaveInput {
  /** The key layout in use. */
  readonly layout: LayoutId;
  /** Practice mode (hints on, undo allowed). */
  readonly practice: boolean;
  /** The whole game: rules, seats, match, cards, dice and the random generator state. */
  readonly state: GameState;
  /** The screen's own JSON (cursor, hint toggles...), stored as given and handed back unchecked beyond being an object. */
  readonly ui?: Readonly<Record<string, unknown>>;
}

/** A saved game as it is on disk. */
export interface SavedGame extends SaveInput {
  readonly format: typeof SAVE_FORMAT;
  readonly version: typeof SAVE_VERSION;
  /** When it was written (ISO 8601). */
  readonly savedAt: string;
}

/** What loading found: no save, a save, or a damaged one (moved aside, with a message to show). */
export type LoadResult =
  | { readonly kind: 'none' }
  /** With `damaged`: the save file was damaged (moved aside), and the game kept before it comes back in its place. */
  | { readonly kind: 'ok'; readonly save: SavedGame; readonly damaged?: Damaged }
  | ({ readonly kind: 'corrupt' } & Damaged);

/** A damaged file's notice, and `movedTo`: where it now is, or null when it could not be moved (left as it was). */
export interface Damaged {
  readonly message: string;
  readonly movedTo: string | null;
}

/** What saving did: the file written, or a message for a line on screen (the game goes on). */
export type SaveResult = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly error: string };

/** What startNewGame did with the save that was there. */
export type NewGameResult =
  | { readonly ok: true; readonly previousKept: boolean; readonly damaged?: Damaged }
  | { readonly ok: false; readonly error: string };

/** The saved game's path. */
export const savePath = (dirs: StorageDirs): string => path.join(dirs.state, SAVE_FILE);

/** The previous game's path. */
export const previousPath = (dirs: StorageDirs): string => path.join(dirs.state, PREVIOUS_FILE);

/**
 * Reads a saved game's text: the save, or why it cannot be used. Pure. A date that cannot be read is the file's
 * `modified` time when given (when it was last written), rather than the game lost for it.
 */
export function parseSave(text: string, modified?: Date): { ok: true; save: SavedGame } | { ok: false; error: string } {
  const json = parseJson(text);
  if (!json.ok) return json;
  const value = json.value;
  if (!isObject(value) || value.format !== SAVE_FORMAT) return { ok: false, error: 'it is not a yahtzee saved game' };
  if (value.version !== SAVE_VERSION) {
    return { ok: false, error: `it was saved by another version of yahtzee (save format ${JSON.stringify(value.version)}; this version reads ${SAVE_VERSION})` };
  }
  const dated = typeof value.savedAt === 'string' && !Number.isNaN(Date.parse(value.savedAt));
  if (!dated && modified === undefined) return { ok: false, error: 'its date is missing' };
  const savedAt = dated ? (value.savedAt as string) : modified!.toISOString();
  if (!(LAYOUT_IDS as readonly unknown[]).includes(value.layout)) return { ok: false, error: `unknown key layout ${JSON.stringify(value.layout)}` };
  if (typeof value.practice !== 'boolean') return { ok: false, error: 'practice mode is neither on nor off' };
  // What the screen kept and the match's count of recorded games, when not an object, are read as absent (as in a save
  // without them, its finished games count as recorded): they are not worth the game.
  const ui = isObject(value.ui) ? value.ui : undefined;
  const checked = validateGameState(withRepairedPlayers(value.state));
  if (!checked.ok) return { ok: false, error: checked.error };
  // A count of games already in the high scores that cannot be is read as absent too: every finished game counts as
  // recorded, so that none is recorded twice.
  const recorded = ui?.recordedGames;
  const countOk = recorded === undefined || (Number.isSafeInteger(recorded) && (recorded as number) >= 0 && (recorded as number) <= checked.state.results.length);
  const soundUi = countOk || ui === undefined ? ui : Object.fromEntries(Object.entries(ui).filter(([k]) => k !== 'recordedGames'));
  return { ok: true, save: { ...value, savedAt, ui: soundUi, state: checked.state } as unknown as SavedGame };
}

/**
 * A saved state whose players' names the name rule refuses, with those names repaired where something is left, and a
 * name that reads the same as one before it (a file edited by hand: ANN and ann) numbered, or else the seat's own
 * PLAYER name, so that the game loads with names that tell its players apart.
 */
function withRepairedPlayers(state: unknown): unknown {
  if (!isObject(state)) return state;
  const players = withRepairedNames(state.players);
  if (!Array.isArray(players)) return { ...state, players };
  const names: string[] = [];
  const distinct = players.map((p: unknown, i) => {
    if (!isObject(p) || typeof p.name !== 'string') return p;
    const base = p.name;
    const later = players.slice(i + 1).flatMap((q: unknown) => (isObject(q) && typeof q.name === 'string' ? [q.name] : []));
    const taken = (n: string) => names.some((other) => sameName(other, n));
    let name = base;
    // A number no later name has either.
    for (let k = 2; (taken(name) || (name !== base && later.some((other) => sameName(other, name)))) && k <= 2 * MAX_PLAYERS; k++) name = `${base} ${k}`;
    if (name !== base && (taken(name) || nameProblem(name) !== null)) name = `PLAYER ${i + 1}`;
    names.push(name);
    return name === base ? p : { ...p, name };
  });
  return { ...state, players: distinct };
}

/** The text of a save file for `input`, or why the game cannot be saved (an impossible state). */
function saveText(input: SaveInput, now: Date): { ok: true; text: string } | { ok: false; error: string } {
  const checked = validateGameState(input.state);
  if (!checked.ok) return { ok: false, error: `the game was not saved: its state is impossible (${checked.error})` };
  const save: SavedGame = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    savedAt: now.toISOString(),
    layout: input.layout,
    practice: input.practice,
    ...(input.ui !== undefined ? { ui: input.ui } : {}),
    state: input.state,
  };
  try {
    return { ok: true, text: JSON.stringify(save, null, 2) + '\n' };
  } catch (e) {
    return { ok: false, error: `the game was not saved: ${describeError(e)}` };
  }
}

/** The message of a save whose file could not be written. */
const notSaved = (file: string, error: string): string => `the game could not be saved in ${file}: ${error}`;

/**
 * Saves the game atomically (see writeFileAtomic). Never throws: a read-only or full disk gives an error value,
 * and the save that was there stays intact. Once the game has scored, the previous game kept by startNewGame is deleted.
 */
export function saveGame(dirs: StorageDirs, input: SaveInput, options: StorageOptions = {}): SaveResult {
  const io = options.io ?? realFs;
  const built = saveText(input, options.now ?? new Date());
  if (!built.ok) return built;
  const file = savePath(dirs);
  const written = writeFileAtomic(file, built.text, io);
  if (!written.ok) return { ok: false, error: notSaved(file, written.error) };
  if (hasScored(input.state)) removeFile(previousPath(dirs), io);
  return { ok: true, path: file };
}

/** Options of saveGameAsync: the test hooks and writeFileAtomicAsync's check before the rename. */
export interface AsyncSaveOptions extends StorageOptions {
  readonly beforeRename?: AsyncWriteOptions['beforeRename'];
}

/**
 * saveGame off the main thread (see writeFileAtomicAsync), with the same checks, file and previous-game removal.
 * Never rejects. When `beforeRename` calls the write off, nothing is written and the error ends with SUPERSEDED.
 */
export async function saveGameAsync(dirs: StorageDirs, input: SaveInput, options: AsyncSaveOptions = {}): Promise<SaveResult> {
  const built = saveText(input, options.now ?? new Date());
  if (!built.ok) return built;
  const file = savePath(dirs);
  const written = await writeFileAtomicAsync(file, built.text, { io: options.asyncIo, beforeRename: options.beforeRename });
  if (!written.ok) return { ok: false, error: notSaved(file, written.error) };
  if (hasScored(input.state)) await removeFileAsync(previousPath(dirs), options.asyncIo);
  return { ok: true, path: file };
}

/** Reads one save file; a damaged or unreadable one is moved aside. */
function loadFile(file: string, now: Date, options: StorageOptions): { kind: 'none' } | { kind: 'ok'; save: SavedGame } | { kind: 'corrupt'; message: string; movedTo: string | null } {
  const read = readDataFile(file, 'saved game', (text, modified) => {
    const parsed = parseSave(text, modified);
    return parsed.ok ? { ok: true, value: parsed.save } : parsed;
  }, { ...options, now });
  if (read.kind === 'missing') return { kind: 'none' };
  return read.kind === 'ok' ? { kind: 'ok', save: read.value } : { kind: 'corrupt', message: read.notice, movedTo: read.movedTo };
}

/**
 * Loads the saved game. When there is none, or it is a new game that has not scored yet, or it is damaged, and a
 * previous game is kept (startNewGame), the previous game comes back as the save: a new game keeps the old one until
 * it scores, so leaving it before that leaves the old game to resume. A damaged, unreadable or impossible file is
 * moved aside (never deleted) and reported; nothing throws.
 */
export function loadGame(dirs: StorageDirs, options: StorageOptions = {}): LoadResult {
  const io = options.io ?? realFs;
  const now = options.now ?? new Date();
  const current = loadFile(savePath(dirs), now, options);
  if (current.kind === 'ok' && hasScored(current.save.state)) return current;
  if (!io.existsSync(previousPath(dirs))) return current;
  // A previous game is kept only while the game after it has not scored: that one, damaged, gives way to it too.
  const earlier = loadFile(previousPath(dirs), now, options);
  if (earlier.kind === 'corrupt' && current.kind === 'corrupt') return { ...current, message: `${current.message} ${earlier.message}` };
  if (earlier.kind !== 'ok') return current.kind === 'corrupt' ? current : earlier;
  try {
    io.renameSync(previousPath(dirs), savePath(dirs));
  } catch {
    // left where it is; it is still handed back, and saving the game writes the save file
  }
  return current.kind === 'corrupt' ? { ...earlier, damaged: { message: current.message, movedTo: current.movedTo } } : earlier;
}

/**
 * The game loadGame would give back, only read (nothing moved or renamed): null when there is none, or it is
 * damaged.
 */
export function peekGame(dirs: StorageDirs): SavedGame | null {
  const current = readSaveFile(savePath(dirs));
  if (current !== null && hasScored(current.state)) return current;
  return readSaveFile(previousPath(dirs)) ?? current;
}

/** The saved game in `file`, only read (never moved): null when there is none there, or it is damaged. */
export function readSaveFile(file: string): SavedGame | null {
  const text = readTextFile(file);
  const parsed = text.kind === 'text' ? parseSave(text.text, text.modified) : null;
  return parsed?.ok ? parsed.save : null;
}

/**
 * Before a new game (`--new`, or the player declined to resume): the saved game becomes the previous one,
 * kept until the new game scores. A saved game that never scored is dropped instead when a previous game is already kept,
 * so that one is not lost. A damaged save is moved aside (the notice says where).
 */
export function startNewGame(dirs: StorageDirs, options: StorageOptions = {}): NewGameResult {
  const io = options.io ?? realFs;
  const current = loadFile(savePath(dirs), options.now ?? new Date(), options);
  const hasPrevious = () => io.existsSync(previousPath(dirs));
  if (current.kind === 'none') return { ok: true, previousKept: hasPrevious() };
  if (current.kind === 'corrupt') return { ok: true, previousKept: hasPrevious(), damaged: { message: current.message, movedTo: current.movedTo } };
  try {
    if (!hasScored(current.save.state) && hasPrevious()) {
      io.unlinkSync(savePath(dirs));
    } else {
      io.renameSync(savePath(dirs), previousPath(dirs));
    }
  } catch (e) {
    return { ok: false, error: `the saved game could not be set aside: ${describeError(e)}` };
  }
  return { ok: true, previousKept: true };
}

/** Goes back to the previous game (dropping the new one, which has not scored). */
export function restorePrevious(dirs: StorageDirs, options: StorageOptions = {}): WriteResult {
  const io = options.io ?? realFs;
  if (!io.existsSync(previousPath(dirs))) return { ok: false, error: 'there is no previous game' };
  try {
    io.renameSync(previousPath(dirs), savePath(dirs));
    return { ok: true };
  } catch (e) {
    return { ok: false, error: `the previous game could not be restored: ${describeError(e)}` };
  }
}

/** Deletes the saved game (and any previous one) when a game or match ends. */
export function clearSave(dirs: StorageDirs, options: StorageOptions = {}): WriteResult {
  const io = options.io ?? realFs;
  const gone = [savePath(dirs), previousPath(dirs)].filter((f) => !removeFile(f, io));
  return gone.length === 0 ? { ok: true } : { ok: false, error: `could not delete ${gone.join(' and ')}` };
}
