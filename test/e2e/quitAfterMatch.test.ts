/**
 * Issue 24 item 9: Q after a finished match quits, and the next run starts afresh, without asking about a game to
 * resume (the finished match's save is gone): in both layouts, after a match ended by its games, by its target, and
 * after a resumed game.
 */
import { describe, expect, it } from 'vitest';
import { RESUME_HEADING } from '../../src/view/resumeWords.js';
import { KEYS } from '../support/keys.js';
import { gameHomes } from './homes.js';
import { OFFICIAL_BOXES, WAIT_MS, scored, spectrumScore } from './play.js';
import type { TerminalSession } from './terminal.js';

const games = gameHomes('quit-after-match');
const SEAT = { who: 'ANN', seat: 0, players: 1 };

/** Plays turns `from` to the last (or until the match is over), scoring the first open box each turn. */
async function playOn(t: TerminalSession, layout: 'msx' | 'spectrum', from: number): Promise<void> {
  for (let n = from; n < 13; n++) {
    if (layout === 'msx') {
      // i stops rolling (the cursor on the first open box), ENTER scores it.
      t.write('i');
      t.write(KEYS.enter);
      await scored(t, OFFICIAL_BOXES[n], SEAT);
    } else {
      t.write('0');
      await spectrumScore(t, n + 1, SEAT);
    }
    if ((await t.screen()).includes(' OVER')) return;
  }
}

/** The next run in the same home: the setup, with no question about a saved game. */
async function startsAfresh(dir: string, layout: 'msx' | 'spectrum'): Promise<void> {
  const again = games.start(dir, ['--layout', layout, '--no-animation']);
  const screen = await again.waitFor(layout === 'msx' ? 'Number of players (1-4)?' : 'your name?', WAIT_MS);
  expect(screen).not.toContain(RESUME_HEADING);
}

describe('Q after a finished match, the real binary at 80x24', () => {
  it('MSX, a match of one game: q quits at once, and the next run asks about no saved game', async () => {
    const dir = games.home();
    const t = games.start(dir, ['--players', '1', '--names', 'ANN', '--games', '1', '--seed', '5', '--no-animation']);
    await t.waitFor("ANN's turn", WAIT_MS);
    await playOn(t, 'msx', 0);
    await t.waitFor('GAME 1 OF 1 OVER', WAIT_MS);
    t.write('q');
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(0);
    await startsAfresh(dir, 'msx');
  }, 90000);

  it('Spectrum, a match ended by its target: Q asks, Y quits, and the next run asks about no saved game', async () => {
    const dir = games.home();
    const t = games.start(dir, ['--layout', 'spectrum', '--players', '1', '--names', 'ANN', '--target', '10', '--seed', '5', '--no-animation']);
    await t.waitFor("ANN's turn", WAIT_MS);
    await playOn(t, 'spectrum', 0);
    await t.waitFor(/reached 10 in\s+round/, WAIT_MS);
    t.write('q');
    await t.waitFor('Y yes, quit', WAIT_MS);
    t.write('y');
    expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(0);
    await startsAfresh(dir, 'spectrum');
  }, 90000);

  it('MSX, a game stopped with Ctrl-C and resumed to the match\'s end: q quits, and the next run asks about no saved game', async () => {
    const dir = games.home();
    const first = games.start(dir, ['--players', '1', '--names', 'ANN', '--games', '1', '--seed', '5', '--no-animation']);
    await first.waitFor("ANN's turn", WAIT_MS);
    for (let n = 0; n < 4; n++) {
      first.write('i');
      first.write(KEYS.enter);
      await scored(first, OFFICIAL_BOXES[n], SEAT);
    }
    first.write(KEYS.ctrlC);
    expect((await first.waitForExit(WAIT_MS)).exitCode).toBe(130);
    // The check of startsAfresh sees a saved game when there is one: the question is asked here, and y resumes.
    const resumed = games.start(dir, ['--no-animation']);
    await resumed.waitFor(RESUME_HEADING, WAIT_MS);
    resumed.write('y');
    await resumed.waitFor('Welcome back', WAIT_MS);
    await playOn(resumed, 'msx', 4);
    await resumed.waitFor('GAME 1 OF 1 OVER', WAIT_MS);
    resumed.write('q');
    expect((await resumed.waitForExit(WAIT_MS)).exitCode).toBe(0);
    await startsAfresh(dir, 'msx');
  }, 120000);
});
