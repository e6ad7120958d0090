import { describe, expect, it } from 'vitest';
import type { Face } from '../../src/engine/index.js';
import {
  CHILD,
  EMPTY_KEEP,
  FACES_OF,
  FIVE_ALIKE,
  KEEP_COUNT,
  PARENT_GROUPS,
  ROLL_COUNT,
  ROLL_PROBABILITY,
  SIZE,
  indexOfFaces,
  properKeepsOf,
  rollIndex,
} from '../../src/solver/dice/multisets.js';
import { holdFor } from '../../src/solver/play/moves.js';
import { dice } from './helpers.js';

describe('rolls and keeps as multisets', () => {
  it('there are 252 distinct rolls and 462 distinct keeps of 0 to 5 dice, the rolls first and the empty keep last', () => {
    expect([ROLL_COUNT, KEEP_COUNT]).toEqual([252, 462]);
    expect(new Set(FACES_OF.map((f) => f.join(''))).size).toBe(462);
    expect([...SIZE.slice(0, 252)].every((s) => s === 5)).toBe(true);
    expect(FACES_OF[EMPTY_KEEP]).toEqual([]);
  });

  it('the roll chances add up to 1, and 1-2-3-4-5 is 120 times as likely as five sixes', () => {
    expect(ROLL_PROBABILITY.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(ROLL_PROBABILITY[rollIndex(dice('12345'))] / ROLL_PROBABILITY[FIVE_ALIKE[6]]).toBeCloseTo(120, 9);
    expect(ROLL_PROBABILITY[rollIndex(dice('66661'))] * 6 ** 5).toBeCloseTo(5, 9);
  });

  it('a keep and the same faces in any order have the same index', () => {
    expect(indexOfFaces([6, 1, 6] as Face[])).toBe(indexOfFaces([1, 6, 6] as Face[]));
    expect(FACES_OF[rollIndex(dice('52341'))]).toEqual([1, 2, 3, 4, 5]);
  });

  it('each child adds one die of its face, and each group lists a multiset with every distinct face it can lose', () => {
    for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
      for (let f = 1; f <= 6; f++) expect(FACES_OF[CHILD[i * 6 + f - 1]]).toEqual([...FACES_OF[i], f].sort());
    }
    const seen = new Set<number>();
    for (const g of PARENT_GROUPS) {
      g.members.forEach((m, k) => {
        seen.add(m);
        expect(new Set(FACES_OF[m]).size).toBe(g.parents);
        for (let p = 0; p < g.parents; p++) {
          const parent = g.parentsOf[k * g.parents + p];
          expect(SIZE[parent]).toBe(SIZE[m] - 1);
          expect(seen.has(parent)).toBe(true);
        }
      });
    }
    expect(seen.size).toBe(KEEP_COUNT);
  });

  it.each([
    ['1-2-3-4-5 has 31 keeps of fewer than five dice', '12345', 31],
    ['6-6-6-6-6 has 5 (no dice up to four sixes)', '66666', 5],
    ['6-6-6-6-1 has 9', '66661', 9],
  ])('%s', (_, roll, count) => {
    const keeps = properKeepsOf(rollIndex(dice(roll)));
    expect(keeps).toHaveLength(count);
    expect(keeps.every((k) => SIZE[k] < 5)).toBe(true);
  });

  it.each([
    ['holding 6-6 of 6-1-6-2-6 takes the first two sixes', '61626', [6, 6], [true, false, true, false, false]],
    ['holding nothing holds no die', '12345', [], [false, false, false, false, false]],
    ['holding 1-6-6-6-6 of 6-6-6-6-1 holds all five', '66661', [1, 6, 6, 6, 6], [true, true, true, true, true]],
  ])('%s', (_, roll, keep, hold) => {
    expect(holdFor(dice(roll), keep as Face[])).toEqual(hold);
  });
});
