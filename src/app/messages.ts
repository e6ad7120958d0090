/** The message line's words that the controller puts there: news of a move, and the quit question. */
import { isMatchComplete, targetReached, type Face, type GameState } from '../engine/index.js';
import type { AppModel } from './model.js';

/** Seats' names as a list in words: "ANN", "ANN and BOB", "ANN, BOB and CY". */
export function nameList(g: GameState, seats: readonly number[]): string {
  const list = seats.map((s) => g.players[s].name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** While a target match is in its last round: "ANN has reached 300: this is the last round"; else null. */
export function lastRoundText(g: GameState): string | null {
  if (g.match.kind !== 'target' || g.phase === 'gameOver') return null;
  const reached = targetReached(g);
  if (reached.length === 0) return null;
  return `${nameList(g, reached)} ${reached.length === 1 ? 'has' : 'have'} reached ${g.match.target}: this is the last round`;
}

/** What a computer does with its holds, for the message line: "keeps 6 6 6 and rolls 2 dice". */
export function keepWords(keep: readonly Face[]): string {
  const n = 5 - keep.length;
  if (keep.length === 0) return 'rolls all five dice';
  return `keeps ${keep.join(' ')} and rolls ${n} ${n === 1 ? 'die' : 'dice'}`;
}


/** True when the match in play is over: the save is cleared then, and nothing is left to resume. */
export function matchOver(model: AppModel): boolean {
  const g = model.game;
  return g !== null && g.phase === 'gameOver' && isMatchComplete(g.match, g.results);
}

/** The quit question for the message line: that the game is saved to resume, or after the last game that nothing is left. */
export function quitQuestion(model: AppModel): string {
  return matchOver(model) ? 'Quit the game? The match is over: nothing is left to resume.' : 'Quit the game? It is saved: start yahtzee again to resume it.';
}
