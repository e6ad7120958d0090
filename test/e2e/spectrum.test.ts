import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { type TerminalSession } from './terminal.js';
import {
  SPECTRUM_KEYS,
  SPECTRUM_OPTIONS,
  SPECTRUM_ROWS,
  WAIT_MS,
  afterAltScreen,
  boxScore,
  chartTable,
  expectedTotal,
  closeSession,
  rollFor,
  spectrumScore,
  startGame,
  terminalRestored,
} from './play.js';

/** The options in the order they are scored: from both ends inwards, one- and two-digit numbers. */
const ORDER = [13, 1, 10, 2, 12, 3, 11, 4, 9, 5, 8, 6, 7];

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

describe('ZX Spectrum layout, the real binary at 80x24', () => {
  it('takes a typed name and U, plays a seeded game by letters, ENTER, 0 and option numbers, and quits with Q', async () => {
    const t = (session = startGame(['--layout', 'spectrum', '--rules', 'spectrum', '--seed', '7', '--no-animation']));
    // The name, typed (with a slip rubbed out), ENTER; ENTER on the empty second name ends the list.
    await t.waitFor('Player 1, your name? _', WAIT_MS);
    let field = '';
    for (const k of ['A', 'N', 'X', KEYS.backspace, 'N']) {
      field = k === KEYS.backspace ? field.slice(0, -1) : field + k;
      t.write(k);
      await t.waitFor(`Player 1, your name? ${field}_`, WAIT_MS);
    }
    t.write(KEYS.enter);
    let screen = await t.waitFor('Player 2, your name? _', WAIT_MS);
    expect(screen).toContain('Player 1: ANN');
    expect(screen).toContain('(ENTER on an empty name: no more players)');
    t.write(KEYS.enter);
    screen = await t.waitFor('Type of competition?', WAIT_MS);
    expect(screen).toContain('Players: ANN');
    expect(screen).toMatch(/F a fixed number of games[\s\S]*P first to a set score[\s\S]*U single games/);
    t.write('u');
    screen = await t.waitFor("ANN's turn", WAIT_MS);
    expect(screen).toContain('YATZEE  ZX Spectrum rules');
    expect(screen).toContain('roll 1 of 3');

    // Each turn: letters hold what the option wants (holds stay), ENTER rolls, 0 once it is made; the number, ENTER.
    const scores: Record<string, number> = {};
    const turns: string[] = [];
    for (const [n, option] of ORDER.entries()) {
      const box = SPECTRUM_OPTIONS[option - 1];
      const rolled = await rollFor(t, SPECTRUM_KEYS, box);
      // The first option is typed 1, 2, BACKSPACE, 3.
      const points = await spectrumScore(t, option, { who: 'ANN', seat: 0, players: 1 }, n === 0 ? '12\b3' : String(option));
      expect(points, `${box} with ${rolled.faces.join('')}`).toBe(boxScore(box, rolled.faces));
      scores[box] = points;
      turns.push(`${option} ${box}: ${rolled.faces.join('')} ${rolled.rolls}${rolled.stopped ? ' 0' : ''} = ${points}`);
    }
    expect(turns).toEqual([
      '13 Chance: 55466 2 0 = 26',
      "1 1's: 11315 3 = 3",
      '10 Yatzee: 15511 3 = 0',
      "2 2's: 21321 3 = 4",
      '12 Long run: 32656 3 = 0',
      "3 3's: 35543 3 = 6",
      '11 Short run: 54362 1 0 = 30',
      "4 4's: 24145 3 = 8",
      '9 Full house: 43443 2 0 = 25',
      "5 5's: 55653 3 = 15",
      '8 4 of a kind: 22222 3 = 10',
      "6 6's: 66465 3 = 18",
      '7 3 of a kind: 43121 3 = 0',
    ]);

    const end = await t.waitFor('GAME OVER', WAIT_MS);
    expect(chartTable(end, SPECTRUM_ROWS, 1)).toEqual({
      "1's": ['3'],
      "2's": ['4'],
      "3's": ['6'],
      "4's": ['8'],
      "5's": ['15'],
      "6's": ['18'],
      'Upper total': ['54'],
      'Bonus (63+)': ['0'],
      '3 of a kind': ['0'],
      '4 of a kind': ['10'],
      'Full house': ['25'],
      Yatzee: ['0'],
      'Short run': ['30'],
      'Long run': ['0'],
      Chance: ['26'],
      TOTAL: ['145'],
    });
    expect(end).not.toContain('Yahtzee bonus');
    expect(expectedTotal(scores, SPECTRUM_OPTIONS.slice(0, 6))).toBe(145);
    expect(end).toContain('ANN scores 145');
    expect(end).toMatch(/Y play again .*Q quit/);

    // Q quits; with the game over nothing is lost, so the game may quit at once or ask first (then Y).
    t.write('q');
    await t.waitUntil((s) => t.hasExited || /Quit/.test(s), 'the exit or the quit question', WAIT_MS);
    if (!t.hasExited) t.write('y');
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(0);
    expect(terminalRestored(t.output)).toEqual({ leftAltScreen: true, cursorShown: true });
    expect(afterAltScreen(t.output)).toContain('yahtzee: final scores: ANN: 145');
  }, 90000);
});
