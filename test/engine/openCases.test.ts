import { describe, expect, it } from 'vitest';
import { cardTotal, scoreBox, scoreOptions, upperBonus, type RuleSetId } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

function points(ruleSet: RuleSetId, box: string, text: string): number {
  const def = rules(ruleSet).boxes.find((b) => b.id === box);
  if (!def) throw new Error(`no box ${box}`);
  return scoreBox(def.scoring, dice(text));
}

const ENGLISH: RuleSetId[] = ['official', 'free-joker', 'spectrum'];

describe('settled open cases', () => {
  it.each(ENGLISH)('five alike are not a full house (%s)', (r) => {
    expect(points(r, 'fullHouse', '3-3-3-3-3')).toBe(0);
  });

  it('five alike are not a full house in the brazilian set either', () => {
    expect(points('brazilian', 'fullHouse', '3-3-3-3-3')).toBe(0);
  });

  it('five alike score 25 as a full house only as a Joker (official, Yahtzee box filled, Threes filled)', () => {
    const options = scoreOptions(rules('official'), card({ yahtzee: 50, threes: 9 }), dice('3-3-3-3-3'));
    expect(options.joker).toBe(true);
    expect(options.boxes.find((o) => o.box === 'fullHouse')).toEqual({ box: 'fullHouse', points: 25, allowed: true });
  });

  it.each(ENGLISH)('1-1-1-1-1 scores 5 as three of a kind and 5 as four of a kind (%s)', (r) => {
    expect(points(r, 'threeOfAKind', '1-1-1-1-1')).toBe(5);
    expect(points(r, 'fourOfAKind', '1-1-1-1-1')).toBe(5);
  });

  it.each(ENGLISH)('1-2-3-4-4 is a small straight, 30 (%s)', (r) => {
    expect(points(r, 'smallStraight', '1-2-3-4-4')).toBe(30);
  });

  it.each(ENGLISH.flatMap((r) => [[r, '1-2-3-4-5'], [r, '2-3-4-5-6']]))('a large straight also scores 30 as a small straight (%s, %s)', (r, text) => {
    expect(points(r, 'largeStraight', text)).toBe(40);
    expect(points(r, 'smallStraight', text)).toBe(30);
  });

  it.each(ENGLISH)('upper boxes summing to exactly 63 earn the bonus of 35 (%s)', (r) => {
    const c = card({ aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 });
    expect(upperBonus(rules(r), c)).toBe(35);
    expect(cardTotal(rules(r), c)).toBe(98);
  });

  it.each(ENGLISH)('upper boxes summing to 62 earn no bonus (%s)', (r) => {
    const c = card({ aces: 2, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 });
    expect(upperBonus(rules(r), c)).toBe(0);
    expect(cardTotal(rules(r), c)).toBe(62);
  });

  it('the brazilian set has no upper bonus, even at 63', () => {
    const c = card({ aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 });
    expect(upperBonus(rules('brazilian'), c)).toBe(0);
    expect(cardTotal(rules('brazilian'), c)).toBe(63);
  });
});
