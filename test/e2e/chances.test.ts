import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile, loadOrSolve } from '../../src/solver/index.js';
import { KEYS } from '../support/keys.js';
import { BIN, TerminalSession } from './terminal.js';
import { waitFor } from '../support/wait.js';
import { commandLine, runningWith, startedBy } from '../support/processes.js';
import { WAIT_MS, closeSession, freshHome } from './play.js';
import { tempDir } from '../solver/helpers.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

// The strategy table in a cache of this file's own (the run's shared cache stays empty for the tests that want it
// so), copied into each game's own home: the chances of a late turn need only it, so the game answers in a moment.
const env = { XDG_CACHE_HOME: tempDir('e2e-chances') };
beforeAll(async () => {
  await loadOrSolve('official', { env });
}, 120_000);
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

function startWithTable(args: readonly string[], home = freshHome(), command?: string): TerminalSession {
  mkdirSync(join(home, 'cache'), { recursive: true });
  copyFileSync(cacheFile('official', env), join(home, 'cache', 'strategy-official.bin'));
  return new TerminalSession(args, { env: { YAHTZEE_HOME: home }, command });
}

/** Scores the box under the cursor (MSX: i, then ENTER) for `turns` turns in a row, each once the turn has moved on. */
async function scoreTurns(t: TerminalSession, turns: number, seats: number): Promise<string> {
  let screen = await t.screen();
  for (let n = 0; n < turns; n++) {
    const next = `PLAYER ${((n + 1) % seats) + 1}'s turn`;
    t.write('i');
    await t.waitFor('→/ENTER score', WAIT_MS);
    t.write(KEYS.enter);
    screen = await t.waitFor(next, WAIT_MS);
  }
  return screen;
}

describe('the chances to win in the real binary at 80x24', () => {
  it('MSX: w shows each seat its chance to win, worked out in a process of its own while the game goes on', async () => {
    const t = (session = startWithTable(['--seed', '5', '--players', '2', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    // Four turns each: every card is late enough to need only the strategy table.
    await scoreTurns(t, 8, 2);
    t.write('w');
    const screen = await t.waitFor(/chances to win[\s\S]*PLAYER 1\s+\d+\.\d%[\s\S]*PLAYER 2\s+\d+\.\d%/, WAIT_MS);
    expect(screen).toMatch(/top score shared\s+\d+\.\d%/);
    expect(screen).toMatch(/w chances/);
    // The next turn: the chances are worked out again for it.
    t.write('i');
    await t.waitFor('→/ENTER score', WAIT_MS);
    t.write(KEYS.enter);
    await t.waitFor(/PLAYER 2's turn[\s\S]*chances to win[\s\S]*PLAYER 1\s+\d+\.\d%/, WAIT_MS);
    // w again: the lines go.
    t.write('w');
    await t.waitUntil((s) => !s.includes('chances to win'), 'the chances gone', WAIT_MS);
  }, 120_000);

  it('MSX: after the chances followed a roll, quitting ends the program at once (the idle process keeps nothing open)', async () => {
    const t = (session = startWithTable(['--seed', '5', '--players', '2', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    await scoreTurns(t, 8, 2);
    t.write('w');
    await t.waitFor(/chances to win[\s\S]*PLAYER 1\s+\d+\.\d%/, WAIT_MS);
    // A roll: the chances' process is kept for the turn's next roll once it has answered.
    t.write(' ');
    await t.waitFor(/roll 2 of 3[\s\S]*chances to win[\s\S]*PLAYER 1\s+\d+\.\d%/, WAIT_MS);
    t.write('q');
    await t.waitFor('Quit the game?', WAIT_MS);
    t.write('y');
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(0);
  }, 120_000);

  it('MSX: quitting while the distribution table is still being made ends the program at once, and its processes too', async () => {
    const home = freshHome();
    const t = (session = startWithTable(['--seed', '5', '--players', '2', '--no-animation'], home));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('w');
    await t.waitFor(/distribution table first, \d+% done/, WAIT_MS);
    t.write('q');
    await t.waitFor('Quit the game?', WAIT_MS);
    t.write('y');
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(0);
    // The chances' process and the one it started to make the table end with the game: none is left running with
    // this home's cache file on its command line, and the table was not waited for (none was written).
    await waitFor(() => !runningWith(home), { what: 'the processes started by the game to end', timeout: 10_000 });
    expect(existsSync(join(home, 'cache', 'distribution-official.bin'))).toBe(false);
  }, 120_000);

  it('MSX: the game killed (kill -9) from outside while its terminal stays open: the processes it started end too', async () => {
    const home = freshHome();
    // A shell holds the terminal, as a player's does, so that no hangup reaches the game's processes when it goes.
    const line = `"${process.execPath}" "${BIN}" --seed 5 --players 2 --no-animation; sleep 60`;
    const t = (session = startWithTable(['-c', line], home, 'sh'));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('w');
    await t.waitFor(/distribution table first, \d+% done/, WAIT_MS);
    const game = startedBy(t.proc.pid).find((pid) => commandLine(pid).includes(BIN));
    expect(game).toBeDefined();
    const others = startedBy(game!);
    // The chances' process, and the one it started to make the distribution table.
    expect(others.length).toBeGreaterThanOrEqual(2);
    process.kill(game!, 'SIGKILL');
    await waitFor(() => others.every((pid) => commandLine(pid) === ''), { what: "the game's processes to end", timeout: 10_000 });
    expect(existsSync(join(home, 'cache', 'distribution-official.bin'))).toBe(false);
  }, 120_000);

  it('Spectrum, a one-player game: W says the chances are for 2 to 4 players', async () => {
    const t = (session = startWithTable(['--layout', 'spectrum', '--names', 'ANN', '--no-animation']));
    await t.waitFor('Type of competition?', WAIT_MS);
    t.write('u');
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('W');
    const screen = await t.waitFor('The chances to win are for games of 2 to 4 players', WAIT_MS);
    expect(screen).not.toMatch(/chances to win:/);
  }, 60_000);
});
