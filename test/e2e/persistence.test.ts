import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from './terminal.js';

const GAME = ['--seed', '21', '--players', '1', '--no-animation'];
const games = gameHomes('persist');
const home = games.home;
const start = (dir: string, args: readonly string[] = GAME) => games.start(dir, args);

const BOXES = ['Aces', 'Twos', 'Threes', 'Fours'];

/** Plays MSX turn `n` (1-4): the keys given, then the box under the cursor (the first open one); waits for the score. */
async function turn(t: TerminalSession, keys: string[], n: number): Promise<void> {
  for (const k of keys) t.write(k);
  t.write(KEYS.right);
  await t.waitFor(new RegExp(`scored \\d+ in ${BOXES[n - 1]}`));
}

/** The chart and dice part of the screen (the message line differs: "Welcome back"). */
const board = (screen: string) => screen.split('\n').slice(0, 19).join('\n');

describe('nothing lost: Ctrl-C saves, --resume goes on with the same dice', () => {
  it('two turns, Ctrl-C (exit 130, terminal restored), then --resume plays on exactly as the uninterrupted game', async () => {
    const dir = home();
    const first = start(dir);
    await first.waitFor('roll 1 of 3');
    await turn(first, ['1', ' ', 'i'], 1);
    await turn(first, [' ', ' '], 2);
    await first.waitFor('roll 1 of 3');
    first.write(KEYS.ctrlC);
    const exit = await first.exited;
    expect(exit.exitCode).toBe(130);
    expect(first.output).toContain('\u001b[?1049l');
    expect(first.output).toContain('\u001b[?25h');
    expect(first.output).toContain('your game is saved');
    expect(existsSync(join(dir, 'game.json'))).toBe(true);

    const resumed = start(dir, ['--resume', '--no-animation']);
    await resumed.waitFor('Welcome back');
    // No flag for a new game was typed: none is said to be unused.
    expect(await resumed.screen()).toContain('Welcome back: the saved game goes on');
    const resumedStart = board(await resumed.screen());
    await turn(resumed, [' ', '3', ' '], 3);
    const resumedAfter = board(await resumed.screen());

    const straight = start(home());
    await straight.waitFor('roll 1 of 3');
    await turn(straight, ['1', ' ', 'i'], 1);
    await turn(straight, [' ', ' '], 2);
    await straight.waitFor('roll 1 of 3');
    expect(board(await straight.screen())).toBe(resumedStart);
    await turn(straight, [' ', '3', ' '], 3);
    expect(board(await straight.screen())).toBe(resumedAfter);
  });

  it('a new start with a saved game asks first; N starts a new game and keeps the old one as the previous', async () => {
    const dir = home();
    const first = start(dir);
    await first.waitFor('roll 1 of 3');
    await turn(first, ['i'], 1);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);

    const again = start(dir, ['--no-animation']);
    await again.waitFor('A saved game is waiting');
    again.write('n');
    await again.waitFor('Number of players');
    again.write('1');
    await again.waitFor('roll 1 of 3');
    expect(existsSync(join(dir, 'game.previous.json'))).toBe(true);

    // The new game's save damaged before it scored: the kept game is asked about, and the question says why.
    again.write(KEYS.ctrlC);
    await again.waitForExit();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'game.json'), '{ not json');
    const third = start(dir, ['--no-animation']);
    const asked = await third.waitFor('A saved game is waiting');
    expect(asked).toContain('A newer save was unusable and is kept aside; why and where: told on quitting');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s saves the game and exits %i', async (signal, code) => {
    const dir = home();
    const t = start(dir);
    await t.waitFor('roll 1 of 3');
    await turn(t, ['i'], 1);
    t.write('1');
    await t.waitFor('KEEP');
    t.proc.kill(signal);
    expect((await t.exited).exitCode).toBe(code);
    const save = JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8'));
    expect(Object.keys(save.state.cards[0].boxes)).toHaveLength(1);
    expect(save.state.held[0]).toBe(true);
  });

  it('a damaged save is said in full on the way out by a signal too (SIGTERM, or Ctrl-C before raw mode is on)', async () => {
    const dir = home();
    const { writeFileSync, readdirSync } = await import('node:fs');
    writeFileSync(join(dir, 'game.json'), '{"format":"yahtzee-save","version":1,"trunc');
    const t = start(dir, ['--players', '1', '--no-animation']);
    await t.waitFor('The saved game was unusable and is kept aside');
    const aside = readdirSync(dir).filter((f) => f.startsWith('game.json.corrupt-'));
    t.proc.kill('SIGTERM');
    expect((await t.exited).exitCode).toBe(143);
    expect(t.output.replace(/\r?\n/g, ' ')).toContain('yahtzee: The saved game could not be used: it is not valid JSON');
    expect(t.output.replace(/\r?\n/g, ' ')).toContain(`It was moved to ${join(dir, aside[0])}.`);
  });

  it('a damaged save holding escape sequences: the way out quotes it only in printable characters (issue 25, item 4)', async () => {
    const dir = home();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'game.json'), '\u001b]0;PWNED\u0007\u001b[31m');
    const t = start(dir, ['--players', '1', '--no-animation']);
    await t.waitFor('The saved game was unusable and is kept aside');
    t.write(KEYS.ctrlC);
    await t.waitForExit();
    const said = t.output.replace(/\r?\n/g, ' ');
    expect(said).toContain('yahtzee: The saved game could not be used: it is not valid JSON');
    expect(said).toContain('\\u{1b}]0;PWNED\\u{7}');
    expect(said).not.toContain('\u001b]0;PWNED');
  });

  it('a damaged save is moved aside with a clear message and a new game starts', async () => {
    const dir = home();
    const { writeFileSync, readdirSync } = await import('node:fs');
    writeFileSync(join(dir, 'game.json'), '{"format":"yahtzee-save","version":1,"trunc');
    const t = start(dir, ['--players', '1', '--no-animation']);
    // On screen, whole within 80 columns, that it is kept; the reason and the full path when the game is left.
    const screen = await t.waitFor('The saved game was unusable and is kept aside; why and where: told on quitting');
    expect(screen).toContain('roll 1 of 3');
    const aside = readdirSync(dir).filter((f) => f.startsWith('game.json.corrupt-'));
    expect(aside).toHaveLength(1);
    t.write(KEYS.ctrlC);
    await t.waitForExit();
    expect(t.output.replace(/\r?\n/g, ' ')).toContain(`yahtzee: The saved game could not be used: it is not valid JSON`);
    expect(t.output.replace(/\r?\n/g, ' ')).toContain(`It was moved to ${join(dir, aside[0])}.`);
  });
});
