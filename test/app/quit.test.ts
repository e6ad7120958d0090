import { describe, expect, it } from 'vitest';
import { instructionLines, modeOf, quitQuestion, update, type AppModel } from '../../src/app/index.js';
import { spokenLines, turnPanel } from '../../src/view/index.js';
import { getRuleSet } from '../../src/engine/index.js';
import { getLayout } from '../../src/app/keymaps/index.js';
import type { LayoutId } from '../../src/input/index.js';
import { finishGame, press, start } from './helpers.js';

const SAVED = 'Quit the game? It is saved: start yahtzee again to resume it.';
const OVER = 'Quit the game? The game is over: nothing is left to resume.';
const MATCH_OVER = 'Quit the game? The match is over: nothing is left to resume.';

const game = (layout: LayoutId, games = 1): AppModel =>
  start({ layout, players: 2, names: ['ANN', 'BOB'], match: games === 1 ? { kind: 'single' } : { kind: 'games', games } });

/** Where the quit key is pressed, and what it must do there: ask (with these words) or quit at once. */
const cases: { name: string; layout: LayoutId; key: string; model: () => AppModel; question: string | null }[] = [
  { name: 'MSX setup: quits at once (no match yet)', layout: 'msx', key: 'q', model: () => start(), question: null },
  { name: 'MSX rolling: asks, the game is saved', layout: 'msx', key: 'q', model: () => game('msx'), question: SAVED },
  { name: 'MSX ESC while choosing: asks', layout: 'msx', key: 'escape', model: () => press(game('msx'), 'i'), question: SAVED },
  { name: 'MSX after game 1 of 2: asks, the match is saved', layout: 'msx', key: 'q', model: () => finishGame(game('msx', 2)), question: SAVED },
  { name: 'MSX after the last game: quits at once (as its help says: asks while a game is unfinished)', layout: 'msx', key: 'q', model: () => finishGame(game('msx')), question: null },
  {
    name: 'MSX after the last game while saving fails: asks, and says the end may not be kept',
    layout: 'msx',
    key: 'q',
    model: () => ({ ...finishGame(game('msx')), saveProblem: 'the disk is full' }),
    question: 'Quit the game? Saving fails (the disk is full): the end of this game may not be kept.',
  },
  { name: 'Spectrum competition question: quits at once (no game yet)', layout: 'spectrum', key: 'Q', model: () => start({ layout: 'spectrum', names: ['ANN'] }), question: null },
  { name: 'Spectrum rolling: asks Y/N, the game is saved', layout: 'spectrum', key: 'Q', model: () => game('spectrum'), question: SAVED },
  { name: 'Spectrum after game 1 of 2: asks Y/N, the match is saved', layout: 'spectrum', key: 'Q', model: () => finishGame(game('spectrum', 2)), question: SAVED },
  { name: 'Spectrum after the last game: asks Y/N too, and says nothing is left to resume', layout: 'spectrum', key: 'q', model: () => finishGame(game('spectrum')), question: OVER },
  { name: 'Spectrum after the last game of a match: the match is over', layout: 'spectrum', key: 'Q', model: () => finishGame(press(finishGame(game('spectrum', 2)), 'Y')), question: MATCH_OVER },
];

describe('the quit key does what the help text promises', () => {
  it.each(cases)('$name', ({ model, key, question }) => {
    const before = model();
    const asked = press(before, key);
    if (question === null) {
      expect(asked.screen).toBe('done');
      return;
    }
    // After the last game the question has its own keys' words (no game to play on).
    expect(modeOf(asked)).toBe(modeOf(before) === 'match-over' ? 'confirm-over' : 'confirm');
    expect(asked.message).toEqual({ text: question, tone: 'info' });
    expect(quitQuestion(asked)).toBe(question);
    expect(spokenLines(asked)[0]).toBe(question);
    // N (or ESC) goes back to where the key was pressed, Y quits.
    const back = press(asked, 'n');
    expect(modeOf(back)).toBe(modeOf(before));
    expect(back.message).toBeNull();
    expect(press(asked, 'escape').overlay).toBeNull();
    expect(press(asked, 'y').screen).toBe('done');
  });

  it.each([
    ['msx', 'quit (asks first while a game is unfinished, or while saving fails)'],
    ['spectrum', 'quit, after a Y/N question once the games have begun'],
  ] as const)('%s: the instructions say so', (layout, help) => {
    const quit = getLayout(layout).bindings.find((b) => b.keys.includes('q') && b.action('q', 0).type === 'quit');
    expect(quit?.help).toBe(help);
    expect(instructionLines(getRuleSet('official'), getLayout(layout), 200).map((l) => l.text)).toContainEqual(expect.stringContaining(help));
  });

  it('the spoken question after the last game gives the final scores', () => {
    const asked = press(finishGame(game('spectrum')), 'Q');
    expect(spokenLines(asked).slice(0, 2)).toEqual([OVER, 'Final scores: ANN: 40, BOB: 28.']);
  });
});

describe('small things of issue 12', () => {
  it.each(['h', '?'])('MSX: %s at the players question shows the instructions, any key goes back to the question', (key) => {
    const m = press(start(), key);
    expect([m.overlay, m.message]).toEqual(['help', null]);
    let back = m;
    for (let i = 0; i < 10 && back.overlay === 'help'; i++) back = press(back, 'x');
    expect([back.overlay, back.screen, back.setup.step]).toEqual([null, 'setup', 'players']);
  });

  it.each([
    ['msx', 'q'],
    ['msx', 'escape'],
    ['spectrum', 'Q'],
  ] as const)('%s: %s on the too-small notice quits at once, the game kept as it was (it is saved on the way out)', (layout, key) => {
    const m = start({ layout, players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }, { size: { columns: 30, rows: 10 } });
    const after = press(m, key);
    expect(after.screen).toBe('done');
    expect(after.interrupted).toBe(false);
    expect(after.game).toBe(m.game);
  });

  it('the points of one box are "1 point", not "1 points"', () => {
    const m = press(start({ players: 1 }), 'i');
    const one = { ...m, game: { ...m.game!, dice: [1, 2, 3, 4, 6] as const }, cursor: 'aces' };
    expect(turnPanel(one as typeof m).map((l) => l.text)).toContain('Aces: 1 point');
  });
});

describe('the quit question stays while it is asked', () => {
  it('a high score told (info) while Y/N is asked leaves the question on the message line; an error is still shown', () => {
    const asked = press(finishGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } })), 'Q');
    expect(asked.overlay).toBe('confirm');
    const question = asked.message;
    expect(update(asked, { type: 'notice', text: 'ANN: a high score, the best of the official rules on this machine', tone: 'info' }).message).toBe(question);
    expect(update(asked, { type: 'notice', text: 'Saving failed', tone: 'error' }).message?.text).toBe('Saving failed');
  });
});

describe('after quitting', () => {
  it('Ctrl-C changes nothing more (a paste with Q and Ctrl-C in it quits once)', () => {
    const quit = press(start(), 'q');
    expect(quit.screen).toBe('done');
    expect(update(quit, { type: 'quit-now' })).toBe(quit);
  });
});

describe('the quit question says only what is true of the save', () => {
  it('while saving fails: the last moves are not saved (not "It is saved")', () => {
    const failing = { ...game('msx'), saveProblem: 'the disk is full' };
    expect(quitQuestion(failing)).toBe('Quit the game? Its last moves are NOT saved.');
    expect(press(failing, 'q').message?.text).toContain('Its last moves are NOT saved.');
  });

  it('a new game that set a saved game aside: until it scores, the game set aside comes back', () => {
    const fresh = game('msx');
    const setAside = { ...fresh, setAsideFor: fresh.seed };
    expect(quitQuestion(setAside)).toBe('Quit the game? Nothing is scored yet, so the saved game it set aside comes back.');
    // A box scored (the game set aside is then let go), or the next match (its own seed): saved, as ever.
    expect(quitQuestion(press(setAside, 'i', 'enter'))).toBe(SAVED);
    expect(quitQuestion({ ...setAside, setAsideFor: fresh.seed + 1 })).toBe(SAVED);
  });
});
