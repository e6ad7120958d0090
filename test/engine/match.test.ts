import { describe, expect, it } from 'vitest';
import { gameNumber, isMatchComplete, lastGameWinners, leaders, matchWinners, reduce, standings, type GameState, type MatchKind } from '../../src/engine/index.js';
import { act, cardWithOpen, dice, game, playToEnd, rules, scoreFirstLegal } from './helpers.js';

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

  it('first to 48: ends after the first game, where seat 2 reaches 48 exactly', () => {
    const s = playMatch({ kind: 'target', target: 48 });
    expect(s.results).toHaveLength(1);
    expect(matchWinners(s)).toEqual([1]);
  });

  it('first to 49: nobody reaches it in game 1 (33, 48), so a second game is played', () => {
    const s = playMatch({ kind: 'target', target: 49 });
    expect(s.results.map((r) => r.totals)).toEqual([[33, 48], [37, 61]]);
    expect(matchWinners(s)).toEqual([1]);
  });

  it('a target match ends only after the game in which the target is reached, not during it', () => {
    let s = scoreFirstLegal(game(2, 99, { match: { kind: 'target', target: 1 } }));
    expect(standings(s)[0].matchTotal).toBeGreaterThanOrEqual(1);
    expect([s.phase, matchWinners(s)]).toEqual(['rolling', null]);
    s = playToEnd(s);
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
