import { describe, expect, it } from 'vitest';
import { getRuleSet, upperBonusNeeded } from '../../src/engine/index.js';
import { card } from './helpers.js';

const official = getRuleSet('official');

describe('upperBonusNeeded: the upper points still needed for the bonus, or null once it cannot come', () => {
  it.each([
    ['a fresh card needs the whole threshold', {}, 63],
    ['three of each face so far is on track', { aces: 3, twos: 6, threes: 9, fours: 12 }, 33],
    ['earned: nothing more needed', { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }, 0],
    ['five sixes would just reach it', { aces: 3, twos: 6, threes: 9, fours: 12, fives: 3 }, 30],
    ['five sixes would not reach it', { aces: 3, twos: 6, threes: 9, fours: 12, fives: 2 }, null],
    ['the upper boxes full and short of it', { aces: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 }, null],
  ])('%s', (_what, boxes, need) => {
    expect(upperBonusNeeded(official, card(boxes))).toBe(need);
  });

  it('is null in rules without an upper bonus', () => {
    expect(upperBonusNeeded(getRuleSet('brazilian'), card())).toBeNull();
  });
});
