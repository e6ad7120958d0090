import { cardSummary, printable, shownName, type GameState } from '../engine/index.js';
import { localStamp } from '../text/index.js';
import { matchLine, standingWords } from './matchWords.js';
import type { AppModel } from './model.js';

/** One line with the scores, printed after the game screen is left. */
export function farewell(model: AppModel | null): string {
  return scoresFarewell(model?.game ?? null);
}

/** The farewell's line for a game as it stands (the session has it when the screen is gone, on a signal). */
export function scoresFarewell(g: GameState | null): string {
  if (!g) return '';
  // Names are printable by their rule; shownName guards the way out all the same (src/engine/names.ts).
  const scores = g.players.map((p, i) => `${shownName(p.name)}: ${cardSummary(g, i).total}`).join(', ');
  // A match of more than one game ends with its winner named, not only the last game's scores.
  const line = matchLine(g);
  // A match left between its games says where it stands; one over says who won it, also a first-to-a-score match
  // that ended in its first game (a single game's scores say it already).
  const said = line === null ? standingWords(g, ', ') : g.match.kind === 'single' ? null : line.replace(/!$/, '');
  const match = said === null ? '' : `; ${printable(said)}`;
  // In a match the scores are the last game's: said so beside the match's own line.
  const whose = g.phase !== 'gameOver' ? 'scores when you quit' : g.match.kind === 'single' ? 'final scores' : `game ${g.results.length} scores`;
  return `yahtzee: ${whose}: ${scores}${match}\n`;
}

/** What became of the game on the way out, as the last save found it. */
export type SaveOutcome =
  /** No game was in play (quit at the setup), or a match ended and its save was removed as it should be. */
  | { readonly kind: 'nothing' }
  /** The game is saved in `path`. */
  | { readonly kind: 'saved'; readonly path: string }
  /**
   * The last save failed for `reason`; `kept` is the save still on disk (where, and when it was written), if any, and
   * whether it is `another` match's (not this one's to resume).
   */
  | { readonly kind: 'not-saved'; readonly reason: string; readonly kept: { readonly path: string; readonly savedAt: string; readonly another?: true } | null }
  /** The match is over but its high scores could not be written: its save, in `path`, is kept until they can be. */
  | { readonly kind: 'result-kept'; readonly path: string; readonly reason: string }
  /** The match is over, and neither its high scores nor its save could be written (`reason`): its result is gone. */
  | { readonly kind: 'result-lost'; readonly reason: string }
  /**
   * A new game left before it scored, or before it `started` (at its setup): the game it set aside (written at
   * `savedAt`, now in `path`) comes back.
   */
  | { readonly kind: 'earlier-kept'; readonly path: string; readonly savedAt: string; readonly started: boolean };

/** The line that says what is true about the game's save when the program ends: saved where, or not and why, and what is kept. */
export function saveFarewell(outcome: SaveOutcome, hosted = false): string {
  // A hosted table comes back as a table (its players rejoin), not as a game at this keyboard.
  const again = hosted ? 'run yahtzee host --resume' : 'run yahtzee again';
  switch (outcome.kind) {
    case 'nothing':
      return '';
    case 'saved':
      return `yahtzee: your game is saved in ${outcome.path}; ${again} to resume it\n`;
    case 'result-kept':
      return `yahtzee: the high scores could not be written (${outcome.reason}); the finished match is kept in ${outcome.path} and is recorded when you next run yahtzee\n`;
    case 'result-lost':
      return `yahtzee: this match is NOT in the high scores: neither they nor the finished match could be written (${outcome.reason})\n`;
    case 'earlier-kept':
      return outcome.started
        ? `yahtzee: this game scored nothing, so the game it set aside (saved ${localStamp(outcome.savedAt)}) is kept in ${outcome.path}; ${again} to resume it\n`
        : `yahtzee: no new game began, so the saved game (saved ${localStamp(outcome.savedAt)}) is kept in ${outcome.path}; ${again} to resume it\n`;
    case 'not-saved':
      if (outcome.kept === null) return `yahtzee: your game was NOT saved: ${outcome.reason}. Nothing of it is kept\n`;
      if (outcome.kept.another === true) return `yahtzee: your game was NOT saved: ${outcome.reason}. Nothing of it is kept: ${outcome.kept.path} is another game's save (of ${localStamp(outcome.kept.savedAt)}), left as it was\n`;
      return `yahtzee: your game was NOT saved: ${outcome.reason}. Kept: the save of ${localStamp(outcome.kept.savedAt)} in ${outcome.kept.path} (${again} to resume from there)\n`;
  }
}
