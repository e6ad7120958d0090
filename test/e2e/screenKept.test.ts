/**
 * The real binary: what the screen keeps (the MSX cursor, a half-typed Spectrum option, the holds of a rolling ended
 * early, the hints and chances toggles) survives Ctrl-C and a resume.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { KEYS } from '../support/keys.js';

const games = gameHomes('typed');
const home = games.home;
const start = games.start;

describe('resume is exact for what the screen keeps', () => {
  it('MSX: the cursor moved to Fours is on Fours after Ctrl-C and --resume', async () => {
    const dir = home();
    const first = start(dir, ['--seed', '21', '--players', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('i');
    await first.waitFor(/▶Aces/);
    for (const k of [KEYS.down, KEYS.down, KEYS.down]) first.write(k);
    await first.waitFor(/▶Fours/);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui.cursor).toBe('fours');
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(await again.screen()).toMatch(/▶Fours/);
  });

  it('MSX: a rolling ended early with die A marked rolls on after Ctrl-C and --resume (i), A still marked', async () => {
    const dir = home();
    const first = start(dir, ['--seed', '21', '--players', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('1');
    first.write('i');
    await first.waitFor(/▶Aces/);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui.stopped).toEqual([true, false, false, false, false]);
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    again.write('i');
    await again.waitFor(/SPACE roll/);
    // One die kept, under A (the first of the dice's columns).
    expect((await again.screen()).match(/ {3}KEEP\b/g)).toEqual(['   KEEP']);
    expect(await again.screen()).toMatch(/\(6\) {3}KEEP/);
  });

  it('Spectrum: a half-typed option 1 is still there after Ctrl-C and --resume; 3 and ENTER score option 13', async () => {
    const dir = home();
    const first = start(dir, ['--seed', '21', '--layout', 'spectrum', '--names', 'ANN', '--games', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('0');
    await first.waitFor(/OPTION \(1-13\)\? _/);
    first.write('1');
    await first.waitFor(/OPTION \(1-13\)\? 1_/);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui.option).toBe('1');
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(await again.screen()).toMatch(/OPTION \(1-13\)\? 1_/);
    again.write('3');
    again.write(KEYS.enter);
    await again.waitFor(/ANN scored \d+ in Chance/);
  });

  it('Spectrum: the chances to win (W), then the hints (H), are as they were turned after Ctrl-C and --resume', async () => {
    const dir = home();
    const ui = () => JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui;
    const first = start(dir, ['--seed', '21', '--layout', 'spectrum', '--names', 'ANN,BOB', '--games', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('W');
    await first.waitFor('chances to win');
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(ui()).toMatchObject({ chances: true });
    const second = start(dir, ['--resume', '--no-animation']);
    await second.waitFor(/Welcome back[\s\S]*H hint/);
    expect(await second.screen()).toMatch(/chances to win/);
    second.write('W');
    await second.waitUntil((s) => !s.includes('chances to win'), 'the chances turned off');
    second.write('H');
    await second.waitFor('hint:');
    second.write(KEYS.ctrlC);
    expect((await second.exited).exitCode).toBe(130);
    expect(ui()).toMatchObject({ hint: true });
    expect(ui().chances).toBeUndefined();
    const third = start(dir, ['--resume', '--no-animation']);
    await third.waitFor(/Welcome back[\s\S]*H hint/);
    expect(await third.screen()).toMatch(/hint:/);
  });
});
