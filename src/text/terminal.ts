/*
 * How a terminal counts ONE code point, for the screen's VT emulator (src/terminal/vt.ts), which rebuilds what a
 * terminal shows from the bytes written one code point at a time, as xterm does: CJK, Hangul, fullwidth forms and
 * emoji two columns, combining marks and zero-width characters none, a lone regional indicator one, everything else
 * one. Ink lays text out by grapheme with string-width, and so does everything that measures or wraps
 * (src/text/width.ts): the emulator joins what may follow a character in the same grapheme (marks, variation
 * selectors, skin-tone modifiers, a flag's second half) and gives the cell string-width's width, so its picture keeps
 * Ink's columns; a terminal that draws a ZWJ sequence wider than that is the screen writer's business.
 */

// eslint-disable-next-line no-misleading-character-class -- ranges of single code points (one character is tested at a time)
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
  // A regional indicator alone is one column (as xterm and string-width count it); two make a flag of two.
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return 1;
  if (WIDE.some(([lo, hi]) => cp >= lo && cp <= hi) || EMOJI.test(ch)) return 2;
  return 1;
}
