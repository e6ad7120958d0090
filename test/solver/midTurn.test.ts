import { describe, expect, it } from 'vitest';
import { getRuleSet, type Dice, type RuleSetId } from '../../src/engine/index.js';
import { midTurnFinal, midTurnRemaining, turnEnds } from '../../src/solver/distribution/midTurn.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { meanOf } from '../../src/solver/distribution/scoreStats.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import { ROLL_COUNT, ROLL_PROBABILITY } from '../../src/solver/dice/multisets.js';
import { rankOptions, solveSubgame } from '../../src/solver/index.js';
import { stateFor } from '../../src/solver/strategy/table.js';
import { bruteDist, bruteWinChances } from './bruteDistribution.js';
import { cardWithOpen, dice } from './helpers.js';

/*
 * The final-score distribution from the middle of a turn (dice on the table, rolls left) against the independent
 * brute force of bruteDistribution.ts, on sub-games of two open boxes; and against the start of the turn.
 */

interface Case {
  readonly name: string;
  readonly rules: RuleSetId;
  readonly open: string[];
  readonly filled?: Record<string, number>;
  readonly dice: string;
}

const CASES: Case[] = [
  { name: 'Yahtzee and Full house open, three sixes', rules: 'official', open: ['yahtzee', 'fullHouse'], dice: '6 6 6 2 1' },
  { name: 'the upper bonus in reach: Aces and Twos open', rules: 'official', open: ['aces', 'twos'], filled: { threes: 9, fours: 12, fives: 15, sixes: 24 }, dice: '2 2 1 5 3' },
  { name: 'the forced Joker: Sixes and Full house open, 50 in the Yahtzee box', rules: 'official', open: ['sixes', 'fullHouse'], filled: { yahtzee: 50 }, dice: '6 6 6 6 6' },
  { name: 'the Brazilian fixed scores: Trinca and General open', rules: 'brazilian', open: ['trinca', 'general'], dice: '4 4 4 3 3' },
];

describe('the distribution from the middle of a turn', () => {
  for (const c of CASES) {
    for (const rollsLeft of [0, 1, 2] as const) {
      it(`${c.name} (${c.rules}), ${c.dice} with ${rollsLeft} rolls left: every score with its chance, as the brute force has it`, () => {
        const card = cardWithOpen(c.rules, c.open, c.filled);
        const d: Dice = dice(c.dice);
        const table = solveSubgame(c.rules, card);
        const solver = midTurnFinal(table, undefined, { card, dice: d, rollsLeft });
        const brute = bruteDist(getRuleSet(c.rules), card, new Map(), { dice: d, rollsLeft });
        const scores = [...brute.dist.keys()].filter((s) => brute.dist.get(s)! > 1e-15).sort((a, b) => a - b);
        expect(solver.lo).toBe(scores[0]);
        expect(solver.lo + solver.p.length - 1).toBe(scores.at(-1));
        for (let i = 0; i < solver.p.length; i++) expect(solver.p[i]).toBeCloseTo(brute.dist.get(solver.lo + i) ?? 0, 7);
        // Its mean is what the advice gives for the best choice.
        expect(meanOf(solver)).toBeCloseTo(rankOptions(table, getRuleSet(c.rules), card, d, rollsLeft)[0].expectedFinal, 5);
      });
    }
  }

  it('mixed over the first roll with two rolls left, it is the distribution from the start of the turn', () => {
    const card = cardWithOpen('official', ['aces', 'threeOfAKind', 'smallStraight', 'chance']);
    const table = solveSubgame('official', card);
    const from = stateFor(table, card);
    const ends = turnEnds(table.tables, table.values, from);
    const start = finalDistribution(table, undefined, card);
    const mixed = new Map<number, number>();
    for (let r = 0; r < ROLL_COUNT; r++) {
      const d = midTurnRemaining(table.tables, table.values, from, ends, r, 2);
      for (let i = 0; i < d.p.length; i++) mixed.set(d.lo + i, (mixed.get(d.lo + i) ?? 0) + ROLL_PROBABILITY[r] * d.p[i]);
    }
    for (let i = 0; i < start.p.length; i++) expect(mixed.get(start.lo + i) ?? 0).toBeCloseTo(start.p[i], 12);
  });

  it('against another seat, the chances to win from the middle of a turn are the brute force\'s, and with the tie they make 1', () => {
    const a = cardWithOpen('official', ['yahtzee', 'fullHouse'], { chance: 20 });
    const b = cardWithOpen('official', ['chance']);
    const d = dice('6 6 6 2 1');
    const mid = midTurnFinal(solveSubgame('official', a), undefined, { card: a, dice: d, rollsLeft: 1 });
    const other = finalDistribution(solveSubgame('official', b), undefined, b);
    const da = bruteDist(getRuleSet('official'), a, new Map(), { dice: d, rollsLeft: 1 }).dist;
    const db = bruteDist(getRuleSet('official'), b).dist;
    const { winA, winB, tie } = bruteWinChances(da, db);
    const odds = winChances([mid, other]);
    expect(odds.win[0]).toBeCloseTo(winA, 7);
    expect(odds.win[1]).toBeCloseTo(winB, 7);
    expect(odds.tie).toBeCloseTo(tie, 7);
    // The later states are held in single precision: the mass is 1 to within its rounding.
    expect(odds.win[0] + odds.win[1] + odds.tie).toBeCloseTo(1, 6);
  });
});
