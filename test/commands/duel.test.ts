import { describe, expect, it } from 'vitest';
import { duelCommand, type DuelDeps } from '../../src/commands/duel.js';
import { UsageError } from '../../src/commands/errors.js';
import { interval95, playDuel } from '../../src/solver/win/duel.js';
import type { StrategyTable } from '../../src/solver/index.js';

const fakeTable = {} as StrategyTable;
const deps = (record: { wins: [number, number]; ties: number }): DuelDeps & { calls: unknown[][] } => {
  const calls: unknown[][] = [];
  return {
    calls,
    table: async () => fakeTable,
    play: ((...args: unknown[]) => {
      calls.push(args);
      return { games: args[3] as number, ...record };
    }) as unknown as typeof playDuel,
  };
};

describe('yahtzee simulate --duel', () => {
  it.each([
    ['one strategy', { duel: 'win', games: '10' }, /--duel takes two strategies separated by a comma/],
    ['an unknown strategy', { duel: 'win,casual', games: '10' }, /each win or optimal/],
    ['no games', { duel: 'win,optimal' }, /--games must be a whole number from 1 to 100000/],
    ['too many games', { duel: 'win,optimal', games: '100001' }, /--games must be a whole number from 1 to 100000/],
    ['a bad seed', { duel: 'win,optimal', games: '10', seed: '-1' }, /--seed must be a whole number/],
  ])('%s: a usage error, nothing played', async (_what, opts, message) => {
    const d = deps({ wins: [0, 0], ties: 0 });
    await expect(duelCommand(opts, d)).rejects.toThrow(UsageError);
    await expect(duelCommand(opts, d)).rejects.toThrow(message);
    expect(d.calls).toEqual([]);
  });

  it('--json: each side with its wins, share and 95% interval, and the ties', async () => {
    const d = deps({ wins: [520, 470], ties: 10 });
    const out = JSON.parse(await duelCommand({ duel: 'win,optimal', games: '1000', seed: '1', json: true }, d));
    expect(d.calls[0].slice(1, 5)).toEqual(['win', 'optimal', 1000, 1]);
    expect(Object.keys(out)).toEqual(['rules', 'seed', 'games', 'players', 'ties', 'seconds']);
    expect(out.players[0]).toMatchObject({ strategy: 'win', wins: 520, share: 0.52 });
    expect(out.players[0].interval95[0]).toBeCloseTo(0.48902, 5);
    expect(out.ties).toBe(10);
  });

  it('as text: a line per side and the ties', async () => {
    const text = await duelCommand({ duel: 'win,optimal', games: '1000', seed: '7' }, deps({ wins: [520, 470], ties: 10 }));
    expect(text).toMatch(/^1000 two-seat games of the official rules, win against optimal, seed 7 \(seats swapped every other game; /);
    expect(text).toMatch(/\n {2}win +wins +520 {2}52\.00% \(95% interval 48\.90% to 55\.08%\)\n {2}optimal +wins +470 {2}47\.00%/);
    expect(text).toMatch(/\n {2}ties +10 {2}1\.00%$/);
  });
});

describe('interval95', () => {
  // Wilson's score interval: never of width 0 at 0 or all of the games.
  it.each([
    [50, 100, [0.4038, 0.5962]],
    [0, 10, [0, 0.2775]],
    [10, 10, [0.7225, 1]],
    [2, 2, [0.3424, 1]],
  ])('%i of %i', (count, games, [lo, hi]) => {
    const [a, b] = interval95(count, games);
    expect(a).toBeCloseTo(lo, 3);
    expect(b).toBeCloseTo(hi, 3);
  });
});

describe('playDuel (the brazilian table, small enough to solve here)', () => {
  it('plays whole two-seat games: every game won or tied, the same record for the same seed', async () => {
    const { loadOrSolve } = await import('../../src/solver/index.js');
    const table = await loadOrSolve('brazilian');
    const a = await playDuel(table, 'win', 'optimal', 4, 11);
    expect(a.wins[0] + a.wins[1] + a.ties).toBe(4);
    expect(await playDuel(table, 'win', 'optimal', 4, 11)).toEqual(a);
  }, 120_000);
});
