/*
 * Text measured in terminal columns, as Ink lays it out: with string-width, by grapheme (a ZWJ sequence or a flag is
 * one character two columns wide, a combining mark or a variation selector goes with the character before it, a
 * zero-width character takes none). Names may hold any of these (--names, the Spectrum's name question, saves), so
 * whatever is fitted to a column is measured this way, never by its code points: the one width model of the game.
 */
import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter();

/** Columns a text takes on the terminal (as Ink measures it). */
export function textWidth(text: string): number {
  return stringWidth(text);
}

/** True for a character of plain printable ASCII: one column, and a grapheme of its own unless a mark follows. */
const isPlain = (code: number): boolean => code >= 0x20 && code < 0x7f;

/**
 * How many UTF-16 units of `text` make its longest start of whole graphemes at most `width` columns wide. It reads no
 * further than the first grapheme that does not fit, so that fitting a long text line by line costs its length once.
 */
export function fittingLength(text: string, width: number): number {
  // Plain ASCII, most text, is counted without the segmenter (slow for each grapheme).
  let plain = 0;
  while (plain < text.length && plain <= width && isPlain(text.charCodeAt(plain))) plain++;
  if (plain > width) return Math.max(0, width);
  if (plain === text.length) return plain;
  // The last plain character may take the marks after it: graphemes are read from there on. The segmenter copies all
  // the text it is given: it gets a window a little wider than the room, widened while all of it fits (the grapheme
  // at the window's edge, which the edge may cut short, is read again in the wider one).
  const from = Math.max(0, plain - 1);
  for (let size = 4 * Math.max(16, width); ; size *= 2) {
    const whole = from + size >= text.length;
    const window = text.slice(from, whole ? text.length : from + size);
    let w = from;
    for (const { segment, index } of segmenter.segment(window)) {
      if (!whole && index + segment.length === window.length) break;
      w += stringWidth(segment);
      if (w > width) return from + index;
    }
    if (whole) return text.length;
  }
}

/** True when the text takes at most `width` columns (read no further than the room). */
export function fitsWidth(text: string, width: number): boolean {
  return fittingLength(text, width) === text.length;
}

/** The text cut to at most `width` columns, between graphemes (a wide character that would stick out is left off). */
export function cutToWidth(text: string, width: number): string {
  return text.slice(0, fittingLength(text, width));
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
