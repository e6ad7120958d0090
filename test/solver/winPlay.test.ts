import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet, type Card } from '../../src/engine/index.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { solveSubgame, turnStartValue } from '../../src/solver/index.js';
import { stateOfCard } from '../../src/solver/strategy/state.js';
import { WinSolver, winUtility } from '../../src/solver/win/winPlay.js';
import { playedCard } from './helpers.js';

const official = getRuleSet('official');
describe('the win strategy solver', () => {
  it.each([
    ['Yahtzee, Long run, Sixes and Chance open', ['yahtzee', 'largeStraight', 'sixes', 'chance']],
    ['two upper boxes among five open (the bonus in reach)', ['yahtzee', 'largeStraight', 'sixes', 'chance', 'fours']],
  ])('with u(total) = total it is the mean-optimal expected final score: %s', (_name, open) => {
    const me = playedCard(open);
    const table = solveSubgame('official', me);
    const w = new WinSolver(table.tables, (x) => x).value(stateOfCard(table.tables, me), cardTotal(official, me));
    expect(w).toBeCloseTo(cardTotal(official, me) + turnStartValue(table, me), 9);
  });

  it('winUtility: the chance that a total beats every other seat outright', () => {
    const a = { lo: 10, p: Float64Array.of(0.5, 0.5) };
    const b = { lo: 11, p: Float64Array.of(1) };
    const u = winUtility([a, b]);
    expect([u(10), u(11), u(12), u(13)]).toEqual([0, 0, 1, 1]);
    expect(winUtility([a])(11)).toBe(0.5);
  });
});

interface Position {
  name: string;
  me: Card;
  other: Card;
}

// Two-seat positions late in a game: the seat to move (me) and the other seat at the start of their turns.
const POSITIONS: Position[] = [
  { name: 'behind by 40, Yahtzee and Chance open', me: playedCard(['yahtzee', 'chance']), other: playedCard(['chance'], { threeOfAKind: 28, fourOfAKind: 24 }) },
  { name: 'ahead, Chance alone open', me: playedCard(['chance'], { fourOfAKind: 20 }), other: playedCard(['chance', 'fullHouse']) },
  { name: 'level, Long run, Sixes and Chance open', me: playedCard(['largeStraight', 'sixes', 'chance']), other: playedCard(['largeStraight', 'sixes', 'chance']) },
  { name: 'behind, Yahtzee, Full house and Four of a kind open', me: playedCard(['yahtzee', 'fullHouse', 'fourOfAKind']), other: playedCard(['chance', 'smallStraight'], { yahtzee: 50 }) },
  { name: 'ahead by a lot, Sixes, Fives and Chance open', me: playedCard(['sixes', 'fives', 'chance'], { yahtzee: 50 }), other: playedCard(['yahtzee', 'sixes', 'fives']) },
  { name: 'behind, the upper bonus in reach: Fours, Sixes and Yahtzee open', me: playedCard(['fours', 'sixes', 'yahtzee']), other: playedCard(['chance', 'largeStraight', 'aces'], { fourOfAKind: 25 }) },
  { name: 'Yahtzee 50 and a bonus to chase: Chance, Three of a kind and Twos open', me: playedCard(['chance', 'threeOfAKind', 'twos'], { yahtzee: 50 }), other: playedCard(['chance', 'fullHouse', 'twos'], { yahtzee: 50 }) },
];

describe('from late two-seat positions: the exact chance to win of the win strategy against the mean-optimal one', () => {
  const gains: number[] = [];
  it.each(POSITIONS)('$name: at least as high', ({ me, other }) => {
    const otherFinal = finalDistribution(solveSubgame('official', other), undefined, other);
    const table = solveSubgame('official', me);
    const u = winUtility([otherFinal]);
    const mean = finalDistribution(table, undefined, me);
    let meanWin = 0;
    mean.p.forEach((p, i) => (meanWin += p * u(mean.lo + i)));
    const win = new WinSolver(table.tables, [otherFinal]).value(stateOfCard(table.tables, me), cardTotal(official, me));
    expect(win).toBeGreaterThanOrEqual(meanWin - 1e-6);
    gains.push(win - meanWin);
  });

  it('and higher in most of them', () => {
    expect(gains).toHaveLength(POSITIONS.length);
    expect(gains.filter((g) => g > 1e-6).length).toBeGreaterThan(POSITIONS.length / 2);
  });
});
