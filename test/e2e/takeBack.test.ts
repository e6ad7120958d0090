/** The real binary: a box scored by mistake taken back with --take-back, in both layouts; a kill -9 after it resumes choosing. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { KEYS } from '../support/keys.js';
import { waitFor } from '../support/wait.js';

const games = gameHomes('takeback');

/** The save in `dir`, once one is there. */
const saved = (dir: string) => (existsSync(join(dir, 'game.json')) ? JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')) : null);

/** Waits until the save in `dir` passes `test`. */
const untilSaved = (dir: string, what: string, test: (save: { state: { current: number; phase: string; cards: { boxes: Record<string, number> }[] }; ui?: { decisions?: { record: { choice: { kind: string } } }[] } }) => boolean) =>
  waitFor(() => {
    const save = saved(dir);
    return save !== null && test(save);
  }, { what });

/** The people's box choices recorded in a save (for the review). */
const boxChoices = (save: ReturnType<typeof saved>) => (save.ui?.decisions ?? []).filter((d: { record: { choice: { kind: string } } }) => d.record.choice.kind === 'score');

describe('the take-back (--take-back)', () => {
  it('MSX: Aces by mistake, u takes it back; killed with -9 and resumed, ANN chooses again; after BOB rolls it is too late', async () => {
    const dir = games.home();
    const first = games.start(dir, ['--seed', '21', '--names', 'ANN,BOB', '--games', '1', '--take-back', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('i');
    await first.waitFor(/▶Aces/);
    first.write(KEYS.right);
    await first.waitFor(/ANN scored \d+ in Aces \(u takes it back\)/);
    await untilSaved(dir, 'a save with Aces', (s) => 'aces' in s.state.cards[0].boxes);
    first.write('u');
    await first.waitFor("ANN's Aces taken back: choose again");
    await untilSaved(dir, 'a save with Aces taken back', (s) => !('aces' in s.state.cards[0].boxes) && s.state.current === 0 && s.state.phase === 'choosing');
    expect(boxChoices(saved(dir))).toEqual([]);
    first.proc.kill('SIGKILL');
    await first.waitForExit();

    const again = games.start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(await again.screen()).toMatch(/▶Aces/);
    again.write(KEYS.down);
    await again.waitFor(/▶Twos/);
    again.write(KEYS.right);
    await again.waitFor(/ANN scored \d+ in Twos/);
    again.write(KEYS.space);
    await again.waitFor("BOB's turn");
    await again.waitFor('roll 2 of 3');
    again.write('u');
    await again.waitFor('Too late to take back: BOB has rolled');
    await untilSaved(dir, 'a save of BOB\'s roll', (s) => s.state.current === 1);
    expect(Object.keys(saved(dir).state.cards[0].boxes)).toEqual(['twos']);
  });

  it('Spectrum: option 4 by mistake, U takes it back, 6 and ENTER score Sixes instead', async () => {
    const dir = games.home();
    const t = games.start(dir, ['--seed', '21', '--layout', 'spectrum', '--names', 'ANN,BOB', '--games', '1', '--take-back', '--no-animation']);
    await t.waitFor('roll 1 of 3');
    t.write('0');
    await t.waitFor(/OPTION \(1-13\)\? _/);
    t.write('4');
    t.write(KEYS.enter);
    await t.waitFor(/ANN scored \d+ in 4's \(U takes it back\)/);
    t.write('U');
    await t.waitFor("ANN's 4's taken back: choose again");
    expect(await t.screen()).toMatch(/OPTION \(1-13\)\? _/);
    t.write('6');
    t.write(KEYS.enter);
    await t.waitFor(/ANN scored \d+ in 6's/);
    await untilSaved(dir, 'a save with Sixes', (s) => 'sixes' in s.state.cards[0].boxes);
    expect(Object.keys(saved(dir).state.cards[0].boxes)).toEqual(['sixes']);
    expect(boxChoices(saved(dir)).length).toBe(1);
  });

  it('off by default: u says how to turn it on, and the box stands', async () => {
    const dir = games.home();
    const t = games.start(dir, ['--seed', '21', '--names', 'ANN,BOB', '--games', '1', '--no-animation']);
    await t.waitFor('roll 1 of 3');
    t.write('i');
    t.write(KEYS.right);
    await t.waitFor(/ANN scored \d+ in Aces/);
    t.write('u');
    await t.waitFor(/Taking back is off.*--take-back/);
    expect(await t.screen()).toContain("BOB's turn");
  });
});
