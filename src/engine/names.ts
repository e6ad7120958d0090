/**
 * The one rule for player names, at every way in (--names, typing at the setup, saved games and high scores) and
 * every way out (the screen, the farewell, `yahtzee scores`, error messages that echo input).
 *
 * A name is printable characters only: letters, marks, digits, punctuation, symbols and the plain space. Control
 * characters (C0, DEL, C1: they would reach the terminal as escape sequences), format characters (bidi overrides
 * such as U+202E, zero-width spaces and joiners: they move what follows), other spaces and line separators, private
 * use, unassigned code points, lone surrogates and every character that draws nothing (Unicode's default-ignorable
 * code points: U+3164, U+034F, variation selectors after a letter) are refused. Its width is measured in terminal
 * columns with string-width, as Ink lays text out: 1 to NAME_COLUMNS columns (a wide character counts 2, a combining
 * mark 0). Its length is bounded too, since marks take no column: at most NAME_CODE_POINTS code points and NAME_MARKS
 * marks on one character, so that whatever measures or draws a name does a small, fixed amount of work.
 */
import stringWidth from 'string-width';

/** The widest name a player may give, in terminal columns. */
export const NAME_COLUMNS = 10;
/** The widest name a saved game or the high scores may hold, in columns (older versions counted characters, up to 20). */
export const SAVED_NAME_COLUMNS = 20;
/** The most code points a name may hold (a plain name of 20 columns, or 10 characters with their accents). */
export const NAME_CODE_POINTS = 32;
/** The most combining marks one character of a name may carry (Vietnamese takes two, pointed Hebrew three). */
export const NAME_MARKS = 4;

/**
 * A character allowed in a name (one code point), wherever it stands. Not U+FFFD, the replacement character: it
 * stands for bytes that were not UTF-8 (a terminal in another encoding), not for anything the player meant.
 */
const NAME_CHAR = /^(?![\p{Default_Ignorable_Code_Point}\uFFFD])[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
/** A combining mark: it goes with the character before it and takes no column of its own (or adds to that one's). */
const MARK = /^\p{M}$/u;
/** A variation selector that picks the emoji or the text look of a pictograph: it draws that way, not nothing. */
const LOOK_SELECTOR = /^[\uFE0E\uFE0F]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;

/** True when one code point may be part of a name, wherever it stands (see nameCharAfter for the one that may follow another). */
export function isNameChar(char: string): boolean {
  return NAME_CHAR.test(char);
}

/**
 * True when `char` (one code point) may follow `before` (the code point before it, '' at the start) in a name: a
 * name character, or a variation selector right after a pictograph (U+2764 U+FE0F, a red heart).
 */
export function nameCharAfter(before: string, char: string): boolean {
  return isNameChar(char) || (LOOK_SELECTOR.test(char) && PICTOGRAPH.test(before));
}

/** A name's width in terminal columns. */
export function nameColumns(name: string): number {
  return stringWidth(name);
}

/** A code point as U+XXXX. */
function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `text` is too long for a name, or null: more than NAME_CODE_POINTS code points (told without reading far). */
function lengthProblem(text: string): string | null {
  // A code point is one or two UTF-16 units: a longer text is too long without counting.
  if (text.length > 2 * NAME_CODE_POINTS) return `the name is more than ${NAME_CODE_POINTS} code points long`;
  const count = [...text].length;
  return count > NAME_CODE_POINTS ? `the name is ${count} code points long, more than ${NAME_CODE_POINTS}` : null;
}

/** True when a refused code point is one that draws nothing (U+3164, U+034F, a variation selector after a letter). */
const DRAWS_NOTHING = /^(?!\p{Cf})\p{Default_Ignorable_Code_Point}$/u;

/**
 * What is wrong with the characters of `text` (of a bounded length), or null: a character a name may not hold, or
 * more than NAME_MARKS marks on one character.
 */
function charsProblem(text: string): string | null {
  let marks = 0;
  let before = '';
  for (const char of text) {
    if (!nameCharAfter(before, char)) {
      const why = DRAWS_NOTHING.test(char)
        ? 'which draws nothing'
        : char === '\uFFFD'
          ? 'which stands for bytes that were not UTF-8 (is the terminal set to another encoding?)'
          : 'which is not a printable character (letters, digits, punctuation, symbols and spaces only)';
      return `the name holds ${codePoint(char)}, ${why}`;
    }
    if (MARK.test(char)) {
      if (++marks > NAME_MARKS) return `the name has more than ${NAME_MARKS} combining marks on one character`;
    } else marks = 0;
    before = char;
  }
  return null;
}

/**
 * Why `name` cannot be a player's name, or null when it can: text of printable characters, not empty or only
 * spaces, no space at either end, at most NAME_CODE_POINTS code points and NAME_MARKS marks on a character, at most
 * `maxColumns` columns wide, no combining mark first.
 */
export function checkName(name: unknown, maxColumns: number = NAME_COLUMNS): string | null {
  if (typeof name !== 'string') return 'the name is not text';
  const long = lengthProblem(name);
  if (long !== null) return long;
  if (name.trim() === '') return 'the name is empty';
  const chars = charsProblem(name);
  if (chars !== null) return chars;
  if (name.trim() !== name) return 'the name starts or ends with a space';
  const columns = nameColumns(name);
  if (columns === 0) return 'the name has nothing visible';
  // A mark first would sit on whatever the screen draws before the name.
  if (MARK.test(String.fromCodePoint(name.codePointAt(0) ?? 0))) return 'the name starts with a combining mark';
  if (columns > maxColumns) return `the name is ${columns} columns wide, more than ${maxColumns}`;
  return null;
}

/** Why a character typed into a name is refused (typedCharProblem). */
export type NameCharProblem = 'char' | 'space' | 'long' | 'marks' | 'wide';

/** True for a combining mark (an accent typed after its letter). */
export function isCombiningMark(char: string): boolean {
  return MARK.test(char);
}

/**
 * What refuses one more character typed at the end of a name being typed, `field` (which the rule allows as far as
 * it goes), or null when it may be added: 'char' (not a name character here, or a mark with nothing before it),
 * 'space' (a space first), 'long' (NAME_CODE_POINTS code points already), 'marks' (NAME_MARKS marks on the last
 * character already) or 'wide' (more than NAME_COLUMNS columns). The field is bounded, so each key costs the same.
 */
export function typedCharProblem(field: string, char: string): NameCharProblem | null {
  const before = [...field].pop() ?? '';
  if ([...char].length !== 1 || !nameCharAfter(before, char) || (before === '' && MARK.test(char))) return 'char';
  if (field === '' && char === ' ') return 'space';
  if (lengthProblem(field + char) !== null) return 'long';
  if (charsProblem(field + char) !== null) return 'marks';
  if (nameColumns(field + char) > NAME_COLUMNS) return 'wide';
  return null;
}

/**
 * A name as it reads, for telling two names apart: compatibility forms folded (NFKC: fullwidth letters, ligatures,
 * composed and decomposed accents alike), what draws nothing dropped, a run of spaces read as one, and case ignored.
 */
function nameKey(name: string): string {
  return name.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '').replace(/\s+/gu, ' ').toLowerCase();
}

/**
 * Letters of other scripts drawn as the Latin letters of CPU, COMPUTER and SPECTRUM (Greek, Cyrillic, Armenian, small
 * capitals), as nameKey leaves them (lower case; the lunate sigma Ϲ as σ): enough to tell those three words, not a
 * table of every confusable.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  с: 'c', р: 'p', о: 'o', м: 'm', т: 't', е: 'e', ѕ: 's', ԁ: 'd',
  σ: 'c', ρ: 'p', ο: 'o', μ: 'm', τ: 't', ε: 'e', υ: 'u', ս: 'u',
  ᴄ: 'c', ᴘ: 'p', ᴜ: 'u', ᴍ: 'm', ᴛ: 't', ᴇ: 'e', ʀ: 'r', ᴏ: 'o', ꜱ: 's',
};

/**
 * True when a name reads as a computer player's: CPU, COMPUTER or SPECTRUM, numbered or not (in any script's digits),
 * in any case or width, in look-alike letters, with anything between the letters that is not one (C.P.U, CPU-2).
 */
export function readsAsComputer(name: string): boolean {
  const letters = [...nameKey(name)].map((ch) => LOOK_ALIKES[ch] ?? ch).join('');
  return /^(cpu|computer|spectrum)\p{Nd}*$/u.test(letters.replace(/[^\p{L}\p{Nd}]/gu, ''));
}

/** True when two names read the same to the players (see nameKey): a table cannot seat both. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

/**
 * Why these names cannot seat a table together, or null when they can: the first name the rule refuses, as
 * `"name": problem` (the name made printable), or the first that is, or reads the same as, one before it.
 */
export function checkNames(names: readonly string[], maxColumns: number = NAME_COLUMNS): string | null {
  for (const [i, name] of names.entries()) {
    const problem = checkName(name, maxColumns);
    if (problem !== null) return `"${printable(name.length > 2 * NAME_CODE_POINTS ? `${name.slice(0, 2 * NAME_CODE_POINTS)}…` : name)}": ${problem}`;
    const same = names.slice(0, i).find((other) => sameName(other, name));
    if (same === name) return `"${name}" twice: two players cannot share a name`;
    if (same !== undefined) return `"${name}" reads the same as "${same}"`;
  }
  return null;
}

/**
 * Text made safe to print: every character a name may not hold (control, format and the like) shown as \u{XX}
 * instead of being sent to the terminal. For what echoes input back, and as a last guard on the way out.
 */
export function printable(text: string): string {
  let out = '';
  let before = '';
  for (const char of text) {
    out += nameCharAfter(before, char) ? char : `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
    before = char;
  }
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

/** How many code points of a refused name repairedName reads at most. */
const REPAIR_READS = 16 * NAME_CODE_POINTS;

/**
 * A name read from a file that the rule refuses (written by an older version, or edited by hand) made into one it
 * allows: characters a name may not hold dropped, marks past NAME_MARKS on a character dropped, cut to
 * NAME_CODE_POINTS code points and to `maxColumns` columns, spaces at the ends trimmed; null when nothing printable is
 * left. A name the rule allows is returned as it is. For saved games and high scores, so that one odd name does not
 * make a whole game or the whole list of high scores unusable. It reads at most REPAIR_READS code points of it, once.
 */
export function repairedName(name: unknown, maxColumns: number = SAVED_NAME_COLUMNS): string | null {
  if (typeof name !== 'string') return null;
  if (checkName(name, maxColumns) === null) return name;
  const kept: string[] = [];
  let marks = 0;
  let read = 0;
  for (const char of name) {
    // What lies far past any name's length is not read: a hostile file costs no more than a long name.
    if (++read > REPAIR_READS) break;
    const before = kept[kept.length - 1] ?? '';
    if (!nameCharAfter(before, char) || (before === '' && (char === ' ' || MARK.test(char)))) continue;
    if (MARK.test(char)) {
      if (++marks > NAME_MARKS) continue;
    } else marks = 0;
    if (nameColumns([...kept, char].join('').trimEnd()) > maxColumns) break;
    kept.push(char);
    if (kept.length === NAME_CODE_POINTS) break;
  }
  const repaired = kept.join('').trim();
  return checkName(repaired, maxColumns) === null ? repaired : null;
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
