/**
 * Reading the game's JSON data files (saved games, high scores, settings) the one way: read (never more than
 * MAX_FILE_BYTES, never from a FIFO), parse, check; a file that cannot be used is moved aside (never deleted) and a
 * notice says why and where it went. The notice quotes what the file held (the parser's message, a value), so it is
 * made printable here, where it is built: no byte of a file reaches the terminal as it is.
 */
import { printable } from '../engine/names.js';
import { moveAside, readTextFile, realFs, type StorageOptions } from './files.js';

/** A plain JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What checking a file's text found: the value, or why it cannot be used. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A file's text as JSON, or why it is not JSON. */
export function parseJson(text: string): Parsed<unknown> {
  // An empty file (a write cut short before any byte, say) is said as such, not as JSON that ends too soon.
  if (text.trim() === '') return { ok: false, error: 'it is empty' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `it is not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** What reading a data file found: no file, its value, or a damaged file (moved aside, or left where it was: movedTo null). */
export type DataRead<T> =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'damaged'; readonly notice: string; readonly movedTo: string | null };

/**
 * Reads the data file `file` and checks it with `check` (given its text and when it was last written). A file that
 * cannot be read or used is moved aside; the notice (printable) reads "The `what` could not be used: why. It was moved
 * to FILE.corrupt-...", then `after`.
 */
export function readDataFile<T>(file: string, what: string, check: (text: string, modified?: Date) => Parsed<T>, options: StorageOptions = {}, after = ''): DataRead<T> {
  const io = options.io ?? realFs;
  const read = readTextFile(file, io);
  if (read.kind === 'missing') return { kind: 'missing' };
  const checked: Parsed<T> = read.kind === 'text' ? check(read.text, read.modified) : { ok: false, error: `it cannot be read: ${read.error}` };
  if (checked.ok) return { kind: 'ok', value: checked.value };
  const movedTo = moveAside(file, options.now ?? new Date(), io);
  const where = movedTo !== null ? `It was moved to ${movedTo}.` : `It could not be moved aside and was left at ${file}.`;
  return { kind: 'damaged', notice: printable(`The ${what} could not be used: ${checked.error}. ${where}${after ? ` ${after}` : ''}`), movedTo };
}
