import { describe, expect, it } from 'vitest';
import { scoreCard, scoreOptions, type Card } from '../../src/engine/index.js';
import { card, cardWithOpen, dice, rules } from './helpers.js';

const freeJoker = rules('free-joker');
const FIVES = dice('5-5-5-5-5');

function allowed(c: Card) {
  return Object.fromEntries(scoreOptions(freeJoker, c, FIVES).boxes.filter((o) => o.allowed).map((o) => [o.box, o.points]));
}

describe('free-joker rules: the free-choice Joker and the automatic 100 (sheet 003)', () => {
  it('a second Yahtzee of fives with Fives open may go in any open box: upper as usual, lower at full value, plus 100', () => {
    const c = card({ yahtzee: 50 });
    expect(allowed(c)).toEqual({
      aces: 0, twos: 0, threes: 0, fours: 0, fives: 25, sixes: 0,
      threeOfAKind: 25, fourOfAKind: 25, fullHouse: 25, smallStraight: 30, largeStraight: 40, chance: 25,
    });
    expect(scoreOptions(freeJoker, c, FIVES)).toMatchObject({ joker: true, yahtzeeBonus: 100 });
  });

  it('with Fives open, the Yahtzee may still go in Full House for 25, plus 100', () => {
    expect(scoreCard(freeJoker, card({ yahtzee: 50 }), FIVES, 'fullHouse')).toEqual(card({ yahtzee: 50, fullHouse: 25 }, 1));
  });

  it('with Fives filled, the straights score 30 and 40, plus 100', () => {
    const c = card({ yahtzee: 50, fives: 20 });
    expect(allowed(c)).toMatchObject({ smallStraight: 30, largeStraight: 40, fullHouse: 25 });
    expect(scoreCard(freeJoker, c, FIVES, 'smallStraight')).toEqual(card({ yahtzee: 50, fives: 20, smallStraight: 30 }, 1));
  });

  it('with every lower box filled, an open upper box takes 0, plus 100', () => {
    const c = cardWithOpen(freeJoker, ['twos'], { yahtzee: 50 });
    expect(allowed(c)).toEqual({ twos: 0 });
    expect(scoreCard(freeJoker, c, FIVES, 'twos')).toEqual({ boxes: { ...c.boxes, twos: 0 }, yahtzeeBonuses: 1 });
  });

  it('with the Yahtzee box holding 0, the Joker applies but no bonus is earned', () => {
    expect(scoreOptions(freeJoker, card({ yahtzee: 0 }), FIVES)).toMatchObject({ joker: true, yahtzeeBonus: 0 });
    expect(scoreCard(freeJoker, card({ yahtzee: 0 }), FIVES, 'largeStraight')).toEqual(card({ yahtzee: 0, largeStraight: 40 }, 0));
  });
});
