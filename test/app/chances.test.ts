import { describe, expect, it } from 'vitest';
import { chancesBefore, chancesMatchSoFar, chancesShown, chancesTurn, landRoll, legal, modeOf, chancesKey, chancesNow, update, type AppModel, type ChancesStatus } from '../../src/app/index.js';
import { finishGame, lateGame, press, start } from './helpers.js';

const without = (m: AppModel) => ({ ...m, message: null });
const READY: ChancesStatus = { status: 'ready', win: [0.4966, 0.4966], tie: 0.0068 };
const answer = (m: AppModel, key: string, odds: ChancesStatus = READY) => update(m, { type: 'chances-status', key, chances: odds });

describe('the chances key: the win-chance lines on and off', () => {
  it.each([
    ['MSX w', 'msx', 'w'],
    ['MSX W', 'msx', 'W'],
    ['Spectrum W', 'spectrum', 'W'],
    ['Spectrum w', 'spectrum', 'w'],
  ] as const)('%s turns them on and off again in a 2-player game', (_what, layout, key) => {
    const m = start(layout === 'msx' ? { players: 2 } : { layout, names: ['ANN', 'BOB'], match: { kind: 'single' } });
    expect(chancesShown(m)).toBe(false);
    const on = press(m, key);
    expect(on.chances).toBe(true);
    expect(on.message).toBeNull();
    expect(chancesShown(on)).toBe(true);
    expect(chancesShown(press(on, key))).toBe(false);
  });

  it('works while choosing and during a computer seat turn too', () => {
    expect(press(start({ players: 2 }), 'i', 'w').chances).toBe(true);
    const computer = start({ players: 2, computers: 2 }, { computerPlays: true });
    expect(modeOf(computer)).toBe('computer');
    expect(press(computer, 'w').chances).toBe(true);
  });

  it.each([
    ['a 1-player game: they are for 2 to 4 players', () => start({ players: 1 }), 'The chances to win are for games of 2 to 4 players'],
    [
      'a first-to-a-score match: its games can end in any round',
      () => start({ players: 2, match: { kind: 'target', target: 300 } }),
      'No chances to win in a first-to-300 match: a game can stop before its last box',
    ],
    ['in practice: they always show', () => start({ players: 2, practice: true }), 'In practice the tips, and the chances to win with them, are always on'],
  ])('is refused in %s', (_what, make, text) => {
    const before = make();
    const after = press(before, 'w');
    expect(after.message).toEqual({ text, tone: 'error' });
    expect(without(after)).toEqual(without(before));
    // The prompt line lists exactly the keys that work: not this one here.
    expect(legal(before, { type: 'chances' })).not.toBeNull();
  });

  it.each([
    ['MSX', () => start({ players: 2 }), 't', 'w'],
    ['Spectrum', () => start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }), 'H', 'W'],
  ])('%s: each key turns its own lines, whatever the other shows', (_what, make, hint, chances) => {
    const hints = press(make(), hint);
    expect(chancesShown(hints)).toBe(false);
    expect(legal(hints, { type: 'chances' })).toBeNull();
    const both = press(hints, chances);
    expect(both).toMatchObject({ hint: true, chances: true, message: null });
    expect(chancesShown(both)).toBe(true);
    // The chances key again hides the chances, and leaves the hints up.
    const hintsAgain = press(both, chances);
    expect(hintsAgain).toMatchObject({ hint: true, chances: false });
    expect(chancesShown(hintsAgain)).toBe(false);
    // The hint key hides the hints, and leaves the chances up.
    const chancesAlone = press(both, hint);
    expect(chancesAlone).toMatchObject({ hint: false, chances: true });
    expect(chancesShown(chancesAlone)).toBe(true);
  });

  it('the chances show in a game of 2-4 players (always in practice), never in a 1-player game', () => {
    expect(chancesShown(press(start({ players: 3 }), 'w'))).toBe(true);
    expect(chancesShown(start({ players: 4, practice: true }))).toBe(true);
    expect(chancesShown(press(start({ players: 1 }), 'w'))).toBe(false);
    expect(chancesKey(start({ players: 1 }))).toBeNull();
    // Nor in a first-to-a-score match, whose games can end in any round.
    expect(chancesShown(press(start({ players: 2, match: { kind: 'target', target: 300 } }), 'w'))).toBe(false);
  });
});

describe("the chances' answers, keyed by the game and turn", () => {
  const m = press(start({ players: 2 }), 'w');
  const key = chancesKey(m)!;

  it('until the answer for this turn comes, the chances are being worked out', () => {
    expect(chancesNow(m)).toEqual({ status: 'working' });
    expect(chancesNow(answer(m, key))).toEqual(READY);
  });

  it('an answer for an older turn is ignored: the model stays as it was', () => {
    const next = press(m, 'i', 'enter');
    expect(chancesKey(next)).not.toBe(key);
    expect(answer(next, key)).toBe(next);
    expect(chancesNow(answer(next, key))).toEqual({ status: 'working' });
    // The answer of the turn before, kept in the model, is not this turn's.
    expect(chancesNow(press(answer(m, key), 'i', 'enter'))).toEqual({ status: 'working' });
  });

  it('an answer for another game (another match seed) is ignored', () => {
    const other = press(start({ players: 2 }, { seed: 8 }), 'w');
    expect(answer(other, key)).toBe(other);
  });

  it('the turn is named by the cards and the dice landed with the rolls left: marking dice keeps the key, rolling and scoring change it', () => {
    expect(chancesTurn(m)).toEqual({ seat: 0, dice: m.game!.dice, rollsLeft: 2 });
    expect(chancesKey(press(m, '1', '2'))).toBe(key);
    const rolled = landRoll(press(m, 'space'));
    expect(chancesKey(rolled)).not.toBe(key);
    expect(chancesTurn(rolled)).toEqual({ seat: 0, dice: rolled.game!.dice, rollsLeft: 1 });
    // Ending the rolling early: the same dice, no rolls left.
    expect(chancesTurn(press(m, 'i'))).toEqual({ seat: 0, dice: m.game!.dice, rollsLeft: 0 });
    expect(chancesKey(press(m, 'i', 'enter'))).not.toBe(key);
    expect(chancesKey(press(m, 'i', 'enter', 'i', 'enter'))).not.toBe(chancesKey(press(m, 'i', 'enter')));
  });

  it('while the dice roll, the key says so and no turn is asked about; once they land, their chances are', () => {
    const rolling = press(m, 'space');
    if (rolling.roll.landed === false) {
      expect(chancesTurn(rolling)).toBeNull();
      expect(chancesKey(rolling)).toMatch(/\/landing$/);
    }
    expect(chancesKey(landRoll(rolling))).toMatch(/\/0:\d{5}:1$/);
  });

  it('the last figures of the game stay (dimmed) while the new dice\'s are worked out, and give way to theirs', () => {
    const known = answer(m, key);
    const rolled = landRoll(press(known, 'space'));
    const next = chancesKey(rolled)!;
    const working = answer(rolled, next, { status: 'working' });
    expect(chancesNow(working)).toEqual({ status: 'working' });
    expect(chancesBefore(working)).toEqual(READY);
    const fresh: ChancesStatus = { status: 'ready', win: [0.6, 0.35], tie: 0.05 };
    const answered = answer(working, next, fresh);
    expect(chancesNow(answered)).toEqual(fresh);
    expect(chancesBefore(answered)).toBeNull();
    // Not those of another game.
    expect(chancesBefore({ ...working, seed: 8 })).toBeNull();
  });

  it.each([
    ['the tables being made', { status: 'preparing', stage: 'distribution', done: 3, total: 10 }],
    ['a failure', { status: 'failed', error: 'the worker thread stopped' }],
  ] as const)('%s is kept for the turn like an answer', (_what, odds) => {
    expect(chancesNow(answer(m, key, odds))).toEqual(odds);
  });

  it('answers are taken whatever is on the screen (the instructions open), but not after the game', () => {
    const help = press(m, 'h');
    expect(help.overlay).toBe('help');
    expect(chancesNow({ ...answer(help, key), overlay: null })).toEqual(READY);
    const over = finishGame(m);
    expect(chancesKey(over)).toBeNull();
    expect(answer(over, key)).toBe(over);
  });
});

describe('the match so far, for the chances to win the match', () => {
  it('two seats in a match of several games: games won alone and points over the finished games, and the games after this one', () => {
    const m = start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'games', games: 5 } });
    expect(chancesMatchSoFar(m.game)).toEqual({ gamesAhead: 0, pointsAhead: 0, gamesAfter: 4 });
    // BOB won the first, the second was a tie; ANN's 12 points in the game in play are not counted.
    const later = lateGame(m, ['chance'], { sixes: 12 });
    const g = { ...later.game!, results: [{ totals: [180, 230] }, { totals: [250, 250] }] };
    expect(chancesMatchSoFar(g)).toEqual({ gamesAhead: -1, pointsAhead: -50, gamesAfter: 2 });
    // The last game: none after it.
    expect(chancesMatchSoFar({ ...g, results: [...g.results, { totals: [1, 0] }, { totals: [300, 200] }] })).toEqual({ gamesAhead: 1, pointsAhead: 51, gamesAfter: 0 });
  });

  it.each([
    ['a single game', { players: 2, match: { kind: 'single' } }],
    ['a match of one game', { players: 2, match: { kind: 'games', games: 1 } }],
    ['three seats', { players: 3, match: { kind: 'games', games: 3 } }],
    ['a first-to-a-score match', { players: 2, match: { kind: 'target', target: 500 } }],
  ] as const)('none in %s', (_what, options) => {
    expect(chancesMatchSoFar(start(options).game)).toBeNull();
  });

  it('none between games (no game in play)', () => {
    const over = finishGame(start({ players: 2, match: { kind: 'games', games: 3 } }));
    expect(over.game?.phase).toBe('gameOver');
    expect(chancesMatchSoFar(over.game)).toBeNull();
  });
});
