/*
 * How a terminal counts ONE code point, for the screen's VT emulator (src/terminal/vt.ts), which rebuilds what a
 * terminal shows from the bytes written one code point at a time: the count of the game's one width model
 * (string-width, as Ink lays text out, src/text/width.ts), so that the emulator's picture keeps Ink's columns. The
 * emulator joins what may follow a character in the same grapheme (marks, variation selectors, skin-tone modifiers, a
 * flag's second half) and gives the cell string-width's width for the whole; a terminal that draws a character wider
 * or narrower than that is the screen writer's business, and WIDE_EVERYWHERE says which it need not doubt.
 */
import stringWidth from 'string-width';

/** Columns one code point takes: 0 (controls, marks, what draws nothing), 1 or 2. */
export function codePointColumns(cp: number): number {
  return stringWidth(String.fromCodePoint(cp));
}

/**
 * The one table of wide characters: the blocks every terminal draws two columns wide (CJK ideographs and strokes,
 * kana, Hangul syllables and leading jamo, fullwidth forms), as string-width counts them and as xterm.js does with its
 * Unicode 6 table and with the Unicode 15 graphemes one (test/text/codePointWidth.test.ts checks every code point).
 * Left out: emoji (older terminals draw many narrow), the Hangul fillers U+115F and U+3164 (they draw nothing for
 * string-width), the ideographic combining marks U+302A-302F and the kana voicing marks U+3099-309A (no column), the
 * ideographic description characters U+2FFC-2FFF and strokes U+31E4-31E5 and U+31EF (narrow in xterm.js's Unicode 15
 * table), and the circled numbers U+3248-324F (ambiguous: one column in most terminals, two in a CJK setting).
 */
const WIDE_EVERYWHERE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115e],
  [0x2e80, 0x2ffb],
  [0x3000, 0x3029],
  [0x3030, 0x303e],
  [0x3041, 0x3098],
  [0x309b, 0x3163],
  [0x3165, 0x31e3],
  [0x31e6, 0x31ee],
  [0x31f0, 0x3247],
  [0x3250, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
];

/** True when every terminal draws this code point two columns wide (see WIDE_EVERYWHERE). */
export function isWideEverywhere(cp: number): boolean {
  for (const [lo, hi] of WIDE_EVERYWHERE) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}
