import { cardSummary, rulesOf, type GameState } from '../engine/index.js';
import { matchText } from './view.js';

/** The answer to "resume the saved game?". */
export type ResumeChoice = 'resume' | 'new' | 'quit' | 'interrupt';

/** The answer a key gives on the resume question, or null for a key that means nothing there. */
export function resumeKey(input: string, key: { return?: boolean; escape?: boolean; ctrl?: boolean }): ResumeChoice | null {
  if (key.ctrl && input === 'c') return 'interrupt';
  if (key.return || input === 'y' || input === 'Y' || input === 'r' || input === 'R') return 'resume';
  if (input === 'n' || input === 'N') return 'new';
  if (key.escape || input === 'q' || input === 'Q') return 'quit';
  return null;
}

/** The lines that describe a saved game on the resume question. */
export function describeSave(state: GameState, savedAt: string): string[] {
  const rules = rulesOf(state);
  const turn = Math.min(Object.keys(state.cards[state.current].boxes).length + 1, rules.boxes.length);
  const when = new Date(savedAt);
  const stamp = Number.isNaN(when.getTime()) ? savedAt : `${when.toLocaleDateString('en-GB')} ${when.toTimeString().slice(0, 5)}`;
  const scores = state.players.map((p, i) => `${p.name} ${cardSummary(state, i).total}`).join(' · ');
  const where =
    state.phase === 'gameOver' ? 'between two games of the match' : `${state.players[state.current].name}'s turn, turn ${turn} of ${rules.boxes.length}`;
  return [`${rules.title}${matchText(state) ? ` · ${matchText(state)}` : ''}`, scores, where, `saved ${stamp}`];
}
