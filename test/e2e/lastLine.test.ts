import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveGame } from '../../src/storage/saves.js';
import { scoreTurns, startGame } from '../storage/helpers.js';
import { gameHomes } from './homes.js';

const games = gameHomes('lastline');
const ALT_OFF = '\u001b[?1049l';

/** A home with a saved one-player game (Ann's) that has one box left to score. */
function oneBoxLeft(): string {
  const dir = games.home();
  const state = scoreTurns(startGame(11, 'official', [{ name: 'Ann', kind: 'human' }]), 12);
  const saved = saveGame({ state: dir, data: dir }, { layout: 'msx', practice: false, state, ui: {} });
  if (!saved.ok) throw new Error(saved.error);
  return dir;
}

/** What the game printed after it left the alternate screen, line ends made plain. */
const lastLines = (output: string) => output.slice(output.lastIndexOf(ALT_OFF)).replace(/\r\n/g, '\n');

/** The game resumed in `dir`, at its roll, with the last box about to be scored by the next key (i stops, right scores). */
async function atLastBox(dir: string) {
  const t = games.start(dir, ['--resume', '--no-animation']);
  await t.waitFor('roll 1 of 3');
  t.write('i');
  await t.waitFor(/choose a box|→|score/i);
  return t;
}

describe('the last line on a signal says what is true at that moment', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'] as const)('%s on the GAME OVER screen prints the final scores, as q does, and no claim of a save', async (signal) => {
    const dir = oneBoxLeft();
    const t = await atLastBox(dir);
    t.write('\r');
    await t.waitFor('GAME OVER');
    t.proc.kill(signal);
    await t.waitForExit();
    const after = lastLines(t.output);
    expect(after).toMatch(/yahtzee: final scores: Ann: \d+/);
    expect(after).not.toMatch(/game is saved/);
    expect(existsSync(join(dir, 'game.json'))).toBe(false);
  });

  // Whenever the signal lands (before the key is read, while the last box is being recorded, after), the line agrees
  // with the disk: "saved" only when the save is there to resume, the final scores when the game was recorded.
  it.each([0, 2, 5, 10, 20, 40])('SIGTERM %i ms after the key that scores the last box', async (ms) => {
    const dir = oneBoxLeft();
    const t = await atLastBox(dir);
    t.write('\r');
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    t.proc.kill('SIGTERM');
    expect((await t.waitForExit()).exitCode).toBe(143);
    const after = lastLines(t.output);
    const save = join(dir, 'game.json');
    if (existsSync(save)) {
      expect(after).toContain(`your game is saved in ${save}`);
      expect(JSON.parse(readFileSync(save, 'utf8')).state.phase).not.toBe('gameOver');
    } else {
      expect(after).toMatch(/yahtzee: final scores: Ann: \d+/);
      expect(after).not.toMatch(/game is saved/);
      expect(readFileSync(join(dir, 'scores.json'), 'utf8')).toContain('Ann');
    }
  });
});
