import { describe, expect, it } from 'vitest';
import { possibleScores, scoreBox, upperBonus } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

const spectrum = rules('spectrum');

function byOption(option: number) {
  const def = spectrum.boxes.find((b) => b.option === option);
  if (!def) throw new Error(`no option ${option}`);
  return def;
}

const points = (option: number, text: string): number => scoreBox(byOption(option).scoring, dice(text));

describe('spectrum rules: the scoring table of sheet 001 (YATZEE, CP Software 1984)', () => {
  it('numbers its options 1-13 in its own order: 10 Yatzee, 11 short run, 12 long run, 13 chance (sheet 001)', () => {
    expect(spectrum.boxes.map((b) => [b.option, b.id, b.name, b.section])).toEqual([
      [1, 'aces', "1's", 'upper'],
      [2, 'twos', "2's", 'upper'],
      [3, 'threes', "3's", 'upper'],
      [4, 'fours', "4's", 'upper'],
      [5, 'fives', "5's", 'upper'],
      [6, 'sixes', "6's", 'upper'],
      [7, 'threeOfAKind', '3 of a kind', 'lower'],
      [8, 'fourOfAKind', '4 of a kind', 'lower'],
      [9, 'fullHouse', 'Full house', 'lower'],
      [10, 'yahtzee', 'Yatzee', 'lower'],
      [11, 'smallStraight', 'Short run', 'lower'],
      [12, 'largeStraight', 'Long run', 'lower'],
      [13, 'chance', 'Chance', 'lower'],
    ]);
  });

  it.each([
    [1, '1-1-1-1-1', 5],
    [2, '2-2-2-2-2', 10],
    [3, '3-3-3-3-3', 15],
    [4, '4-4-4-4-4', 20],
    [5, '5-5-5-5-5', 25],
    [6, '6-6-6-6-6', 30],
    [7, '6-6-6-6-6', 30],
    [8, '6-6-6-6-6', 30],
    [13, '6-6-6-6-6', 30],
  ])('option %i: %s scores %i, the top of its range (sheet 001)', (option, text, expected) => {
    expect(points(option, text)).toBe(expected);
  });

  it.each([
    [1, 'the sum of all 1s', '1-1-2-3-1', 3],
    [4, 'the sum of all 4s', '4-2-4-6-6', 8],
    [7, '3 of a kind, the sum of all 5 dice', '3-3-3-2-6', 17],
    [8, '4 of a kind, the sum of all 5 dice', '2-5-5-5-5', 22],
    [9, 'full house, 3 of a kind plus a pair', '4-4-1-1-1', 25],
    [10, 'Yatzee, 5 of a kind', '3-3-3-3-3', 50],
    [11, 'short run, eg. 2345', '2-3-4-5-2', 30],
    [12, 'long run, eg. 23456', '2-3-4-5-6', 40],
    [13, 'chance, the sum of all 5 dice', '1-3-5-6-2', 17],
  ])('option %i (%s): %s scores %i (sheet 001)', (option, _label, text, expected) => {
    expect(points(option, text)).toBe(expected);
  });

  it('every score each option can hold lies in the range sheet 001 gives', () => {
    const ranges: Record<number, [number, number]> = { 1: [0, 5], 2: [0, 10], 3: [0, 15], 4: [0, 20], 5: [0, 25], 6: [0, 30], 7: [0, 30], 8: [0, 30], 9: [0, 25], 10: [0, 50], 11: [0, 30], 12: [0, 40], 13: [0, 30] };
    for (const b of spectrum.boxes) {
      const [lo, hi] = ranges[b.option];
      for (const p of possibleScores(b.scoring)) expect(p >= lo && p <= hi, `${b.name} ${p}`).toBe(true);
    }
  });

  it('a sum of exactly 63 in the first six options earns the bonus of 35 (sheet 001: equal to or greater than 63)', () => {
    expect(upperBonus(spectrum, card({ aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }))).toBe(35);
    expect(upperBonus(spectrum, card({ aces: 2, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }))).toBe(0);
  });

  it('has no Yahtzee bonus and no Joker (sheet 001)', () => {
    expect([spectrum.yahtzeeBonus, spectrum.joker]).toEqual([0, 'none']);
  });
});
