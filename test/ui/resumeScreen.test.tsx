/**
 * The resume question as the first screen of the one App: its keys from the layout table, the session's begin called
 * once with the answer, and the game going on in the same app (drawn, and in a screen reader's words).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeModel, type AppModel } from '../../src/app/index.js';
import { newGame, reduce } from '../../src/engine/index.js';
import { App, type BegunGame } from '../../src/ui/App.js';
import { playOptions } from '../app/helpers.js';
import { KEYS } from '../support/keys.js';
import { waitFor, waitForScreen } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

/** A saved game: ANN and BOB, ANN has scored Chance. */
function saved() {
  const g = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'BOB', kind: 'human' }], seed: 4, match: { kind: 'single' }, clearHoldsAfterRoll: true });
  const r = reduce(g, { type: 'score', box: 'chance' });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

/** The App on the resume question; `answers` records each call of the session's begin, `quits` the model on leaving. */
async function asking(layout: 'msx' | 'spectrum' = 'msx', savedIn: 'msx' | 'spectrum' = layout, newGameFlags: string[] = []) {
  const answers: string[] = [];
  const quits: AppModel[] = [];
  const state = saved();
  const begin = (answer: 'resume' | 'new'): BegunGame => {
    answers.push(answer);
    const options = playOptions({ layout });
    if (answer === 'new') return { options, seed: 7, onQuit: (m) => quits.push(m) };
    return { options: playOptions({ layout: savedIn }), seed: 4, start: resumeModel(options, { seed: 4, size: SIZE }, state, savedIn), onQuit: (m) => quits.push(m) };
  };
  const app = await mount(<App options={playOptions({ layout, newGameFlags })} seed={7} size={SIZE} onQuit={(m) => quits.push(m)} resume={{ state, savedAt: '2026-11-30T10:00:00.000Z', layout: savedIn, practice: false, begin }} />);
  return { app, answers, quits };
}

describe('the resume question on screen', () => {
  it.each([
    ['msx', 'y/ENTER resume  n new game  q/ESC quit  h/? help'],
    ['spectrum', 'Y/ENTER resume  N new game  Q/ESC quit  I instructions'],
  ] as const)('%s: the saved game and the keys of the layout table', async (layout, prompt) => {
    const { app, answers } = await asking(layout);
    const f = app.lastFrame() ?? '';
    expect(f).toContain('A saved game is waiting:');
    expect(f).toContain("BOB's turn, turn 1 of 13");
    expect(f).toContain(prompt);
    expect(answers).toEqual([]);
  });

  it('says on the question that the flags given for a new game do nothing to the saved one', async () => {
    const { app } = await asking('msx', 'msx', ['--names', '--games']);
    expect(app.lastFrame()).toContain('--names and --games apply only to a new game; the saved one keeps its own');
    const plain = await asking();
    expect(plain.app.lastFrame()).not.toContain('only to a new game');
  });

  it('names the keys the saved game goes on in: a Spectrum save asked about by an MSX command, resumed with Spectrum keys', async () => {
    const { app } = await asking('msx', 'spectrum');
    expect(app.lastFrame()).toContain('official rules · ZX Spectrum keys');
    expect(app.lastFrame()).toContain('y/ENTER resume');
    await app.type('y');
    await waitForScreen(() => app.lastFrame(), 'A-E hold');
  });

  it.each(['y', KEYS.enter, 'r'])('%j resumes: the session begins once, the game goes on in the same app', async (key) => {
    const { app, answers } = await asking();
    await app.type(key);
    await waitForScreen(() => app.lastFrame(), 'Welcome back');
    expect(answers).toEqual(['resume']);
    await app.type(' ');
    await waitForScreen(() => app.lastFrame(), 'roll 2 of 3');
    expect(answers).toEqual(['resume']);
  });

  it('n starts a new game: the first setup question of the layout', async () => {
    const { app, answers } = await asking();
    await app.type('n');
    await waitForScreen(() => app.lastFrame(), 'Number of players');
    expect(answers).toEqual(['new']);
    await app.type('1');
    await waitForScreen(() => app.lastFrame(), 'roll 1 of 3');
  });

  it.each([
    ['q', false],
    [KEYS.escape, false],
    [KEYS.ctrlC, true],
  ] as const)('%j leaves without beginning a game (interrupted: %s)', async (key, interrupted) => {
    const { app, answers, quits } = await asking();
    await app.type(key);
    await waitFor(() => quits.length > 0, { what: 'the app to quit' });
    expect(answers).toEqual([]);
    expect(quits.map((m) => [m.screen, m.interrupted])).toEqual([['done', interrupted]]);
  });

  it('a key that means nothing there says which keys do', async () => {
    const { app, answers } = await asking('spectrum');
    await app.type('x');
    await waitForScreen(() => app.lastFrame(), 'Press Y to resume, N for a new game or Q to quit');
    expect(answers).toEqual([]);
  });
});

describe("the resume question in a screen reader's words (INK_SCREEN_READER=true)", () => {
  beforeEach(() => {
    vi.stubEnv('INK_SCREEN_READER', 'true');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('says the saved game and the keys, then resumes in words', async () => {
    const { app, answers } = await asking();
    const f = app.lastFrame() ?? '';
    expect(f).toContain("A saved game is waiting: official rules · MSX keys; ANN: ");
    expect(f).toContain('Keys: y or ENTER resume; n new game; q or ESC quit; h or question mark help.');
    await app.type('y');
    await waitForScreen(() => app.lastFrame(), /Welcome back/);
    expect(answers).toEqual(['resume']);
    expect(app.lastFrame()).toMatch(/roll 1 of 3/i);
  });
});
