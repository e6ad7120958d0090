import { afterEach, describe, expect, it, vi } from 'vitest';
import { distributionPass, remainingDistribution } from '../../src/solver/distribution/distribution.js';
import { solveSubgame } from '../../src/solver/workers/load.js';
import { popcount, stateIndex } from '../../src/solver/strategy/state.js';
import { stateFor } from '../../src/solver/strategy/table.js';
import { memoryFaults } from '../../src/solver/wasm/wasmBytes.js';
import { cardWithOpen } from './helpers.js';

/*
 * The passes from a card that the chances' process makes, one or more a question: their kernels are made once per
 * thread (new ones each time would leave their WebAssembly memories to a garbage collector that runs late for memory
 * outside the V8 heap), and their chunks written over as soon as the states that read them are computed.
 */
describe("a thread's passes from a card", () => {
  afterEach(() => vi.restoreAllMocks());

  it('make their kernels once, and give the same distributions again', () => {
    const card = cardWithOpen('official', ['chance', 'sixes', 'yahtzee']);
    const table = solveSubgame('official', card);
    const from = stateFor(table, card);
    const instances = vi.spyOn(memoryFaults, 'instance');
    const first = remainingDistribution(table.tables, table.values, from);
    const made = instances.mock.calls.length;
    const second = remainingDistribution(table.tables, table.values, from);
    expect(made).toBeGreaterThan(0);
    expect(instances.mock.calls.length).toBe(made);
    expect(Array.from(second.p)).toEqual(Array.from(first.p));
    expect(second.lo).toBe(first.lo);
  });

  it('from a card with three boxes filled, hold under 3/4 of the chances of two whole levels', () => {
    const card = { boxes: { aces: 3, twos: 6, threes: 9 }, yahtzeeBonuses: 0 };
    const table = solveSubgame('official', card);
    const t = table.tables;
    const from = stateFor(table, card);
    const store = distributionPass(t, table.values, -1, undefined, from);
    // The chances of each level the pass keeps or wrote over, every distinct distribution once.
    const levels = Array.from({ length: t.boxCount + 1 }, () => new Map<string, number>());
    for (let mask = 0; mask < 1 << t.boxCount; mask++) {
      if ((mask & from.mask) !== from.mask || mask === from.mask) continue;
      for (let up = 0; up < t.upperSize; up++) {
        for (let flag = 0; flag < t.flagSize; flag++) {
          const s = store.slot(stateIndex(t, { mask, up, flag }));
          if (store.len[s] > 0 && store.chunkOf[s] >= 0) levels[popcount(mask)].set(`${store.chunkOf[s]}:${store.offset[s]}`, store.len[s] * 4);
        }
      }
    }
    const bytes = levels.map((l) => [...l.values()].reduce((a, b) => a + b, 0));
    const twoLevels = Math.max(...bytes.slice(1).map((b, i) => b + bytes[i]));
    expect(store.allocatedBytes()).toBeGreaterThan(0);
    expect(store.allocatedBytes()).toBeLessThan(0.75 * twoLevels);
    store.release();
  });
});
