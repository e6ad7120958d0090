/**
 * widest-line with a memory: Ink's renderer measures every text of the frame again on every frame (uncached, unlike
 * its layout pass); the bundle gives it this instead (the widest-line patch of patches.mjs). Emptied past a few
 * thousand texts.
 */
import stringWidth from 'string-width';

const CACHE_LIMIT = 4000;
const widths = new Map<string, number>();

/** The width in columns of the widest line of `text`, as widest-line measures it. */
export default function widestLine(text: string): number {
  let width = widths.get(text);
  if (width === undefined) {
    width = 0;
    for (const line of text.split('\n')) width = Math.max(width, stringWidth(line));
    if (widths.size >= CACHE_LIMIT) widths.clear();
    widths.set(text, width);
  }
  return width;
}
