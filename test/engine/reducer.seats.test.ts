import { describe, expect, it } from 'vitest';
import { isCardComplete, MAX_PLAYERS, newGame } from '../../src/engine/index.js';
import { game, players, rules, scoreFirstLegal } from './helpers.js';

describe('reducer: turn order', () => {
  it.each([1, 2, 3, 4])('with %i player(s), seats take turns in order and the game ends after 13 turns each', (n) => {
    let s = game(n, 2024);
    const order: number[] = [];
    while (s.phase !== 'gameOver') {
      order.push(s.current);
      expect(Object.keys(s.cards[s.current].boxes)).toHaveLength(Math.floor((order.length - 1) / n));
      s = scoreFirstLegal(s);
    }
    expect(order).toEqual(Array.from({ length: 13 * n }, (_, i) => i % n));
    expect(s.cards.every((c) => isCardComplete(rules('official'), c))).toBe(true);
  });

  it.each([
    [1, [62]],
    [2, [47, 21]],
    [3, [25, 81, 35]],
    [4, [74, 78, 41, 36]],
  ])('with %i player(s), seed 2024 and the first legal box each turn, the game ends with totals %j', (n, totals) => {
    let s = game(n, 2024);
    while (s.phase !== 'gameOver') s = scoreFirstLegal(s);
    expect(s.results).toEqual([{ totals }]);
  });

  it('each seat starts its turn with a fresh first roll', () => {
    const s = scoreFirstLegal(game(3, 5));
    expect([s.current, s.rollsUsed, s.phase]).toEqual([1, 1, 'rolling']);
  });

  it('keeps at most four seats', () => {
    expect(newGame({ players: players(6), seed: 1 }).players).toHaveLength(MAX_PLAYERS);
  });
});
