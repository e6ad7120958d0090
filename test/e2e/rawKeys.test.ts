/**
 * The real binary in a pseudo-terminal: keys no layout binds, as a terminal sends them (Ctrl-F1 to Ctrl-F4,
 * Ctrl-Shift-F1, pasted colour codes, a title sequence), are unknown keys; the game goes on, a key in the same read
 * is kept, and the terminal title never changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, type TerminalSession } from './terminal.js';
import { WAIT_MS, closeSession, startGame } from './play.js';

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
