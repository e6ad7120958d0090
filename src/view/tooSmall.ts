/** The "enlarge the terminal" notice. */
import type { TermSize } from '../app/model.js';
import { cutToWidth, wordLines } from '../text/index.js';

/**
 * The "enlarge the terminal" notice fitted to the terminal it is shown on: the size needed, then the size it has now
 * and the layout's quit key (`quitKey`), each wrapped to its width, and cut to its height. The size needed leads, so
 * that even one short row names it.
 */
export function tooSmallLines(need: TermSize, size: TermSize, quitKey: string): string[] {
  const width = Math.max(1, size.columns);
  const lines = [
    ...wordLines(`${need.columns}x${need.rows} needed: enlarge the terminal`, width),
    ...wordLines(`it is ${size.columns}x${size.rows} now (${quitKey} or Ctrl-C quits)`, width),
  ].map((line) => cutToWidth(line, width));
  return lines.slice(0, Math.max(1, size.rows));
}
