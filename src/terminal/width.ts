/**
 * Terminal column widths of single code points, as the game's one width model counts them (codePointColumns in
 * src/text/codePointWidth.ts, cached here because the differ asks for every cell of every frame).
 */
import { codePointColumns, isWideEverywhere } from '../text/codePointWidth.js';

/** Widths of code points above U+02FF already worked out (string-width is slow for one character). */
const known = new Map<number, number>();

/** Columns one printable code point takes: 0, 1 or 2 (controls count 0). */
export function charWidth(cp: number): number {
  if (cp < 0x7f) return cp < 0x20 ? 0 : 1;
  if (cp < 0xa0) return 0;
  let w = known.get(cp);
  if (w === undefined) {
    w = codePointColumns(cp);
    if (known.size < 65536) known.set(cp, w);
  }
  return w;
}

/**
 * True when every terminal is sure to draw this cell's text in the columns counted here, so the cursor can be
 * trusted to stand right after it: one narrow code unit, or a character every terminal draws two columns wide.
 */
export function isSureWidth(text: string): boolean {
  if (text.length !== 1) return false;
  const cp = text.charCodeAt(0);
  return charWidth(cp) === 1 || (charWidth(cp) === 2 && isWideEverywhere(cp));
}
