import { describe, expect, it } from 'vitest';
import { modeOf, pressKey, update, type AppModel } from '../../src/app/index.js';
import { finishGame, press, start } from './helpers.js';

const without = (m: AppModel) => ({ ...m, message: null });

describe('refused keys: a clear message, nothing else changes', () => {
  const cases: [string, () => AppModel, string[], string][] = [
    ['MSX: a key bound to nothing is "Unknown key", with the key that lists them', () => start({ players: 2 }), ['x'], 'Unknown key: h/? lists the keys'],
    // Not a letter: while rolling, a letter past E is taken for a die (below).
    ['Spectrum: a key bound to nothing is "Unknown key", with the key that lists them', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['/'], 'Unknown key: I lists the keys'],
    ['Spectrum: at the type of competition, I lists the keys', () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'enter'), ['x'], 'Unknown key: I lists the keys'],
    ['Spectrum: at a name, where no key is unknown but one that types nothing, TAB lists the keys', () => start({ layout: 'spectrum' }), ['left'], 'Unknown key: TAB lists the keys'],
    ['MSX: a digit past the five dice says which keys the dice are', () => start({ players: 2 }), ['6'], 'Dice are 1-5: 6 is no die'],
    ['MSX: 9 too', () => start({ players: 2 }), ['9'], 'Dice are 1-5: 9 is no die'],
    ['Spectrum: a letter past E says which keys the dice are', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['f'], 'Dice are A-E: F is no die'],
    ['Spectrum: a capital letter past E too', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['Z'], 'Dice are A-E: Z is no die'],
    ['MSX: at the players question, a digit past 4 says how many players there can be', () => start(), ['7'], 'Choose 1 to 4 players'],
    ['MSX: 0 there too', () => start(), ['0'], 'Choose 1 to 4 players'],
    ['MSX: the computer in the last seat and 1 player would leave no seat to a person', () => start(), ['c', '1'], 'The computer has the last seat: choose 2-4 players (c: every seat, to watch)'],
    ['MSX: the computer in the last 3 seats and 3 players', () => start(), ['c', 'c', 'c', '3'], 'The computer has the last 3 seats: choose 4 players (c: every seat, to watch)'],
    ['MSX: a letter while rolling is still just unknown', () => start({ players: 2 }), ['x'], 'Unknown key: h/? lists the keys'],
    ['MSX: SPACE after the third roll', () => start({ players: 2 }), ['space', 'space', 'space'], 'No rolls left: choose a box'],
    ['MSX: SPACE with all five dice marked', () => start({ players: 2 }), ['1', '2', '3', '4', '5', 'space'], 'All five dice are kept: release one to roll, or choose a box'],
    ['Spectrum: ENTER with all five dice held (its word, as its screen says HOLD)', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['a', 'b', 'c', 'd', 'e', 'enter'], 'All five dice are held: release one to roll, or choose a box'],
    ['MSX: a mark after the rolling is over', () => start({ players: 2 }), ['i', '1'], 'You ended the rolling: choose a box, or i to roll on'],
    ['Spectrum: ENTER before an option number is typed', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['0', 'enter'], 'Type an option number 1-13, then ENTER'],
    ['Spectrum: ESC while rolling (nothing typed): the keys for scoring and quitting', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['escape'], 'Nothing typed to clear: 0 goes to scoring, Q quits'],
    ['Spectrum: Backspace with nothing typed', () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), ['0', 'backspace'], 'Type an option number 1-13, then ENTER'],
    ['the quit question takes only Y or N', () => start({ players: 2 }), ['q', 'x'], 'Press Y to quit or N to play on'],
    ['after the last game there is no game to play on', () => finishGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } })), ['q', 'x'], 'Press Y to quit or N to stay'],
  ];
  it.each(cases)('%s', (_what, make, keys, text) => {
    const before = press(make(), ...keys.slice(0, -1));
    const after = press(before, keys[keys.length - 1]);
    expect(after.message).toEqual({ text, tone: 'error' });
    expect(without(after)).toEqual(without(before));
  });

  it('MSX: with the computer in every seat, 1 player is the computer playing alone, as asked', () => {
    const m = press(start(), 'c', 'c', 'c', 'c', '1');
    expect(m.game?.players.map((p) => p.kind)).toEqual(['computer']);
  });

  it('a paste is refused whole wherever it comes: choosing a box, at a name, at the quit question', () => {
    const paste = (m: AppModel) => pressKey(m, '', { paste: true });
    for (const before of [press(start({ players: 1 }), 'i'), start({ layout: 'spectrum' }), press(start({ layout: 'spectrum' }), 'A'), press(start({ players: 2 }), 'q')]) {
      const after = paste(before);
      expect(after.message).toEqual({ text: 'A paste is not played: type the keys one at a time', tone: 'error' });
      expect(without(after)).toEqual(without(before));
    }
  });

  it('the forced Joker refusal comes from the engine: "Joker: this Yahtzee must go in Sixes"', () => {
    const m0 = start({ players: 1 });
    const g = m0.game!;
    const joker: AppModel = { ...m0, game: { ...g, dice: [6, 6, 6, 6, 6], cards: [{ boxes: { yahtzee: 50 }, yahtzeeBonuses: 0 }] } };
    const m = press(joker, 'i');
    expect(m.cursor).toBe('sixes');
    // The cursor moves over the boxes these dice may go in: Sixes alone.
    expect(press(m, 'up').cursor).toBe('sixes');
    // A box the Joker forbids, typed by its option number, is refused by the engine.
    const zx = press({ ...joker, layout: 'spectrum' }, '0', '1', '3');
    const refused = press(zx, 'enter');
    expect(refused.message?.text).toBe('Joker: this Yahtzee must go in Sixes');
    expect(refused.game).toEqual(zx.game);
  });

  it('the cursor passes over the open boxes the Joker forbids (marked on the chart), not stopping at them', () => {
    const m0 = start({ players: 1 });
    const g = m0.game!;
    // Sixes and the Yahtzee box filled: five sixes go in an open lower box, not in an upper one.
    const joker: AppModel = { ...m0, game: { ...g, dice: [6, 6, 6, 6, 6], cards: [{ boxes: { yahtzee: 50, sixes: 24 }, yahtzeeBonuses: 0 }] } };
    const m = press(joker, 'i');
    expect(m.cursor).toBe('threeOfAKind');
    expect(press(m, 'up').cursor).toBe('chance');
    expect(press(m, 'up', 'down').cursor).toBe('threeOfAKind');
  });
});

describe('rolling on after the rolling was ended early', () => {
  it('a roll or a hold then says the key that rolls on, while it can: MSX i, Spectrum ESC', () => {
    expect(press(start({ players: 1 }), 'i', 'space').message?.text).toBe('You ended the rolling: choose a box, or i to roll on');
    const spectrum = start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } });
    expect(press(spectrum, '0', 'a').message?.text).toBe('You ended the rolling: choose a box, or ESC to roll on');
    // After the third roll there is none.
    expect(press(start({ players: 1 }), 'space', 'space', '1').message?.text).toBe('No rolls left: choose a box');
  });
});

describe('after a game', () => {
  it('a match of two games: y starts game 2 with empty cards and the results kept', () => {
    const over = finishGame(start({ players: 2, match: { kind: 'games', games: 2 } }));
    expect(modeOf(over)).toBe('game-over');
    expect(over.game?.results).toEqual([{ totals: [40, 28] }]);
    const next = press(over, 'y');
    expect(next.game?.phase).toBe('rolling');
    expect(next.game?.cards.every((c) => Object.keys(c.boxes).length === 0)).toBe(true);
    expect(next.game?.results).toHaveLength(1);
  });

  it('play again: a new match with the same seats and the next seed', () => {
    const over = finishGame(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }));
    expect(modeOf(over)).toBe('match-over');
    const again = press(over, 'Y');
    expect(again.seed).toBe(8);
    expect(again.game?.players.map((p) => p.name)).toEqual(['ANN', 'BOB']);
    expect(again.game?.results).toEqual([]);
    expect(again.game?.seed).toBe(8);
  });

  it.each([
    ['MSX, a match: SPACE', () => finishGame(start({ players: 2, match: { kind: 'games', games: 2 } })), 'space', 'The game is over: y starts the next game'],
    ['MSX, the last game: ENTER (the key that scored it)', () => finishGame(start({ players: 2 })), 'enter', 'The game is over: y plays again'],
    ['MSX, the last game of a match', () => finishGame(press(finishGame(start({ players: 1, match: { kind: 'games', games: 2 } })), 'y')), 'space', 'The match is over: y plays again'],
    ['Spectrum, a match of 2: ENTER (the roll and the hurry key)', () => finishGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'target', target: 1 } })), 'enter', 'The match is over: Y plays again'],
  ])('after a game the keys of a turn change nothing and say the key that goes on (%s)', (_name, over, key, text) => {
    const m = over();
    const pressed = press(m, key);
    expect(pressed.game).toEqual(m.game);
    expect(pressed.message?.text).toBe(text);
  });

  it('Q after the last game quits without a question; during a match it asks', () => {
    expect(press(finishGame(start({ players: 1 })), 'q').screen).toBe('done');
    expect(press(finishGame(start({ players: 1, match: { kind: 'games', games: 3 } })), 'q').overlay).toBe('confirm');
  });

  it('the last score is announced with the final total', () => {
    expect(finishGame(start({ players: 2 })).message?.text).toBe('PLAYER 2 scored 13 in Chance: PLAYER 2 ends on 28');
  });
});

describe('terminal size', () => {
  it('below the minimum only Ctrl-C works; after a resize the game comes back as it was', () => {
    const m = start({ players: 4 }, { size: { columns: 60, rows: 20 } });
    expect(modeOf(m)).toBe('too-small');
    expect(press(m, 'space')).toEqual(m);
    const back = update(m, { type: 'resize', columns: 80, rows: 24 });
    expect(modeOf(back)).toBe('rolling');
    expect(back.game).toEqual(m.game);
    expect(press(m, 'ctrl-c').screen).toBe('done');
  });

  it('pages the instructions on a small terminal: any key turns the page, the last returns to the game', () => {
    const m = press(start({ players: 1 }), 'h');
    expect(m.overlay).toBe('help');
    let pages = 1;
    let cur = m;
    while (cur.overlay === 'help' && pages < 20) {
      cur = press(cur, 'x');
      if (cur.overlay === 'help') pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(cur.overlay).toBe(null);
  });
});

describe('computer moves (the hook for computer players)', () => {
  it('applies a move for a computer seat', () => {
    const m = start({ players: 1, computers: 1 }, { computerPlays: true });
    const next = update(m, { type: 'computer-move', action: { type: 'stop-rolling' } });
    expect(next.game?.phase).toBe('choosing');
  });
  it('refuses a computer move for a human seat', () => {
    const m = start({ players: 1 });
    const next = update(m, { type: 'computer-move', action: { type: 'stop-rolling' } });
    expect(next.message?.text).toBe("It is not a computer player's turn");
    expect(next.game).toEqual(m.game);
  });
});

describe('roll cue for the animation', () => {
  it('counts each roll and names the dice thrown', () => {
    const m = start({ players: 1 });
    expect(m.roll).toMatchObject({ count: 1, dice: [true, true, true, true, true] });
    const r = press(m, '2', '4', 'space');
    expect(r.roll).toMatchObject({ count: 2, dice: [true, false, true, false, true] });
    expect(press(r, '1').roll).toEqual(r.roll);
  });
});
