import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { type TerminalSession } from './terminal.js';
import { OFFICIAL_BOXES, OFFICIAL_ROWS, WAIT_MS, afterAltScreen, chartTable, expectedTotal, closeSession, scored, startGame, terminalRestored } from './play.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

const PLAYERS = ['PLAYER 1', 'PLAYER 2'];

/**
 * The keys of a quick turn, typed at once (the game takes keys typed ahead one by one): `i` at once, SPACE then `i`,
 * or SPACE twice (after the third roll the box cursor comes by itself); then → on the box under the cursor, which is
 * the first open one.
 */
const QUICK = ['i' + KEYS.right, ' i' + KEYS.right, '  ' + KEYS.right];

/** Plays one game of the match: both players fill their boxes top to bottom with quick turns; returns their totals. */
async function playGame(t: TerminalSession): Promise<number[]> {
  const cards: Record<string, number>[] = PLAYERS.map(() => ({}));
  for (let turn = 0; turn < 13; turn++) {
    for (const [seat, who] of PLAYERS.entries()) {
      const box = OFFICIAL_BOXES[turn];
      t.write(QUICK[(turn + seat) % 3]);
      cards[seat][box] = await scored(t, box, { who, seat, players: 2 });
    }
  }
  return cards.map((c) => expectedTotal(c, OFFICIAL_BOXES.slice(0, 6)));
}

/** The standings panel: name -> [games won, match total]. */
function standings(screen: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const name of PLAYERS) {
    const m = new RegExp(`${name}\\s+(\\d+)\\s+(\\d+)\\s*$`, 'm').exec(screen);
    if (m) out[name] = [Number(m[1]), Number(m[2])];
  }
  return out;
}

describe('a match, the real binary at 80x24', () => {
  it('plays a seeded two-player match of two games to its end (a tie, then a win), with the standings and the match winner', async () => {
    const t = (session = startGame(['--seed', '12', '--games', '2', '--no-animation']));
    await t.waitFor('Number of players (1-4)?', WAIT_MS);
    t.write('2');
    let screen = await t.waitFor('game 1 of 2', WAIT_MS);
    expect(screen).toContain("PLAYER 1's turn");

    const game1 = await playGame(t);
    screen = await t.waitFor('GAME 1 OF 2 OVER', WAIT_MS);
    expect(chartTable(screen, OFFICIAL_ROWS, 2)).toEqual({
      Aces: ['1', '0'],
      Twos: ['4', '4'],
      Threes: ['3', '0'],
      Fours: ['4', '4'],
      Fives: ['0', '5'],
      Sixes: ['0', '0'],
      'Upper total': ['12', '13'],
      'Bonus (63+)': ['0', '0'],
      'Three of a kind': ['0', '0'],
      'Four of a kind': ['0', '0'],
      'Full house': ['0', '0'],
      'Small straight': ['0', '0'],
      'Large straight': ['0', '0'],
      Yahtzee: ['0', '0'],
      Chance: ['24', '23'],
      'Yahtzee bonus': ['0', '0'],
      TOTAL: ['36', '36'],
    });
    expect(game1).toEqual([36, 36]);
    expect(screen).toMatch(/(A tie|Tie): PLAYER 1 and PLAYER 2(:| with) 36/);
    expect(screen).toContain('which counts for nobody');
    expect(screen).not.toContain('wins the match');
    expect(standings(screen)).toEqual({ 'PLAYER 1': [0, 36], 'PLAYER 2': [0, 36] });
    expect(screen).toMatch(/y next game .*q\/ESC quit/);

    t.write('y');
    screen = await t.waitFor('game 2 of 2', WAIT_MS);
    expect(chartTable(screen, ['TOTAL'], 2)).toEqual({ TOTAL: ['0', '0'] });

    const game2 = await playGame(t);
    screen = await t.waitFor('GAME 2 OF 2 OVER', WAIT_MS);
    expect(chartTable(screen, OFFICIAL_ROWS, 2)).toEqual({
      Aces: ['2', '2'],
      Twos: ['0', '4'],
      Threes: ['3', '0'],
      Fours: ['4', '4'],
      Fives: ['5', '5'],
      Sixes: ['12', '0'],
      'Upper total': ['26', '15'],
      'Bonus (63+)': ['0', '0'],
      'Three of a kind': ['8', '0'],
      'Four of a kind': ['0', '0'],
      'Full house': ['0', '0'],
      'Small straight': ['0', '0'],
      'Large straight': ['0', '0'],
      Yahtzee: ['0', '0'],
      Chance: ['14', '20'],
      'Yahtzee bonus': ['0', '0'],
      TOTAL: ['48', '35'],
    });
    expect(game2).toEqual([48, 35]);
    expect(screen).toContain('PLAYER 1 wins this game with 48');
    // Decided by games won (the tied first game counts for nobody).
    // In the words that fit the panel whole: the standings under it give the games won.
    expect(screen).toContain('PLAYER 1 wins the match!');
    // Games won, and the points of both games together: 36 + 48 and 36 + 35.
    expect(standings(screen)).toEqual({ 'PLAYER 1': [1, 84], 'PLAYER 2': [0, 71] });
    expect(screen).toMatch(/y play again .*q\/ESC quit/);

    // The match is over: q quits at once, nothing to lose.
    t.write('q');
    const exit = await t.waitForExit(WAIT_MS);
    expect(exit.exitCode).toBe(0);
    expect(terminalRestored(t.output)).toEqual({ leftAltScreen: true, cursorShown: true });
    expect(afterAltScreen(t.output)).toContain('yahtzee: game 2 scores: PLAYER 1: 48, PLAYER 2: 35');
  }, 90000);
});
