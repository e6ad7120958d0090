/** The words for how a match came out, shared by the results panel and the farewell line. */
import { matchOutcome, matchWonEarly, standings, type GameState } from '../engine/index.js';
import { nameList as names } from './messages.js';
import { plural } from '../text/index.js';

/**
 * Where a match of several games stands after its first: the games won (or, first to a score, the totals over the
 * games), the seats joined by `separator`; null before a first game ends or in a single game.
 */
export function standingWords(g: GameState, separator: string): string | null {
  if (g.results.length === 0 || g.match.kind === 'single') return null;
  const st = standings(g);
  if (g.match.kind === 'games') return `games won (${st.map((s) => `${s.name}: ${s.gamesWon}`).join(separator)})`;
  return `match totals (${st.map((s) => `${s.name}: ${s.matchTotal}`).join(separator)})`;
}

/** The line that says who won the match and what decided it, or null while it goes on. */
export function matchLine(g: GameState): string | null {
  const outcome = matchOutcome(g);
  if (outcome === null) return null;
  const st = standings(g);
  const w = outcome.winners;
  if (g.players.length === 1) {
    return `${g.players[0].name} scores ${st[0].matchTotal} over ${plural(g.results.length, 'game')}`;
  }
  const total = st[w[0]].matchTotal;
  const won = st[w[0]].gamesWon;
  // A match of one game is that game: its points say who won, not "1 of 1 game won".
  if (g.results.length === 1) return w.length === 1 ? `${names(g, w)} wins the match with ${total}!` : `The match is a tie: ${names(g, w)} with ${total}`;
  switch (outcome.decidedBy) {
    case 'total':
      return w.length === 1 ? `${names(g, w)} wins the match with ${total}!` : `The match is a tie: ${names(g, w)} with ${total}`;
    case 'games-won':
      return `${names(g, w)} wins the match with ${won} of ${plural(g.results.length, 'game')} won!`;
    case 'games-won-then-total':
      return w.length === 1
        ? `${names(g, w)} wins the match: level on games won (${won}), more points (${total})`
        : `The match is a tie: ${names(g, w)}, ${plural(won, 'game')} won and ${total} points each`;
  }
}

/** Between the games of a match already won (engine matchWonEarly): who has it, and what the games left are for. */
export function wonEarlyLine(g: GameState): string | null {
  const seat = matchWonEarly(g);
  if (seat === null || g.match.kind !== 'games') return null;
  const left = g.match.games - g.results.length;
  return `${g.players[seat].name} has won the match, whatever ${left === 1 ? 'the last game brings' : `the last ${left} games bring`}`;
}
