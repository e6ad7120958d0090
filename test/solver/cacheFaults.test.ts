import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFile, forgetTables, loadOrSolveReport } from '../../src/solver/index.js';
import { readdirSync } from 'node:fs';
import { readCachedTable, removeStaleTableTemps, writeCachedTable } from '../../src/solver/cache.js';
import { stateCount } from '../../src/solver/state.js';
import { ruleTables } from '../../src/solver/ruleTables.js';
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
    expect(removeStaleTableTemps(dir, (pid) => pid === 4242)).toEqual([join(dir, dead)]);
    expect(readdirSync(dir).sort()).toEqual([running]);
    writeFileSync(join(dir, dead), 'x');
    expect(writeCachedTable(ruleTables(RULES), new Float64Array(stateCount(ruleTables(RULES))), file)).toBe(true);
    expect(readdirSync(dir)).not.toContain(dead);
  });
});
