/**
 * Display width of rendered frames, measured here rather than with Ink's own measure (the thing under test).
 * Box drawing, pips, arrows and other narrow symbols take one column; CJK, fullwidth forms and emoji take two;
 * combining marks, zero-width characters and variation selectors take none.
 */

// CSI (colours, cursor) and OSC (hyperlinks) sequences; a frame has no other escapes.
// eslint-disable-next-line no-control-regex -- escape sequences start with ESC and may end with BEL
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)/g;

/** The text without terminal escape sequences. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

// eslint-disable-next-line no-misleading-character-class -- ranges of single code points (one character is tested at a time)
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200B-\u200F\u2060-\u2064\uFE00-\uFE0F\uFEFF]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;

/** East Asian Wide (W) and Fullwidth (F) blocks: two columns in a terminal. */
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

/** Columns one code point takes. */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (ZERO_WIDTH.test(ch)) return 0;
  if (EMOJI.test(ch)) return 2;
  return WIDE.some(([lo, hi]) => cp >= lo && cp <= hi) ? 2 : 1;
}

/** Columns a line takes on screen (escape sequences removed first). */
export function displayWidth(line: string): number {
  let w = 0;
  for (const ch of stripAnsi(line)) w += charWidth(ch);
  return w;
}

/** Control characters left in a frame after its escape sequences are removed (there should be none). */
export function controlChars(line: string): string[] {
  return [...stripAnsi(line)].filter((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
  });
}
