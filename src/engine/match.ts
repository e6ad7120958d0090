import { cardTotal } from './card.js';
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
      if (top.includes(seat)) top.length === 1 ? won++ : tied++;
    }
    const finished = state.results.reduce((s, r) => s + r.totals[seat], 0);
    return { seat, name: p.name, matchTotal: finished + current[seat], gamesWon: won, gamesTied: tied, currentGame: current[seat] };
  });
}

/** True when the finished games complete the match. */
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

/** The seats that won the match (more than one is a tie), or null while it goes on. */
export function matchWinners(state: GameState): number[] | null {
  if (state.phase !== 'gameOver' || !isMatchComplete(state.match, state.results)) return null;
  return leaders(standings(state).map((s) => s.matchTotal));
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
