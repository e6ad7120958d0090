import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from './terminal.js';
import { waitFor } from '../support/wait.js';

const GAME = ['--seed', '21', '--players', '1', '--no-animation'];
const games = gameHomes('lock');
const home = games.home;
const start = (dir: string, args: readonly string[] = GAME) => games.start(dir, args);

/** Waits until the save in `dir` holds the first card's `box` (the game saves each score; a save replaces the file whole). */
const untilSaved = (dir: string, box: string) =>
  waitFor(() => existsSync(join(dir, 'game.json')) && box in JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).state.cards[0].boxes, { what: `a save with ${box}` });

/** Scores the first open box with the MSX keys and waits for it. */
async function scoreFirst(t: TerminalSession, box: string): Promise<void> {
  t.write('i');
  t.write(KEYS.right);
  await t.waitFor(new RegExp(`scored \\d+ in ${box}`));
}

describe('one game per state folder', () => {
  it.each(['--new', '--resume', 'no flag'])('a second copy (%s) says a game is open in another terminal, exits 1 and changes nothing; the first plays on and saves', async (flag) => {
    const dir = home();
    const first = start(dir);
    await first.waitFor('roll 1 of 3');
    await scoreFirst(first, 'Aces');
    await untilSaved(dir, 'aces');
    const saved = readFileSync(join(dir, 'game.json'), 'utf8');
    const second = start(dir, [...(flag.startsWith('--') ? [flag] : []), '--players', '1', '--no-animation']);
    expect((await second.waitForExit()).exitCode).toBe(1);
    // Wrapped at words to the terminal: no line written is wider than it.
    expect(second.output.split(/\r?\n/).filter((l) => l.length > 80)).toEqual([]);
    const said = second.output.replace(/\r?\n/g, ' ');
    expect(said).toMatch(/yahtzee: a game is open in another terminal \(process \d+\), using .*Nothing was changed: that game goes on there/);
    expect(said).not.toContain('\u001b[?1049h');
    expect(readFileSync(join(dir, 'game.json'), 'utf8')).toBe(saved);
    expect(existsSync(join(dir, 'game.previous.json'))).toBe(false);
    await scoreFirst(first, 'Twos');
    first.write(KEYS.ctrlC);
    expect((await first.waitForExit()).exitCode).toBe(130);
    const save = JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8'));
    expect(Object.keys(save.state.cards[0].boxes)).toEqual(['aces', 'twos']);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });

  it('after a kill -9 the lock is stale: the next start plays, resumes the game and removes the dead process\'s temporary files', async () => {
    const dir = home();
    const first = start(dir);
    await first.waitFor('roll 1 of 3');
    await scoreFirst(first, 'Aces');
    await untilSaved(dir, 'aces');
    first.proc.kill('SIGKILL');
    await first.waitForExit();
    expect(existsSync(join(dir, 'game.lock'))).toBe(true);
    const temp = join(dir, `.game.json.${first.proc.pid}.k9k9k9.tmp`);
    writeFileSync(temp, '{"half":');
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(existsSync(temp)).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'game.lock'), 'utf8')).pid).toBe(again.proc.pid);
  });
});

describe('a lock must not outlive its game (issue 25, item 3)', () => {
  it('a lock naming only pid 1 (as a killed game leaves when a container restarts with the same pids) does not keep the next game out', async () => {
    const dir = home();
    const boot = existsSync('/proc/sys/kernel/random/boot_id') ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null;
    writeFileSync(join(dir, 'game.lock'), JSON.stringify({ pid: 1, host: hostname(), boot, since: new Date().toISOString() }));
    const game = start(dir);
    await game.waitFor('roll 1 of 3');
    expect(JSON.parse(readFileSync(join(dir, 'game.lock'), 'utf8')).pid).toBe(game.proc.pid);
  });

  it('the lock of a live game on another machine: the refusal names the file to remove, and its host name reaches the terminal only printable', async () => {
    const dir = home();
    const lock = { pid: 4242, host: 'far\u001b]0;PWNED\u0007\u001b[31m', boot: 'b', pids: null, started: null, since: new Date().toISOString(), token: 'abc' };
    writeFileSync(join(dir, 'game.lock'), JSON.stringify(lock));
    const second = start(dir);
    expect((await second.waitForExit()).exitCode).toBe(1);
    const said = second.output.replace(/\r?\n/g, ' ');
    expect(said).toContain('(process 4242 on far\\u{1b}]0;PWNED\\u{7}\\u{1b}[31m)');
    expect(said).not.toContain('\u001b]0;PWNED');
    expect(said).toContain(`If no game is open there, remove ${join(dir, 'game.lock')}`);
  });
});
