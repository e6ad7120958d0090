import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet, isCardComplete, scoreCard, scoreOptions, type Card, type Face, type RuleSet, type RuleSetId } from '../../src/engine/index.js';
import { solveSubgame, turnStartValue } from '../../src/solver/index.js';
import { OUTCOMES, code, sorted } from './bruteDistribution.js';
import { cardWithOpen } from './helpers.js';

/*
 * An independent brute force: ordered dice, holds by position, every reroll outcome enumerated one by one, the
 * engine's own scoreCard and cardTotal for points and bonuses, and a recursion over whole cards. It shares no code
 * with the solver, and is only fast enough for cards with one to three open boxes.
 */


/** Expected final total (cardTotal at the end) from the start of a turn with `card`, playing perfectly. */
function bruteFinal(rules: RuleSet, card: Card, memo = new Map<string, number>()): number {
  if (isCardComplete(rules, card)) return cardTotal(rules, card);
  const key = JSON.stringify([Object.entries(card.boxes).sort(), card.yahtzeeBonuses]);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const best = new Map<number, number>();
  const kept = new Map<number, number>();
  const value = (d: readonly number[], rollsLeft: number): number => {
    const k = code(d) * 3 + rollsLeft;
    const have = best.get(k);
    if (have !== undefined) return have;
    const opts = scoreOptions(rules, card, d as Face[]);
    let v = -Infinity;
    for (const o of opts.boxes) {
      if (!o.allowed) continue;
      const next = scoreCard(rules, card, d as Face[], o.box);
      if ('error' in next) throw new Error(next.error);
      v = Math.max(v, bruteFinal(rules, next, memo));
    }
    if (rollsLeft > 0) {
      for (let hold = 0; hold < 31; hold++) {
        const keep = sorted(d.filter((_, i) => hold & (1 << i)));
        v = Math.max(v, reroll(keep, rollsLeft - 1));
      }
    }
    best.set(k, v);
    return v;
  };
  const reroll = (keep: number[], rollsLeft: number): number => {
    const k = (code(keep) * 10 + keep.length) * 3 + rollsLeft;
    const have = kept.get(k);
    if (have !== undefined) return have;
    const outs = OUTCOMES[5 - keep.length];
    let sum = 0;
    for (const o of outs) sum += value(sorted([...keep, ...o]), rollsLeft);
    kept.set(k, sum / outs.length);
    return sum / outs.length;
  };
  const v = reroll([], 2);
  memo.set(key, v);
  return v;
}

interface Case {
  name: string;
  rules: RuleSetId;
  open: string[];
  filled?: Record<string, number>;
  /** The expected remaining score to 4 places, where a sheet or a hand calculation gives it. */
  known?: number;
}

const CASES: Case[] = [
  { name: 'only Chance open is worth 23.3333', rules: 'official', open: ['chance'], known: 23.3333 },
  { name: 'only Yahtzee open is worth 2.3014 (50 times the chance of five alike in three rolls)', rules: 'official', open: ['yahtzee'], known: 2.3014 },
  { name: 'Yahtzee and Full house open (a Yahtzee first makes the next one a Joker)', rules: 'official', open: ['yahtzee', 'fullHouse'] },
  { name: 'the forced Joker and the 100 bonus: Sixes and Full house open, 50 in the Yahtzee box', rules: 'official', open: ['sixes', 'fullHouse'], filled: { yahtzee: 50 } },
  { name: 'the upper bonus: Aces and Twos open, 60 in the upper boxes (3 more earn 35)', rules: 'official', open: ['aces', 'twos'], filled: { threes: 9, fours: 12, fives: 15, sixes: 24 } },
  { name: 'the free Joker: Full house and Sixes open, 50 in the Yahtzee box', rules: 'free-joker', open: ['fullHouse', 'sixes'], filled: { yahtzee: 50 } },
  { name: 'no bonus and no Joker on the Spectrum: Fours and Long run open, 50 in the Yatzee box', rules: 'spectrum', open: ['fours', 'largeStraight'], filled: { yahtzee: 50 } },
  { name: 'the Brazilian fixed scores: Trinca and General open', rules: 'brazilian', open: ['trinca', 'general'] },
];

describe('the solver against an independent brute force', () => {
  it.each(CASES)('$name ($rules)', ({ rules, open, filled, known }) => {
    const card = cardWithOpen(rules, open, filled);
    const table = solveSubgame(rules, card);
    const remaining = turnStartValue(table, card);
    const brute = bruteFinal(getRuleSet(rules), card) - cardTotal(getRuleSet(rules), card);
    expect(remaining).toBeCloseTo(brute, 9);
    if (known !== undefined) expect(remaining.toFixed(4)).toBe(known.toFixed(4));
  });
});
