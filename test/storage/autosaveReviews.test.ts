import { describe, expect, it } from 'vitest';
import { newGame, reduce, type GameState } from '../../src/engine/index.js';
import { Autosave } from '../../src/storage/autosave.js';
import { loadScores } from '../../src/storage/index.js';
import { tempDirs } from './helpers.js';

/** Ann (a person) and Bob (a computer) play out a game, each scoring the first box that takes the dice. */
function finished(): GameState {
  let s = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'BOB', kind: 'computer', strength: 'casual' }], seed: 4 });
  const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
  while (s.phase !== 'gameOver') {
    const r = open.map((box) => reduce(s, { type: 'score', box })).find((x) => x.ok)!;
    s = r.state;
  }
  return s;
}

const review = { luck: 8.25, loss: 31.5, decisions: 13 };

describe("autosave: a finished game's reviews go with its high scores", () => {
  it('a review known after the game was recorded is added to it', () => {
    const dirs = tempDirs();
    const save = new Autosave(dirs, 'msx', false);
    const over = finished();
    save.onChange(over);
    expect(loadScores(dirs).book.rules.official!.recent![0].luck).toBeUndefined();
    expect(save.addReviews(over, [review, null])).toBeNull();
    const official = loadScores(dirs).book.rules.official!;
    expect(official.recent).toEqual([expect.objectContaining({ name: 'ANN', ...review, game: `${save.match}#1` })]);
    expect(official.top[0]).toMatchObject(review);
  });

  it('a review known before the game could be recorded is recorded with it', () => {
    const dirs = tempDirs();
    const save = new Autosave(dirs, 'msx', false);
    const over = finished();
    expect(save.addReviews(over, [review, null])).toBeNull();
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    save.onChange(over);
    expect(loadScores(dirs).book.rules.official!.recent![0]).toMatchObject(review);
  });

  it('practice games keep no reviews (they have no high scores); a game still on has none to keep', () => {
    const dirs = tempDirs();
    const practice = new Autosave(dirs, 'msx', true);
    const over = finished();
    practice.onChange(over);
    expect(practice.addReviews(over, [review, null])).toBeNull();
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    const playing = new Autosave(dirs, 'msx', false);
    expect(playing.addReviews(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 }), [review])).toBeNull();
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
  });
});
