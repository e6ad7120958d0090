/**
 * The real binary in a pseudo-terminal: keys no layout binds, as a terminal sends them (Ctrl-F1 to Ctrl-F4,
 * Ctrl-Shift-F1, pasted colour codes, a title sequence), are unknown keys; the game goes on, a key in the same read
 * is kept, and the terminal title never changes. And the attacks of issue 25 (items 5 and 6): an X10 mouse report and
 * a CSI of 400 parameter bytes are each one key, and a control string (ESC ]) left open cannot swallow Ctrl-C or keep
 * swallowing the keys that follow it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { type TerminalSession } from './terminal.js';
import { WAIT_MS, closeSession, readDice, startGame } from './play.js';
import { sleep } from '../support/wait.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

const STRANGE = ['\u001b[1;5P', '\u001b[1;5Q', '\u001b[1;5R', '\u001b[1;5S', '\u001b[1;6P', '\u001b[31m', '\u001b[0m', '\u001b[101m', '\u001b]0;pwned\u0007', '\u009b31m'];

describe('raw sequences do not end the game, the real binary', () => {
  it('MSX: each is an unknown key, then 1 with ESC[0m in one read marks die A and SPACE rolls', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    const titles: string[] = [];
    t.term.onTitleChange((title) => titles.push(title));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    for (const raw of STRANGE) t.write(raw);
    await t.waitFor('Unknown key', WAIT_MS);
    t.write('1\u001b[0m');
    await t.waitFor('KEEP', WAIT_MS);
    t.write(KEYS.space);
    await t.waitFor('roll 2 of 3', WAIT_MS);
    expect(t.output).not.toContain('Error');
    expect(titles).toEqual([]);
  }, 60000);

  it('Spectrum: at the name question they type nothing, the letters around them are the name', async () => {
    const t = (session = startGame(['--layout', 'spectrum']));
    const titles: string[] = [];
    t.term.onTitleChange((title) => titles.push(title));
    await t.waitFor('Player 1, your name? _', WAIT_MS);
    t.write('A');
    for (const raw of STRANGE) t.write(raw);
    t.write('N\u001b]0;x\u0007N');
    await t.waitFor('your name? ANN_', WAIT_MS);
    t.write('\r\r');
    await t.waitFor('competition', WAIT_MS);
    expect(titles).toEqual([]);
  }, 60000);
});


describe('every escape sequence is one key, the real binary (issue 25)', () => {
  /** The game at its first roll; after `attack`, the key 2 marks die B and nothing else has happened. */
  const nothingButTheTwo = async (attack: string) => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    const first = await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write(attack);
    t.write('2');
    const after = await t.waitFor('KEEP', WAIT_MS);
    expect(after).toContain('roll 1 of 3');
    expect(after).not.toContain('Quit the game');
    expect(readDice(after)).toEqual({ faces: readDice(first).faces, kept: [false, true, false, false, false] });
  };

  it('an X10 mouse report, a left click at x = 1 (ESC [ M SPACE 1 !), neither rolls nor marks die A', async () => {
    await nothingButTheTwo('\u001b[M 1!');
  }, 60000);

  it('ESC [, "1;" 200 times and SPACE q is one key: no roll, no quit question', async () => {
    await nothingButTheTwo('\u001b[' + '1;'.repeat(200) + ' q');
  }, 60000);

  it('ESC ], 41 presses of 1 and Ctrl-C in one read: Ctrl-C ends the string and the game quits', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('\u001b]' + '1'.repeat(41) + KEYS.ctrlC);
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(130);
  }, 60000);

  // The attack's own pacing: each read within 50 ms of the last kept the string open before the fix.
  it('ESC ], 41 presses of 1 at key-repeat speed, then Ctrl-C: the game quits', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('\u001b]');
    for (let i = 0; i < 41; i++) {
      await sleep(30);
      t.write('1');
    }
    await sleep(10);
    t.write(KEYS.ctrlC);
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(130);
  }, 60000);

  it('ESC ] and keys coming steadily: the string ends soon after it began, and the 1 after them marks die A', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('\u001b]');
    // Keys coming steadily, a read every 20 ms: the pacing is what is tested.
    for (let i = 0; i < 20; i++) {
      await sleep(20);
      t.write('z');
    }
    t.write('1');
    const after = await t.waitFor('KEEP', WAIT_MS);
    expect(readDice(after).kept).toEqual([true, false, false, false, false]);
    expect(after).toContain('roll 1 of 3');
  }, 60000);
});

describe('a paste, the real binary: the terminal marks it (bracketed paste, on with the game) and it is refused whole', () => {
  it('MSX choosing a box: a pasted line with ENTER in it scores nothing; the mode is off again on quitting', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    expect(t.output).toContain('\u001b[?2004h');
    t.write('i');
    await t.waitFor('→/ENTER score', WAIT_MS);
    t.write('\u001b[200~this is a note\r\u001b[201~');
    await t.waitFor('A paste is not played: type the keys one at a time', WAIT_MS);
    expect(await t.screen()).not.toMatch(/scored/);
    t.write(KEYS.ctrlC);
    await t.waitForExit(WAIT_MS);
    expect(t.output.lastIndexOf('\u001b[?2004l')).toBeGreaterThan(t.output.lastIndexOf('\u001b[?2004h'));
  }, 60000);
});
