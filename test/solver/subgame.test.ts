import { describe, expect, it } from 'vitest';
import { getRuleSet, type RuleSetId } from '../../src/engine/index.js';
import { covers, solveSubgame, turnStartValue } from '../../src/solver/index.js';
import { cardWithOpen } from './helpers.js';

describe('sub-games: the rest of a game from a card with most boxes filled', () => {
  it('a position has the same value in a sub-game solved from an earlier card', () => {
    const early = cardWithOpen('official', ['aces', 'fours', 'fullHouse', 'yahtzee', 'chance'], { twos: 6, threes: 9, fives: 15, sixes: 18 });
    const late = { ...early, boxes: { ...early.boxes, chance: 22, fours: 16 } };
    const fromEarly = solveSubgame('official', early);
    const fromLate = solveSubgame('official', late);
    expect(turnStartValue(fromEarly, late)).toBe(turnStartValue(fromLate, late));
    expect(turnStartValue(fromEarly, late)).toBeGreaterThan(0);
  });

  it('a sub-game table refuses an earlier card instead of inventing a value', () => {
    const late = cardWithOpen('official', ['chance']);
    const table = solveSubgame('official', late);
    const earlier = cardWithOpen('official', ['chance', 'yahtzee']);
    expect(covers(table, earlier)).toBe(false);
    expect(() => turnStartValue(table, earlier)).toThrow(RangeError);
  });

  it('a finished card has nothing more to come', () => {
    const done = cardWithOpen('spectrum', [], { chance: 20 });
    expect(turnStartValue(solveSubgame('spectrum', done), done)).toBe(0);
  });

  it.each<[string, string[]]>([
    ['Sixes and Large straight open (forced: five sixes must go in Sixes)', ['sixes', 'largeStraight']],
    ['Aces, Small straight and Chance open', ['aces', 'smallStraight', 'chance']],
    ['Full house, Four of a kind and Fives open', ['fullHouse', 'fourOfAKind', 'fives']],
  ])('the free-choice Joker is worth at least the forced one: %s, 50 in the Yahtzee box', (_, open) => {
    const value = (rules: RuleSetId) => {
      const card = cardWithOpen(rules, open, { yahtzee: 50 });
      return turnStartValue(solveSubgame(rules, card), card);
    };
    expect(value('free-joker')).toBeGreaterThanOrEqual(value('official') - 1e-12);
  });

  it('the free Joker is worth strictly more when the forced one binds: only Sixes and Large straight open', () => {
    const card = (rules: RuleSetId) => cardWithOpen(rules, ['sixes', 'largeStraight'], { yahtzee: 50 });
    const free = turnStartValue(solveSubgame('free-joker', card('free-joker')), card('free-joker'));
    const forced = turnStartValue(solveSubgame('official', card('official')), card('official'));
    expect(free - forced).toBeGreaterThan(0.01);
  });

  it('brazilian and spectrum cards, which have no Yahtzee bonus, do not depend on what the Yahtzee box holds', () => {
    for (const [rules, box] of [['brazilian', 'general'], ['spectrum', 'yahtzee']] as const) {
      const open = getRuleSet(rules).boxes.slice(6, 9).map((b) => b.id);
      const with50 = cardWithOpen(rules, open, { [box]: 50 });
      const with0 = cardWithOpen(rules, open, { [box]: 0 });
      expect(turnStartValue(solveSubgame(rules, with50), with50)).toBe(turnStartValue(solveSubgame(rules, with0), with0));
    }
  });
});
