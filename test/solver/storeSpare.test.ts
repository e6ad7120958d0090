import { describe, expect, it } from 'vitest';
import { DistributionStore, storeIndex } from '../../src/solver/distribution/distributionStore.js';

const p = Float64Array.of(0.25, 0.5, 0.25);

/** A small store in ordinary memory whose chunks go to and come from `spare`. */
function store(spare: Float32Array[]): DistributionStore {
  return new DistributionStore(storeIndex(8, false), undefined, { chunkSize: 16, shared: false, spare });
}

describe('the chunks of a store released for the next (passes from a card in one thread)', () => {
  it('a released store leaves its chunks in the spares it was given, and the next store takes them', () => {
    const spare: Float32Array[] = [];
    const first = store(spare);
    first.put(0, 10, p, 0, 2);
    const chunk = first.takeMade()[0][1];
    first.release();
    expect(spare).toEqual([chunk]);
    const second = store(spare);
    second.put(1, 20, Float64Array.of(1), 0, 0);
    expect(second.takeMade()[0][1]).toBe(chunk);
    expect(spare).toHaveLength(0);
    expect(second.get(1)).toEqual({ lo: 20, p: Float64Array.of(1) });
  });
});
