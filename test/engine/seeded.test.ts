import { describe, expect, it } from 'vitest';
import { rollDice, seedRng } from '../../src/engine/index.js';
import { act, game } from './helpers.js';

describe('the seeded dice', () => {
  it('seed 42 gives the generator state [-1, -43, 42, 0] and first dice 2-4-6-5-3', () => {
    expect(seedRng(42)).toEqual([-1, -43, 42, 0]);
    expect(rollDice(seedRng(42), 5).faces).toEqual([2, 4, 6, 5, 3]);
  });

  it.each([
    [0, [2, 4, 5, 3, 6]],
    [1, [1, 1, 4, 4, 1]],
    [7, [1, 1, 4, 6, 6]],
    [42, [2, 4, 6, 5, 3]],
  ])('a game with seed %i opens with %j', (seed, first) => {
    expect(game(1, seed).dice).toEqual(first);
  });

  it('seed 42: holding A then rolling twice gives 2-1-5-4-4, then 6-6-4-6-2', () => {
    let s = act(act(game(1, 42), { type: 'toggle-hold', die: 0 }), { type: 'roll' });
    expect(s.dice).toEqual([2, 1, 5, 4, 4]);
    s = act(s, { type: 'roll' });
    expect(s.dice).toEqual([6, 6, 4, 6, 2]);
  });

  it('rolling leaves the given generator state untouched and returns the next one', () => {
    const rng = seedRng(42);
    const copy = [...rng];
    const next = rollDice(rng, 5);
    expect(rng).toEqual(copy);
    expect(next.rng).toEqual([789098271, -1988135317, 49515802, -1250993543]);
    expect(rollDice(rng, 5)).toEqual(next);
  });

  it('6000 dice from seed 3 show every face between 900 and 1100 times', () => {
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (const f of rollDice(seedRng(3), 6000).faces) counts[f]++;
    expect(counts[0]).toBe(0);
    for (const c of counts.slice(1)) {
      expect(c).toBeGreaterThanOrEqual(900);
      expect(c).toBeLessThanOrEqual(1100);
    }
  });
});
