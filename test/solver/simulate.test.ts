import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet, isCardComplete } from '../../src/engine/index.js';
import { playGame, simulateParallel, solveSubgame, turnStartValue } from '../../src/solver/index.js';
import { outcomeArrays, summarize } from '../../src/solver/play/simulate.js';
import { cardWithOpen } from './helpers.js';

const official = getRuleSet('official');
// Four turns to go, the upper bonus in reach and a Yahtzee bonus possible: quick games with a known exact mean.
const start = cardWithOpen('official', ['fours', 'fullHouse', 'largeStraight', 'chance'], { aces: 2, twos: 6, threes: 9, fives: 15, sixes: 18, yahtzee: 50 });
const table = solveSubgame('official', start);
const exact = cardTotal(official, start) + turnStartValue(table, start);

describe('simulated games', () => {
  it('the optimal player averages the solved value: within 4 standard errors over 1500 games', async () => {
    const s = await simulateParallel({ rules: 'official', strategy: 'optimal', games: 1500, seed: 11, table, startCard: start, threads: 1 });
    expect(s.standardError).toBeGreaterThan(0);
    expect(Math.abs(s.mean - exact)).toBeLessThan(4 * s.standardError);
  });

  it('the same check tells a weaker player apart: casual play is more than 4 standard errors below', async () => {
    const s = await simulateParallel({ rules: 'official', strategy: 'casual', games: 1500, seed: 11, startCard: start, threads: 1 });
    expect(exact - s.mean).toBeGreaterThan(4 * s.standardError);
  });

  it('the same seed gives the same games on two worker threads as in one thread', async () => {
    const one = await simulateParallel({ rules: 'official', strategy: 'strong', games: 200, seed: 5, table, startCard: start, threads: 1 });
    const two = await simulateParallel({ rules: 'official', strategy: 'strong', games: 200, seed: 5, table, startCard: start, threads: 2 });
    expect(two).toEqual(one);
  });

  it('a simulated game is a real engine game played to its end', () => {
    const state = playGame('official', 'optimal', table, 99, start);
    expect(state.phase).toBe('gameOver');
    expect(isCardComplete(official, state.cards[0])).toBe(true);
    expect(state.results[0].totals[0]).toBe(cardTotal(official, state.cards[0]));
  });

  it('summarize: mean, sample standard deviation, extremes, rates and a histogram that counts every game', () => {
    const out = outcomeArrays(4);
    out.totals.set([100, 120, 140, 260]);
    out.upperBonus.set([1, 0, 0, 1]);
    out.yahtzees.set([0, 2, 0, 1]);
    const s = summarize(out, 50);
    expect([s.mean, s.min, s.max, s.upperBonusRate, s.yahtzeeRate, s.yahtzeesPerGame]).toEqual([155, 100, 260, 0.5, 0.5, 0.75]);
    expect(s.sd).toBeCloseTo(Math.sqrt((55 ** 2 + 35 ** 2 + 15 ** 2 + 105 ** 2) / 3), 9);
    expect(s.histogram).toEqual([
      { from: 100, to: 150, count: 3 },
      { from: 150, to: 200, count: 0 },
      { from: 200, to: 250, count: 0 },
      { from: 250, to: 300, count: 1 },
    ]);
  });
});
