import { describe, expect, it } from 'vitest';
import { DistributionStore, arenaReset, arenaTake, chunkArena, giveBackCardArena, remainingDistribution, storeIndex, takeCardArena } from '../../src/solver/distribution/distribution.js';
import { solveSubgame } from '../../src/solver/host/load.js';
import { stateFor } from '../../src/solver/strategy/table.js';

/*
 * A pass's arena: one shared WebAssembly memory holding its chunks and each thread's mixing kernel, which reads the
 * distributions in place. The distributions must be the same bit for bit as a pass whose chunks are elsewhere (the
 * kernel then mixes from a copy).
 */

const PAGE = 65536;

describe('chunkArena and arenaTake: parts of one shared memory', () => {
  it('gives parts that do not overlap, from the second page on, the memory growing to hold them', () => {
    const arena = chunkArena()!;
    const parts = [100, PAGE, 3 * PAGE + 8, 16].map((bytes) => [arenaTake(arena, bytes), bytes]);
    expect(parts[0][0]).toBe(PAGE);
    for (let i = 1; i < parts.length; i++) expect(parts[i][0]).toBeGreaterThanOrEqual(parts[i - 1][0] + parts[i - 1][1]);
    for (const [at] of parts) expect(at % 16).toBe(0);
    const [lastAt, lastBytes] = parts[parts.length - 1];
    expect(arena.buffer.byteLength).toBeGreaterThanOrEqual(lastAt + lastBytes);
  });

  it('after arenaReset gives the same memory again, without growing it', () => {
    const arena = chunkArena()!;
    const first = arenaTake(arena, 5 * PAGE);
    const size = arena.buffer.byteLength;
    arenaReset(arena);
    expect(arenaTake(arena, 5 * PAGE)).toBe(first);
    expect(arena.buffer.byteLength).toBe(size);
  });
});

describe('a store with an arena', () => {
  const p = Float64Array.of(0.25, 0.5, 0.25);

  it('makes its chunks in the arena and knows where each is; a chunk from elsewhere it marks as not there', () => {
    const arena = chunkArena()!;
    const store = new DistributionStore(storeIndex(8, false), undefined, { chunkSize: 16, arena });
    expect(store.kernel).not.toBeNull();
    store.put(0, 10, p, 0, 2);
    const [[id, chunk]] = store.takeMade();
    expect(store.chunkByte[id]).toBe(chunk.byteOffset);
    expect(chunk.byteOffset).toBeGreaterThanOrEqual(PAGE);
    expect(store.get(0)).toEqual({ lo: 10, p });
    store.add([[5, new Float32Array(new SharedArrayBuffer(64))]]);
    expect(store.chunkByte[5]).toBe(-1);
  });

  it('without one: no kernel of its own, no chunk in an arena', () => {
    const store = new DistributionStore(storeIndex(8, false), undefined, { chunkSize: 16, shared: false });
    store.put(0, 10, p, 0, 2);
    expect(store.kernel).toBeNull();
    expect(store.chunkByte[store.takeMade()[0][0]]).toBe(-1);
  });
});

describe("passes from a card in this thread's card arena", () => {
  const card = { boxes: { aces: 3, twos: 6, threes: 9, fours: 12 }, yahtzeeBonuses: 0 };
  const table = solveSubgame('official', card);
  const from = stateFor(table, card);
  const plain = (d: { lo: number; p: Float64Array }) => ({ lo: d.lo, p: Array.from(d.p) });

  it('give the same distribution bit for bit as a pass whose chunks are elsewhere (the arena held by another pass), and give the arena back', () => {
    const inArena = remainingDistribution(table.tables, table.values, from);
    const held = takeCardArena();
    expect(held).toBeDefined();
    let elsewhere;
    try {
      expect(takeCardArena()).toBeUndefined();
      elsewhere = remainingDistribution(table.tables, table.values, from);
    } finally {
      giveBackCardArena();
    }
    expect(plain(elsewhere)).toEqual(plain(inArena));
    expect(Math.abs(1 - inArena.p.reduce((a, b) => a + b, 0))).toBeLessThan(1e-8);
  });

  it('write over the same memory pass after pass (the arena does not grow)', () => {
    remainingDistribution(table.tables, table.values, from);
    const arena = takeCardArena()!;
    const size = arena.buffer.byteLength;
    giveBackCardArena();
    for (let i = 0; i < 3; i++) remainingDistribution(table.tables, table.values, from);
    expect(takeCardArena()!.buffer.byteLength).toBe(size);
    giveBackCardArena();
  });
});

describe("a store's release gives its card arena back once", () => {
  it('a second release of a store does not give back the arena another pass has taken since', () => {
    const arena = takeCardArena();
    expect(arena).toBeDefined();
    const first = new DistributionStore(storeIndex(8, false), undefined, { chunkSize: 16, arena, onRelease: giveBackCardArena });
    first.release();
    const again = takeCardArena();
    expect(again).toBeDefined();
    try {
      first.release();
      expect(takeCardArena()).toBeUndefined();
    } finally {
      giveBackCardArena();
    }
  });
});
