import { describe, expect, it } from 'vitest';
import { DistributionStore, storeIndex, storeSlots } from '../../src/solver/distribution/distributionStore.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { stateIndex } from '../../src/solver/strategy/state.js';

// A pass from a card keeps its distributions in an index of only the states it can reach (storeSlots).
describe('the slots of a pass from a card', () => {
  const t = ruleTables('official');
  const per = t.upperSize * t.flagSize;
  it.each([
    ['an empty card', 0],
    ['Chance and Yahtzee filled', (1 << 12) | (1 << 11)],
    ['four boxes filled', 0b1000100100001],
    ['all but one box filled', (1 << 13) - 1 - (1 << 5)],
  ])('with %s: one slot per state of every mask that includes the card, all of them used once', (_name, base) => {
    const slots = storeSlots(t, base);
    const free = 13 - [...Array(13).keys()].filter((b) => base & (1 << b)).length;
    expect(slots.size).toBe(2 ** free * per);
    const store = new DistributionStore(storeIndex(slots.size, false), undefined, { shared: false, slots });
    const seen = new Uint8Array(slots.size);
    for (let mask = 0; mask < 1 << 13; mask++) {
      if ((mask & base) !== base) {
        expect(slots.rank[mask]).toBe(-1);
        continue;
      }
      for (let up = 0; up < t.upperSize; up++) {
        for (let flag = 0; flag < t.flagSize; flag++) {
          seen[store.slot(stateIndex(t, { mask, up, flag }))]++;
        }
      }
    }
    expect(seen.every((n) => n === 1)).toBe(true);
  });
});
