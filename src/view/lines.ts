/** Panel lines fitted to a width: cut with an ellipsis, words wrapped, a label and a value on one line. */
import { padEndTo, textWidth, wrap } from '../text/index.js';
import { fitText } from '../text/index.js';

/** A line of a side panel (the turn, the hint, the review summary). */
export interface PanelLine {
  readonly text: string;
  readonly role?: 'heading' | 'field' | 'dim';
}

const len = textWidth;

/** The text in at most `width` columns without a cut word: itself, a shorter wording, or whole words and " …" (see fitText). */
export function clip(text: string, width: number): string {
  if (width <= 0) return '';
  return fitText(text, width);
}

/** Words wrapped to lines of at most `width` columns (a longer word is fitted as clip fits it). */
export function wrapWords(text: string, width: number): string[] {
  return wrap(text, width).map((l) => clip(l, width));
}

/**
 * A panel line of exactly `width` characters: `lead`, the longest of `labels` that fits, and `right` at the right
 * edge; when no label fits, the shortest is cut with an ellipsis (the value is never cut).
 */
export function fitLine(lead: string, labels: readonly string[], right: string, width: number): string {
  const gap = right === '' ? 0 : 1;
  const room = width - len(lead) - len(right) - gap;
  // A figure ending the label and one after it ("Four of a kind 23 253.3") run together with one space: two where a
  // wording fits with them.
  const figures = /^[-+\d]/.test(right);
  const label =
    labels.find((l) => len(l) <= room - (figures && /\d$/.test(l) ? 1 : 0)) ?? labels.find((l) => len(l) <= room) ?? clip(labels[labels.length - 1] ?? '', room);
  const left = lead + label;
  return padEndTo(clip(padEndTo(left, Math.max(len(left), width - len(right) - gap)) + (right === '' ? '' : ' ' + right), width), width);
}

