import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalSession } from './terminal.js';
import {
  MSX_KEYS,
  OFFICIAL_BOXES,
  OFFICIAL_ROWS,
  WAIT_MS,
  afterAltScreen,
  boxScore,
  chartTable,
  expectedTotal,
  msxScore,
  readDice,
  closeSession,
  rollFor,
  startGame,
  terminalRestored,
} from './play.js';

/** The order the boxes are scored in: from both ends of the chart inwards, so the cursor goes up (wrapping) and down. */
const ORDER = ['Chance', 'Aces', 'Yahtzee', 'Twos', 'Large straight', 'Threes', 'Small straight', 'Fours', 'Full house', 'Fives', 'Four of a kind', 'Sixes', 'Three of a kind'];

/** True when the dice on the screen are marked as `kept` says (false while no five dice are drawn). */
const marksAre = (kept: readonly boolean[]) => (s: string) => {
  try {
    return readDice(s).kept.every((k, i) => k === kept[i]);
  } catch {
    return false;
  }
};

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

describe('MSX layout, the real binary at 80x24', () => {
  it('plays a seeded one-player game to the end by keys, shows the final chart and the winner, and quits with 0', async () => {
    const t = (session = startGame(['--seed', '11', '--players', '1', '--no-animation']));
    let screen = await t.waitFor('roll 1 of 3', WAIT_MS);
    expect(screen).toMatch(/1-5 mark .*SPACE roll .*i score now/);
    // 1-5 mark dice to keep (the label under each die is its letter and its key, A [1] to E [5]; a marked one's border doubles), 0 clears the marks.
    expect(screen).toContain(' A [1]   B [2]   C [3]');
    t.write('1');
    await t.waitUntil(marksAre([true, false, false, false, false]), 'die 1 marked', WAIT_MS);
    t.write('3');
    screen = await t.waitUntil(marksAre([true, false, true, false, false]), 'dice 1 and 3 marked', WAIT_MS);
    expect(readDice(screen).kept).toEqual([true, false, true, false, false]);
    t.write('0');
    screen = await t.waitUntil(marksAre([false, false, false, false, false]), 'the marks cleared', WAIT_MS);
    expect(readDice(screen).kept).toEqual([false, false, false, false, false]);

    // Each turn: mark what the target box wants, SPACE, again; `i` once the box is made; arrows to the box; →.
    const scores: Record<string, number> = {};
    const turns: string[] = [];
    const open = [...OFFICIAL_BOXES];
    for (const box of ORDER) {
      const rolled = await rollFor(t, MSX_KEYS, box);
      const points = await msxScore(t, open, box, { who: 'PLAYER 1', seat: 0, players: 1 }, rolled.screen);
      // What the game scored is what the dice on the screen are worth, worked out by the test itself.
      expect(points, `${box} with ${rolled.faces.join('')}`).toBe(boxScore(box, rolled.faces));
      scores[box] = points;
      turns.push(`${box}: ${rolled.faces.join('')} ${rolled.rolls}${rolled.stopped ? ' i' : ''} = ${points}`);
      open.splice(open.indexOf(box), 1);
    }
    // The seed decides every die: the same turns every run.
    expect(turns).toEqual([
      'Chance: 41354 3 = 17',
      'Aces: 11224 3 = 2',
      'Yahtzee: 44124 3 = 0',
      'Twos: 24222 3 = 8',
      'Large straight: 43624 3 = 0',
      'Threes: 43333 3 = 12',
      'Small straight: 54223 1 i = 30',
      'Fours: 64514 3 = 8',
      'Full house: 63636 2 i = 25',
      'Fives: 13556 3 = 10',
      'Four of a kind: 32333 3 = 14',
      'Sixes: 56546 3 = 12',
      'Three of a kind: 25555 3 = 22',
    ]);

    const end = await t.waitFor('GAME OVER', WAIT_MS);
    expect(chartTable(end, OFFICIAL_ROWS, 1)).toEqual({
      Aces: ['2'],
      Twos: ['8'],
      Threes: ['12'],
      Fours: ['8'],
      Fives: ['10'],
      Sixes: ['12'],
      'Upper total': ['52'],
      'Bonus (63+)': ['0'],
      'Three of a kind': ['22'],
      'Four of a kind': ['14'],
      'Full house': ['25'],
      'Small straight': ['30'],
      'Large straight': ['0'],
      Yahtzee: ['0'],
      Chance: ['17'],
      'Yahtzee bonus': ['0'],
      TOTAL: ['160'],
    });
    expect(expectedTotal(scores, OFFICIAL_BOXES.slice(0, 6))).toBe(160);
    expect(end).toContain('PLAYER 1 scores 160');
    expect(end).toMatch(/game over\s*$/m);
    expect(end).toMatch(/y play again .*q\/ESC quit/);

    t.write('q');
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(0);
    expect(terminalRestored(t.output)).toEqual({ leftAltScreen: true, cursorShown: true });
    expect(afterAltScreen(t.output)).toContain('yahtzee: final scores: PLAYER 1: 160');
  }, 90000);
});
