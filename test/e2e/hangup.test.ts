import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { gameHomes } from './homes.js';
import { withFailingInput } from './failingInput.js';
import { BIN, TerminalSession } from './terminal.js';

const games = gameHomes('hangup');

/** Closes the terminal's other end (node-pty's destroy, not in its typings), as a closed window does. */
function closeOtherEnd(t: TerminalSession): void {
  (t.proc as TerminalSession['proc'] & { destroy(): void }).destroy();
}

async function until(test: () => boolean, what: string, ms = 10000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a terminal that goes away without a SIGHUP (not the controlling terminal)', () => {
  it('the game saves, gives the folder back and ends with the code of a hang-up, without an abort from Node', async () => {
    const dir = games.home();
    const err = join(dir, 'stderr.txt');
    const rc = join(dir, 'rc.txt');
    // setsid puts the game in a session of its own, without a controlling terminal: closing the terminal's other end
    // sends it no SIGHUP, its reads just fail. The shell records how it ended.
    const script = `"${process.execPath}" "${BIN}" --seed 21 --players 1 --no-animation 2>"${err}"; echo $? >"${rc}"`;
    const session = new TerminalSession(['-w', 'sh', '-c', script], { command: 'setsid', env: { YAHTZEE_HOME: dir } });
    onTestFinished(() => session.dispose());
    await session.waitFor('roll 1 of 3');
    // The terminal's other end closes (the window is gone).
    closeOtherEnd(session);
    await until(() => existsSync(rc) && readFileSync(rc, 'utf8').endsWith('\n'), 'the game to end');
    const said = readFileSync(err, 'utf8');
    expect(said).not.toMatch(/Assertion failed|ResetStdio|Native stack/);
    expect(readFileSync(rc, 'utf8').trim(), said).toBe('129');
    expect(existsSync(join(dir, 'game.json'))).toBe(true);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });

  it('a read of stdin that fails with EIO (the terminal still closing) is the same hang-up: saved, exit 129', async () => {
    const dir = games.home();
    const session = withFailingInput(['--seed', '21', '--players', '1', '--no-animation'], { YAHTZEE_HOME: dir });
    onTestFinished(() => session.dispose());
    await session.waitFor('roll 1 of 3');
    session.write('\r');
    const exit = await session.waitForExit();
    expect(exit.exitCode, session.output.slice(-2000)).toBe(129);
    expect(existsSync(join(dir, 'game.json'))).toBe(true);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });

  it('the controlling terminal hung up (SIGHUP, and the terminal gone with it): the same, exit 129 and no abort', async () => {
    const dir = games.home();
    const t = games.start(dir, ['--seed', '21', '--players', '1', '--no-animation']);
    await t.waitFor('roll 1 of 3');
    closeOtherEnd(t);
    const exit = await t.waitForExit();
    expect(exit).toEqual({ exitCode: 129, signal: 0 });
    expect(existsSync(join(dir, 'game.json'))).toBe(true);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });
});
