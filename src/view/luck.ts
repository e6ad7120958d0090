/** Luck and skill in words: what the dice gave a person and what their choices cost, in wordings that fit any width. */
import type { LuckSkill } from '../solver/play/luck.js';
import { fitText, textWidth, wordLines } from '../text/index.js';
import { points1 } from './words.js';

/** A figure with its sign: "+23.4", "-12.3", "0.0" (rounding to 0.0 never shows a sign). */
export function signed(value: number): string {
  const n = points1(Math.abs(value));
  if (n === '0.0') return n;
  return value > 0 ? `+${n}` : `-${n}`;
}

const costs = (loss: number): string => (points1(loss) === '0.0' ? 'nothing' : points1(loss));

/*
 * A review of one person speaks to them ("the dice gave you"), as does a guest's own review at a hosted table; with
 * several people, each under their own name, it speaks of them ("the dice gave"), as no one reader is "you" there.
 */

/** "the dice gave you +23.4", or "the dice cost you 12.3" when they took away ("you" left out when not `you`). */
export function diceWords(split: LuckSkill, you = true): string {
  const s = signed(split.luck);
  const whom = you ? ' you' : '';
  return s.startsWith('-') ? `the dice cost${whom} ${s.slice(1)}` : `the dice gave${whom} ${s}`;
}

/** "your choices cost you 6.1" ("nothing" under 0.05), or "the choices cost 6.1" when not `you`. */
export function choiceWords(split: LuckSkill, you = true): string {
  return you ? `your choices cost you ${costs(split.loss)}` : `the choices cost ${costs(split.loss)}`;
}

/** The dice and the choices in the fewest words, read as the longer ones: "dice gave +23.4", "choices cost 6.1". */
function shortWords(split: LuckSkill): [string, string] {
  const s = signed(split.luck);
  return [s.startsWith('-') ? `dice cost ${s.slice(1)}` : `dice gave ${s}`, `choices cost ${costs(split.loss)}`];
}

/** The identity's other terms: "254.6 expected, 272 scored", with the turns never played when a match ended the game early. */
export function sumWords(split: LuckSkill): string {
  const unplayed = split.unplayed > 0 ? `, ${points1(split.unplayed)} left unplayed` : '';
  return `${points1(split.fresh)} expected${unplayed}, ${split.final} scored`;
}

/**
 * The wordings of a person's luck and skill, longest first: "the dice gave you +23.4, your choices cost you 6.1:
 * 254.6 expected, 272 scored" (without "you" when not `you`), without the sum, then "dice gave +23.4, choices cost
 * 6.1" with and without it.
 */
export function luckWordings(split: LuckSkill, you = true): string[] {
  const long = `${diceWords(split, you)}, ${choiceWords(split, you)}`;
  const short = shortWords(split).join(', ');
  return [`${long}: ${sumWords(split)}`, long, `${short}: ${sumWords(split)}`, short];
}

/**
 * A person's luck and skill in the longest wording that fits `width` (whole words), spoken to them when `you`, or that
 * it is not known and why (`problem`).
 */
export function luckLine(split: LuckSkill | null, width: number, problem: string | null = null, you = true): string {
  if (split !== null) return fitText(luckWordings(split, you), width);
  return fitText([problem === null ? 'the dice: not known' : `the dice: not known, ${problem}`, 'the dice: not known'], width);
}

/**
 * A person's luck and skill in up to `rows` lines of `width`: the whole sentence where it takes at most two lines,
 * else a line for each of its parts ("the dice gave +23.4", "the choices cost 6.1", "254.6 expected, 272 scored"),
 * each in its longest wording that fits, so that no line ends in the middle of a figure's words.
 */
export function luckLines(split: LuckSkill, width: number, rows: number, you = true): string[] {
  const whole = wordLines(luckWordings(split, you)[0], width);
  if (whole.length <= Math.min(2, rows) && whole.every((l) => textWidth(l) <= width)) return whole;
  // The dice and the choices in one wording, so that their figures read alike: the first in which both fit.
  const wordings: [string, string][] = [
    [diceWords(split, you), choiceWords(split, you)],
    [diceWords(split, false), choiceWords(split, false)],
    shortWords(split),
  ];
  const pair = wordings.find((w) => w.every((t) => textWidth(t) <= width)) ?? wordings[2];
  const parts = [
    ...pair.map((t) => fitText(t, width)),
    // The sum on one line where it fits, else its figures a line each (the turns never played too: without them the
    // figures would not add up).
    ...(textWidth(sumWords(split)) <= width
      ? [sumWords(split)]
      : [[`${points1(split.fresh)} expected`], ...(split.unplayed > 0 ? [[`${points1(split.unplayed)} left unplayed`, `${points1(split.unplayed)} unplayed`]] : []), [`${split.final} scored`]].map((t) => fitText(t, width))),
  ];
  return parts.slice(0, rows);
}

/** Whether every part of luckLines fits `width` whole in its shortest wording: no figure of it would be cut. */
export function luckPartsFit(split: LuckSkill, width: number): boolean {
  const unplayed = split.unplayed > 0 ? [`${points1(split.unplayed)} unplayed`] : [];
  return [...shortWords(split), `${points1(split.fresh)} expected`, ...unplayed, `${split.final} scored`].every((t) => textWidth(t) <= width);
}

/** What the dice gave, short, for the line under a person's loss after the results: "the dice gave +23.4", shorter. */
export function diceShort(split: LuckSkill | null, width: number): string {
  if (split === null) return fitText(['the dice: not known', 'dice: not known'], width);
  const s = signed(split.luck);
  return fitText([s.startsWith('-') ? `the dice cost ${s.slice(1)}` : `the dice gave ${s}`, shortWords(split)[0]], width);
}
