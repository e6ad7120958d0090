import { cutToWidth, fitsWidth, fittingLength, textWidth } from './width.js';
import { wordLines } from './wrap.js';

/*
 * A text fitted to the room it has without cutting a word: the longest of its wordings that fits, where a wording
 * is the text itself, or the text with its last clauses left off (a clause ends at ", ", ": ", "; ", " (", " - " or
 * " · "; a bracket the cut leaves open is closed), or as the last resort the words that fit followed by " …".
 * Screens draw what this gives, so what a player reads is a whole sentence, a shorter one, or whole words with a
 * marker that more was meant: never half a word.
 */

/** Where a clause ends: the text up to (not including) the separator is a shorter wording of the whole. */
const CLAUSE_END = /, |: |; | \(| - | — | · /g;

/** The marker after the words that fit when no clause does. */
export const MORE = ' …';

/** The shorter wordings of a text, longest first: the text with its last clauses left off, one at a time. */
export function clauseWordings(text: string): string[] {
  const cuts = [...text.matchAll(CLAUSE_END)].map((m) => m.index);
  // A cut inside a bracket closes it, so that a shorter wording never ends open ("4th (official rules").
  const closed = (t: string) => t + ')'.repeat(Math.max(0, t.split('(').length - t.split(')').length));
  return cuts
    .reverse()
    .map((i) => closed(text.slice(0, i).replace(/[\s,:;]+$/, '')))
    // A single word ("P" of "P: first to a score") says nothing on its own.
    .filter((t) => t.includes(' '));
}

/**
 * The words of a text that fit in `width` columns with the MORE marker after them; when not even the first word
 * does, that word cut with an ellipsis (a room this small is a layout's fault, and the screen checks find it).
 */
function wordsThatFit(text: string, width: number): string {
  // The words end at the last space inside the longest start that fits with the marker: the text is read once.
  const end = fittingLength(text, width - textWidth(MORE));
  const out = end === text.length ? text : text.slice(0, Math.max(0, text.lastIndexOf(' ', end)));
  if (out !== '') return out + MORE;
  return width <= 0 ? '' : cutToWidth(text, width - 1) + '…';
}

/**
 * The first of `wordings` (longest first: a text, or a text and its shorter forms) that fits in `width` columns,
 * else the longest shorter wording of the last, else its words that fit and " …".
 */
export function fitText(wordings: string | readonly string[], width: number): string {
  const all = typeof wordings === 'string' ? [wordings] : wordings;
  for (const w of all) if (fitsWidth(w, width)) return w;
  const last = all[all.length - 1] ?? '';
  for (const w of clauseWordings(last)) if (fitsWidth(w, width)) return w;
  return wordsThatFit(last, width);
}

/**
 * A text laid into at most `room` lines of `width` columns, whole words only: the text if it fits, else its
 * longest shorter wording that does (see fitText), else the lines that fit with the last one ending in " …".
 */
export function fitLines(text: string, width: number, room: number): string[] {
  if (room <= 0) return [];
  const fits = (t: string) => {
    const lines = wordLines(t, width);
    return lines.length <= room && lines.every((l) => textWidth(l) <= width);
  };
  if (fits(text)) return wordLines(text, width);
  for (const w of clauseWordings(text)) if (fits(w)) return wordLines(w, width);
  const lines = wordLines(text, width).slice(0, room);
  // The last line shown says that more was meant: whole words and " …".
  return [...lines.slice(0, -1).map((l) => fitText(l, width)), wordsThatFit(lines[lines.length - 1] ?? '', width)];
}
