import { describe, expect, it } from 'vitest';
import { scoreBox, scoreOptions, upperBonus } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

const freeJoker = rules('free-joker');

function points(box: string, text: string): number {
  const def = freeJoker.boxes.find((b) => b.id === box);
  if (!def) throw new Error(`no box ${box}`);
  return scoreBox(def.scoring, dice(text));
}

describe('free-joker rules: the examples of sheet 003 (Open Yahtzee)', () => {
  it.each([
    ['3-3-1-2-5', 6, 'threes (two dice showing 3)', 'threes'],
    ['4-4-4-1-2', 15, '3 of a kind (the sum of the dice)', 'threeOfAKind'],
    ['4-4-4-4-2', 18, '4 of a kind (the sum of the dice)', 'fourOfAKind'],
    ['6-6-6-1-1', 25, 'full house', 'fullHouse'],
    ['5-3-2-4-5', 30, 'sequence of 4 (2,3,4,5 in any order)', 'smallStraight'],
    ['6-2-5-3-4', 40, 'sequence of 5 (2,3,4,5,6 in any order)', 'largeStraight'],
    ['4-1-5-3-2', 40, 'sequence of 5 (1,2,3,4,5 in any order)', 'largeStraight'],
    ['2-2-2-2-2', 50, 'Yahtzee', 'yahtzee'],
    ['6-1-3-2-5', 17, 'chance (the sum of the dice)', 'chance'],
  ])('%s scores %i as %s (sheet 003)', (text, expected, _label, box) => {
    expect(points(box, text)).toBe(expected);
  });

  it.each([
    ['1-2-3-5-6', 'threeOfAKind'],
    ['1-1-1-5-6', 'fourOfAKind'],
    ['1-1-2-2-3', 'fullHouse'],
    ['1-2-3-5-6', 'smallStraight'],
    ['1-2-3-4-6', 'largeStraight'],
    ['1-1-1-1-2', 'yahtzee'],
  ])('%s scores 0 in %s: a box that does not fit scores 0 (sheet 003)', (text, box) => {
    expect(points(box, text)).toBe(0);
  });

  it('shows the potential score of every box before choosing (sheet 003)', () => {
    const options = scoreOptions(freeJoker, card(), dice('2-3-4-4-4'));
    expect(options.boxes.map((o) => o.points)).toEqual([0, 2, 3, 12, 0, 0, 17, 0, 0, 0, 0, 0, 17]);
  });

  it('upper boxes at 63 or more earn 35 (sheet 003)', () => {
    expect(upperBonus(freeJoker, card({ aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }))).toBe(35);
  });

  it('has the official chart, numbered 1-13, with the free Joker and 100 per further Yahtzee', () => {
    expect(freeJoker.boxes).toEqual(rules('official').boxes);
    expect(freeJoker.boxes.map((b) => b.option)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect([freeJoker.upperBonus, freeJoker.yahtzeeBonus, freeJoker.joker]).toEqual([{ threshold: 63, points: 35 }, 100, 'free']);
  });
});
