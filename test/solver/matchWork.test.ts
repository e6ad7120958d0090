import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, type Card } from '../../src/engine/index.js';
import { chancesFor, madeOnce } from '../../src/solver/chances/work.js';
import { cardKey } from '../../src/solver/chances/messages.js';
import { gameDifference, matchChances } from '../../src/solver/chances/matchChances.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { cardWithOpen } from './helpers.js';

/*
 * The chances' process's answer (work.ts's chancesFor) in a two-seat match of games: the match's chances beside the game's, from the seats'
 * distributions and a fresh game's, all given here (by cardKey), so that no table is read or made.
 */

const dist = (lo: number, p: number[]): ScoreDistribution => ({ lo, p: Float64Array.from(p) });
const ANN: Card = cardWithOpen('official', ['chance', 'yahtzee']);
const BOB: Card = cardWithOpen('official', ['chance', 'fullHouse'], { sixes: 30 });
const CY: Card = cardWithOpen('official', ['chance']);
const FINALS: [Card, ScoreDistribution][] = [
  [ANN, dist(200, [0.2, 0.3, 0.1, 0.4])],
  [BOB, dist(201, [0.5, 0.25, 0.25])],
  [CY, dist(199, [0.6, 0.4])],
];
const FRESH = dist(100, [0.1, 0.2, 0.3, 0.25, 0.15]);
const given = [...FINALS.map(([c, d]) => [cardKey('official', c), d] as const), [cardKey('official', EMPTY_CARD), FRESH] as const];
const none = () => undefined;

describe("the chances' work in a match of games", () => {
  it("two seats with games still to come: the match's chances, from the seats' and a fresh game's distributions", async () => {
    const so = { gamesAhead: -1, pointsAhead: 2, gamesAfter: 3 };
    const answer = await chancesFor('official', [ANN, BOB], none, undefined, given, undefined, so);
    expect(answer.match).toEqual(matchChances(gameDifference(FINALS[0][1], FINALS[1][1]), gameDifference(FRESH, FRESH), so));
    expect({ win: answer.win, tie: answer.tie }).toEqual(winChances([FINALS[0][1], FINALS[1][1]]));
  });

  it('the last game of the match: no fresh game needed', async () => {
    const so = { gamesAhead: -1, pointsAhead: -2, gamesAfter: 0 };
    const answer = await chancesFor('official', [ANN, BOB], none, undefined, given.slice(0, 3), undefined, so);
    expect(answer.match).toEqual(matchChances(gameDifference(FINALS[0][1], FINALS[1][1]), dist(0, [1]), so));
    // Level on games after ANN's win, and 2 points behind before it: a win by 1 or 2 points is not enough.
    expect(answer.match!.win[0]).not.toBeCloseTo(answer.win[0], 3);
  });

  it("three seats, or no match given: the game's chances only", async () => {
    const so = { gamesAhead: 0, pointsAhead: 0, gamesAfter: 1 };
    expect(await chancesFor('official', [ANN, BOB, CY], none, undefined, given, undefined, so)).not.toHaveProperty('match');
    expect(await chancesFor('official', [ANN, BOB], none, undefined, given)).not.toHaveProperty('match');
  });
});

describe('the distribution table that could not be made', () => {
  it('is not made again in the same process: its reason comes back at once, nothing started', async () => {
    let tries = 0;
    const failing = () => {
      tries++;
      return Promise.reject(new Error('the process making the distribution table stopped (SIGKILL)'));
    };
    await expect(madeOnce('brazilian', failing)).rejects.toThrow('stopped (SIGKILL)');
    await expect(madeOnce('brazilian', failing)).rejects.toThrow('stopped (SIGKILL)');
    expect(tries).toBe(1);
  });
});
