/**
 * The dice in words, one way per layout, for the hint, the computer's messages, the review and the spoken screen.
 * The faces are digits and so are the MSX keys: every wording says which is which ("keep 6 6 5: mark 1 2 4") and
 * spaces them, never a run of digits that reads as a number.
 */
import { DIE_LETTERS, type Face } from '../engine/index.js';
import type { Layout } from './keymaps/index.js';

/** How a layout names the dice: by the MSX keys 1-5 that mark them to keep, or by the Spectrum letters A-E that hold them. */
export type DiceNaming = 'keys' | 'letters';

/**
 * The layout's words: what is done with the dice that stay, and what stands before the names of the dice (the prompt
 * line's word for their keys, with its space).
 */
const WORDS: Readonly<Record<DiceNaming, { keep: string; keeps: string; kept: string; mark: string; marks: string }>> = {
  keys: { keep: 'keep', keeps: 'keeps', kept: 'kept', mark: 'mark ', marks: 'marks ' },
  // The letters are the keys and cannot be taken for faces: they need no word before them.
  letters: { keep: 'hold', keeps: 'holds', kept: 'held', mark: '', marks: '' },
};

/** The dice naming of a layout: keys when it shows the keys 1-5 under the dice (MSX), else letters. */
export function diceNamingOf(layout: Layout): DiceNaming {
  return layout.dieKeys ? 'keys' : 'letters';
}

/** A die (0-4) as the layout names it: "1" (its MSX key) or "A". */
export function dieName(naming: DiceNaming, die: number): string {
  return naming === 'keys' ? String(die + 1) : DIE_LETTERS[die];
}

const diceCount = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;

/** The dice (0-4) that keep the faces `keep`: those marked or held first, then the others from the left. */
export function keepIndexes(keep: readonly Face[], dice: readonly Face[], held: readonly boolean[]): number[] {
  const used = new Set<number>();
  const out: number[] = [];
  for (const face of keep) {
    const pick = [0, 1, 2, 3, 4].filter((i) => !used.has(i) && dice[i] === face).sort((a, b) => Number(held[b] === true) - Number(held[a] === true) || a - b)[0];
    if (pick === undefined) continue;
    used.add(pick);
    out.push(pick);
  }
  return out.sort((a, b) => a - b);
}

/** Nothing kept, or everything, in words longest first: the same in both layouts (no die needs naming). */
function wholeLabels(kept: number): string[] | null {
  if (kept === 0) return ['reroll all 5 dice', 'reroll all dice', 'reroll all'];
  if (kept === 5) return ['keep all five: score now', 'score now'];
  return null;
}

/**
 * A keep of the dice `kept` (0-4) among `dice`, in words longest first (a panel takes the longest that fits): the
 * faces kept, then the dice as the layout names them, then how many are rolled. MSX: "keep 6 6 5: mark 1 2 4, reroll
 * 2 dice", "keep 6 6 5: mark 1 2 4", "mark 1 2 4"; Spectrum: "hold 6 6 5: A B D, reroll 2 dice", "hold 6 6 5: A B D",
 * "hold A B D". The faces stand in the order of the dice, so that each face goes with the die named under it.
 */
export function keepLabels(naming: DiceNaming, dice: readonly Face[], kept: readonly number[]): string[] {
  const whole = wholeLabels(kept.length);
  if (whole) return whole;
  const w = WORDS[naming];
  const order = [...kept].sort((a, b) => a - b);
  const faces = order.map((i) => dice[i]).join(' ');
  const names = keptNames(naming, kept);
  const short = naming === 'keys' ? `${w.mark}${names}` : `${w.keep} ${names}`;
  return [`${w.keep} ${faces}: ${w.mark}${names}, reroll ${diceCount(5 - kept.length)}`, `${w.keep} ${faces}: ${w.mark}${names}`, short];
}

/** The dice kept (1-4) as the layout names them, no verb ("1 2 4", "A B D"), after a lead that says what they are. */
export function keptNames(naming: DiceNaming, kept: readonly number[]): string {
  return [...kept]
    .sort((a, b) => a - b)
    .map((i) => dieName(naming, i))
    .join(' ');
}

/**
 * A keep by its faces alone, where the dice are not on the screen (the review), longest first: "keep 4 4 5, reroll
 * 2 dice", "keep 4 4 5" (Spectrum "hold 4 4 5, ...").
 */
export function faceKeepLabels(naming: DiceNaming, keep: readonly Face[]): string[] {
  const whole = wholeLabels(keep.length);
  if (whole) return whole;
  const faces = [...keep].sort((a, b) => a - b).join(' ');
  const w = WORDS[naming];
  return [`${w.keep} ${faces}, reroll ${diceCount(5 - keep.length)}`, `${w.keep} ${faces}`];
}

/** A keep that was made, by its faces (the review): "kept 6 6, rerolled 3 dice" (Spectrum "held ..."), "rerolled all 5 dice". */
export function keptWords(naming: DiceNaming, keep: readonly Face[]): string {
  if (keep.length === 0) return 'rerolled all 5 dice';
  if (keep.length === 5) return 'kept all five';
  return `${WORDS[naming].kept} ${[...keep].sort((a, b) => a - b).join(' ')}, rerolled ${diceCount(5 - keep.length)}`;
}

/**
 * What a computer does with its holds, for the message line after its name: "keeps 6 6 5: marks 1 2 4, rolls 2 dice"
 * (Spectrum "holds 6 6 5: A B D, rolls 2 dice"), "rolls all five dice".
 */
export function computerKeepWords(naming: DiceNaming, dice: readonly Face[], hold: readonly boolean[]): string {
  const kept = [0, 1, 2, 3, 4].filter((i) => hold[i] === true);
  if (kept.length === 0) return 'rolls all five dice';
  const w = WORDS[naming];
  const faces = kept.map((i) => dice[i]).join(' ');
  const names = kept.map((i) => dieName(naming, i)).join(' ');
  if (kept.length === 5) return `${w.keeps} all five`;
  return `${w.keeps} ${faces}: ${w.marks}${names}, rolls ${diceCount(5 - kept.length)}`;
}
