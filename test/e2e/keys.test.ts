import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { type TerminalSession } from './terminal.js';
import { OFFICIAL_ROWS, WAIT_MS, afterAltScreen, chartTable, readDice, closeSession, startGame } from './play.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

/** After leaving the alternate screen: only plain text (the farewell lines) and "show the cursor", nothing else. */
// eslint-disable-next-line no-control-regex
const RESTORED_END = /\u001b\[\?1049l(?:[^\u001b]|\u001b\[\?25h)*\u001b\[\?25h(?:[^\u001b])*$/;

describe('Ctrl-C, refused keys and a small terminal, the real binary', () => {
  it('Ctrl-C mid-game quits at once with 130 and leaves the terminal as it was', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '2', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write('1');
    await t.waitFor('KEEP', WAIT_MS);
    t.write(KEYS.space);
    await t.waitFor('roll 2 of 3', WAIT_MS);
    t.write(KEYS.ctrlC);
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(130);
    // The alternate screen was entered, then left, and the cursor shown again: the last escape sequences.
    expect(t.output).toContain('\u001b[?1049h');
    expect(t.output).toMatch(RESTORED_END);
    expect(afterAltScreen(t.output)).toContain('yahtzee: scores when you quit: PLAYER 1: 0, PLAYER 2: 0');
    // What is left on the terminal: the normal screen, with the scores line.
    expect(await t.screen()).toContain('yahtzee: scores when you quit: PLAYER 1: 0, PLAYER 2: 0');
    expect(t.term.buffer.active.type).toBe('normal');
  }, 60000);

  it('Ctrl-C while a name is typed (Spectrum setup) quits with 130 too, terminal restored', async () => {
    const t = (session = startGame(['--layout', 'spectrum']));
    await t.waitFor('Player 1, your name? _', WAIT_MS);
    t.write('Z');
    await t.waitFor('your name? Z_', WAIT_MS);
    t.write(KEYS.ctrlC);
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(130);
    expect(t.output).toMatch(RESTORED_END);
    await t.screen();
    expect(t.term.buffer.active.type).toBe('normal');
  }, 60000);

  it('MSX: a fourth roll, a roll after i and an unbound key are refused with a message, and change nothing', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation']));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    t.write(KEYS.space);
    await t.waitFor('roll 2 of 3', WAIT_MS);
    t.write(KEYS.space);
    const third = await t.waitFor('choose a box', WAIT_MS);
    expect(third).toContain('roll 3 of 3');
    t.write(KEYS.space);
    const refused = await t.waitFor('No rolls left: choose a box', WAIT_MS);
    expect(refused).toContain('roll 3 of 3');
    expect(readDice(refused).faces).toEqual(readDice(third).faces);
    expect(chartTable(refused, OFFICIAL_ROWS, 1)).toEqual(chartTable(third, OFFICIAL_ROWS, 1));

    t.write(KEYS.right);
    await t.waitFor(/PLAYER 1 scored \d+ in Aces/, WAIT_MS);
    t.write('i');
    const stopped = await t.waitFor('choose a box', WAIT_MS);
    expect(stopped).toContain('roll 1 of 3');
    t.write(KEYS.space);
    const over = await t.waitFor('You ended the rolling: choose a box', WAIT_MS);
    expect(readDice(over).faces).toEqual(readDice(stopped).faces);
    t.write('x');
    await t.waitFor('Unknown key', WAIT_MS);
  }, 60000);

  it('Spectrum: P and ESC, F and a number of games; a digit before 0, an option past 13 (refused whole at ENTER) and ENTER with no option are refused; Q asks, N plays on, Q and Y quit with 0', async () => {
    const t = (session = startGame(['--layout', 'spectrum', '--names', 'ANN', '--seed', '3', '--no-animation']));
    await t.waitFor('Type of competition?', WAIT_MS);
    t.write('p');
    await t.waitFor('Target score (1-99999)? _', WAIT_MS);
    t.write(KEYS.escape);
    await t.waitFor('Type of competition?', WAIT_MS);
    t.write('f');
    await t.waitFor('Number of games (1-99)? _', WAIT_MS);
    t.write('0');
    await t.waitFor('The number starts at 1', WAIT_MS);
    t.write('2');
    await t.waitFor('Number of games (1-99)? 2_', WAIT_MS);
    t.write(KEYS.enter);
    const start = await t.waitFor('roll 1 of 3', WAIT_MS);
    expect(start).toContain('game 1 of 2');
    t.write('5');
    const early = await t.waitFor('Press 0 to go to scoring first', WAIT_MS);
    expect(readDice(early).faces).toEqual(readDice(start).faces);
    t.write('0');
    await t.waitFor('OPTION (1-13)? _', WAIT_MS);
    t.write(KEYS.enter);
    await t.waitFor('Type an option number 1-13, then ENTER', WAIT_MS);
    t.write('1');
    await t.waitFor('OPTION (1-13)? 1_', WAIT_MS);
    t.write('4');
    // 0 1 4 ENTER: 14 is refused whole at ENTER, never left as option 1 (issue 24).
    await t.waitFor('14 is no option: 1 to 13', WAIT_MS);
    t.write(KEYS.enter);
    const refused = await t.waitFor('There is no option 14: type 1 to 13', WAIT_MS);
    expect(refused).toContain('OPTION (1-13)? _');
    expect(refused).not.toMatch(/ANN scored/);
    t.write('1');
    await t.waitFor('OPTION (1-13)? 1_', WAIT_MS);
    t.write(KEYS.enter);
    // --layout spectrum alone plays the Spectrum rules, whose option 1 is "1's".
    await t.waitFor(/ANN scored \d+ in 1's/, WAIT_MS);

    t.write(KEYS.enter);
    const before = await t.waitFor('roll 2 of 3', WAIT_MS);
    t.write('q');
    await t.waitFor('Quit the game?', WAIT_MS);
    t.write('n');
    const back = await t.waitUntil((s) => !s.includes('Quit the game?'), 'the question gone', WAIT_MS);
    expect(back).toContain('roll 2 of 3');
    expect(readDice(back).faces).toEqual(readDice(before).faces);
    t.write('q');
    await t.waitFor('Quit the game?', WAIT_MS);
    t.write('y');
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(0);
    expect(t.output).toMatch(RESTORED_END);
    expect(afterAltScreen(t.output)).toMatch(/yahtzee: scores when you quit: ANN: \d+/);
  }, 60000);

  it('too small a terminal says how large it must be, and the game comes back as it was after a resize', async () => {
    const t = (session = startGame(['--seed', '3', '--players', '1', '--no-animation'], { cols: 60, rows: 20 }));
    let screen = await t.waitFor('it is 60x20 now (q/ESC or Ctrl-C quits)', WAIT_MS);
    expect(screen).toContain('60x22 needed: enlarge the terminal');
    expect(screen).not.toContain('roll 1 of 3');
    t.resize(80, 24);
    screen = await t.waitFor('roll 1 of 3', WAIT_MS);
    expect(screen).not.toContain('enlarge the terminal');
    t.write(KEYS.space);
    const rolled = await t.waitFor('roll 2 of 3', WAIT_MS);

    // Smaller in the middle of a turn, then large again: the same dice, the same chart, the same roll.
    t.resize(70, 21);
    screen = await t.waitFor('it is 70x21 now', WAIT_MS);
    expect(screen).toContain('60x22 needed: enlarge the terminal');
    expect(screen).not.toContain('roll 2 of 3');
    t.resize(80, 24);
    screen = await t.waitFor('roll 2 of 3', WAIT_MS);
    expect(screen).not.toContain('enlarge the terminal');
    expect(readDice(screen)).toEqual(readDice(rolled));
    expect(chartTable(screen, OFFICIAL_ROWS, 1)).toEqual(chartTable(rolled, OFFICIAL_ROWS, 1));
    t.write(KEYS.space);
    await t.waitFor('roll 3 of 3', WAIT_MS);
  }, 60000);
});
