import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MIB = 1024 * 1024;
const child = fileURLToPath(new URL('./youngGenerationChild.ts', import.meta.url));

interface Sizes {
  readonly kept: boolean;
  readonly first: number;
  readonly churned: number;
  readonly afterWorker: number;
  readonly last: number;
  readonly oldPeak: number;
}

function run(mode: 'keep' | 'young' | 'once' | 'default'): Sizes {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, mode], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('keepYoungGenerationSmall', () => {
  // V8 puts the factor back to 2 as the worker's isolate starts; until the worker is online, a scavenge may still
  // double the young generation once (a race with V8's scavenge task), so after the worker it must only grow no more.
  it('keeps the young generation at its first few MiB through garbage that survives, and after a worker has started', () => {
    const r = run('keep');
    expect(r.kept).toBe(true);
    expect(r.churned).toBeLessThanOrEqual(4 * MIB);
    expect(r.afterWorker).toBeLessThanOrEqual(2 * r.churned);
    expect(r.last).toBe(r.afterWorker);
  });

  it('is needed: without it the same garbage grows the young generation', () => {
    const r = run('default');
    expect(r.churned).toBeGreaterThanOrEqual(16 * MIB);
  });

  // 150,000 objects alive and garbage that lives long enough to reach the old generation (measured: 44-49 MiB of old
  // generation at most with the function, 124-125 MiB with only its young generation part).
  it('keeps the old generation near what is alive between its full collections; with the young generation kept small alone, it grows far more', () => {
    const kept = run('keep');
    const young = run('young');
    expect(kept.oldPeak).toBeLessThan(72 * MIB);
    expect(young.oldPeak).toBeGreaterThan(1.5 * kept.oldPeak);
  });

  it('is needed again after a worker starts: the flag set only once lets the young generation grow then', () => {
    const r = run('once');
    expect(r.churned).toBeLessThanOrEqual(4 * MIB);
    expect(r.last).toBeGreaterThan(r.afterWorker);
  });
});
