import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleSetId } from '../../src/engine/index.js';
import { makeDistributions } from '../../src/solver/chances/work.js';
import { distributionFile, encodeDistributions, solveDistributionsHere, type DistributionTable } from '../../src/solver/distribution/distributionTable.js';
import { tableLockFile } from '../../src/solver/workers/tableLock.js';
import { cacheFile, loadOrSolve, type StrategyTable } from '../../src/solver/index.js';
import { encodeTable } from '../../src/solver/strategy/cache.js';
import { stateIndex } from '../../src/solver/strategy/state.js';
import { stateFor } from '../../src/solver/strategy/table.js';
import { tempDir } from './helpers.js';

// Copies of the game sharing one cache folder, each a process of its own (tableLockCopy.ts), all asking for a table
// that is not cached: one child process makes it, the others wait and read its file. The Brazilian rules: a
// distribution pass of a second or two. This file's own home folder, so that the run's shared cache gets nothing.
const RULES: RuleSetId = 'brazilian';
const home = tempDir('table-lock');
process.env.YAHTZEE_HOME = home;
afterAll(() => rmSync(home, { recursive: true, force: true }));

const COPY = fileURLToPath(new URL('./tableLockCopy.ts', import.meta.url));

let table: StrategyTable;
let here: DistributionTable;
beforeAll(async () => {
  table = await loadOrSolve(RULES);
  here = solveDistributionsHere(table.tables, table.values);
}, 60_000);

const sha = (a: ArrayBufferView) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');

/** A copy of the game on the cache folder of `yahtzeeHome`, its lines as they come, and its end. */
function copy(yahtzeeHome: string, args: readonly string[]): { child: ChildProcess; lines: string[]; line: (text: string) => Promise<void>; ended: Promise<string[]> } {
  const child = spawn(process.execPath, ['--import', 'tsx', COPY, ...args], { env: { ...process.env, YAHTZEE_HOME: yahtzeeHome }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const listeners: (() => void)[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
    for (const l of listeners) l();
  });
  const ended = new Promise<string[]>((resolve) => child.once('close', () => resolve(lines)));
  const line = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => lines.includes(text) && resolve();
      listeners.push(look);
      look();
      void ended.then(() => (lines.includes(text) ? resolve() : reject(new Error(`the copy ended without saying "${text}": ${lines.join(' / ')}`))));
    });
  return { child, lines, line, ended };
}

/** A home folder whose cache has the strategy table but no distribution table, and a marker file for the children started. */
function homeWithStrategy(): { yahtzeeHome: string; marker: string } {
  const yahtzeeHome = tempDir('table-lock-home');
  const env = { YAHTZEE_HOME: yahtzeeHome };
  mkdirSync(join(yahtzeeHome, 'cache'), { recursive: true });
  copyFileSync(cacheFile(RULES), cacheFile(RULES, env));
  return { yahtzeeHome, marker: join(yahtzeeHome, 'children') };
}

/** Starts `count` copies on one cache, and lets them ask at once when all are ready. */
async function together(yahtzeeHome: string, marker: string, args: readonly string[], count: number): Promise<string[][]> {
  const copies = Array.from({ length: count }, () => copy(yahtzeeHome, args));
  await Promise.all(copies.map((c) => c.line('ready')));
  writeFileSync(`${marker}.go`, '');
  return Promise.all(copies.map((c) => c.ended));
}

/** Starts one copy that asks at once. */
function alone(yahtzeeHome: string, marker: string, args: readonly string[]): ReturnType<typeof copy> {
  writeFileSync(`${marker}.go`, '');
  return copy(yahtzeeHome, args);
}

const started = (marker: string) => (existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n') : []);

describe('one table per cache: copies sharing a cache folder make a missing table once', () => {
  it('four copies asking for the distribution table at once: one child process, every copy the same table, the file cached', async () => {
    const { yahtzeeHome, marker } = homeWithStrategy();
    const outs = await together(yahtzeeHome, marker, ['distribution', marker], 4);
    expect(outs.map((o) => o.at(-1))).toEqual(Array(4).fill(`done ${sha(here.fresh.p)}`));
    expect(started(marker)).toHaveLength(1);
    expect(readFileSync(distributionFile(RULES, { YAHTZEE_HOME: yahtzeeHome })).equals(encodeDistributions(table.tables, here))).toBe(true);
    expect(existsSync(tableLockFile(distributionFile(RULES, { YAHTZEE_HOME: yahtzeeHome })))).toBe(false);
  }, 120_000);

  it('two copies asking for the strategy table (the game: in a child process): one child, the same table', async () => {
    const yahtzeeHome = tempDir('table-lock-home');
    const marker = join(yahtzeeHome, 'children');
    const outs = await together(yahtzeeHome, marker, ['strategy', marker], 2);
    expect(outs.map((o) => o.at(-1))).toEqual(Array(2).fill(`done ${sha(table.values)}`));
    expect(started(marker)).toHaveLength(1);
    expect(readFileSync(cacheFile(RULES, { YAHTZEE_HOME: yahtzeeHome })).equals(encodeTable(table.tables, table.values))).toBe(true);
  }, 120_000);

  it('the copy making it killed with SIGKILL while a second waits: the second takes over and makes it', async () => {
    const { yahtzeeHome, marker } = homeWithStrategy();
    // The first copy's child makes nothing, so that the first is still making the table when it is killed.
    const first = alone(yahtzeeHome, marker, ['distribution', marker, join(yahtzeeHome, 'never')]);
    while (started(marker).length === 0) await new Promise((r) => setTimeout(r, 20));
    const second = alone(yahtzeeHome, join(yahtzeeHome, 'children-2'), ['distribution', join(yahtzeeHome, 'children-2')]);
    await second.line('waiting');
    first.child.kill('SIGKILL');
    expect((await second.ended).at(-1)).toBe(`done ${sha(here.fresh.p)}`);
    expect(started(join(yahtzeeHome, 'children-2'))).toHaveLength(1);
    expect(readFileSync(distributionFile(RULES, { YAHTZEE_HOME: yahtzeeHome })).equals(encodeDistributions(table.tables, here))).toBe(true);
  }, 120_000);

  it('the copy making it lets go without a file (its child ended with none): the waiting copy makes it, no wait for ever', async () => {
    const { yahtzeeHome, marker } = homeWithStrategy();
    const go = join(yahtzeeHome, 'go');
    const first = alone(yahtzeeHome, marker, ['distribution', marker, go]);
    while (started(marker).length === 0) await new Promise((r) => setTimeout(r, 20));
    const second = alone(yahtzeeHome, join(yahtzeeHome, 'children-2'), ['distribution', join(yahtzeeHome, 'children-2')]);
    await second.line('waiting');
    writeFileSync(go, '');
    expect((await first.ended).at(-1)).toMatch(/^failed .*exit code 3/);
    expect((await second.ended).at(-1)).toBe(`done ${sha(here.fresh.p)}`);
    expect(started(join(yahtzeeHome, 'children-2'))).toHaveLength(1);
  }, 120_000);

  it('a lock file left by a process that is gone: no wait, the table made and the lock let go', async () => {
    const file = distributionFile(RULES);
    rmSync(file, { force: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const since = new Date().toISOString();
    writeFileSync(tableLockFile(file), JSON.stringify({ pid: gone, host: os.hostname(), boot: null, pids: readlinkSync('/proc/self/ns/pid'), started: null, since, token: 'dead' }));
    const waits: string[] = [];
    const made = await makeDistributions(table, new Set([stateIndex(table.tables, stateFor(table, { boxes: {}, yahtzeeBonuses: 0 }))]), () => {}, undefined, (words) => waits.push(words));
    expect(made.fresh).toEqual(here.fresh);
    expect(waits).toEqual([]);
    expect(existsSync(tableLockFile(file))).toBe(false);
  }, 60_000);
});
