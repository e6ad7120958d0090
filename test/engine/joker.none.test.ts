import { describe, expect, it } from 'vitest';
import { scoreCard, scoreOptions, type RuleSetId } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

const FIVES = dice('5-5-5-5-5');

describe.each([
  ['spectrum', 'yahtzee', 'smallStraight', 'largeStraight'],
  ['brazilian', 'general', 'sequenciaAlta', 'sequenciaBaixa'],
] as const)('%s rules: no Joker and no Yahtzee bonus', (id: RuleSetId, yBox, straight4, straight5) => {
  const r = rules(id);

  it('a second Yahtzee scores as the dice are: full house and straights 0, every open box allowed, no bonus', () => {
    const options = scoreOptions(r, card({ [yBox]: 50 }), FIVES);
    expect(options).toMatchObject({ joker: false, yahtzeeBonus: 0 });
    const byBox = Object.fromEntries(options.boxes.map((o) => [o.box, o]));
    expect([byBox.fullHouse.points, byBox[straight4].points, byBox[straight5].points, byBox.fives.points]).toEqual([0, 0, 0, 25]);
    expect(options.boxes.filter((o) => !o.allowed).map((o) => o.box)).toEqual([yBox]);
  });

  it('scoring a second Yahtzee adds no bonus to the card', () => {
    expect(scoreCard(r, card({ [yBox]: 50 }), FIVES, 'fullHouse')).toEqual(card({ [yBox]: 50, fullHouse: 0 }, 0));
  });
});
