import { randomUUID } from 'node:crypto';
import type { LayoutId } from '../input/index.js';
import { getRuleSet, isMatchComplete, type GameState } from '../engine/index.js';
import { describeError, removeFile, type StorageOptions } from './files.js';
import { addReviews, highScoreNotice, humanEntries, humanReviews, recordGame, type GameEntry, type GameReview } from './highScores.js';
import type { StorageDirs } from './paths.js';
import { clearSave, previousPath, readSaveFile, saveGame, saveGameAsync, savePath, type SaveInput, type SaveResult } from './saves.js';

/**
 * What the screen should say after a save: nothing, or one line (saving failed or works again, a new high score).
 * `saveProblem` is set on the notices of saving: the short reason it fails (the screen keeps it), or null once it works.
 */
export type Notice = { readonly text: string; readonly tone: 'error' | 'info'; readonly saveProblem?: string | null } | null;

/**
 * The short reason in a storage error, for the screen: the plain words after the last colon, without the system's
 * detail in brackets ("the game could not be saved in /x/game.json: the disk is full (ENOSPC: ...)" -> "the disk is full").
 */
export function shortReason(error: string): string {
  const plain = error.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '');
  const parts = plain.split(': ');
  return parts[parts.length - 1] || plain;
}

/** Where the notices of saves that finish later go (the app puts them on the message line). */
export type Notify = (notice: NonNullable<Notice>) => void;

/**
 * What the screen keeps across a resume, saved in the save's `ui`: what the player had typed but not used, the holds
 * of a rolling ended early, and the hints and chances toggles (checked again when read: app/resume.ts screenKeptFrom).
 */
export interface ScreenKept {
  readonly cursor?: string | null;
  readonly option?: string;
  readonly hint?: boolean;
  readonly chances?: boolean;
  readonly stopped?: readonly boolean[] | null;
  /** The game of the match (from 0) in which a box was taken back: it is not recorded in the high scores. */
  readonly takenBackIn?: number | null;
}

/** Options of the autosave: the match's id (from a resumed save) and the test hooks (the file systems). */
export type AutosaveOptions = Pick<StorageOptions, 'io' | 'asyncIo'> & {
  /** The id of the match in play, kept in its save (`ui.matchId`); a new one is made when none is given. */
  readonly matchId?: string;
  /** Asked before each write or removal of the save: why the folder is not this game's to write (null: it is). */
  readonly claim?: () => string | null;
  /** Finished games whose high scores were not written yet (from a resumed save's `ui.unwritten`). */
  readonly unwritten?: readonly UnwrittenGame[];
};

/** A finished game whose high scores could not be written yet: kept, in the save too, until they can be. */
export interface UnwrittenGame {
  readonly rules: GameState['rules'];
  /** The id it is recorded under (the match's id and the game's number), so that writing it twice counts it once. */
  readonly game: string;
  readonly entries: readonly GameEntry[];
}

/** The most unwritten games kept: a disk full for a hundred games is no longer a passing problem. */
const MAX_UNWRITTEN = 100;

/** The unwritten games kept in a save's screen settings, as far as they have the shape (recordGame checks the rest). */
export function unwrittenOf(ui: Readonly<Record<string, unknown>> | undefined): UnwrittenGame[] {
  const list = ui?.unwritten;
  if (!Array.isArray(list)) return [];
  return list.slice(-MAX_UNWRITTEN).filter((u: unknown): u is UnwrittenGame => {
    if (typeof u !== 'object' || u === null) return false;
    const { rules, game, entries } = u as Record<string, unknown>;
    return typeof rules === 'string' && typeof game === 'string' && game.length > 0 && game.length <= 80 && Array.isArray(entries) && entries.length <= 4;
  });
}

/**
 * The finished games waiting in the save files (the one in play and a game set aside) to be written to the high
 * scores, each once: only read, for `yahtzee scores` to say what its figures do not hold yet.
 */
export function unwrittenInSaves(dirs: StorageDirs): UnwrittenGame[] {
  const all = [savePath(dirs), previousPath(dirs)].flatMap((file) => unwrittenOf(readSaveFile(file)?.ui));
  return all.filter((u, i) => all.findIndex((v) => v.rules === u.rules && v.game === u.game) === i);
}

/** The match id kept in a save's screen settings, if it is one (a short text). */
export function matchIdOf(ui: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const id = ui?.matchId;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}

const matchOver = (state: GameState): boolean => state.phase === 'gameOver' && isMatchComplete(state.match, state.results);

/**
 * Keeps the game on disk as it is played: saves after every change, records each finished game's high scores once,
 * and drops the save when the match is over. Never throws; a failure is reported once as a notice and the game goes on.
 *
 * Saves are written asynchronously so that a keystroke never waits for the disk: at most one write is in flight, and
 * while it is, only the newest state waits (the states in between are never written); when it finishes the newest is
 * written, if it changed. The end-of-match clear is queued behind a write in flight, so that write cannot bring the
 * save back. flush() is the synchronous way out: it closes the autosave (no asynchronous write starts or lands after
 * it) and writes the newest state itself, so every exit the program sees (quit, Ctrl-C, SIGTERM, SIGHUP) keeps the
 * last change; only what no handler sees (SIGKILL, power loss) can lose the change or two still in flight or waiting.
 * The first save of a new game is asynchronous like the others: nothing depends on it being on disk at once (until it
 * lands, loading finds what was there before: nothing, the resumed save, or the previous game startNewGame kept),
 * and one code path is simpler to reason about than two.
 */
export class Autosave {
  private latest: GameState | null = null;
  /** The decisions of the game in play (for the review after a resume), saved with the state. */
  private decisions: readonly unknown[] = [];
  private failing: string | null = null;
  private recordedRules: GameState['rules'] | null = null;
  /** The newest input not yet handed to a write. */
  private waiting: SaveInput | null = null;
  /** The last input written successfully (null once the save was cleared), to skip writing the same again. */
  private saved: SaveInput | null = null;
  private writing = false;
  private clearPending = false;
  private closed = false;
  /** The temporary file of the write in flight once its rename was allowed: flush() deletes it to overtake the rename. */
  private renaming: string | null = null;
  private notify: Notify | undefined;
  private kept: ScreenKept = {};
  private idlers: Array<() => void> = [];
  /** The match's id: with the game's number it names each game in the high scores, so none is recorded twice. */
  private matchId: string;
  /** When the save on disk was last written (by this autosave or, resumed, before), or null when none is known. */
  private lastSaved: Date | null = null;
  private recordError: string | null = null;
  /** A finished game's reviews that came before the game could be recorded: recorded with it. */
  private pendingReviews: { readonly game: string; readonly reviews: readonly (GameReview | null)[] } | null = null;
  private unwritten: readonly UnwrittenGame[];
  /** What writing the high scores said while the saves failed: said again when they work again. */
  private scoresWhileFailing: Notice = null;

  /** `recordedGames` counts the games of this match already in the high scores (from a resumed save). */
  constructor(
    private readonly dirs: StorageDirs,
    private readonly layout: LayoutId,
    private readonly practice: boolean,
    private recordedGames = 0,
    private readonly options: AutosaveOptions = {},
  ) {
    this.matchId = options.matchId ?? randomUUID();
    this.unwritten = options.unwritten ?? [];
  }

  /** The match's id, as saved. */
  get match(): string {
    return this.matchId;
  }

  /** The problem of the last save, while saving fails (null while it works). */
  get problem(): string | null {
    return this.failing;
  }

  /** Why the last game's high scores could not be written, while they are not (null once they are). */
  get scoresProblem(): string | null {
    return this.recordError;
  }

  /** When the save on disk was last written successfully this session, or null. */
  get savedAt(): Date | null {
    return this.lastSaved;
  }

  /**
   * True when a finished game's scores are not in the high scores yet: the game in `state` (not recorded yet), or one
   * that could not be written (kept until it can be).
   */
  unrecorded(state: GameState | null = this.latest): boolean {
    if (this.unwritten.length > 0) return true;
    return state !== null && !this.practice && state.phase === 'gameOver' && state.results.length > this.recordedGames;
  }

  /** The rule set of the last game recorded in the high scores this session, or null when none was. */
  get recorded(): GameState['rules'] | null {
    return this.recordedRules;
  }

  /** The last state handed over, for a save on the way out. */
  get state(): GameState | null {
    return this.latest;
  }

  /**
   * Call after every change of the game: starts saving it (in the background) and after a game records the high scores.
   * Returns what is known at once (a high score, a failed clear); what the background save has to say goes to `notify`
   * (the newest one given), once: saving failed, or saving works again. `decisions` (the app's record of the people's
   * choices in this game, plain JSON) are saved with the state, so that the review after a resume covers the whole game;
   * what the screen keeps (`kept`: the MSX cursor, a half-typed Spectrum option, the hints and chances toggles) too, so
   * that a resume finds them as they were.
   */
  onChange(state: GameState, notify?: Notify, decisions: readonly unknown[] = [], kept: ScreenKept = {}): Notice {
    if (notify) this.notify = notify;
    this.decisions = decisions;
    this.kept = kept;
    if ((this.latest !== null && state.seed !== this.latest.seed) || state.results.length < this.recordedGames) {
      // A new match: its games get ids of their own.
      this.recordedGames = 0;
      this.matchId = randomUUID();
    }
    const before = this.latest;
    const begins = before === null || state.seed !== before.seed || (before.phase === 'gameOver' && state.phase !== 'gameOver');
    this.latest = state;
    let news: Notice = null;
    if (state.phase === 'gameOver' && state.results.length > this.recordedGames) {
      // Practice games (with undo) do not enter the high scores: said, so that their absence there is no surprise.
      if (this.practice) {
        this.recordedGames = state.results.length;
        news = { text: 'A practice game: not recorded in the high scores', tone: 'info' };
      } else if (kept.takenBackIn === state.results.length - 1) {
        // A box taken back after the next roll was seen: that game is not one for the high scores.
        this.recordedGames = state.results.length;
        news = { text: 'A box was taken back in this game: not recorded in the high scores', tone: 'info' };
      } else news = this.record(state);
    } else if (this.unwritten.length > 0 && begins) {
      // Tried again as a game begins and when saving works again (report), not at each move: a high score file whose
      // lock another copy holds makes each try wait for it.
      news = this.writeUnwritten();
    }
    // A finished match is removed only once its result is in the high scores: until then the save is its only copy.
    if (matchOver(state) && !this.unrecorded(state)) {
      this.waiting = null;
      // After flush() a write in flight can no longer land (see flush), so the clear need not wait for it.
      if (this.writing && !this.closed) {
        this.clearPending = true;
        return news;
      }
      return this.clear() ?? news;
    }
    const input = this.input(state);
    // After flush() nothing is written in the background any more: a late change is saved at once.
    if (this.closed) return this.report(saveGame(this.dirs, input, { io: this.options.io })) ?? news;
    this.waiting = input;
    this.pump();
    return news;
  }

  /**
   * Closes the autosave and saves the last state synchronously (on exit, and on Ctrl-C, SIGTERM, SIGHUP right before
   * process.exit), or deletes the save when the match is over; returns a message when that failed.
   * A write still in flight never lands afterwards: its rename is called off, or overtaken (see `renaming`).
   */
  flush(): string | null {
    this.closed = true;
    this.waiting = null;
    this.clearPending = false;
    // Its temporary file gone, a rename already issued fails; if it has landed already, the write below replaces it.
    if (this.renaming !== null) removeFile(this.renaming, this.options.io);
    if (!this.writing) this.settle();
    if (this.latest === null) return null;
    // Once more on the way out: written now, a finished match's save can go.
    if (this.unwritten.length > 0) this.writeUnwritten();
    const refused = this.refused();
    if (matchOver(this.latest) && !this.unrecorded()) {
      const cleared = refused ?? clearSave(this.dirs, { io: this.options.io });
      return cleared.ok ? null : `the finished game could not be removed: ${cleared.error}`;
    }
    const result = refused ?? saveGame(this.dirs, this.input(this.latest), { io: this.options.io });
    if (result.ok) {
      this.lastSaved = new Date();
      this.failing = null;
    } else {
      this.failing = result.error;
    }
    return result.ok ? null : result.error;
  }

  /** True once a game has been handed to save (before that, flush has nothing to write). */
  get holdsGame(): boolean {
    return this.latest !== null;
  }

  /** Resolves when no write is in flight or waiting (at once when none is). */
  idle(): Promise<void> {
    if (!this.writing && this.waiting === null && !this.clearPending) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  private input(state: GameState): SaveInput {
    const { cursor, option, hint, chances, stopped, takenBackIn } = this.kept;
    const ui = {
      recordedGames: this.recordedGames,
      matchId: this.matchId,
      ...(this.decisions.length > 0 ? { decisions: this.decisions } : {}),
      ...(typeof cursor === 'string' ? { cursor } : {}),
      ...(typeof option === 'string' && option !== '' ? { option } : {}),
      ...(hint === true ? { hint } : {}),
      ...(chances === true ? { chances } : {}),
      ...(Array.isArray(stopped) ? { stopped } : {}),
      ...(typeof takenBackIn === 'number' ? { takenBackIn } : {}),
      ...(this.unwritten.length > 0 ? { unwritten: this.unwritten } : {}),
    };
    return { layout: this.layout, practice: this.practice, state, ui };
  }

  /** Starts the next piece of work unless a write is in flight: a queued clear, then the newest state. */
  private pump(): void {
    if (this.writing) return;
    if (this.closed) {
      this.waiting = null;
      this.clearPending = false;
    }
    if (this.clearPending) {
      this.clearPending = false;
      this.tell(this.clear());
    }
    const next = this.waiting;
    this.waiting = null;
    const same = (a: SaveInput, b: SaveInput) =>
      a.state === b.state && a.ui?.recordedGames === b.ui?.recordedGames && a.ui?.matchId === b.ui?.matchId && a.ui?.cursor === b.ui?.cursor && a.ui?.option === b.ui?.option && a.ui?.hint === b.ui?.hint && a.ui?.chances === b.ui?.chances && a.ui?.stopped === b.ui?.stopped && a.ui?.takenBackIn === b.ui?.takenBackIn && a.ui?.unwritten === b.ui?.unwritten;
    if (next === null || (this.saved !== null && same(next, this.saved))) {
      this.settle();
      return;
    }
    this.writing = true;
    let calledOff = false;
    const beforeRename = (temp: string): boolean => {
      if (this.closed) {
        calledOff = true;
        return false;
      }
      this.renaming = temp;
      return true;
    };
    // A failed save is caught here and reported; a throw in the handler below is a bug and reaches the process's
    // unhandled-rejection handler (the crash handler), as any exception does.
    const refused = this.refused();
    void (refused !== null ? Promise.resolve(refused) : saveGameAsync(this.dirs, next, { asyncIo: this.options.asyncIo, beforeRename }))
      .catch((e: unknown): SaveResult => ({ ok: false, error: describeError(e) }))
      .then((result) => {
        this.writing = false;
        this.renaming = null;
        // After flush() the outcome no longer matters: the synchronous write has the last word.
        if (!this.closed && !calledOff) {
          if (result.ok) {
            this.saved = next;
            this.lastSaved = new Date();
          }
          this.tell(this.report(result));
        }
        this.pump();
      });
  }

  /** The failed write of a save this game may not write or remove (AutosaveOptions.claim), or null when it may. */
  private refused(): { readonly ok: false; readonly error: string } | null {
    const why = this.options.claim?.() ?? null;
    return why === null ? null : { ok: false, error: `${savePath(this.dirs)} is not this game's to write: ${why}` };
  }

  /** Hands a notice of background work to the app; a failing callback must not stop the saves. */
  private tell(notice: Notice): void {
    if (notice === null) return;
    try {
      this.notify?.(notice);
    } catch {
      // the screen is gone; the saves go on
    }
  }

  private settle(): void {
    for (const resolve of this.idlers.splice(0)) resolve();
  }

  private clear(): Notice {
    this.saved = null;
    const cleared = this.refused() ?? clearSave(this.dirs, { io: this.options.io });
    return cleared.ok ? null : this.failed(`the finished game could not be removed: ${cleared.error}`);
  }

  private report(result: SaveResult): Notice {
    if (result.ok) this.lastSaved = new Date();
    if (result.ok) {
      if (this.failing === null) return null;
      this.failing = null;
      // The disk has room again: the high scores that waited for it are written now (or were, since the save failed),
      // and their line is the one shown, so that "saving works again" does not hide it.
      const scores = (this.unwritten.length > 0 ? this.writeUnwritten() : null) ?? this.scoresWhileFailing;
      this.scoresWhileFailing = null;
      return { ...(scores ?? { text: 'Saving works again: the game is saved', tone: 'info' }), saveProblem: null };
    }
    return this.failed(result.error);
  }

  /** A failed save: said the first time, and again when the reason changes (a full disk, then another copy's lock). */
  private failed(error: string): Notice {
    const said = this.failing === null ? null : shortReason(this.failing);
    this.failing = error;
    return said !== shortReason(error) ? { text: `Saving failed (the game goes on): ${error}`, tone: 'error', saveProblem: shortReason(error) } : null;
  }

  /** The id a finished game is recorded under in the high scores: the match's id and the game's number. */
  private gameId(state: GameState): string {
    return `${this.matchId}#${state.results.length}`;
  }

  /**
   * Keeps a finished game's reviews (each seat's luck, loss and decisions, null where not known) with its high scores:
   * at once when the game is recorded already, else with it when it is. Practice games have no high scores. Never throws.
   */
  addReviews(state: GameState, bySeat: readonly (GameReview | null)[]): Notice {
    if (this.practice || state.phase !== 'gameOver') return null;
    const reviews = humanReviews(state, bySeat);
    if (reviews.every((r) => r === null)) return null;
    const game = this.gameId(state);
    if (this.unwritten.some((u) => u.game === game)) {
      this.unwritten = this.unwritten.map((u) => (u.game === game ? { ...u, entries: u.entries.map((e, i): GameEntry => (reviews[i] ? { ...e, review: reviews[i] } : e)) } : u));
      return null;
    }
    if (state.results.length > this.recordedGames) {
      this.pendingReviews = { game, reviews };
      return null;
    }
    const result = addReviews(this.dirs, state.rules, game, reviews, { io: this.options.io });
    return result.ok ? null : { text: `The review could not be kept with the high scores: ${result.error}`, tone: 'error' };
  }

  /** A game just finished: its scores join the unwritten ones, and all are written. */
  private record(state: GameState): Notice {
    const game = this.gameId(state);
    const pending = this.pendingReviews?.game === game ? this.pendingReviews.reviews : [];
    const entries = humanEntries(state).map((e, i): GameEntry => (pending[i] ? { ...e, review: pending[i] } : e));
    this.recordedGames = state.results.length;
    this.pendingReviews = null;
    this.unwritten = [...this.unwritten, { rules: state.rules, game, entries }].slice(-MAX_UNWRITTEN);
    return this.writeUnwritten();
  }

  /**
   * Writes the unwritten games, oldest first, and says the outcome: the last one's new high scores, or why they could
   * not be written (again only when the reason changes), or that those that waited are written now.
   */
  private writeUnwritten(): Notice {
    const waited = this.recordError !== null;
    let news: Notice = null;
    while (this.unwritten.length > 0) {
      const { rules, game, entries } = this.unwritten[0];
      const result = recordGame(this.dirs, rules, entries, { io: this.options.io, gameId: game });
      if (!result.ok && result.invalid !== true) {
        const said = this.recordError;
        this.recordError = result.error;
        return said === null || shortReason(said) !== shortReason(result.error)
          ? { text: `The high scores could not be written (they are kept in the save until they can be): ${result.error}`, tone: 'error' }
          : null;
      }
      this.unwritten = this.unwritten.slice(1);
      // A record that can never be written (a damaged save's) is left out, and said so.
      if (!result.ok) {
        news = { text: `A game kept in the save for the high scores is left out: ${result.error}`, tone: 'error' };
        continue;
      }
      this.recordedRules = rules;
      const humans = entries.map((e) => e.name);
      const best = highScoreNotice(getRuleSet(rules).title, result.ranks.map((rank, i) => ({ name: humans[i], rank })), result.before ?? 0);
      // A damaged high score file was moved aside (never deleted): the player is told where, before any new rank.
      if (result.notice !== undefined) news = { text: result.notice, tone: 'error' };
      else if (best !== null) news = { text: best, tone: 'info' };
      else if (waited) news = { text: 'The high scores that waited are written now', tone: 'info' };
    }
    this.recordError = null;
    if (this.failing !== null && news !== null) this.scoresWhileFailing = news;
    return news;
  }
}
