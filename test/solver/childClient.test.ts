import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, RuleSetId } from '../../src/engine/index.js';
import { distributionsInChild, startSolverChild, strategyInChild, type StartChild } from '../../src/solver/workers/childClient.js';
import { distributionFile, encodeDistributions, finalDistribution, solveDistributionsHere, type DistributionTable } from '../../src/solver/distribution/distributionTable.js';
import { cacheFile, forgetTables, loadOrSolve, loadOrSolveReport, winChances, type StrategyTable } from '../../src/solver/index.js';
import { encodeTable } from '../../src/solver/strategy/cache.js';
import { ChancesClient } from '../../src/solver/chances/client.js';
import { makeDistributions } from '../../src/solver/chances/work.js';
import { stateIndex } from '../../src/solver/strategy/state.js';
import { stateFor } from '../../src/solver/strategy/table.js';
import { tempDir } from './helpers.js';

// The Brazilian rules: a whole distribution pass of a second or two. This file's own home folder (its cache in it),
// for this process and the child processes it starts, the chances' process among them (each copies this process's
// environment when it starts): the run's shared cache must not get the tables made here (other files expect it empty).
const RULES: RuleSetId = 'brazilian';
const home = tempDir('solver-process');
process.env.YAHTZEE_HOME = home;
afterAll(() => rmSync(home, { recursive: true, force: true }));

const IPC: SpawnOptions = { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] };
const FRESH: Card = { boxes: {}, yahtzeeBonuses: 0 };

let table: StrategyTable;
let here: DistributionTable;
let bytes: Buffer;
beforeAll(async () => {
  table = await loadOrSolve(RULES);
  here = solveDistributionsHere(table.tables, table.values);
  bytes = encodeDistributions(table.tables, here);
}, 60_000);

/** A fresh file path in a folder of its own. */
function freshFile(): string {
  return join(tempDir('distribution-child'), 'distribution.bin');
}

describe('the distribution table made in a child process', () => {
  it('writes the cache file, byte for byte what the pass in this thread gives, and reports its progress to the end', async () => {
    const file = freshFile();
    const progress: [number, number][] = [];
    const made = await distributionsInChild(RULES, file, (done, total) => progress.push([done, total]));
    expect(made).toEqual({ kind: 'saved', peakBytes: expect.any(Number) });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    const [done, total] = progress.at(-1)!;
    expect([done, total > 0]).toEqual([total, true]);
  }, 60_000);

  it('where the cache file cannot be written, the table comes back as its bytes', async () => {
    const blocked = tempDir('distribution-blocked');
    // A file where the folder should be: nothing can be written under it.
    writeFileSync(join(blocked, 'not-a-folder'), '');
    const made = await distributionsInChild(RULES, join(blocked, 'not-a-folder', 'distribution.bin'), () => {});
    expect(made.kind).toBe('table');
    expect(made.kind === 'table' && Buffer.from(made.bytes).equals(bytes)).toBe(true);
  }, 60_000);

  it.each<[string, StartChild, RegExp]>([
    ['killed by a signal (the out-of-memory killer, say)', () => spawn(process.execPath, ['-e', 'process.kill(process.pid, "SIGKILL")'], IPC), /SIGKILL/],
    ['that exits without a word', () => spawn(process.execPath, ['-e', 'process.exit(3)'], IPC), /exit code 3/],
    ['that fails (rules it does not know)', (args) => startSolverChild([args[0], 'no-such-rules', ...args.slice(2)]), /the distribution table could not be made: unknown rule set "no-such-rules"/],
  ])('a child %s is an error, never a table', async (_what, start, error) => {
    await expect(distributionsInChild(RULES, freshFile(), () => {}, start)).rejects.toThrow(error);
  }, 60_000);

  it.each<[string, StartChild]>([
    ['starting it throws', () => {
      throw new Error('spawn EAGAIN');
    }],
    ['its program is not there', () => spawn('/nonexistent/node', [], IPC) as ChildProcess],
  ])('no child at all (%s): said as not started, so that the caller can make the table itself', async (_what, start) => {
    expect(await distributionsInChild(RULES, freshFile(), () => {}, start)).toEqual({ kind: 'not-started', error: expect.any(String) });
  });

  it('does not outlive the process that started it (killed with SIGKILL at the first progress)', async () => {
    const script = fileURLToPath(new URL('./solverOwnerChild.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, freshFile()], { encoding: 'utf8', timeout: 60_000 });
    expect(r.signal).toBe('SIGKILL');
    const pid = Number(r.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    // Gone (or a zombie waiting for init to reap it) within 3 s, while its pass had seconds of work left.
    const alive = () => {
      try {
        return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
      } catch {
        return false;
      }
    };
    const until = Date.now() + 3000;
    while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(alive()).toBe(false);
  }, 60_000);
});

describe('the strategy table solved in a child process (the game\'s: LoadOptions.apart)', () => {
  /** A cache folder of its own (its environment, the table's file), with no table in it. */
  function emptyCache(): { env: NodeJS.ProcessEnv; file: string } {
    const env = { XDG_CACHE_HOME: tempDir('strategy-child') };
    return { env, file: cacheFile(RULES, env) };
  }

  it('writes the cache file, byte for byte the table solved here, and reports its progress to the end', async () => {
    const { env, file } = emptyCache();
    const progress: [number, number][] = [];
    const made = await strategyInChild(RULES, 2, (done, total) => progress.push([done, total]), (args) => startSolverChild(args, env));
    expect(made).toEqual({ kind: 'saved', peakBytes: expect.any(Number) });
    expect(readFileSync(file).equals(encodeTable(table.tables, table.values))).toBe(true);
    const [done, total] = progress.at(-1)!;
    expect([done, total > 0]).toEqual([total, true]);
  }, 60_000);

  it('where the cache file cannot be written, the values and the rule tables come back', async () => {
    const blocked = tempDir('strategy-blocked');
    writeFileSync(join(blocked, 'not-a-folder'), '');
    const made = await strategyInChild(RULES, 2, () => {}, (args) => startSolverChild(args, { YAHTZEE_HOME: join(blocked, 'not-a-folder') }));
    expect(made.kind).toBe('values');
    expect(made.kind === 'values' && [made.values, made.tables.rules]).toEqual([table.values, RULES]);
  }, 60_000);

  it.each<[string, (env: NodeJS.ProcessEnv) => StartChild]>([
    ['solved in the child, read here from the file it wrote', (env) => (args) => startSolverChild(args, env)],
    ['solved here when no child process can be started', () => () => {
      throw new Error('spawn EAGAIN');
    }],
    ['solved here when the child dies', () => () => spawn(process.execPath, ['-e', 'process.kill(process.pid, "SIGKILL")'], IPC)],
  ])('loadOrSolveReport with no cache file: %s; the same table, cached', async (_what, starter) => {
    const { env, file } = emptyCache();
    forgetTables();
    const progress: number[] = [];
    let started = 0;
    const start: StartChild = (args) => (started++, starter(env)(args));
    const report = await loadOrSolveReport(RULES, { env, threads: 2, onProgress: (done) => progress.push(done), apart: { start } });
    expect(started).toBe(1);
    expect([report.source, report.saved, report.reason]).toEqual(['computed', true, 'missing']);
    expect(report.table.values).toEqual(table.values);
    expect(report.table.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(readFileSync(file).equals(encodeTable(table.tables, table.values))).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    forgetTables();
  }, 60_000);

  it('loadOrSolveReport where the cache cannot be written: the table the child sent, in shared memory, said not cached', async () => {
    const blocked = tempDir('strategy-blocked');
    writeFileSync(join(blocked, 'not-a-folder'), '');
    forgetTables();
    const report = await loadOrSolveReport(RULES, { env: { YAHTZEE_HOME: join(blocked, 'not-a-folder') }, threads: 2, apart: {} });
    expect([report.source, report.saved]).toEqual(['computed', false]);
    expect(report.table.values).toEqual(table.values);
    expect(report.table.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    forgetTables();
  }, 60_000);
});

describe("the chances' process's distribution table (made once per machine)", () => {
  const wanted = () => new Set([stateIndex(table.tables, stateFor(table, FRESH))]);

  it.each<[string, StartChild | undefined]>([
    ['made in a child process, then read from the cache file it wrote', undefined],
    ['made in this thread when no child process can be started', () => {
      throw new Error('spawn EAGAIN');
    }],
  ])('%s: the same fresh distribution, and the file cached', async (_what, start) => {
    const file = distributionFile(RULES);
    rmSync(file, { force: true });
    const progress: number[] = [];
    const made = await makeDistributions(table, wanted(), (done) => progress.push(done), start);
    expect(made.fresh).toEqual(here.fresh);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
  }, 60_000);

  it('a child that dies is an error: the pass is not tried again in the game', async () => {
    rmSync(distributionFile(RULES), { force: true });
    const start: StartChild = () => spawn(process.execPath, ['-e', 'process.kill(process.pid, "SIGKILL")'], IPC);
    await expect(makeDistributions(table, wanted(), () => {}, start)).rejects.toThrow(/SIGKILL/);
    expect(existsSync(distributionFile(RULES))).toBe(false);
  }, 60_000);

  it('the chances of a fresh two-seat game with no table cached: exact, the table made on the way and cached', async () => {
    rmSync(distributionFile(RULES), { force: true });
    const thread = new ChancesClient();
    try {
      const stages = new Set<string>();
      const answer = await thread.ask(RULES, [FRESH, FRESH], (stage) => stages.add(stage));
      const exact = winChances([FRESH, FRESH].map((c) => finalDistribution(table, here, c)));
      expect(answer).toEqual({ kind: 'answer', win: exact.win, tie: exact.tie });
      expect([...stages]).toEqual(['distribution']);
      expect(readFileSync(distributionFile(RULES)).equals(bytes)).toBe(true);
    } finally {
      await thread.close();
    }
  }, 60_000);
});
