import { cardTotal, isCardComplete } from './card.js';
import { getRuleSet } from './rules/index.js';
import type { GameResult, GameState, MatchKind } from './state.js';

/** One seat's standing in the match: points over all games (the game in play included) and games won. */
export interface Standing {
  readonly seat: number;
  readonly name: string;
  /** Totals of finished games plus the game in play. */
  readonly matchTotal: number;
  /** Games this seat won alone. */
  readonly gamesWon: number;
  /** Games this seat tied for first. */
  readonly gamesTied: number;
  readonly currentGame: number;
}

/** What decided a match: the highest total, the most games won, or (games won level) the higher total among those. */
export type MatchDecider = 'total' | 'games-won' | 'games-won-then-total';

/** How a finished match came out: its winners (more than one is a tie) and what decided it. */
export interface MatchOutcome {
  readonly winners: readonly number[];
  readonly decidedBy: MatchDecider;
}

/** The seats with the highest value; more than one is a tie. */
export function leaders(values: readonly number[]): number[] {
  const best = Math.max(...values);
  return values.flatMap((v, i) => (v === best ? [i] : []));
}

/** Each seat's standing, in seat order. */
export function standings(state: GameState): Standing[] {
  const rules = getRuleSet(state.rules);
  const current = state.phase === 'gameOver' ? state.cards.map(() => 0) : state.cards.map((c) => cardTotal(rules, c));
  return state.players.map((p, seat) => {
    let won = 0;
    let tied = 0;
    for (const r of state.results) {
      const top = leaders(r.totals);
      if (top.includes(seat)) {
        if (top.length === 1) won++;
        else tied++;
      }
    }
    const finished = state.results.reduce((s, r) => s + r.totals[seat], 0);
    return { seat, name: p.name, matchTotal: finished + current[seat], gamesWon: won, gamesTied: tied, currentGame: current[seat] };
  });
}

/** True once the match has scored a box (or finished a game): a game set aside for it (--new) is then let go. */
export function hasScored(state: GameState): boolean {
  return state.results.length > 0 || state.cards.some((c) => Object.keys(c.boxes).length > 0);
}

/** True when the finished games complete the match (a target match: a seat's total over them reached the target). */
export function isMatchComplete(match: MatchKind, results: readonly GameResult[]): boolean {
  switch (match.kind) {
    case 'single':
      return results.length >= 1;
    case 'games':
      return results.length >= match.games;
    case 'target': {
      if (results.length === 0) return false;
      const seats = results[0].totals.length;
      for (let s = 0; s < seats; s++) {
        if (results.reduce((sum, r) => sum + r.totals[s], 0) >= match.target) return true;
      }
      return false;
    }
  }
}

/**
 * The seats whose total over the match (the game in play included) has reached the target of a target match, in
 * seat order; empty in other matches. While a game is on, the round being played is then the last.
 */
export function targetReached(state: GameState): number[] {
  const match = state.match;
  if (match.kind !== 'target') return [];
  return standings(state).flatMap((s) => (s.matchTotal >= match.target ? [s.seat] : []));
}

/**
 * True when the game ends after a round just completed (every seat has had the same number of turns): every card is
 * full, or in a target match a seat's total over the match has reached the target (the match then ends with it).
 */
export function gameEndsAfterRound(state: GameState): boolean {
  const rules = getRuleSet(state.rules);
  return state.cards.every((c) => isCardComplete(rules, c)) || targetReached(state).length > 0;
}

/** True when the game that is over ended before its cards were full: a target match reached its target in it. */
export function endedAtTarget(state: GameState): boolean {
  const rules = getRuleSet(state.rules);
  return state.phase === 'gameOver' && state.match.kind === 'target' && !state.cards.every((c) => isCardComplete(rules, c));
}

/**
 * How the match came out, or null while it goes on. A single game and a target match: the highest total over the
 * match wins. A number of games: the most games won alone; seats level on that are parted by the higher total over
 * the games; a tie on both stays a tie.
 */
export function matchOutcome(state: GameState): MatchOutcome | null {
  if (state.phase !== 'gameOver' || !isMatchComplete(state.match, state.results)) return null;
  const st = standings(state);
  if (state.match.kind !== 'games') return { winners: leaders(st.map((s) => s.matchTotal)), decidedBy: 'total' };
  const byGames = leaders(st.map((s) => s.gamesWon));
  if (byGames.length === 1) return { winners: byGames, decidedBy: 'games-won' };
  const totals = byGames.map((seat) => st[seat].matchTotal);
  return { winners: leaders(totals).map((i) => byGames[i]), decidedBy: 'games-won-then-total' };
}

/**
 * In a match of a number of games still going on, between its games: the seat that has already won it, whatever the
 * games left bring (more games won alone than any other seat could still reach); null otherwise. Its games are
 * played to the last all the same, as the number was fixed.
 */
export function matchWonEarly(state: GameState): number | null {
  const match = state.match;
  if (match.kind !== 'games' || state.phase !== 'gameOver' || isMatchComplete(match, state.results)) return null;
  const left = match.games - state.results.length;
  const st = standings(state);
  const best = leaders(st.map((s) => s.gamesWon));
  if (best.length !== 1) return null;
  const lead = st[best[0]].gamesWon;
  return st.every((s) => s.seat === best[0] || s.gamesWon + left < lead) ? best[0] : null;
}

/** The seats that won the match (more than one is a tie), or null while it goes on. */
export function matchWinners(state: GameState): number[] | null {
  const outcome = matchOutcome(state);
  return outcome ? [...outcome.winners] : null;
}

/** The seats that won the last finished game (more than one is a tie), or null before any game ends. */
export function lastGameWinners(state: GameState): number[] | null {
  const last = state.results[state.results.length - 1];
  return last ? leaders(last.totals) : null;
}

/** The game number in the match, counting from 1. */
export function gameNumber(state: GameState): number {
  return state.phase === 'gameOver' ? state.results.length : state.results.length + 1;
}
