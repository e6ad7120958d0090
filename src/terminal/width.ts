/**
 * Terminal column widths of single code points, as xterm and most terminals count them: CJK, fullwidth forms and
 * emoji take two columns, combining marks and zero-width characters none, everything else printable one
 * (charColumns in src/text/terminal.ts, cached here because the differ asks for every cell of every frame).
 */
import { charColumns } from '../text/terminal.js';

/** Wide blocks every terminal agrees on (CJK ideographs, kana, Hangul, fullwidth forms); emoji are not among them. */
const SURE_WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
];

const inRanges = (cp: number, ranges: readonly (readonly [number, number])[]): boolean => {
  for (const [lo, hi] of ranges) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
};

/** Widths of code points above U+02FF already worked out (the regular expressions are slow). */
const known = new Map<number, number>();

/** Columns one printable code point takes: 0, 1 or 2 (controls count 0). */
export function charWidth(cp: number): number {
  if (cp < 0x7f) return cp < 0x20 ? 0 : 1;
  if (cp < 0xa0) return 0;
  if (cp < 0x300) return 1;
  let w = known.get(cp);
  if (w === undefined) {
    w = measure(cp);
    if (known.size < 65536) known.set(cp, w);
  }
  return w;
}

function measure(cp: number): number {
  return charColumns(String.fromCodePoint(cp));
}

/**
 * True when every terminal is sure to draw this cell's text in the columns counted here, so the cursor can be
 * trusted to stand right after it: one narrow code unit, or a CJK or fullwidth character.
 */
export function isSureWidth(text: string): boolean {
  if (text.length !== 1) return false;
  const cp = text.charCodeAt(0);
  return charWidth(cp) === 1 || inRanges(cp, SURE_WIDE);
}
