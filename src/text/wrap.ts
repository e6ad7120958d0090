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
 * whole, or is cut (`long: 'cut'`).
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
      const space = rest.lastIndexOf(' ', end);
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
  return lines;
}

/** Words laid into lines of at most `width` columns, as many to a line as fit; a longer word has a line to itself, uncut. */
export function wordLines(text: string, width: number): string[] {
  return wrap(text, width);
}
