import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from './terminal.js';
import { WAIT_MS, closeSession, freshHome, removeHomes } from './play.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});
afterAll(removeHomes);

const GAME = ['--players', '2', '--seed', '3', '--no-animation', '--new'];

/** The game in a pty with these variables, after its first roll with dice A and C kept, then quit with Ctrl-C. */
async function firstRoll(args: readonly string[], env: Record<string, string>): Promise<{ screen: string; output: string }> {
  const t = (session = new TerminalSession([...GAME, ...args], { env: { YAHTZEE_HOME: freshHome(), ...env } }));
  await t.waitFor('roll 1 of 3', WAIT_MS);
  t.write('1');
  t.write('3');
  // Two dice marked: KEEP under the first and the third (the labels under the dice are their letters and keys, A [1] to E [5]).
  await t.waitFor(/KEEP {12}KEEP/, WAIT_MS);
  const screen = await t.screen();
  t.write(KEYS.ctrlC);
  await t.waitForExit(WAIT_MS);
  return { screen, output: t.output };
}

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[([0-9;]*)m/g;
/** The SGR parameters the program wrote, each once: colours are 30-37, 39, 40-47, 49, 90-97, 100-107, 38;... and 48;... */
const sgrCodes = (output: string) => new Set([...output.matchAll(SGR)].flatMap((m) => m[1].split(';')));
const isColour = (code: string) => /^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$/.test(code);

describe('terminals and locales, the real binary', () => {
  it.each([
    ['LANG=C', [], { LANG: 'C' }],
    ['LC_ALL=C over a UTF-8 LANG', [], { LC_ALL: 'C', LANG: 'en_US.UTF-8' }],
    ['LC_CTYPE=POSIX', [], { LC_CTYPE: 'POSIX' }],
    ['--ascii in a UTF-8 locale', ['--ascii'], {}],
  ])('%s: everything written is ASCII; dice in +-----+ with o pips, kept ones in # and =', async (_what, args, env) => {
    const { screen, output } = await firstRoll(args, env);
    expect([...output].filter((c) => c.charCodeAt(0) > 0x7f)).toEqual([]);
    expect(screen).toMatch(/#=====# \+-----\+ #=====#/);
    expect(screen).toMatch(/[|#][o ]{5}[|#]/);
    expect(screen).toContain('roll 1 of 3');
  }, 60000);

  it('a UTF-8 locale gets the box-drawing dice', async () => {
    const { screen } = await firstRoll([], { LANG: 'en_US.UTF-8' });
    expect(screen).toMatch(/╔═════╗ ╭─────╮ ╔═════╗/);
  }, 60000);

  it.each([
    ['NO_COLOR=1', [], { NO_COLOR: '1' }],
    ['--no-color', ['--no-color'], {}],
    ['FORCE_COLOR=0', [], { FORCE_COLOR: '0' }],
  ])('%s: no colour at all, but bold, dim and reverse still mark the current player and the potential scores', async (_what, args, env) => {
    const { output } = await firstRoll(args, env);
    const codes = sgrCodes(output);
    expect([...codes].filter((c) => isColour(c) && c !== '39' && c !== '49')).toEqual([]);
    for (const kept of ['1', '2', '7']) expect(codes).toContain(kept);
  }, 60000);

  it('colours by default, and with FORCE_COLOR=1 even when NO_COLOR is set', async () => {
    for (const env of [{}, { NO_COLOR: '1', FORCE_COLOR: '1' }] as Record<string, string>[]) {
      const { output } = await firstRoll([], env);
      expect([...sgrCodes(output)].filter((c) => isColour(c) && c !== '39' && c !== '49').length).toBeGreaterThan(0);
      await closeSession(session);
      session = undefined;
    }
  }, 60000);

  it('TERM=dumb: a sentence saying why, wrapped at words to the terminal, exit 2, no escape sequence at all', async () => {
    const t = (session = new TerminalSession(GAME, { env: { YAHTZEE_HOME: freshHome(), TERM: 'dumb' } }));
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(2);
    expect(t.output).not.toContain('\u001b');
    const lines = t.output.trim().split(/\r?\n/);
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.join(' ')).toMatch(/^yahtzee: this terminal \(TERM=dumb\) cannot move the cursor.* -- see "yahtzee --help"$/);
  }, 60000);
});
