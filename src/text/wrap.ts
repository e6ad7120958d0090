/** The one word wrapper: text broken into lines of at most a width in terminal columns (textWidth). */
import { fittingLength, textWidth } from './width.js';

/** How wrap breaks a text. */
export interface WrapOptions {
  /** Spaces in front of every line after the first (the first keeps the text's own leading spaces). */
  readonly indent?: number;
  /**
   * Separators to break after, in order of preference, when one falls in the last quarter of the line (a spoken list:
   * "; " then ", " then ". "), so that "Small straight: 30" stays on one line; else between words.
   */
  readonly after?: readonly string[];
  /** A word longer than a line: cut at the width ('cut'), or given a line of its own, whole ('keep', the default). */
  readonly long?: 'keep' | 'cut';
}

/**
 * The text in lines of at most `width` columns, as many words to a line as fit (measured with textWidth, so wide,
 * combining and zero-width characters count as the terminal shows them). Lines are broken at spaces, which are
 * dropped there: no line ends or (after the first) starts with one. A word longer than a line has a line of its own,
 * whole, or is cut (`long: 'cut'`). A number stays with the word before it where the line has another place to
 * break, and the last line is not one word alone where the word before it fits there too.
 */
export function wrap(text: string, width: number, options: WrapOptions = {}): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  const indent = ' '.repeat(options.indent ?? 0);
  const lines: string[] = [];
  let prefix = lead;
  let rest = text.slice(lead.length);
  for (;;) {
    const room = width - textWidth(prefix);
    // The longest start of the rest that fits: every break is looked for inside it, so each line is read once.
    const end = fittingLength(rest, room);
    if (end === rest.length) break;
    let cut = -1;
    for (const sep of options.after ?? []) {
      // The last such separator whose line fits.
      const i = rest.lastIndexOf(`${sep} `, end - sep.length);
      if (i > 0 && textWidth(rest.slice(0, i + sep.length)) >= Math.floor(width * 0.75)) {
        cut = i + sep.length;
        break;
      }
    }
    if (cut < 0) {
      const space = lastBreak(rest, end);
      if (space > 0) cut = space;
    }
    if (cut <= 0) {
      if (options.long === 'cut') cut = Math.max(1, fittingLength(rest, Math.max(1, room)));
      else {
        const space = rest.indexOf(' ', 1);
        if (space < 0) break;
        cut = space;
      }
    }
    lines.push((prefix + rest.slice(0, cut)).trimEnd());
    rest = rest.slice(cut).trimStart();
    prefix = indent;
    if (rest === '') return lines;
  }
  lines.push((prefix + rest).trimEnd());
  return withoutLoneLastWord(lines, width, lines.length > 1 ? indent : lead);
}

/** A number ("1", "13.7:", "+23.4,"): a break before it would leave it apart from the words it goes with. */
const startsNumber = (text: string, at: number) => /^[+-]?\d/.test(text.slice(at, at + 2));

/**
 * The space at or before `end` to break the line at: the last one that is not before a number, so that "in round 1"
 * and "cost you 13.7" stay together; the last space of all when every space in reach is before a number.
 */
function lastBreak(text: string, end: number): number {
  const last = text.lastIndexOf(' ', end);
  for (let space = last; space > 0; space = text.lastIndexOf(' ', space - 1)) if (!startsNumber(text, space + 1)) return space;
  return last;
}

/**
 * The lines with a last line of one word ("1", "table…") given the word before it (with a number, the word before
 * that too) when that fits: a single word left alone on the last line reads as a line broken by mistake.
 */
function withoutLoneLastWord(lines: string[], width: number, prefix: string): string[] {
  if (lines.length < 2) return lines;
  const last = lines[lines.length - 1].slice(prefix.length);
  const before = lines[lines.length - 2];
  const space = lastBreak(before, before.length);
  if (last.includes(' ') || space <= 0 || before.slice(0, space).trim() === '') return lines;
  const joined = `${prefix}${before.slice(space + 1)} ${last}`;
  if (textWidth(joined) > width) return lines;
  return [...lines.slice(0, -2), before.slice(0, space).trimEnd(), joined];
}

/** Words laid into lines of at most `width` columns, as many to a line as fit; a longer word has a line to itself, uncut. */
export function wordLines(text: string, width: number): string[] {
  return wrap(text, width);
}

/**
 * Text printed for a terminal `width` columns wide (0: not a terminal), each line wrapped at words, so that the
 * terminal never breaks a word or a command inside; lines joined with `newline`. Under 20 columns it is left as is.
 */
export function forTerminal(text: string, width: number, newline = '\n'): string {
  if (width < 20) return text.split('\n').join(newline);
  return text
    .split('\n')
    .flatMap((line) => (line === '' ? [line] : wordLines(line, width)))
    .join(newline);
}
