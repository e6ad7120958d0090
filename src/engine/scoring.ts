import { diceSum, faceCounts, type Dice } from './dice.js';
import type { BoxScoring } from './rules/types.js';

/** What `dice` score in a box by its own rule, without any Joker. */
export function scoreBox(scoring: BoxScoring, dice: Dice): number {
  const counts = faceCounts(dice);
  switch (scoring.kind) {
    case 'upper':
      return counts[scoring.face] * scoring.face;
    case 'ofAKind':
      return counts.some((c) => c >= scoring.count) ? (scoring.points ?? diceSum(dice)) : 0;
    case 'fullHouse':
      // Five alike is not a full house (official rules); it scores here only as a Joker.
      return counts.includes(3) && counts.includes(2) ? scoring.points : 0;
    case 'straight':
      return scoring.runs.some((run) => run.every((f) => counts[f] > 0)) ? scoring.points : 0;
    case 'yahtzee':
      return counts.includes(5) ? scoring.points : 0;
    case 'chance':
      return diceSum(dice);
  }
}

/** What `dice` score in a lower box as a Joker: full value whatever the pattern. */
export function scoreJoker(scoring: BoxScoring, dice: Dice): number {
  switch (scoring.kind) {
    case 'fullHouse':
    case 'straight':
      return scoring.points;
    default:
      return scoreBox(scoring, dice);
  }
}

/** Every score a box can hold (Joker values included), for checking hand-written cards and saved games. */
export function possibleScores(scoring: BoxScoring): ReadonlySet<number> {
  const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  switch (scoring.kind) {
    case 'upper':
      return new Set(range(0, 5 * scoring.face, scoring.face));
    case 'ofAKind':
      return new Set(scoring.points !== undefined ? [0, scoring.points] : [0, ...range(5, 30)]);
    case 'fullHouse':
    case 'straight':
    case 'yahtzee':
      return new Set([0, scoring.points]);
    case 'chance':
      return new Set(range(5, 30));
  }
}
