/*
 * Text measured in terminal columns, as Ink lays it out: CJK, Hangul, fullwidth forms and emoji take two columns,
 * combining marks and zero-width characters none, everything else one. Names may be any of these (--names, the
 * Spectrum's name question), so whatever is fitted to a column is measured this way, not by its code points.
 */

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFE00-\uFE0F\uFEFF]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;

/** East Asian Wide (W) and Fullwidth (F) blocks. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

/** Columns one character (code point) takes: 0, 1 or 2. */
export function charColumns(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (ZERO_WIDTH.test(ch)) return 0;
  if (WIDE.some(([lo, hi]) => cp >= lo && cp <= hi) || EMOJI.test(ch)) return 2;
  return 1;
}

/** Columns a text takes on the terminal. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charColumns(ch);
  return w;
}

/** The text cut to at most `width` columns (a wide character that would stick out is left off). */
export function cutToWidth(text: string, width: number): string {
  let w = 0;
  let out = '';
  for (const ch of text) {
    const c = charColumns(ch);
    if (w + c > width) break;
    w += c;
    out += ch;
  }
  return out;
}

/** Words laid into lines of at most `width` columns, as many to a line as fit; a longer word has a line to itself, uncut. */
export function wordLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line === '') line = word;
    else if (textWidth(line) + 1 + textWidth(word) <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/** The text cut to `width` columns and padded with spaces on the left to exactly that many. */
export function padStartTo(text: string, width: number): string {
  const t = cutToWidth(text, width);
  return ' '.repeat(Math.max(0, width - textWidth(t))) + t;
}

/** The text cut to `width` columns and padded with spaces on the right to exactly that many. */
export function padEndTo(text: string, width: number): string {
  const t = cutToWidth(text, width);
  return t + ' '.repeat(Math.max(0, width - textWidth(t)));
}
