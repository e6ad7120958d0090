/**
 * The chart's column heads: each seat's name over one or two lines at a column's width. Here, below the view, so that
 * the geometry (size.ts) reserves the head's second line exactly when the chart draws one.
 */
import { cutToWidth, fitText, fitsWidth } from '../text/index.js';

/**
 * A seat's name over the two lines of its column head, each at most `width` columns: whole on the first when it fits,
 * else broken at a space where both parts fit, else cut with "…" on the first line, as the chances panel cuts names
 * (fitText): a word is never split over the two lines. The second line is empty when the name takes one.
 */
export function nameHeader(name: string, width: number): readonly [string, string] {
  if (fitsWidth(name, width)) return [name, ''];
  const space = name.lastIndexOf(' ', cutToWidth(name, width).length);
  if (space > 0 && fitsWidth(name.slice(space + 1), width)) return [name.slice(0, space), name.slice(space + 1)];
  return [fitText(name, width), ''];
}

/**
 * The heads of all the seats (nameHeader each); where two names cut with "…" would read the same ("alexand…" for
 * alexandra1 and alexandra2), those names are split over the two lines instead, whole, so that the seats stay apart.
 */
export function nameHeaders(names: readonly string[], width: number): (readonly [string, string])[] {
  const heads = names.map((name) => nameHeader(name, width));
  return heads.map((head, i) => {
    if (head[0] === names[i] || head[1] !== '' || !heads.some((other, j) => j !== i && other[0] === head[0])) return head;
    const first = cutToWidth(names[i], width);
    return [first, cutToWidth(names[i].slice(first.length), width)] as const;
  });
}

/**
 * True when the chart's head takes a second line with names `width` columns wide: for a CPU tag (`tagged`), or for
 * the rest of a name broken at a space or split apart from a name it would read the same as once cut.
 */
export function headHasSecondLine(names: readonly string[], tagged: boolean, width: number): boolean {
  return tagged || nameHeaders(names, width).some((head) => head[1] !== '');
}
