import { describe, expect, it } from 'vitest';
import { cardTotal, scoreCard, scoreOptions, type Card } from '../../src/engine/index.js';
import { card, cardWithOpen, dice, rules } from './helpers.js';

const official = rules('official');
const FIVES = dice('5-5-5-5-5');

/** The allowed boxes and their points. */
function allowed(c: Card) {
  return Object.fromEntries(scoreOptions(official, c, FIVES).boxes.filter((o) => o.allowed).map((o) => [o.box, o.points]));
}

describe('official rules: the forced Joker and the Yahtzee bonus (sheet 002)', () => {
  it('a second Yahtzee of fives with Fives open may only go in Fives, for 25, plus the 100 bonus', () => {
    const c = card({ yahtzee: 50 });
    expect(allowed(c)).toEqual({ fives: 25 });
    expect(scoreOptions(official, c, FIVES).yahtzeeBonus).toBe(100);
    expect(scoreCard(official, c, FIVES, 'fives')).toEqual(card({ yahtzee: 50, fives: 25 }, 1));
  });

  it.each(['fullHouse', 'largeStraight', 'aces', 'chance'])('with Fives open, %s is refused with a message naming Fives', (box) => {
    const r = scoreCard(official, card({ yahtzee: 50 }), FIVES, box);
    expect(r).toEqual({ error: 'Joker: this Yahtzee must go in Fives' });
  });

  it('with Fives filled, any open lower box is allowed at full value (full house 25, straights 30/40), plus 100', () => {
    const c = card({ yahtzee: 50, fives: 15 });
    expect(allowed(c)).toEqual({ threeOfAKind: 25, fourOfAKind: 25, fullHouse: 25, smallStraight: 30, largeStraight: 40, chance: 25 });
    expect(scoreOptions(official, c, FIVES).yahtzeeBonus).toBe(100);
    expect(scoreCard(official, c, FIVES, 'largeStraight')).toEqual(card({ yahtzee: 50, fives: 15, largeStraight: 40 }, 1));
  });

  it('with Fives filled and a lower box open, an upper box is refused', () => {
    expect(scoreCard(official, card({ yahtzee: 50, fives: 15 }), FIVES, 'sixes')).toEqual({ error: 'Joker: Sixes is not allowed while a lower box is open' });
  });

  it('with Fives and every lower box filled, the Yahtzee goes in an open upper box for 0, plus 100', () => {
    const c = cardWithOpen(official, ['aces', 'sixes'], { yahtzee: 50, fives: 20 });
    expect(allowed(c)).toEqual({ aces: 0, sixes: 0 });
    const after = scoreCard(official, c, FIVES, 'sixes');
    expect(after).toEqual({ boxes: { ...c.boxes, sixes: 0 }, yahtzeeBonuses: 1 });
  });

  it('with the Yahtzee box holding 0, the Joker still applies but no bonus is earned', () => {
    const open = card({ yahtzee: 0 });
    expect(allowed(open)).toEqual({ fives: 25 });
    expect(scoreOptions(official, open, FIVES)).toMatchObject({ joker: true, yahtzeeBonus: 0 });
    expect(scoreCard(official, open, FIVES, 'fives')).toEqual(card({ yahtzee: 0, fives: 25 }, 0));
    const filled = card({ yahtzee: 0, fives: 10 });
    expect(allowed(filled)).toMatchObject({ fullHouse: 25, smallStraight: 30, largeStraight: 40 });
  });

  it('the first Yahtzee, with the Yahtzee box open, is no Joker: full house 0, any box allowed, no bonus', () => {
    const options = scoreOptions(official, card(), FIVES);
    expect(options).toMatchObject({ joker: false, yahtzeeBonus: 0 });
    expect(options.boxes.every((o) => o.allowed)).toBe(true);
    expect(options.boxes.find((o) => o.box === 'fullHouse')?.points).toBe(0);
  });

  it('five alike that are not a Yahtzee-after-Yahtzee earn no bonus: 4-5-5-5-5 with the Yahtzee box at 50', () => {
    expect(scoreOptions(official, card({ yahtzee: 50 }), dice('4-5-5-5-5'))).toMatchObject({ joker: false, yahtzeeBonus: 0 });
  });

  it('each further Yahtzee adds 100 to the total: two bonuses on a card make 200', () => {
    let c: Card = card({ yahtzee: 50 });
    for (const [text, box] of [['5-5-5-5-5', 'fives'], ['2-2-2-2-2', 'twos']] as const) {
      const next = scoreCard(official, c, dice(text), box);
      if ('error' in next) throw new Error(next.error);
      c = next;
    }
    expect(c.yahtzeeBonuses).toBe(2);
    expect(cardTotal(official, c)).toBe(50 + 25 + 10 + 200);
  });
});
