import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet, isCardComplete, scoreCard, scoreOptions, type Card, type Face, type RuleSet, type RuleSetId } from '../../src/engine/index.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import { solveSubgame } from '../../src/solver/index.js';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { cardWithOpen } from './helpers.js';

/*
 * An independent brute force of the final-score distribution under mean-optimal play: ordered dice, holds by
 * position, every reroll outcome enumerated one by one, the engine's scoreCard and cardTotal for the points, each
 * choice the one of the highest expected final total (found by the same enumeration), and the distribution of the
 * final total carried along as a map from score to chance. It shares no code with the solver; cards with one or two
 * open boxes only.
 */

type Dist = Map<number, number>;
interface Outcome {
  ev: number;
  dist: Dist;
}

const code = (sorted: readonly number[]) => sorted.reduce((k, f) => k * 7 + f, 0);
const sorted = (d: readonly number[]) => [...d].sort((a, b) => a - b);
function outcomes(k: number): number[][] {
  if (k === 0) return [[]];
  return outcomes(k - 1).flatMap((o) => [1, 2, 3, 4, 5, 6].map((f) => [...o, f]));
}
const OUTCOMES = [0, 1, 2, 3, 4, 5].map(outcomes);

function mix(parts: readonly Outcome[]): Outcome {
  const dist: Dist = new Map();
  let ev = 0;
  for (const o of parts) {
    ev += o.ev / parts.length;
    for (const [s, p] of o.dist) dist.set(s, (dist.get(s) ?? 0) + p / parts.length);
  }
  return { ev, dist };
}

/** The final total's distribution from the start of a turn with `card`, each choice maximising the expected final total. */
function bruteDist(rules: RuleSet, card: Card, memo = new Map<string, Outcome>()): Outcome {
  if (isCardComplete(rules, card)) {
    const total = cardTotal(rules, card);
    return { ev: total, dist: new Map([[total, 1]]) };
  }
  const key = JSON.stringify([Object.entries(card.boxes).sort(), card.yahtzeeBonuses]);
  const known = memo.get(key);
  if (known) return known;
  const best = new Map<number, Outcome>();
  const kept = new Map<number, Outcome>();
  const value = (d: readonly number[], rollsLeft: number): Outcome => {
    const k = code(d) * 3 + rollsLeft;
    const have = best.get(k);
    if (have) return have;
    let v: Outcome | undefined;
    for (const o of scoreOptions(rules, card, d as Face[]).boxes) {
      if (!o.allowed) continue;
      const next = scoreCard(rules, card, d as Face[], o.box);
      if ('error' in next) throw new Error(next.error);
      const r = bruteDist(rules, next, memo);
      if (!v || r.ev > v.ev + 1e-9) v = r;
    }
    if (rollsLeft > 0) {
      for (let hold = 0; hold < 31; hold++) {
        const r = reroll(sorted(d.filter((_, i) => hold & (1 << i))), rollsLeft - 1);
        if (r.ev > v!.ev + 1e-9) v = r;
      }
    }
    best.set(k, v!);
    return v!;
  };
  const reroll = (keep: number[], rollsLeft: number): Outcome => {
    const k = (code(keep) * 10 + keep.length) * 3 + rollsLeft;
    const have = kept.get(k);
    if (have) return have;
    const r = mix(OUTCOMES[5 - keep.length].map((o) => value(sorted([...keep, ...o]), rollsLeft)));
    kept.set(k, r);
    return r;
  };
  const r = reroll([], 2);
  memo.set(key, r);
  return r;
}

function solverFinal(rules: RuleSetId, card: Card): ScoreDistribution {
  return finalDistribution(solveSubgame(rules, card), undefined, card);
}

interface Case {
  name: string;
  rules: RuleSetId;
  open: string[];
  filled?: Record<string, number>;
}

const CASES: Case[] = [
  { name: 'only Chance open', rules: 'official', open: ['chance'] },
  { name: 'Yahtzee and Full house open (a Yahtzee first makes the next one a Joker)', rules: 'official', open: ['yahtzee', 'fullHouse'] },
  { name: 'the forced Joker and the 100 bonus: Sixes and Full house open, 50 in the Yahtzee box', rules: 'official', open: ['sixes', 'fullHouse'], filled: { yahtzee: 50 } },
  { name: 'the upper bonus: Aces and Twos open, 60 in the upper boxes', rules: 'official', open: ['aces', 'twos'], filled: { threes: 9, fours: 12, fives: 15, sixes: 24 } },
  { name: 'the free Joker: Full house and Sixes open, 50 in the Yahtzee box', rules: 'free-joker', open: ['fullHouse', 'sixes'], filled: { yahtzee: 50 } },
  { name: 'the Brazilian fixed scores: Trinca and General open', rules: 'brazilian', open: ['trinca', 'general'] },
];

describe('the final-score distribution against an independent brute force', () => {
  it.each(CASES)('$name ($rules): every score with its chance', ({ rules, open, filled }) => {
    const card = cardWithOpen(rules, open, filled);
    const brute = bruteDist(getRuleSet(rules), card).dist;
    const solver = solverFinal(rules, card);
    const scores = [...brute.keys()].sort((a, b) => a - b);
    expect(solver.lo).toBe(scores[0]);
    expect(solver.lo + solver.p.length - 1).toBe(scores.at(-1));
    for (let i = 0; i < solver.p.length; i++) expect(solver.p[i]).toBeCloseTo(brute.get(solver.lo + i) ?? 0, 7);
  });
});

describe('the chance to win against the same brute force', () => {
  const pairs: { name: string; a: Case; b: Case }[] = [
    { name: 'Chance open against Yahtzee and Full house open', a: CASES[0], b: CASES[1] },
    { name: 'the upper bonus card against the forced Joker card', a: CASES[3], b: CASES[2] },
  ];
  it.each(pairs)('$name: every pair of final scores enumerated', ({ a, b }) => {
    const cardA = cardWithOpen(a.rules, a.open, a.filled);
    const cardB = cardWithOpen(b.rules, b.open, b.filled);
    const da = bruteDist(getRuleSet(a.rules), cardA).dist;
    const db = bruteDist(getRuleSet(b.rules), cardB).dist;
    let winA = 0;
    let winB = 0;
    let tie = 0;
    for (const [sa, pa] of da) {
      for (const [sb, pb] of db) {
        if (sa > sb) winA += pa * pb;
        else if (sb > sa) winB += pa * pb;
        else tie += pa * pb;
      }
    }
    const odds = winChances([solverFinal(a.rules, cardA), solverFinal(b.rules, cardB)]);
    expect(odds.win[0]).toBeCloseTo(winA, 7);
    expect(odds.win[1]).toBeCloseTo(winB, 7);
    expect(odds.tie).toBeCloseTo(tie, 7);
    expect(tie).toBeGreaterThan(0);
  });
});
