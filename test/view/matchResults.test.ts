import { describe, expect, it } from 'vitest';
import { lastRoundText, update, type AppModel } from '../../src/app/index.js';
import { fitResultLine, matchRuleText, resultsView, spokenLines, statusView } from '../../src/view/index.js';
import type { Card, MatchKind } from '../../src/engine/index.js';
import { finishGame, start } from '../app/helpers.js';
import { lines } from '../ui/render.js';

const card = (boxes: Record<string, number>): Card => ({ boxes, yahtzeeBonuses: 0 });

/** A game over with these finished games (the last one on the cards, one chance box each holding its total). */
function over(match: MatchKind, totals: number[][]): AppModel {
  const m = finishGame(start({ players: totals[0].length, match }));
  const g = m.game!;
  return { ...m, game: { ...g, results: totals.map((t) => ({ totals: t })) } };
}

/** A two-seat target match in the middle of game 1: seat 1 to play, both with the first three boxes scored. */
function targetRound(target: number, ann: number, bob: number): AppModel {
  const m = start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'target', target } });
  const g = m.game!;
  return { ...m, game: { ...g, cards: [card({ threeOfAKind: ann }), card({ threeOfAKind: bob })] } };
}

describe('the results say who won and how the match was decided', () => {
  it.each<[string, MatchKind, number[][], string[]]>([
    ['one player: scores, not wins', { kind: 'single' }, [[221]], ['PLAYER 1 scores 221']],
    ['one player in a match: its total over the games', { kind: 'games', games: 2 }, [[200], [221]], ['PLAYER 1 scores 221 in this game', 'PLAYER 1 scores 421 over 2 games']],
    ['most games won decides', { kind: 'games', games: 3 }, [[200, 150], [210, 200], [100, 300]], ['PLAYER 1 won games 1 and 2', 'PLAYER 2 wins this game with 300', 'PLAYER 1 wins the match with 2 of 3 games won!']],
    ['level on games won: the higher total', { kind: 'games', games: 2 }, [[200, 150], [150, 210]], ['PLAYER 1 won game 1', 'PLAYER 2 wins this game with 210', 'PLAYER 2 wins the match: level on games won (1), more points (360)']],
    ['level on games and points: a tie', { kind: 'games', games: 2 }, [[200, 150], [150, 200]], ['PLAYER 1 won game 1', 'PLAYER 2 wins this game with 200', 'The match is a tie: PLAYER 1 and PLAYER 2, 1 game won and 350 points each']],
    ['a tied game counts for nobody, said in the words of the match', { kind: 'games', games: 3 }, [[100, 100, 90], [150, 200, 210], [120, 120, 50]], ['PLAYER 1 and PLAYER 2 tied game 1, which counts for nobody; PLAYER 3 won game 2', 'A tie: PLAYER 1 and PLAYER 2 with 120, which counts for nobody', 'PLAYER 3 wins the match with 1 of 3 games won!']],
    ['a match already won says so, and what the games left are for', { kind: 'games', games: 3 }, [[200, 150], [210, 200]], ['PLAYER 1 won game 1', 'PLAYER 1 wins this game with 210', 'PLAYER 1 has won the match, whatever the last game brings']],
    ['with two games left', { kind: 'games', games: 5 }, [[200, 150], [210, 200], [220, 100]], ['PLAYER 1 won games 1 and 2', 'PLAYER 1 wins this game with 220', 'PLAYER 1 has won the match, whatever the last 2 games bring']],
    ['not while the games left could still level it', { kind: 'games', games: 4 }, [[200, 150], [210, 200]], ['PLAYER 1 won game 1', 'PLAYER 1 wins this game with 210']],
    ['a match of one game is said once', { kind: 'games', games: 1 }, [[200, 150]], ['PLAYER 1 wins the match with 200!']],
    ['one player, a match of one game: said once', { kind: 'games', games: 1 }, [[221]], ['PLAYER 1 scores 221 over 1 game']],
    ['one player, a target match over after its first game: said once', { kind: 'target', target: 200 }, [[221]], ['first to 200 points', 'PLAYER 1 scores 221 over 1 game']],
    ['first to a score at the end of a game: the highest total', { kind: 'target', target: 300 }, [[200, 150], [150, 160]], ['first to 300 points', 'PLAYER 2 wins this game with 160', 'PLAYER 1 wins the match with 350!']],
  ])('%s', (_name, match, totals, want) => {
    expect(resultsView(over(match, totals))?.lines).toEqual(want);
  });

  it.each<[number, string[], number[]]>([
    [3, ['PLAYER 1', 'PLAYER 3', 'PLAYER 2'], [1, 2, 3]],
    [4, ['PLAYER 1', 'PLAYER 2', 'PLAYER 4', 'PLAYER 3'], [1, 2, 2, 4]],
  ])('a single game of %i players ends with a ranked list, seats level sharing a place', (players, names, places) => {
    const totals = players === 3 ? [[250, 120, 200]] : [[250, 180, 100, 180]];
    const view = resultsView(over({ kind: 'single' }, totals))!;
    expect(view.standingsKind).toBe('game');
    expect(view.standings.map((s) => s.name)).toEqual(names);
    expect(view.standings.map((s) => s.place)).toEqual(places);
  });

  it('the standings of a match of games have a "won" column; those of a match to a target only the totals', () => {
    const games = over({ kind: 'games', games: 3 }, [[200, 150], [210, 200]]);
    expect(resultsView(games)?.standingsKind).toBe('games');
    expect(lines(games).find((l) => l.includes('STANDINGS'))).toMatch(/STANDINGS\s+won\s+total/);
    const target = over({ kind: 'target', target: 1000 }, [[200, 150], [210, 200]]);
    expect(resultsView(target)?.standingsKind).toBe('target');
    const head = lines(target).find((l) => l.includes('STANDINGS'));
    expect(head).toMatch(/STANDINGS\s+total/);
    expect(head).not.toContain('won');
    expect(lines(target).some((l) => /PLAYER 1\s+410\b/.test(l))).toBe(true);
    // Said as shown: the totals alone.
    expect(spokenLines(target)).toContain('Standings, best first: PLAYER 1, 410 points; PLAYER 2, 350 points.');
  });

  it('two players need no list: the winner line says it all', () => {
    expect(resultsView(over({ kind: 'single' }, [[250, 120]]))?.standings).toEqual([]);
  });
});

/** The seat to play rolls 6 6 6 5 5 and scores it in Chance (option 13): 28 points. */
function chance28(m: AppModel): AppModel {
  const withDice: AppModel = { ...m, game: { ...m.game!, dice: [6, 6, 6, 5, 5] } };
  return [{ type: 'stop-rolling' }, { type: 'type', char: '1' }, { type: 'type', char: '3' }, { type: 'submit' }].reduce(
    (x, a) => update(x, a as Parameters<typeof update>[1]),
    withDice,
  );
}

describe('first to a set score: the last round is announced, and the end says why', () => {
  it('ANN passes 60 on her turn: the message and the status line say this is the last round', () => {
    const m = chance28(targetRound(60, 40, 30));
    const g = m.game!;
    expect(g.current).toBe(1);
    expect(lastRoundText(g)).toMatch(/^ANN has reached 60: this is the last round$/);
    expect(m.message?.text).toMatch(/: ANN has reached 60: this is the last round$/);
    expect(statusView(m).match).toBe('game 1, first to 60: last round');
  });

  it('BOB ends the round: the match is over and the results say who reached the target and when', () => {
    const m = chance28(chance28(targetRound(60, 40, 30)));
    expect(m.game!.phase).toBe('gameOver');
    expect(m.message?.text).toMatch(/the round is over, and so is the match$/);
    const lines = resultsView(m)!.lines;
    expect(lines).toEqual(['ANN reached 60 in round 2 of game 1', 'ANN wins the match with 68!']);
    expect(resultsView(m)!.matchOver).toBe(true);
  });

  it('a later game the target cuts short: its round and game named, and its leader said to have led it, not won it', () => {
    const m0 = targetRound(300, 40, 30);
    const m = chance28(chance28({ ...m0, game: { ...m0.game!, results: [{ totals: [276, 250] }] } }));
    expect(m.game!.phase).toBe('gameOver');
    expect(resultsView(m)!.lines).toEqual(['ANN and BOB reached 300 in round 2 of game 2', 'ANN led this game with 68', 'ANN wins the match with 344!']);
    expect(fitResultLine('ANN reached 300 in round 2 of game 2', 30)).toBe('ANN reached 300 in round 2');
  });

  it('nobody near the target: no last round', () => {
    expect(lastRoundText(targetRound(300, 40, 30).game!)).toBeNull();
    expect(statusView(targetRound(300, 40, 30)).match).toBe('game 1, first to 300');
  });
});

describe('what decides the match, in a sentence for the setup', () => {
  it.each<[MatchKind, RegExp]>([
    [{ kind: 'single' }, /highest total wins/],
    [{ kind: 'games', games: 3 }, /^3 games: the most games won wins the match; level on games, the higher total/],
    [{ kind: 'target', target: 300 }, /^First to 300: the match ends after the round in which a total over the games reaches 300; the highest total then wins/],
  ])('%j', (match, want) => {
    expect(matchRuleText(match)).toMatch(want);
  });
});
