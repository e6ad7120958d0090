import { describe, expect, it } from 'vitest';
import { DistributionStore, NEVER, storeIndex, passOrder } from '../../src/solver/distribution/distributionStore.js';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { popcount } from '../../src/solver/strategy/state.js';

describe('the whole game\'s pass order (the chunks of a level written over as soon as their readers are done)', () => {
  it.each(RULE_SET_IDS.map((r) => [r]))('%s: every mask once, the most boxes filled first; each mask\'s last reader is the last of the masks one box fewer', (rules) => {
    const t = ruleTables(rules);
    const keep = 3;
    const order = passOrder(t, keep);
    expect(order.levels.flatMap((l) => [...l]).sort((a, b) => a - b)).toEqual(Array.from({ length: 1 << t.boxCount }, (_, m) => m));
    order.levels.forEach((l, k) => expect(l.every((m) => popcount(m) === t.boxCount - k)).toBe(true));
    const position = new Int32Array(1 << t.boxCount);
    for (const l of order.levels) l.forEach((m, i) => (position[m] = i));
    for (let m = 1; m < 1 << t.boxCount; m++) {
      const readers = Array.from({ length: t.boxCount }, (_, b) => b).filter((b) => m & (1 << b)).map((b) => position[m & ~(1 << b)]);
      expect(order.lastReader[m]).toBe(popcount(m) <= keep ? NEVER : Math.max(...readers));
    }
    expect(order.perMask).toBe(t.upperSize * t.flagSize);
  });

  it('from a card: only the masks that include its boxes, read only through boxes it has open; its level and the next kept', () => {
    const t = ruleTables('official');
    const base = 0b111;
    const order = passOrder(t, popcount(base) + 1, base);
    const all = order.levels.flatMap((l) => [...l]);
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 1 << t.boxCount }, (_, m) => m).filter((m) => (m & base) === base));
    const position = new Int32Array(1 << t.boxCount);
    for (const l of order.levels) l.forEach((m, i) => (position[m] = i));
    for (const m of all) {
      const readers = Array.from({ length: t.boxCount }, (_, b) => b).filter((b) => m & ~base & (1 << b)).map((b) => position[m & ~(1 << b)]);
      expect(order.lastReader[m]).toBe(popcount(m) <= popcount(base) + 1 ? NEVER : Math.max(...readers));
    }
  });

  it('official: in a level, the masks with upper boxes filled (those with the most states) come last', () => {
    const t = ruleTables('official');
    const upper = (m: number) => Array.from({ length: t.boxCount }, (_, b) => b).some((b) => m & (1 << b) && t.upperFace[b] > 0);
    const ones = passOrder(t, 3).levels[t.boxCount - 1];
    expect([...ones].map(upper)).toEqual([false, false, false, false, false, false, false, true, true, true, true, true, true]);
  });
});

describe('a store with early release', () => {
  // Two masks of 1 state each (perMask 1): mask 2 read last at position 5, mask 3 never released (a kept level).
  const lastReader = Int32Array.from([NEVER, NEVER, 5, NEVER]);
  const chance = Float64Array.of(1);

  it.each([
    ['before its last reader is done, the chunk stays', 5, 0],
    ['once its last reader is done, the chunk is written over by what is put next', 6, 1],
  ])('%s', (_what, done, freed) => {
    const spare: Float32Array[] = [];
    const store = new DistributionStore(storeIndex(4, false), undefined, { chunkSize: 1, shared: false, spare, release: { lastReader, perMask: 1 } });
    store.startLevel();
    store.put(2, 0, chance, 0, 0);
    store.put(3, 0, chance, 0, 0);
    store.startLevel();
    store.releaseUpTo(done);
    expect(spare.length).toBe(freed);
    expect(store.chunks.filter(Boolean).length).toBe(2 - freed);
    // The kept mask's chunk stays, even once the next level begins.
    store.startLevel();
    expect(store.get(3).p).toEqual(Float64Array.of(1));
  });
});
