/**
 * Issue 25 in the built game: a name costs nothing and cannot read as another. A paste of a letter and 20,000
 * combining marks at the Spectrum name question stops at four marks and the game answers the next key; --names with
 * a name that reads as another, or with a character that draws nothing, is refused before the game starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { type TerminalSession } from './terminal.js';
import { WAIT_MS, closeSession, startGame } from './play.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

describe('names in the built game', () => {
  it('a paste of 20,000 combining marks at the Spectrum name question stops at four, and the next keys are answered', async () => {
    const t = (session = startGame(['--layout', 'spectrum', '--seed', '7', '--no-animation']));
    await t.waitFor('Player 1, your name? _', WAIT_MS);
    t.write('Z' + '\u0301'.repeat(20_000));
    await t.waitFor('A character takes at most 4 combining marks', WAIT_MS);
    t.write('OE');
    await t.waitFor(/Player 1, your name\? Z\S*OE_/, WAIT_MS);
    t.write(KEYS.enter);
    const screen = await t.waitFor('Player 2, your name? _', WAIT_MS);
    expect(screen).toMatch(/Player 1: Z\S*OE/);
  });

  it.each([
    ['a name that reads as another', 'ANN,ann', '"ann" reads the same as "ANN"'],
    ['a Hangul filler', 'ANN,ANN\u3164', 'holds U+3164, which draws nothing'],
    ['a combining grapheme joiner', 'ANN,ANN\u034f', 'holds U+034F, which draws nothing'],
  ])('--names with %s is refused before the game starts', async (_what, names, message) => {
    const t = (session = startGame(['--names', names, '--no-animation']));
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).not.toBe(0);
    expect(await t.screen()).toContain(message);
  });
});
