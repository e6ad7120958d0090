import path from 'node:path';
import type { PlayOptions } from '../app/options.js';
import { computerChoice, decisionsFrom, farewell, initialModel, resumeModel, saveFarewell, scoresFarewell, screenKeptFrom, unusedFlags, type AppModel, type ComputerProvider, type ResumeChoice, type SeatDecision, type ScreenKept, type TermSize } from '../app/index.js';
import { printable, printableLines, randomSeed, type GameState, type RuleSetId } from '../engine/index.js';
import { Autosave, matchIdOf, unwrittenOf, type Notice, type Notify } from '../storage/autosave.js';
import { RecentActions, writeCrashReport } from '../storage/crash.js';
import { removeStaleTemps } from '../storage/files.js';
import { GAME_LOCK, lockHeldMessage, takeLock, type LockResult } from '../storage/lock.js';
import type { StorageDirs } from '../storage/paths.js';
import { loadGame, readSaveFile, savePath, startNewGame, type SavedGame } from '../storage/saves.js';
import { loadScores, summarize, type GameReview, type RuleSummary } from '../storage/highScores.js';
import { loadSettings, saveSettings, soundFor, takeBackFor } from '../storage/settings.js';
import { listWords } from '../text/index.js';
import { SIGNAL_EXIT, type ExitSignal } from './exits.js';
import { saveOutcome } from './outcome.js';
import { solverStrategy, type SessionStrategy, type SolverModule } from './strategy.js';

/** What a session is given: where its files are, the terminal it starts in, the program's version. */
export interface SessionEnv {
  readonly dirs: StorageDirs;
  /** The terminal's size when the game starts (the app follows resizes itself). */
  readonly size: TermSize;
  /** True in a screen reader's mode (INK_SCREEN_READER=true): sound only when the command line asks for it. */
  readonly screenReader: boolean;
  /** The program's version, for crash reports. */
  readonly version: string;
  /** Loads the solver when a strategy table is first wanted (tests give a fake). */
  readonly loadSolver?: () => Promise<SolverModule>;
}

/** What opening a session found: another copy of the game holds the folder (the line to print), or the session. */
export type Opened = { readonly kind: 'locked'; readonly message: string } | { readonly kind: 'open'; readonly session: Session };

/** What the game app is started with: everything the session decided, and the session's hooks. */
export interface GameStart {
  /** The options in play (the layout a resumed save was played in). */
  readonly options: PlayOptions;
  /** The seed of the first match. */
  readonly seed: number;
  /** Where to start instead of the setup (a resumed game, or a notice on the message line). */
  readonly start?: AppModel;
  /** Saves the game after every change (see Session.onGameChange). */
  readonly onGameChange: (state: GameState, notify: Notify, decisions: readonly SeatDecision[], kept: ScreenKept) => Notice;
  /** Keeps a finished game's reviews with its high scores, once they are known (see Autosave.addReviews). */
  readonly onReview: (state: GameState, bySeat: readonly (GameReview | null)[]) => Notice;
  /** Decides the computer seats' moves from the strategy table. */
  readonly computerMove: ComputerProvider;
  /** Where the strategy table comes from. */
  readonly strategy: SessionStrategy;
  /** Keeps the last model when the app quits, for the farewell. */
  readonly onQuit: (model: AppModel) => void;
}

/** After the resume question: leave (the text to print, the exit code if not 0), or play. */
export type Begun = { readonly kind: 'leave'; readonly text: string; readonly exitCode?: number } | { readonly kind: 'play'; readonly game: GameStart };

/** The way out: the text to print once the terminal is back, and the exit code if not 0. */
export interface Leaving {
  readonly text: string;
  readonly exitCode?: number;
}

/** Formats one rule set's high scores for the farewell (storage/scoresText.ts scoresText). */
export type ScoresText = (rules: RuleSetId, summary: RuleSummary) => string;

/**
 * Opens a game session on the state folder: one game per folder, so a second copy gets the line to print and changes
 * nothing (the lock is taken before any file is read). A lock that cannot be made (the folder is a file, a read-only
 * or full disk) does not stop the game: nothing can be saved there either, and the game says so when it tries; it
 * takes the lock before it first writes (Session.claim). Files left half-written by a game that died are removed.
 */
export function openSession(options: PlayOptions, env: SessionEnv, taken?: LockResult): Opened {
  const { dirs } = env;
  // A hosted table takes the lock before its lobby (`taken`), so that friends are not asked to join a game that
  // cannot start.
  const lock = taken ?? takeLock(path.join(dirs.state, GAME_LOCK));
  if (lock.kind === 'held') return { kind: 'locked', message: `yahtzee: ${printable(lockHeldMessage(lock.owner, dirs.state))}` };
  removeStaleTemps(dirs.state);
  if (dirs.data !== dirs.state) removeStaleTemps(dirs.data);
  return { kind: 'open', session: new Session(options, env, lock.kind === 'taken' ? lock.release : null) };
}

/**
 * One run of the game, without its screen: the settings and sound, the saved game (resumed, replaced or found
 * damaged), the autosave, the strategy table's source, and what is said on every way out (quit, a signal, a crash).
 * The shell (src/ui/run.tsx) draws, owns the terminal and calls these in order: prepare, begin, then one of finish,
 * leaveOnSignal, or saveForCrash and reportCrash.
 */
export class Session {
  /** The last keys read, for a crash report. */
  readonly recent = new RecentActions();
  /** The strategy table's source (its news goes to the message line of the game in play). */
  readonly strategy: SessionStrategy;
  private options: PlayOptions;
  /** The seed of the first match (the command line's, else random). */
  readonly seed: number;
  /** Lines printed on the way out, in full (the message line has room for a short form only). */
  private readonly notes: string[] = [];
  private notice: Notice = null;
  private loaded: SavedGame | null = null;
  /** The save could not be used and was moved aside (its line stands; --resume does not say there was none). */
  private loadedDamaged = false;
  private autosave: Autosave | null = null;
  /** When the saved game taken up was saved; null when the game begun is not a resumed one. */
  private resumedAt: string | null = null;
  private last: AppModel | null = null;
  private flushProblem: string | null = null;
  /** The message line, for news that is not about saving (the app hands it over with each game change). */
  private tell: Notify | null = null;

  /** Why this game may not write its folder's save (claim), once that is known for good. */
  private claimRefused: string | null = null;

  /**
   * A session on the folders of `env`, holding the lock that `releaseLock` gives back, or (null) opened without it
   * where it could not be made (see openSession and claim).
   */
  constructor(
    options: PlayOptions,
    private readonly env: SessionEnv,
    private releaseLock: (() => void) | null,
  ) {
    this.options = options;
    this.seed = options.seed ?? randomSeed();
    this.strategy = solverStrategy((text) => this.tell?.({ text, tone: 'info' }), env.loadSolver);
  }

  /**
   * Reads the settings and the saved game: the sound as --sound / --no-sound says (remembered for next time), else as
   * remembered, and in a screen reader's mode only when asked for on this command line; a damaged save is moved aside.
   * Returns the saved game the player is to be asked about (null when there is none, or --resume or --new decided).
   */
  prepare(): SavedGame | null {
    const { dirs } = this.env;
    const remembered = loadSettings(dirs);
    if (remembered.notice) {
      // As with a damaged save: why and where the file went, on the way out too (the line on screen goes).
      this.notes.push(`yahtzee: ${remembered.notice}`);
      this.notice = { text: 'The settings file could not be used; why, and where it is now: told on quitting', tone: 'error' };
    }
    const sound = soundFor(this.options.sound, remembered.settings, this.env.screenReader);
    const takeBack = takeBackFor(this.options.takeBack, remembered.settings);
    const flags = { sound: this.options.sound ?? remembered.settings.sound, takeBack };
    if (remembered.rewrite === true || flags.sound !== remembered.settings.sound || flags.takeBack !== remembered.settings.takeBack) saveSettings(dirs, flags);
    this.options = { ...this.options, sound, takeBack };
    const loaded = loadGame(dirs);
    const damaged = loaded.kind === 'corrupt' ? loaded : loaded.kind === 'ok' ? loaded.damaged : undefined;
    if (damaged !== undefined) this.notice = this.damaged(damaged.message, damaged.movedTo, loaded.kind === 'ok');
    this.loadedDamaged = loaded.kind === 'corrupt';
    this.loaded = loaded.kind === 'ok' ? loaded.save : null;
    return this.loaded !== null && !this.options.resume && !this.options.fresh ? this.loaded : null;
  }

  /** What prepare found to tell the player (a damaged save set aside, settings that could not be read), or null. */
  get preparedNotice(): Notice {
    return this.notice;
  }

  /** The options in play: the command line's, with the sound as prepare decided it. */
  get playOptions(): PlayOptions {
    return this.options;
  }

  /**
   * Starts the game as the player chose on the resume question (without one, as --resume or --new said): resumes the
   * saved game, or sets it aside for a new one, or leaves with the save kept ('quit', or 'interrupt': Ctrl-C, exit 130).
   */
  begin(choice: ResumeChoice = this.options.fresh ? 'new' : 'resume'): Begun {
    const { dirs } = this.env;
    const options = this.options;
    const init = { seed: this.seed, size: this.env.size };
    let layout = options.layout;
    let practice = options.practice;
    let recorded = 0;
    let matchId: string | undefined;
    let resumed: GameState | null = null;
    let start: AppModel | undefined;
    let setAside = false;
    const save = this.loaded;
    // High scores that could not be written when their game ended wait in the save: the game played now writes them.
    const unwritten = unwrittenOf(save?.ui);
    if (save !== null) {
      if (choice === 'quit' || choice === 'interrupt') {
        // What prepare found (a newer save damaged and moved aside, said on the question as told on quitting) is told.
        return { kind: 'leave', text: printableLines(this.notesText()) + this.keptText(), ...(choice === 'interrupt' ? { exitCode: SIGNAL_EXIT.SIGINT } : {}) };
      }
      if (choice === 'resume') {
        layout = save.layout;
        practice = save.practice;
        const r = save.ui?.recordedGames;
        recorded = typeof r === 'number' && Number.isSafeInteger(r) && r >= 0 ? r : save.state.results.length;
        matchId = matchIdOf(save.ui);
        resumed = save.state;
        this.resumedAt = save.savedAt;
        start = resumeModel({ ...options, practice }, init, save.state, save.layout, decisionsFrom(save.ui?.decisions, save.state), screenKeptFrom(save.ui, save.state));
        // Flags for a new game's seats and match do nothing to a saved one: said, not silently dropped.
        const unused = unusedFlags(options, { rules: save.state.rules, layout: save.layout, practice: save.practice });
        if (unused.length > 0) this.notice = { text: `Welcome back: ${listWords(unused)} ${unused.length === 1 ? 'is' : 'are'} for a new game; the saved one goes on`, tone: 'info' };
      } else {
        const set = startNewGame(dirs);
        setAside = set.ok && set.previousKept;
        if (!set.ok) this.notice = { text: `The saved game could not be set aside (${set.error}); it will be replaced`, tone: 'error' };
        else if (set.damaged) this.notice = this.damaged(set.damaged.message, set.damaged.movedTo);
      }
    } else if (options.resume && !this.loadedDamaged) {
      this.notice = { text: 'There is no saved game to resume: a new game starts', tone: 'info' };
    }

    // --new asked no question: the player is told where the saved game went (the resume question's n says it there).
    if (setAside && options.fresh && this.notice === null) this.notice = { text: 'The saved game is set aside until this game scores', tone: 'info' };
    const autosave = new Autosave(dirs, layout, practice, recorded, { ...(matchId !== undefined ? { matchId } : {}), unwritten, claim: () => this.claim() });
    this.autosave = autosave;
    // A finished game whose high scores could not be written last time: they are written now (and a finished match's
    // save then removed).
    if (resumed !== null && autosave.unrecorded(resumed)) this.notice = autosave.onChange(resumed) ?? this.notice;
    if (this.notice !== null) start = { ...(start ?? initialModel(options, init)), message: this.notice };
    // The first match is played from this seed (setup.ts): until it scores, leaving it brings the game set aside back.
    if (setAside) start = { ...(start ?? initialModel(options, init)), setAsideFor: init.seed >>> 0 };
    return {
      kind: 'play',
      game: {
        options: { ...options, layout },
        seed: this.seed,
        ...(start !== undefined ? { start } : {}),
        // Saves in the background, with the decisions so far (the review after a resume covers the whole game); what a
        // save says later (failed, works again) comes to the message line through notify.
        onGameChange: (state, notify, decisions, kept) => {
          this.tell = notify;
          return autosave.onChange(state, notify, decisions, kept);
        },
        onReview: (state, bySeat) => autosave.addReviews(state, bySeat),
        computerMove: computerChoice,
        strategy: this.strategy,
        onQuit: (model) => {
          this.last = model;
        },
      },
    };
  }

  /** The game has left the screen: the last change is saved, synchronously (nothing is written after this). */
  finish(): void {
    this.flushProblem = this.autosave?.flush() ?? null;
  }

  /**
   * What is printed after the game (after finish): the scores, the high scores of the rule set played (formatted by
   * `scoresText`) if games were recorded, what became of the save, and what the message line could only say in short.
   * Exit code 130 when the game was left with Ctrl-C.
   */
  farewell(scoresText: ScoresText): Leaving {
    const final = this.last;
    // Without the app's last model (a signal took the screen away) the game is as the autosave last had it.
    const game = final !== null ? final.game : (this.autosave?.state ?? null);
    let text = final !== null ? farewell(final) : scoresFarewell(game);
    const rules = this.autosave?.recorded ?? null;
    const summary = rules === null ? null : summarize(rules, loadScores(this.env.dirs).book.rules[rules]);
    // The high scores of the rule set played, after the games of this session were added to them; not an empty block
    // where none counts (a first-to-a-score match that ended before a whole game, say).
    if (rules !== null && summary !== null && summary.games > 0) text += `\nHigh scores, ${scoresText(rules, summary)}\n`;
    if (this.autosave !== null) text += saveFarewell(saveOutcome(this.env.dirs, this.autosave, this.flushProblem, this.resumedAt), this.options.hosted === true);
    text += this.notesText();
    // Paths come from the environment (YAHTZEE_HOME, XDG_*): shown, never sent (src/engine/names.ts printable).
    return { text: printableLines(text), ...(final?.interrupted ? { exitCode: SIGNAL_EXIT.SIGINT } : {}) };
  }

  /**
   * A signal ends the game (from before the first frame on), once the screen is gone: the game is saved and the same
   * farewell as on quitting is said, from what is on disk now (a game recorded and its save removed says its final
   * scores, never "saved"); at the resume question, that the saved game is kept. The exit code is the signal's.
   */
  leaveOnSignal(signal: ExitSignal, scoresText: ScoresText): Leaving {
    const exitCode = SIGNAL_EXIT[signal];
    if (this.autosave === null && this.loaded !== null) return { text: this.keptText() + printableLines(this.notesText()), exitCode };
    this.finish();
    return { text: this.farewell(scoresText).text, exitCode };
  }

  /** The crash handler's first step: save what can be saved; returns what became of the game, for the report. */
  saveForCrash(): string {
    try {
      const problem = this.autosave?.flush() ?? null;
      // No game handed to the autosave yet: a resumed one is still on disk as it was; else there is none.
      if (this.autosave !== null && !this.autosave.holdsGame && this.resumedAt !== null) return `saved in ${savePath(this.env.dirs)}`;
      if (this.autosave === null || !this.autosave.holdsGame) return 'not started yet (nothing to save)';
      return problem === null ? `saved in ${savePath(this.env.dirs)}` : `NOT saved: ${problem}`;
    } catch (e) {
      return `NOT saved: the save itself failed (${e instanceof Error ? e.message : String(e)})`;
    }
  }

  /** Writes the crash report (`saved` from saveForCrash) and returns the one line that says so and where. */
  reportCrash(error: unknown, origin: string, saved: string): string {
    const report = writeCrashReport(this.env.dirs.state, { error, origin, version: this.env.version, lastActions: this.recent.list(), save: saved });
    const where = report !== null ? `a crash report is in ${report}` : 'no crash report could be written';
    return `${printable(`yahtzee: the game stopped on an internal error (${origin}); your game is ${saved}; ${where}`)}\n`;
  }

  /** Gives the state folder back to the next copy of the game (again: nothing). */
  release(): void {
    this.releaseLock?.();
  }

  /**
   * Asked before each write of the save. A session opened without the folder's lock (a full disk, say) takes it
   * first: two copies that both opened so must not write over each other's game once the disk has room again. Found
   * held, or a save of another game written there meanwhile, this game is not written there (and says why).
   */
  private claim(): string | null {
    if (this.releaseLock !== null || this.claimRefused !== null) return this.claimRefused;
    const { dirs } = this.env;
    const lock = takeLock(path.join(dirs.state, GAME_LOCK));
    // Still not to be had: the write itself says why it fails.
    if (lock.kind === 'failed') return null;
    if (lock.kind === 'held') return `another yahtzee plays in this folder (process ${lock.owner.pid})`;
    this.releaseLock = lock.release;
    const there = readSaveFile(savePath(dirs));
    const ours = there === null || matchIdOf(there.ui) === this.autosave?.match || there.savedAt === this.loaded?.savedAt;
    if (!ours) this.claimRefused = 'another game was saved in this folder meanwhile, and is kept';
    return this.claimRefused;
  }

  /** A damaged save moved aside: a short line on screen, the whole message (why, and where it went) on the way out. */
  private damaged(message: string, movedTo: string | null, earlierBack = false): Notice {
    this.notes.push(`yahtzee: ${message}`);
    // The file's name and the reason do not fit one line of 80 columns together: both are printed on the way out.
    // `earlierBack`: the save was of a game that had not scored, and the game kept before it came back instead.
    const which = earlierBack ? 'A newer save' : 'The saved game';
    const text = movedTo !== null ? `${which} was unusable and is kept aside; why and where: told on quitting` : `${which} was unusable and is left where it was; why: told on quitting`;
    return { text, tone: 'error' };
  }

  /** The line for leaving at the resume question: the save is kept. */
  private keptText(): string {
    return `yahtzee: the saved game is kept in ${printable(savePath(this.env.dirs))}; run yahtzee again to resume it\n`;
  }

  private notesText(): string {
    return this.notes.map((note) => `${note}\n`).join('');
  }
}
