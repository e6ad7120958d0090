import { describe, expect, it } from 'vitest';
import { getRuleSet, type Card, type RuleSetId } from '../../src/engine/index.js';
import { bruteDist, bruteWinChances } from './bruteDistribution.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import { solveSubgame } from '../../src/solver/index.js';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { cardWithOpen } from './helpers.js';

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
    const { winA, winB, tie } = bruteWinChances(da, db);
    const odds = winChances([solverFinal(a.rules, cardA), solverFinal(b.rules, cardB)]);
    expect(odds.win[0]).toBeCloseTo(winA, 7);
    expect(odds.win[1]).toBeCloseTo(winB, 7);
    expect(odds.tie).toBeCloseTo(tie, 7);
    expect(tie).toBeGreaterThan(0);
  });
});
