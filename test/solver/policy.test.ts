import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, getRuleSet, newGame, reduce, seedRng, type Card, type GameState } from '../../src/engine/index.js';
import { STRONG_NOISE, actionsFor, casualMove, chooseMove, positionOf, rankOptions, solveSubgame, type Decision } from '../../src/solver/index.js';
import { cardWithOpen, dice } from './helpers.js';

const official = getRuleSet('official');
const card = cardWithOpen('official', ['threes', 'fours', 'threeOfAKind', 'fullHouse', 'largeStraight', 'chance'], { aces: 3, twos: 6, fives: 15, sixes: 24 });
const table = solveSubgame('official', card);

const asDecision = (o: ReturnType<typeof rankOptions>[number]): Decision => (o.kind === 'keep' ? { kind: 'keep', keep: o.keep, hold: o.hold } : { kind: 'score', box: o.box });

describe('computer players', () => {
  it.each([
    ['3-4-3-4-3 with two rolls left', '34343', 2],
    ['2-3-4-5-1 with one roll left', '23451', 1],
    ['6-6-1-4-4 with no rolls left', '66144', 0],
  ])('optimal plays the top option of rankOptions: %s', (_, roll, rollsLeft) => {
    const rng = seedRng(1);
    const move = chooseMove(table, 'optimal', { card, dice: dice(roll), rollsLeft }, rng);
    expect(move.decision).toEqual(asDecision(rankOptions(table, official, card, dice(roll), rollsLeft)[0]));
    expect(move.rng).toBe(rng);
  });

  it('strong is deterministic for a generator state, advances it, and never strays further than its noise', () => {
    const position = { card, dice: dice('34343'), rollsLeft: 2 };
    const options = rankOptions(table, official, card, position.dice, 2);
    const a = chooseMove(table, 'strong', position, seedRng(7));
    expect(chooseMove(table, 'strong', position, seedRng(7))).toEqual(a);
    expect(a.rng).not.toEqual(seedRng(7));
    let rng = seedRng(8);
    const picked = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const m = chooseMove(table, 'strong', position, rng);
      rng = m.rng;
      const value = options.find((o) => JSON.stringify(asDecision(o)) === JSON.stringify(m.decision))!.expectedFinal;
      expect(value).toBeGreaterThan(options[0].expectedFinal - STRONG_NOISE);
      picked.add(JSON.stringify(m.decision));
    }
    expect(picked.size).toBeGreaterThan(1);
    expect(picked.has(JSON.stringify(asDecision(options[0])))).toBe(true);
  });

  it.each<[string, Card, string, number, Decision]>([
    ['2-3-4-5-6 with rolls left: scores the large straight at once', EMPTY_CARD, '23456', 2, { kind: 'score', box: 'largeStraight' }],
    ['3-3-5-3-1 with rolls left: keeps the three threes', EMPTY_CARD, '33531', 2, { kind: 'keep', keep: [3, 3, 3], hold: [true, true, false, true, false] }],
    ['1-1-6-6-4: two pairs, keeps the higher one', EMPTY_CARD, '11664', 1, { kind: 'keep', keep: [6, 6], hold: [false, false, true, true, false] }],
    ['2-3-4-4-4 on the last roll: the most points, Three of a kind before Chance', EMPTY_CARD, '23444', 0, { kind: 'score', box: 'threeOfAKind' }],
    ['a zero goes in Aces rather than in Yahtzee', cardWithOpen('official', ['aces', 'yahtzee']), '23456', 0, { kind: 'score', box: 'aces' }],
  ])('casual: %s', (_, c, roll, rollsLeft, decision) => {
    expect(casualMove(official, { card: c, dice: dice(roll), rollsLeft })).toEqual(decision);
  });

  it('the actions for a decision are accepted by the engine and hold exactly the kept dice', () => {
    let state: GameState = newGame({ players: [{ name: 'C', kind: 'computer', strength: 'optimal' }], seed: 3 });
    const rolled = state.dice;
    const decision: Decision = { kind: 'keep', keep: [rolled[0], rolled[2]].sort(), hold: [true, false, true, false, false] };
    for (const a of actionsFor(state, decision)) {
      const r = reduce(state, a);
      expect(r.ok).toBe(true);
      state = r.state;
    }
    expect([state.rollsUsed, state.dice[0], state.dice[2]]).toEqual([2, rolled[0], rolled[2]]);
    expect(positionOf(state)).toEqual({ card: EMPTY_CARD, dice: state.dice, rollsLeft: 1 });
    const score = actionsFor(state, { kind: 'score', box: 'chance' });
    expect(score).toEqual([{ type: 'score', box: 'chance' }]);
    expect(reduce(state, score[0]).ok).toBe(true);
  });
});
