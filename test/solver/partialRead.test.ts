import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeDistributions, encodeDistributions, keptDistribution, type DistributionTable } from '../../src/solver/distribution/distributionTable.js';
import { readSomeDistributions } from '../../src/solver/distribution/partialRead.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { tempDir } from './helpers.js';

const t = ruleTables('official');
const dir = tempDir('odds-cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A made-up table whose data crosses the reader's 1 MiB chunks: one long distribution between short ones.
const long = Float32Array.from({ length: 400_000 }, (_, i) => ((i * 7919) % 1000) / 1e6);
const parts: [number, number, Float32Array][] = [
  [5, 10, Float32Array.of(0.5, 0.5)],
  [700, 0, long],
  [123456, 2, Float32Array.of(0.1, 0.2, 0.7)],
  [200000, 40, Float32Array.of(1)],
];
const kept = new Map<number, { lo: number; offset: number; len: number }>();
let at = 0;
for (const [state, lo, p] of parts) {
  kept.set(state, { lo, offset: at, len: p.length });
  at += p.length;
}
const data = new Float32Array(at);
at = 0;
for (const [, , p] of parts) {
  data.set(p, at);
  at += p.length;
}
const table: DistributionTable = { rules: 'official', fresh: { lo: 3, p: Float64Array.of(0.25, 0.5, 0.25) }, kept, data };
const bytes = encodeDistributions(t, table);
const file = join(dir, 'distribution-official.bin');
writeFileSync(file, bytes);
const whole = decodeDistributions(t, bytes)!;

/** Where two distributions first differ (-1 when they are the same): a short failure for a long distribution. */
function firstDifference(a: { lo: number; p: Float64Array }, b: { lo: number; p: Float64Array }): number {
  if (a.lo !== b.lo || a.p.length !== b.p.length) return 0;
  return a.p.findIndex((x, i) => x !== b.p[i]);
}

describe('reading only the distributions a turn needs from the cache file', () => {
  it.each([
    ['short ones on either side of a long one', [5, 123456]],
    ['the long one across the chunks, and the last', [700, 200000]],
    ['all of them', [5, 700, 123456, 200000]],
  ])('gives what reading the whole file gives: %s', (_what, states) => {
    const some = readSomeDistributions(t, file, new Set([...states, 999]))!;
    expect(some.fresh).toEqual(whole.fresh);
    expect([...some.kept.keys()].sort((a, b) => a - b)).toEqual(states);
    for (const s of states) expect(firstDifference(keptDistribution(some, s)!, keptDistribution(whole, s)!), `state ${s}`).toBe(-1);
    expect(some.data.length).toBe(states.reduce((n, s) => n + whole.kept.get(s)!.len, 0));
  });

  it('a state the file does not hold is left out', () => {
    expect(readSomeDistributions(t, file, new Set([999]))!.kept.size).toBe(0);
  });

  it.each([
    ['a damaged byte in the data', () => {
      const b = Buffer.from(bytes);
      b[b.length - 10] ^= 0xff;
      return b;
    }],
    ['a file cut short', () => bytes.subarray(0, bytes.length - 4)],
    ['another rule set', () => encodeDistributions(ruleTables('brazilian'), { ...table, rules: 'brazilian' })],
    ['not a distribution file', () => Buffer.from('hello\n')],
  ])('is null for %s (the whole-file reader and the solver then take over)', (_what, make) => {
    const bad = join(dir, 'bad.bin');
    writeFileSync(bad, make());
    expect(readSomeDistributions(t, bad, new Set([5]))).toBeNull();
  });

  it('is null for a missing file', () => {
    expect(readSomeDistributions(t, join(dir, 'none.bin'), new Set([5]))).toBeNull();
    expect(readFileSync(file).length).toBe(bytes.length);
  });
});
