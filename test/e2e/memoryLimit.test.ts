import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile, loadOrSolve } from '../../src/solver/index.js';
import { tempDir } from '../solver/helpers.js';
import { gameHomes } from './homes.js';
import { BIN, TerminalSession } from './terminal.js';

const games = gameHomes('memory');

describe('an address-space limit too small for the layout engine (ulimit -v)', () => {
  it.each([1, 4, 8])('at %i GiB the game says in one line what is missing, exit 1, no trace', async (gib) => {
    const dir = games.home();
    const t = new TerminalSession(['-c', `ulimit -v ${gib * 1024 * 1024} && exec "${process.execPath}" "${BIN}" --seed 1 --players 1`], { command: 'sh', env: { YAHTZEE_HOME: dir } });
    const exit = await t.waitForExit(20000);
    t.dispose();
    // One sentence, wrapped at words to the terminal.
    const lines = t.output.replace(/\r/g, '').replace(/\n$/, '').split('\n');
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
    expect(lines.join(' ')).toMatch(/^yahtzee: the game cannot start: its screen layout \(Yoga, in WebAssembly\) needs about 10 GiB of address space and cannot have it \(is there a limit such as ulimit -v\?\)$/);
    expect(exit.exitCode).toBe(1);
  });
});

// A worker thread whose V8 isolate cannot reserve its address space ends the process with a fatal error JavaScript
// cannot catch (exit 132 or 133): under these limits no worker may be started that cannot have its room.
describe('an address-space limit too small for the solver\'s worker threads (ulimit -v)', () => {
  // The strategy table in a cache of this file's own, copied into each home that should have it cached.
  const env = { XDG_CACHE_HOME: tempDir('e2e-memory') };
  beforeAll(async () => {
    await loadOrSolve('official', { env });
  }, 120_000);
  afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

  function homeWithTable(): string {
    const home = games.home();
    mkdirSync(join(home, 'cache'), { recursive: true });
    copyFileSync(cacheFile('official', env), join(home, 'cache', 'strategy-official.bin'));
    return home;
  }

  /** A command of the built binary under `ulimit -v kib`, in `home`. */
  function command(kib: number, home: string, args: readonly string[]) {
    const line = `ulimit -v ${kib} && exec "${process.execPath}" "${BIN}" ${args.join(' ')}`;
    const r = spawnSync('sh', ['-c', line], { env: { ...process.env, YAHTZEE_HOME: home }, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  const clear = /^yahtzee: the solver could not have the memory it computes in \([^\n]*ulimit -v\?\)\n$/;

  it('at 12 GB the game shows the hint (its table read in the game\'s thread), says the chances are not available, and goes on', async () => {
    const home = homeWithTable();
    const t = new TerminalSession(['-c', `ulimit -v 12000000 && exec "${process.execPath}" "${BIN}" --seed 1 --names ANN,BOB`], { command: 'sh', env: { YAHTZEE_HOME: home } });
    try {
      await t.waitFor('t tip', 20000);
      t.write('t');
      await t.waitFor('yours: ', 30000);
      t.write('w');
      await t.waitFor('chances to win: not available', 30000);
      // The game goes on: a roll lands, and quitting ends it as always.
      t.write(' ');
      await t.waitFor('roll 2 of 3', 10000);
      t.write('q');
      await t.waitFor('y yes, quit', 10000);
      t.write('y');
      const exit = await t.waitForExit(10000);
      expect(exit.exitCode).toBe(0);
    } finally {
      t.dispose();
    }
    expect(t.output).not.toMatch(/Fatal process OOM/);
  }, 90_000);

  it('at 2 GB `solve` says in one line that the solver\'s memory cannot be had, exit 1', () => {
    const r = command(2_000_000, games.home(), ['solve', '--rules', 'spectrum']);
    expect(r.stderr).toMatch(clear);
    expect(r.status).toBe(1);
  }, 120_000);

  it('at 14 GB `solve` has room for one worker thread with its kernel, not two: it solves on one thread', () => {
    const r = command(14_000_000, games.home(), ['solve', '--rules', 'spectrum']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/a fresh game is worth 245\.8708 points[\s\S]*on 1 thread/);
    expect(r.status).toBe(0);
  }, 120_000);

  it('at 2 GB `odds` says in one line that the solver\'s memory cannot be had, exit 1', () => {
    const r = command(2_000_000, homeWithTable(), ['odds', '--players', '2']);
    expect(r.stderr).toMatch(clear);
    expect(r.status).toBe(1);
  }, 120_000);

  it('at 1.5 GB `advise` with its table cached reads it in its main thread and advises', () => {
    const r = command(1_500_000, homeWithTable(), ['advise', '--dice', '6,6,6,6,1', '--rolls-left', '0']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/Sixes/);
    expect(r.status).toBe(0);
  }, 120_000);
});
