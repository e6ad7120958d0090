import { describe, expect, it } from 'vitest';
import { getRuleSet } from '../../src/engine/index.js';
import { rankOptions, reviewDecisions, solveSubgame, totalLoss, type DecisionRecord } from '../../src/solver/index.js';
import { cardWithOpen, dice } from './helpers.js';

const official = getRuleSet('official');
const card = cardWithOpen('official', ['sixes', 'fourOfAKind', 'yahtzee', 'chance'], { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15 });
const table = solveSubgame('official', card);

describe('the post-game review: expected points lost against optimal play', () => {
  const roll = dice('6 6 6 6 1');
  const options = rankOptions(table, official, card, roll, 0);
  const valueOf = (box: string) => options.find((o) => o.kind === 'score' && o.box === box)!.expectedFinal;

  it('the best choice loses nothing; another loses the difference in expected final score', () => {
    const best = options[0].kind === 'score' ? options[0].box : '';
    const records: DecisionRecord[] = [
      { card, dice: roll, rollsLeft: 0, choice: { kind: 'score', box: best } },
      { card, dice: roll, rollsLeft: 0, choice: { kind: 'score', box: 'chance' } },
    ];
    const [good, worse] = reviewDecisions(table, records);
    expect(good.loss).toBe(0);
    expect(worse.loss).toBeCloseTo(options[0].expectedFinal - valueOf('chance'), 9);
    expect(worse.loss).toBeGreaterThan(0);
    expect(totalLoss([good, worse])).toBe(worse.loss);
  });

  it('keeps are judged with the rolls left; keeping all five dice is judged as stopping to score', () => {
    const withRolls = rankOptions(table, official, card, roll, 2);
    const keep = withRolls.find((o) => o.kind === 'keep' && o.keep.join() === '6,6,6,6')!;
    const [kept, stopped] = reviewDecisions(table, [
      { card, dice: roll, rollsLeft: 2, choice: { kind: 'keep', keep: [6, 6, 6, 6] } },
      { card, dice: roll, rollsLeft: 2, choice: { kind: 'keep', keep: [1, 6, 6, 6, 6] } },
    ]);
    expect(kept.chosenExpectedFinal).toBe(keep.expectedFinal);
    expect(kept.loss).toBeCloseTo(withRolls[0].expectedFinal - keep.expectedFinal, 9);
    expect(stopped.chosenExpectedFinal).toBe(options[0].expectedFinal);
  });

  it('remembers each record\'s judgement for the same table, and judges afresh with another', () => {
    const record: DecisionRecord = { card, dice: roll, rollsLeft: 0, choice: { kind: 'score', box: 'chance' } };
    const [first] = reviewDecisions(table, [record]);
    expect(reviewDecisions(table, [record])[0]).toBe(first);
    const other = { ...table, values: new Float64Array(table.values) };
    const [again] = reviewDecisions(other, [record]);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it.each<[string, DecisionRecord]>([
    ['a box that is filled', { card, dice: roll, rollsLeft: 0, choice: { kind: 'score', box: 'aces' } }],
    ['a keep of dice not on the table', { card, dice: roll, rollsLeft: 1, choice: { kind: 'keep', keep: [2, 2] } }],
    ['five dice that are not the ones rolled', { card, dice: roll, rollsLeft: 1, choice: { kind: 'keep', keep: [5, 5, 5, 5, 5] } }],
  ])('refuses %s with a RangeError', (_, record) => {
    expect(() => reviewDecisions(table, [record])).toThrow(RangeError);
  });
});
