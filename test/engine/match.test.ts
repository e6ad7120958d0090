import { describe, expect, it } from 'vitest';
import {
  endedAtTarget,
  gameNumber,
  getRuleSet,
  isMatchComplete,
  lastGameWinners,
  leaders,
  matchOutcome,
  matchWinners,
  matchWonEarly,
  reduce,
  standings,
  targetReached,
  type Card,
  type GameState,
  type MatchKind,
} from '../../src/engine/index.js';
import { act, card, cardWithOpen, dice, game, playToEnd, rules, scoreFirstLegal } from './helpers.js';

/** Plays games of a match (seed 99, two seats, first legal box each turn) until it is complete. */
function playMatch(match: MatchKind): GameState {
  let s = playToEnd(game(2, 99, { match }));
  while (reduce(s, { type: 'next-game' }).ok) s = playToEnd(act(s, { type: 'next-game' }));
  return s;
}

/** A finished game whose match has these results. */
function finishedWith(match: MatchKind, totals: number[][]): GameState {
  return { ...playToEnd(game(totals[0].length, 1, { match })), results: totals.map((t) => ({ totals: t })) };
}

describe('matches', () => {
  it('a single game ends the match: the higher total wins and next-game is refused', () => {
    const s = playToEnd(game(2, 99));
    expect(s.results).toEqual([{ totals: [33, 48] }]);
    expect(matchWinners(s)).toEqual([1]);
    expect(reduce(s, { type: 'next-game' }).ok).toBe(false);
  });

  it('next-game starts the next game of the match: empty cards, seat 1 first, first roll made, results kept', () => {
    const s = act(playToEnd(game(2, 99, { match: { kind: 'games', games: 3 } })), { type: 'next-game' });
    expect([s.phase, s.current, s.rollsUsed, gameNumber(s)]).toEqual(['rolling', 0, 1, 2]);
    expect(s.cards.map((c) => c.boxes)).toEqual([{}, {}]);
    expect(s.results).toEqual([{ totals: [33, 48] }]);
    expect(matchWinners(s)).toBeNull();
  });

  it('a match of three games ends after the third; the highest total over the games wins', () => {
    const s = playMatch({ kind: 'games', games: 3 });
    expect(s.results.map((r) => r.totals)).toEqual([[33, 48], [37, 61], [33, 38]]);
    expect(standings(s).map((x) => [x.matchTotal, x.gamesWon, x.gamesTied])).toEqual([[103, 0, 0], [147, 3, 0]]);
    expect(matchWinners(s)).toEqual([1]);
  });

  it('the match total counts the game in play', () => {
    let s = act(playToEnd(game(2, 99, { match: { kind: 'games', games: 2 } })), { type: 'next-game' });
    s = scoreFirstLegal(s);
    const scored = Object.values(s.cards[0].boxes)[0];
    expect(standings(s)[0]).toMatchObject({ matchTotal: 33 + scored, currentGame: scored });
  });

  it('first to 20: ends after the round in which a seat reaches it, before the cards are full', () => {
    const s = playMatch({ kind: 'target', target: 20 });
    expect(s.results).toHaveLength(1);
    expect(Math.max(...s.results[0].totals)).toBeGreaterThanOrEqual(20);
    expect(Object.keys(s.cards[0].boxes).length).toBe(Object.keys(s.cards[1].boxes).length);
    expect(Object.keys(s.cards[0].boxes).length).toBeLessThan(13);
    expect(endedAtTarget(s)).toBe(true);
    expect(matchWinners(s)).toEqual(leaders(s.results[0].totals));
  });

  it('first to 120: nobody reaches it in the first game, so the games are played to the end until someone does', () => {
    const s = playMatch({ kind: 'target', target: 120 });
    expect(s.results.length).toBeGreaterThan(1);
    expect(s.results.slice(0, -1).every((r) => r.totals.length === 2)).toBe(true);
    expect(isMatchComplete(s.match, s.results.slice(0, -1))).toBe(false);
    expect(isMatchComplete(s.match, s.results)).toBe(true);
  });

  it('a target match goes on while the target is reached mid-round: the other seats finish the round', () => {
    let s = scoreFirstLegal(game(2, 99, { match: { kind: 'target', target: 1 } }));
    expect(standings(s)[0].matchTotal).toBeGreaterThanOrEqual(1);
    expect(targetReached(s)).toEqual([0]);
    expect([s.phase, s.current, matchWinners(s)]).toEqual(['rolling', 1, null]);
    s = scoreFirstLegal(s);
    expect(s.phase).toBe('gameOver');
    expect(isMatchComplete(s.match, s.results)).toBe(true);
  });

  it('in a target match the highest cumulative total wins, not merely a seat that reached the target', () => {
    const s = finishedWith({ kind: 'target', target: 250 }, [[100, 150], [200, 100]]);
    expect(isMatchComplete(s.match, s.results)).toBe(true);
    expect(matchWinners(s)).toEqual([0]);
  });

  it.each([
    [{ kind: 'single' } as const, [[150, 150]], [0, 1]],
    [{ kind: 'games', games: 2 } as const, [[200, 180], [180, 200]], [0, 1]],
    [{ kind: 'target', target: 300 } as const, [[160, 150, 170], [150, 160, 100]], [0, 1]],
  ])('a tie is reported as a tie (%j, results %j)', (match, totals, winners) => {
    expect(matchWinners(finishedWith(match, totals))).toEqual(winners);
  });

  it('games tied for first count as tied, not won', () => {
    const s = finishedWith({ kind: 'games', games: 2 }, [[200, 200], [180, 190]]);
    expect(standings(s).map((x) => [x.gamesWon, x.gamesTied])).toEqual([[0, 1], [1, 1]]);
    expect(lastGameWinners(s)).toEqual([1]);
  });

  it('a tie made by the last box of a game: both seats win', () => {
    const official = rules('official');
    const start = game(2, 5);
    const last: GameState = {
      ...start,
      current: 1,
      dice: dice('1-2-3-4-6'),
      cards: [cardWithOpen(official, [], { chance: 16 }), cardWithOpen(official, ['chance'])],
    };
    const s = act(last, { type: 'score', box: 'chance' });
    expect(s.phase).toBe('gameOver');
    expect(s.results).toEqual([{ totals: [16, 16] }]);
    expect(lastGameWinners(s)).toEqual([0, 1]);
    expect(matchWinners(s)).toEqual([0, 1]);
  });

  it('leaders lists every seat holding the highest value', () => {
    expect([leaders([3, 9, 9, 1]), leaders([5])]).toEqual([[1, 2], [0]]);
  });
});

/** One seat's turn in a round: its card before, the dice it rolled, and the box it scores. */
interface Turn {
  readonly card: Card;
  readonly dice: string;
  readonly box: string;
}

/** A two-seat target match at the start of a round (seat 1 to play), then both turns of the round played. */
function playRound(target: number, results: number[][], turns: readonly [Turn, Turn]): { afterFirst: GameState; afterSecond: GameState } {
  const start: GameState = { ...game(2, 3, { match: { kind: 'target', target } }), results: results.map((totals) => ({ totals })), cards: turns.map((t) => t.card) };
  const afterFirst = act({ ...start, dice: dice(turns[0].dice) }, { type: 'score', box: turns[0].box });
  const afterSecond = act({ ...afterFirst, dice: dice(turns[1].dice) }, { type: 'score', box: turns[1].box });
  return { afterFirst, afterSecond };
}

// Two boxes filled: seat 1 at 54, seat 2 at 46.
const ANN = card({ threeOfAKind: 24, fourOfAKind: 30 });
const BOB = card({ threeOfAKind: 20, fourOfAKind: 26 });

describe('first to a set score: the match ends with the round in which a total reaches the target', () => {
  it.each<[string, number, number[][], [Turn, Turn], { over1: boolean; over2: boolean; totals: number[]; winners: number[] | null }]>([
    [
      'seat 1 reaches 84 of 60, seat 2 ends the round at 56: the match is over and 84 wins against 56',
      60,
      [],
      [{ card: ANN, dice: '6-6-6-6-6', box: 'chance' }, { card: BOB, dice: '1-1-2-2-4', box: 'chance' }],
      { over1: false, over2: true, totals: [84, 56], winners: [0] },
    ],
    [
      'nobody reaches 100 in the round: the game goes on',
      100,
      [],
      [{ card: ANN, dice: '6-6-6-6-6', box: 'chance' }, { card: BOB, dice: '1-1-2-2-4', box: 'chance' }],
      { over1: false, over2: false, totals: [84, 56], winners: null },
    ],
    [
      'only the last seat reaches 60: the round and the match end with its score, and it wins',
      60,
      [],
      [{ card: ANN, dice: '1-1-1-2-2', box: 'chance' }, { card: BOB, dice: '6-6-6-5-5', box: 'chance' }],
      { over1: false, over2: true, totals: [61, 74], winners: [1] },
    ],
    [
      'both pass 60 in the round: the higher total wins, not the first to pass',
      60,
      [],
      [{ card: ANN, dice: '2-2-1-1-1', box: 'chance' }, { card: BOB, dice: '6-6-6-6-5', box: 'chance' }],
      { over1: false, over2: true, totals: [61, 75], winners: [1] },
    ],
    [
      'level after the round: the match is a tie',
      60,
      [],
      [{ card: ANN, dice: '1-1-2-2-1', box: 'chance' }, { card: BOB, dice: '3-3-3-3-3', box: 'chance' }],
      { over1: false, over2: true, totals: [61, 61], winners: [0, 1] },
    ],
    [
      'the earlier games count: 250 + 61 of 300 reaches it, 240 + 73 wins',
      300,
      [[250, 240]],
      [{ card: ANN, dice: '1-1-2-2-1', box: 'chance' }, { card: BOB, dice: '6-6-6-6-3', box: 'chance' }],
      { over1: false, over2: true, totals: [61, 73], winners: [1] },
    ],
  ])('%s', (_name, target, results, turns, want) => {
    const { afterFirst, afterSecond } = playRound(target, results, turns);
    expect(afterFirst.phase === 'gameOver').toBe(want.over1);
    expect(afterSecond.phase === 'gameOver').toBe(want.over2);
    const rulesSet = getRuleSet('official');
    expect(afterSecond.cards.map((c) => Object.values(c.boxes).reduce((a, b) => a + b, 0))).toEqual(want.totals);
    expect(afterSecond.cards.every((c) => Object.keys(c.boxes).length < rulesSet.boxes.length)).toBe(true);
    expect(matchWinners(afterSecond)).toEqual(want.winners);
    if (want.over2) {
      expect(afterSecond.results[afterSecond.results.length - 1].totals).toEqual(want.totals);
      expect(endedAtTarget(afterSecond)).toBe(true);
      expect(reduce(afterSecond, { type: 'next-game' }).ok).toBe(false);
    }
  });

  it('says who has reached the target while the round is finished', () => {
    const { afterFirst } = playRound(60, [], [{ card: ANN, dice: '6-6-6-6-6', box: 'chance' }, { card: BOB, dice: '1-1-2-2-4', box: 'chance' }]);
    expect(targetReached(afterFirst)).toEqual([0]);
    expect(targetReached(game(2, 1))).toEqual([]);
  });
});

describe('a fixed number of games: the most games won, then the higher total', () => {
  it.each<[string, number[][], number[], string]>([
    ['two games won beat one, though the one has more points', [[200, 150], [210, 200], [100, 300]], [0], 'games-won'],
    ['level on games won: the higher total over the games wins', [[200, 150], [150, 210]], [1], 'games-won-then-total'],
    ['level on games won and on total: a tie stays a tie', [[200, 150], [150, 200]], [0, 1], 'games-won-then-total'],
    ['a tied game counts as won by nobody: one win beats none', [[200, 200], [190, 180]], [0], 'games-won'],
    ['three seats: the two level on wins are parted by total, the third is out', [[250, 100, 240], [100, 240, 230], [90, 80, 300]], [2], 'games-won-then-total'],
  ])('%s', (_name, totals, winners, decidedBy) => {
    const s = finishedWith({ kind: 'games', games: totals.length }, totals);
    expect(matchOutcome(s)).toEqual({ winners, decidedBy });
  });

  it.each<[string, number, number[][], number | null]>([
    ['2-0 with one game left: won', 3, [[200, 150], [210, 200]], 0],
    ['1-0 with two left: not yet', 3, [[200, 150]], null],
    ['2-0 with two left: the other could still level on games', 4, [[200, 150], [210, 200]], null],
    ['a tied game counts for nobody: 0-1 with one left is not won', 3, [[200, 200], [150, 210]], null],
    ['three seats: 2-0-0 with one left', 3, [[200, 150, 100], [210, 200, 100]], 0],
    ['three seats: the leader level with another is not a winner', 3, [[200, 150, 100], [100, 210, 100]], null],
  ])('won early: %s', (_name, games, totals, seat) => {
    expect(matchWonEarly(finishedWith({ kind: 'games', games }, totals))).toBe(seat);
  });

  it('won early: never in a target match, nor once the match is over', () => {
    expect(matchWonEarly(finishedWith({ kind: 'target', target: 1000 }, [[200, 150], [210, 200]]))).toBeNull();
    expect(matchWonEarly(finishedWith({ kind: 'games', games: 2 }, [[200, 150], [210, 200]]))).toBeNull();
  });

  it.each<[MatchKind, number[][]]>([
    [{ kind: 'single' }, [[150, 120]]],
    [{ kind: 'target', target: 250 }, [[150, 120], [110, 160]]],
  ])('a %j match is decided by the highest total', (match, totals) => {
    expect(matchOutcome(finishedWith(match, totals))?.decidedBy).toBe('total');
  });
});
