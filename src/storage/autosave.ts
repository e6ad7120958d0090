import type { LayoutId } from '../commands/playOptions.js';
import { getRuleSet, isMatchComplete, type GameState } from '../engine/index.js';
import { humanEntries, recordGame } from './highScores.js';
import type { StorageDirs } from './paths.js';
import { clearSave, saveGame } from './saves.js';

/** What the screen should say after a save: nothing, or one line (saving failed or works again, a new high score). */
export type Notice = { readonly text: string; readonly tone: 'error' | 'info' } | null;

/**
 * Keeps the game on disk as it is played: saves after every change, records each finished game's high scores once,
 * and drops the save when the match is over. Never throws; a failure is reported once as a notice and the game goes on.
 */
export class Autosave {
  private latest: GameState | null = null;
  private failing: string | null = null;
  private recordedRules: GameState['rules'] | null = null;

  /** `recordedGames` counts the games of this match already in the high scores (from a resumed save). */
  constructor(
    private readonly dirs: StorageDirs,
    private readonly layout: LayoutId,
    private readonly practice: boolean,
    private recordedGames = 0,
  ) {}

  /** The rule set of the last game recorded in the high scores this session, or null when none was. */
  get recorded(): GameState['rules'] | null {
    return this.recordedRules;
  }

  /** The last state handed over, for a save on the way out. */
  get state(): GameState | null {
    return this.latest;
  }

  /** Call after every change of the game: saves it, and after a game records the high scores. */
  onChange(state: GameState): Notice {
    if (this.latest !== null && state.seed !== this.latest.seed) this.recordedGames = 0;
    if (state.results.length < this.recordedGames) this.recordedGames = 0;
    this.latest = state;
    let news: Notice = null;
    if (state.phase === 'gameOver' && state.results.length > this.recordedGames) {
      this.recordedGames = state.results.length;
      // Practice games (with undo) do not enter the high scores.
      if (!this.practice) news = this.record(state);
    }
    if (state.phase === 'gameOver' && isMatchComplete(state.match, state.results)) {
      const cleared = clearSave(this.dirs);
      return cleared.ok ? news : this.failed(`the finished game could not be removed: ${cleared.error}`) ?? news;
    }
    return this.save(state) ?? news;
  }

  /** Saves the last state again (on Ctrl-C, SIGTERM, SIGHUP); returns a message when that failed. */
  flush(): string | null {
    if (this.latest === null) return null;
    if (this.latest.phase === 'gameOver' && isMatchComplete(this.latest.match, this.latest.results)) return null;
    const result = saveGame(this.dirs, this.input(this.latest));
    return result.ok ? null : result.error;
  }

  private input(state: GameState) {
    return { layout: this.layout, practice: this.practice, state, ui: { recordedGames: this.recordedGames } };
  }

  private save(state: GameState): Notice {
    const result = saveGame(this.dirs, this.input(state));
    if (result.ok) {
      if (this.failing === null) return null;
      this.failing = null;
      return { text: 'Saving works again: the game is saved', tone: 'info' };
    }
    return this.failed(result.error);
  }

  private failed(error: string): Notice {
    const first = this.failing === null;
    this.failing = error;
    return first ? { text: `Saving failed (the game goes on): ${error}`, tone: 'error' } : null;
  }

  private record(state: GameState): Notice {
    const result = recordGame(this.dirs, state.rules, humanEntries(state));
    if (!result.ok) return { text: `The high scores could not be written: ${result.error}`, tone: 'error' };
    this.recordedRules = state.rules;
    const rules = getRuleSet(state.rules);
    const humans = state.players.filter((p) => p.kind === 'human');
    const best = result.ranks.flatMap((rank, i) => (rank !== null ? [`${humans[i].name} #${rank}`] : []));
    return best.length > 0 ? { text: `High score (${rules.title}): ${best.join(', ')}`, tone: 'info' } : null;
  }
}
