import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet, type Dice, type Face } from '../../src/engine/index.js';
import { rankOptions, solveSubgame, turnStartValue, type RankedOption } from '../../src/solver/index.js';
import { FACES_OF, ROLL_COUNT, ROLL_PROBABILITY } from '../../src/solver/dice/multisets.js';
import { cardWithOpen, dice } from './helpers.js';

const official = getRuleSet('official');
const lateCard = cardWithOpen('official', ['sixes', 'fourOfAKind', 'fullHouse', 'smallStraight', 'chance'], { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15 });
const table = solveSubgame('official', lateCard);

const scoreOf = (options: RankedOption[], box: string) => options.find((o) => o.kind === 'score' && o.box === box);
const keepOf = (options: RankedOption[], keep: number[]) => options.find((o) => o.kind === 'keep' && o.keep.join() === keep.join());

describe('rankOptions: every choice ranked by expected final score', () => {
  it('lists the open boxes and, while rolls are left, every keep of fewer than five dice (0-3 sixes, 0-1 ace, 0-1 two: 15), best first', () => {
    const options = rankOptions(table, official, lateCard, dice('6 1 6 6 2'), 2);
    const values = options.map((o) => o.expectedFinal);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(options.filter((o) => o.kind === 'score').map((o) => (o.kind === 'score' ? o.box : '')).sort()).toEqual(['chance', 'fourOfAKind', 'fullHouse', 'sixes', 'smallStraight']);
    expect(options.filter((o) => o.kind === 'keep')).toHaveLength(4 * 2 * 2 - 1);
  });

  it('with no rolls left only boxes are offered, with their points', () => {
    const options = rankOptions(table, official, lateCard, dice('6 1 6 6 2'), 0);
    expect(options.every((o) => o.kind === 'score')).toBe(true);
    expect(scoreOf(options, 'sixes')).toMatchObject({ points: 18 });
    expect(scoreOf(options, 'chance')).toMatchObject({ points: 21 });
  });

  it('each keep holds exactly its faces, taken from the dice positions', () => {
    const roll = dice('3 5 3 2 5');
    for (const o of rankOptions(table, official, lateCard, roll, 1)) {
      if (o.kind !== 'keep') continue;
      expect(roll.filter((_, i) => o.hold[i]).sort()).toEqual(o.keep);
    }
  });

  it('a keep with one roll left is worth the mean, over the last roll, of the best box for the dice it makes', () => {
    const options = rankOptions(table, official, lateCard, dice('6 6 6 1 6'), 1);
    let mean = 0;
    for (let f = 1; f <= 6; f++) mean += rankOptions(table, official, lateCard, [6, 6, 6, 6, f as Face], 0)[0].expectedFinal / 6;
    expect(keepOf(options, [6, 6, 6, 6])!.expectedFinal).toBeCloseTo(mean, 9);
  });

  it('the start of a turn is worth the chance-weighted best choice after the first roll', () => {
    let expected = 0;
    for (let r = 0; r < ROLL_COUNT; r++) expected += ROLL_PROBABILITY[r] * rankOptions(table, official, lateCard, FACES_OF[r] as Dice, 2)[0].expectedFinal;
    expect(expected).toBeCloseTo(cardTotal(official, lateCard) + turnStartValue(table, lateCard), 9);
  });

  it('the forced Joker: five fives with Fives open may only go in Fives, and the 100 bonus is counted', () => {
    const card = cardWithOpen('official', ['fives', 'largeStraight', 'chance'], { yahtzee: 50 });
    const t = solveSubgame('official', card);
    const options = rankOptions(t, official, card, dice('55555'), 0);
    expect(options.map((o) => (o.kind === 'score' ? [o.box, o.points] : o.kind))).toEqual([['fives', 25]]);
    const after = { boxes: { ...card.boxes, fives: 25 }, yahtzeeBonuses: 1 };
    expect(options[0].expectedFinal).toBeCloseTo(cardTotal(official, after) + turnStartValue(t, after), 9);
  });

  it('the forced Joker with Fives filled: Large straight at its full 40 points, upper boxes refused', () => {
    const card = cardWithOpen('official', ['sixes', 'largeStraight', 'chance'], { yahtzee: 50, fives: 20 });
    const options = rankOptions(solveSubgame('official', card), official, card, dice('55555'), 0);
    expect(options.map((o) => (o.kind === 'score' ? `${o.box}=${o.points}` : o.kind)).sort()).toEqual(['chance=25', 'largeStraight=40']);
    expect(options[0]).toMatchObject({ kind: 'score', box: 'largeStraight' });
  });

  it.each<[string, () => unknown]>([
    ['a table of other rules', () => rankOptions(table, getRuleSet('spectrum'), lateCard, dice('12345'), 0)],
    ['3 rolls left', () => rankOptions(table, official, lateCard, dice('12345'), 3)],
    ['four dice', () => rankOptions(table, official, lateCard, [1, 2, 3, 4] as Face[], 0)],
    ['a finished card', () => rankOptions(table, official, cardWithOpen('official', [], { chance: 20 }), dice('12345'), 0)],
    ['an unknown box on the card', () => rankOptions(table, official, { ...lateCard, boxes: { ...lateCard.boxes, bogus: 3 } }, dice('12345'), 0)],
    ['an upper box with points its dice cannot make', () => rankOptions(table, official, { ...lateCard, boxes: { ...lateCard.boxes, twos: 7 } }, dice('12345'), 0)],
  ])('refuses %s with a RangeError', (_, call) => {
    expect(call).toThrow(RangeError);
  });
});
