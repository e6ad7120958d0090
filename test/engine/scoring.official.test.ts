import { describe, expect, it } from 'vitest';
import { scoreBox, scoreOptions, upperBonus, type RuleSetId } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

/** Points the dice score in one box of a rule set, on an empty card. */
function points(ruleSet: RuleSetId, box: string, text: string): number {
  const def = rules(ruleSet).boxes.find((b) => b.id === box);
  if (!def) throw new Error(`no box ${box}`);
  return scoreBox(def.scoring, dice(text));
}

describe('official rules: the worked examples of sheet 000 (Yahtzee rules, MSX)', () => {
  it.each([
    ['1 1 1 3 4', 3, 'aces', 'aces'],
    ['2 2 2 5 6', 6, 'twos', 'twos'],
    ['3 3 3 3 4', 12, 'threes', 'threes'],
    ['4 4 5 5 5', 8, 'fours', 'fours'],
    ['1 1 2 2 5', 5, 'fives', 'fives'],
    ['2 3 6 6 6', 18, 'sixes', 'sixes'],
    ['2 3 4 4 4', 17, 'three of a kind', 'threeOfAKind'],
    ['4 5 5 5 5', 24, 'four of a kind', 'fourOfAKind'],
    ['2 2 5 5 5', 25, 'full house', 'fullHouse'],
    ['1 3 4 5 6', 30, 'small straight', 'smallStraight'],
    ['1 2 3 4 5', 40, 'large straight', 'largeStraight'],
    ['1 1 1 1 1', 50, 'Yahtzee', 'yahtzee'],
    ['1 1 3 3 5', 13, 'chance', 'chance'],
  ])('%s scores %i as %s (sheet 000)', (text, expected, _label, box) => {
    expect(points('official', box, text)).toBe(expected);
  });

  it.each([
    ['1-2-3-4', '1 2 3 4 6'],
    ['2-3-4-5', '2 3 4 5 2'],
    ['3-4-5-6', '6 5 4 3 3'],
  ])('the run %s is a small straight: %s scores 30 (sheet 000)', (_run, text) => {
    expect(points('official', 'smallStraight', text)).toBe(30);
  });

  it.each([['1-2-3-4-5', '5 4 3 2 1'], ['2-3-4-5-6', '2 3 4 5 6']])('the run %s is a large straight: %s scores 40 (sheet 000)', (_run, text) => {
    expect(points('official', 'largeStraight', text)).toBe(40);
  });

  it('upper boxes reaching 63 earn a bonus of 35 (sheet 000)', () => {
    const c = card({ aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 });
    expect(upperBonus(rules('official'), c)).toBe(35);
  });

  it('the upper bonus can be earned with a 0 in an upper box (sheet 000)', () => {
    const c = card({ aces: 0, twos: 8, threes: 12, fours: 16, fives: 15, sixes: 12 });
    expect(upperBonus(rules('official'), c)).toBe(35);
  });

  it('three alike are needed for three of a kind: 2 3 4 4 5 scores 0 there (sheet 000)', () => {
    expect(points('official', 'threeOfAKind', '2 3 4 4 5')).toBe(0);
  });

  it('four alike are needed for four of a kind: 4 4 4 5 5 scores 0 there (sheet 000)', () => {
    expect(points('official', 'fourOfAKind', '4 4 4 5 5')).toBe(0);
  });
});

describe('official rules: the worked examples of sheet 002 (Yatzy)', () => {
  it.each([
    ['1-1-1-1-3', 7, 'four of a kind', 'fourOfAKind'],
    ['2-2-2-3-3', 25, 'full house', 'fullHouse'],
    ['2-3-4-5-5', 30, 'small straight', 'smallStraight'],
    ['2-3-4-5-6', 40, 'large straight', 'largeStraight'],
    ['3-3-3-3-3', 50, 'yatzy', 'yahtzee'],
    ['2-3-5-6-6', 22, 'chance', 'chance'],
  ])('%s scores %i as %s (sheet 002)', (text, expected, _label, box) => {
    expect(points('official', box, text)).toBe(expected);
  });

  // The sheet prints "5-5-5-2-5=21", but its own rule (the sum of all dice) gives 5+5+5+2+5 = 22.
  it('5-5-5-2-5 scores 22 as three of a kind (sheet 002 prints 21, a slip in its sum)', () => {
    expect(points('official', 'threeOfAKind', '5-5-5-2-5')).toBe(22);
  });

  it('a roll that fits no open box may be written as 0 in any box (sheet 002)', () => {
    const options = scoreOptions(rules('official'), card(), dice('1-2-4-5-6'));
    expect(options.boxes.every((o) => o.allowed)).toBe(true);
    expect(options.boxes.find((o) => o.box === 'yahtzee')?.points).toBe(0);
  });
});

describe('official rules: the chart', () => {
  it('has the thirteen boxes of sheet 000 in order, numbered 1-13, six upper then seven lower', () => {
    const r = rules('official');
    expect(r.boxes.map((b) => [b.option, b.id, b.name, b.section])).toEqual([
      [1, 'aces', 'Aces', 'upper'],
      [2, 'twos', 'Twos', 'upper'],
      [3, 'threes', 'Threes', 'upper'],
      [4, 'fours', 'Fours', 'upper'],
      [5, 'fives', 'Fives', 'upper'],
      [6, 'sixes', 'Sixes', 'upper'],
      [7, 'threeOfAKind', 'Three of a kind', 'lower'],
      [8, 'fourOfAKind', 'Four of a kind', 'lower'],
      [9, 'fullHouse', 'Full house', 'lower'],
      [10, 'smallStraight', 'Small straight', 'lower'],
      [11, 'largeStraight', 'Large straight', 'lower'],
      [12, 'yahtzee', 'Yahtzee', 'lower'],
      [13, 'chance', 'Chance', 'lower'],
    ]);
  });

  it('has an upper bonus of 35 at 63, 100 per further Yahtzee and the forced Joker (sheets 000, 002)', () => {
    const r = rules('official');
    expect([r.upperBonus, r.yahtzeeBonus, r.joker]).toEqual([{ threshold: 63, points: 35 }, 100, 'forced']);
  });
});
