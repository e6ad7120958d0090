import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFile, forgetTables, loadOrSolveReport } from '../../src/solver/index.js';
import { readdirSync } from 'node:fs';
import { readCachedTable, writeCachedTable } from '../../src/solver/strategy/cache.js';
import { removeStaleTemps } from '../../src/solver/strategy/cacheFiles.js';
import { decodeDistributions, distributionFile, encodeDistributions, readDistributions, writeDistributions, type DistributionTable } from '../../src/solver/distribution/distributionTable.js';
import { stateCount } from '../../src/solver/strategy/state.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { tempDir } from './helpers.js';

// The Brazilian table is the small one (8,192 states): quick to recompute.
const RULES = 'brazilian';
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A cache folder of its own, with the table's file path in it (the folder made). */
function cacheAt(): { env: NodeJS.ProcessEnv; file: string } {
  const root = tempDir('faults');
  roots.push(root);
  const env = { XDG_CACHE_HOME: root };
  const file = cacheFile(RULES, env);
  mkdirSync(join(root, 'yahtzee'), { recursive: true });
  return { env, file };
}

describe('a cache table that is not a regular file of the right size is never read', () => {
  it.each<[string, (file: string) => void]>([
    ['a FIFO (opening it used to wait for a writer forever)', (file) => execFileSync('mkfifo', [file])],
    ['a link to /dev/zero (reading it used to take all the memory)', (file) => symlinkSync('/dev/zero', file)],
    ['a 2 GB file (sparse: refused by its size, not read)', (file) => (writeFileSync(file, ''), truncateSync(file, 2 ** 31))],
    ['a file one byte short of a table', (file) => (writeFileSync(file, ''), truncateSync(file, stateCount(ruleTables(RULES)) * 8))],
  ])('%s: the table is refused as corrupt', (_name, make) => {
    const { file } = cacheAt();
    make(file);
    expect(readCachedTable(ruleTables(RULES), file)).toBe('corrupt');
  });

  it('with a FIFO as the table, loading computes the table and replaces the FIFO with a good cache file', async () => {
    const { env, file } = cacheAt();
    execFileSync('mkfifo', [file]);
    forgetTables();
    const report = await loadOrSolveReport(RULES, { env, threads: 1 });
    expect([report.source, report.reason, report.saved]).toEqual(['computed', 'corrupt', true]);
    expect(readCachedTable(ruleTables(RULES), file)).toBeInstanceOf(Float64Array);
  });
});

describe('a cache folder that cannot be made (a file stands in the path): the table is still used from memory', () => {
  it('writeCachedTable says false instead of throwing ENOTDIR', () => {
    const root = tempDir('enotdir');
    roots.push(root);
    writeFileSync(join(root, 'home'), 'a file, not a folder');
    const file = cacheFile(RULES, { YAHTZEE_HOME: join(root, 'home') });
    expect(writeCachedTable(ruleTables(RULES), new Float64Array(stateCount(ruleTables(RULES))), file)).toBe(false);
  });

  it('loadOrSolve computes the table and reports it was not saved', async () => {
    const root = tempDir('enotdir');
    roots.push(root);
    writeFileSync(join(root, 'home'), 'a file, not a folder');
    forgetTables();
    const report = await loadOrSolveReport(RULES, { env: { YAHTZEE_HOME: join(root, 'home') }, threads: 1 });
    expect([report.source, report.saved]).toEqual(['computed', false]);
  });
});

describe('temporary table files of killed processes', () => {
  it('are removed when the next table is written; those of running processes stay', () => {
    const { file } = cacheAt();
    const dir = join(file, '..');
    const dead = 'strategy-official.bin.999999.1764580000000.tmp';
    const running = 'strategy-official.bin.4242.1764580000000.tmp';
    for (const n of [dead, running]) writeFileSync(join(dir, n), 'x'.repeat(1000));
    expect(removeStaleTemps(dir, (pid) => pid === 4242)).toEqual([join(dir, dead)]);
    expect(readdirSync(dir).sort()).toEqual([running]);
    writeFileSync(join(dir, dead), 'x');
    expect(writeCachedTable(ruleTables(RULES), new Float64Array(stateCount(ruleTables(RULES))), file)).toBe(true);
    expect(readdirSync(dir)).not.toContain(dead);
  });
});

describe('the distribution table\'s cache file goes through the same reads and writes as the strategy table\'s', () => {
  const t = ruleTables(RULES);
  const table: DistributionTable = { rules: RULES, fresh: { lo: 100, p: Float64Array.of(0.25, 0.75) }, kept: new Map([[7, { lo: 3, offset: 0, len: 2 }]]), data: Float32Array.of(0.5, 0.5) };

  it.each<[string, (file: string) => void]>([
    ['a FIFO', (file) => execFileSync('mkfifo', [file])],
    ['a link to /dev/zero', (file) => symlinkSync('/dev/zero', file)],
    ['a 2 GB file (sparse)', (file) => (writeFileSync(file, ''), truncateSync(file, 2 ** 31))],
  ])('%s as the distribution file is refused without being read', (_name, make) => {
    const { env } = cacheAt();
    const file = distributionFile(RULES, env);
    make(file);
    expect(readDistributions(t, file)).toBeNull();
  });

  it('is written whole and read back, and the temporary files of killed writers (both kinds) are removed first', () => {
    const { env } = cacheAt();
    const file = distributionFile(RULES, env);
    const dir = join(file, '..');
    const dead = ['distribution-official.bin.999999.1764580000000.tmp', 'strategy-official.bin.999998.1764580000000.tmp'];
    const running = `distribution-official.bin.${process.ppid}.1764580000000.tmp`;
    for (const n of [...dead, running]) writeFileSync(join(dir, n), 'x');
    expect(writeDistributions(t, table, file)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([running, 'distribution-brazilian.bin'].sort());
    const back = readDistributions(t, file)!;
    expect([back.fresh.lo, [...back.fresh.p], [...back.kept], [...back.data]]).toEqual([100, [0.25, 0.75], [[7, { lo: 3, offset: 0, len: 2 }]], [0.5, 0.5]]);
  });

  it('is decoded in place from the bytes read (no second copy of the chances), or from a copy when they are not aligned', () => {
    const bytes = encodeDistributions(t, table);
    const whole = new Uint8Array(new ArrayBuffer(bytes.length));
    whole.set(bytes);
    const inPlace = decodeDistributions(t, whole)!;
    expect(inPlace.data.buffer).toBe(whole.buffer);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const copied = decodeDistributions(t, shifted.subarray(1))!;
    expect(copied.data.buffer).not.toBe(shifted.buffer);
    for (const d of [inPlace, copied]) expect([d.fresh.lo, [...d.fresh.p], [...d.data]]).toEqual([100, [0.25, 0.75], [0.5, 0.5]]);
  });

  it('says false instead of throwing when its folder cannot be made', () => {
    const root = tempDir('enotdir');
    roots.push(root);
    writeFileSync(join(root, 'home'), 'a file, not a folder');
    expect(writeDistributions(t, table, distributionFile(RULES, { YAHTZEE_HOME: join(root, 'home') }))).toBe(false);
  });
});
