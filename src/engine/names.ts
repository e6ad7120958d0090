/**
 * The one rule for player names, at every way in (--names, typing at the setup, saved games and high scores) and
 * every way out (the screen, the farewell, `yahtzee scores`, error messages that echo input).
 *
 * A name is printable characters only: letters, marks, digits, punctuation, symbols and the plain space. Control
 * characters (C0, DEL, C1: they would reach the terminal as escape sequences), format characters (bidi overrides
 * such as U+202E, zero-width spaces and joiners: they move what follows), other spaces and line separators, private
 * use, unassigned code points and lone surrogates are refused. Its width is measured in terminal columns with
 * string-width, as Ink lays text out: 1 to NAME_COLUMNS columns (a wide character counts 2, a combining mark 0).
 */
import stringWidth from 'string-width';

/** The widest name a player may give, in terminal columns. */
export const NAME_COLUMNS = 10;
/** The widest name a saved game or the high scores may hold, in columns (older versions counted characters, up to 20). */
export const SAVED_NAME_COLUMNS = 20;

/** A character allowed in a name (one code point). */
const NAME_CHAR = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** True when one code point may be part of a name. */
export function isNameChar(char: string): boolean {
  return NAME_CHAR.test(char);
}

/** A name's width in terminal columns. */
export function nameColumns(name: string): number {
  return stringWidth(name);
}

/** The first character of `text` a name may not hold, shown as U+XXXX, or null when there is none. */
function badChar(text: string): string | null {
  for (const char of text) if (!isNameChar(char)) return codePoint(char);
  return null;
}

/** A code point as U+XXXX. */
function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why `name` cannot be a player's name, or null when it can: text of printable characters, not empty or only
 * spaces, no space at either end, at most `maxColumns` columns wide.
 */
export function checkName(name: unknown, maxColumns: number = NAME_COLUMNS): string | null {
  if (typeof name !== 'string') return 'the name is not text';
  if (name.trim() === '') return 'the name is empty';
  const bad = badChar(name);
  if (bad !== null) return `the name holds ${bad}, which is not a printable character (letters, digits, punctuation, symbols and spaces only)`;
  if (name.trim() !== name) return 'the name starts or ends with a space';
  const columns = nameColumns(name);
  if (columns === 0) return 'the name has nothing visible';
  if (columns > maxColumns) return `the name is ${columns} columns wide, more than ${maxColumns}`;
  return null;
}

/**
 * Text made safe to print: every character a name may not hold (control, format and the like) shown as \u{XX}
 * instead of being sent to the terminal. For what echoes input back, and as a last guard on the way out.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) out += isNameChar(char) ? char : `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
  return out;
}

/** Lines of text made safe to print (see printable), the line breaks kept. */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

/** A name shown to the player: as it is when the rule allows it, else made printable (a last guard for the screen). */
export function shownName(name: string): string {
  return checkName(name, SAVED_NAME_COLUMNS) === null ? name : printable(name);
}

/**
 * A name read from a file that the rule refuses (written by an older version, or edited by hand) made into one it
 * allows: characters a name may not hold dropped, spaces at the ends trimmed, cut to `maxColumns` columns; null when
 * nothing printable is left. A name the rule allows is returned as it is. For saved games and high scores, so that one
 * odd name does not make a whole game or the whole list of high scores unusable.
 */
export function repairedName(name: unknown, maxColumns: number = SAVED_NAME_COLUMNS): string | null {
  if (typeof name !== 'string') return null;
  if (checkName(name, maxColumns) === null) return name;
  let kept = '';
  for (const char of name) {
    if (!isNameChar(char)) continue;
    if (nameColumns((kept + char).trim()) > maxColumns) break;
    kept += char;
  }
  kept = kept.trim();
  return checkName(kept, maxColumns) === null ? kept : null;
}

/** A list read from a file (players, high scores) with each entry's `name` repaired (see repairedName) where needed. */
export function withRepairedNames(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || !('name' in entry)) return entry;
    const name = repairedName(entry.name);
    return name === null || name === entry.name ? entry : { ...entry, name };
  });
}
