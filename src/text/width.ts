/*
 * Text measured in terminal columns, as Ink lays it out: with string-width, by grapheme (a ZWJ sequence or a flag is
 * one character two columns wide, a combining mark or a variation selector goes with the character before it, a
 * zero-width character takes none). Names may hold any of these (--names, the Spectrum's name question, saves), so
 * whatever is fitted to a column is measured this way, never by its code points: the one width model of the game.
 */
import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter();

/** The text's graphemes (user-perceived characters), in order. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Columns a text takes on the terminal (as Ink measures it). */
export function textWidth(text: string): number {
  return stringWidth(text);
}

/** The text cut to at most `width` columns, between graphemes (a wide character that would stick out is left off). */
export function cutToWidth(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let w = 0;
  let out = '';
  for (const g of graphemes(text)) {
    const c = stringWidth(g);
    if (w + c > width) break;
    w += c;
    out += g;
  }
  return out;
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
