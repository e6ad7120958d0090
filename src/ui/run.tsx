import path from 'node:path';
import type { RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import type { PlayOptions } from '../commands/playOptions.js';
import type { AppModel, ResumeChoice, SaveOutcome } from '../app/index.js';
import type { GameState, RuleSetId } from '../engine/index.js';
import type { Autosave, Notice, Typing } from '../storage/autosave.js';
import type { StorageDirs } from '../storage/paths.js';
import { VERSION } from '../version.js';
import { DiffStdout, gameRenderOptions, holdWrites, redrawScreen, type Held } from '../terminal/index.js';
import { keepYoungGenerationSmall } from './youngGeneration.js';

const ALT_SCREEN_ON = '\u001b[?1049h\u001b[H';
const ALT_SCREEN_OFF = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/** Exit codes for the ways out of the game: Ctrl-C or SIGINT 130, SIGHUP 129, SIGTERM 143 (128 + the signal). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGHUP: 129, SIGTERM: 143 } as const;

/** The exit code after a crash (an uncaught exception or unhandled rejection): EX_SOFTWARE. */
export const CRASH_EXIT = 70;

/** The exit code when another copy of the game holds the state folder. */
export const LOCKED_EXIT = 1;

/**
 * A test hook, for the end-to-end tests of the crash handler only: with YAHTZEE_TEST_CRASH set to `exception` or
 * `rejection`, the key Ctrl-] (0x1d) makes the program throw an uncaught exception or leave a rejection unhandled.
 */
export const TEST_CRASH_VARIABLE = 'YAHTZEE_TEST_CRASH';

/** The byte that sets off the test crash (Ctrl-]). */
const TEST_CRASH_KEY = '\u001d';

/** Ctrl-Z: in raw mode the terminal sends it as a byte instead of stopping the program. */
const SUSPEND_KEY = '\u001a';

/** The part of stdin the game reads keys from (process.stdin). */
type KeyStream = NodeJS.ReadStream & { read: (size?: number) => string | Buffer | null };

/** Starts the interactive game in the terminal (the CLI has checked it is one) and resolves when the player quits. */
export async function runGame(options: PlayOptions): Promise<void> {
  // React picks its development or production build when first loaded: decide before loading it.
  // (The bundle fixes it at build time; this line matters when run from source.)
  const env = process.env;
  env.NODE_ENV ??= 'production';
  // Ink draws only the last frame when it sees CI set; the terminal check has passed, so this is a person playing.
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
  keepYoungGenerationSmall();
  const [{ render }, ReactModule, { App }, { ResumePrompt }, app, { isMatchComplete, randomSeed }, storage, { Autosave, matchIdOf }, crash, { Repaint }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./App.js'),
    import('./ResumePrompt.js'),
    import('../app/index.js'),
    import('../engine/index.js'),
    import('../storage/index.js'),
    import('../storage/autosave.js'),
    import('../storage/crash.js'),
    import('./Repaint.js'),
  ]);
  // React is CommonJS: bundled, its functions sit on the default export; from source, on the namespace too.
  const React = ReactModule.default ?? ReactModule;
  const dirs = storage.storageDirs();

  // One game per state folder: a second copy says so and changes nothing (the lock is taken before any file is read).
  const lock = storage.takeLock(path.join(dirs.state, storage.GAME_LOCK));
  if (lock.kind === 'held') {
    process.stderr.write(`yahtzee: ${storage.lockHeldMessage(lock.owner, dirs.state)}\n`);
    process.exitCode = LOCKED_EXIT;
    return;
  }
  // A lock that cannot be made (the folder is a file, a read-only disk): nothing can be saved there either, and the
  // game says so when it tries; the game is still played.
  const releaseLock = lock.kind === 'taken' ? lock.release : () => undefined;
  storage.removeStaleTemps(dirs.state);
  if (dirs.data !== dirs.state) storage.removeStaleTemps(dirs.data);

  // A closed terminal makes writes fail: the game must still save and leave quietly.
  process.stdout.on('error', () => undefined);
  const stdin = process.stdin as KeyStream;
  const seed = options.seed ?? randomSeed();
  const size = { columns: process.stdout.columns ?? 80, rows: process.stdout.rows ?? 24 };
  // The terminal's own write, taken before anything is held (below): the game's own lines always get through.
  const rawWrite = process.stdout.write.bind(process.stdout);
  const write = (text: string) => {
    try {
      rawWrite(text);
    } catch {
      // the terminal is gone
    }
  };
  // While the game is on the screen, what is written to stderr (a Node warning, a worker's message, console.error)
  // and, while the differ draws, to stdout other than by it, is kept and shown after the game: written among the
  // game's cells, it would make the differ's picture of them false.
  let heldErr: Held | null = null;
  let heldOut: Held | null = null;
  const showHeld = () => {
    const err = heldErr?.release() ?? '';
    const out = heldOut?.release() ?? '';
    heldErr = null;
    heldOut = null;
    if (out !== '') write(out);
    if (err !== '') {
      try {
        process.stderr.write(`yahtzee: written to the error stream while the game was on the screen:\n${err}${err.endsWith('\n') ? '' : '\n'}`);
      } catch {
        // the terminal is gone
      }
    }
  };
  let onScreen = false;
  const restore = () => {
    if (!onScreen) return;
    onScreen = false;
    try {
      if (stdin.isTTY === true && stdin.isRaw) stdin.setRawMode(false);
    } catch {
      // the terminal is gone
    }
    write(ALT_SCREEN_OFF + SHOW_CURSOR);
  };
  process.once('exit', () => {
    restore();
    showHeld();
    releaseLock();
  });

  // What the handlers below act on, as it comes to be: the autosave once the game is on, and the Ink instance drawing.
  let autosave: Autosave | null = null;
  let instance: { unmount: () => void } | null = null;
  let element: ReactNode = null;
  let renderStdout: unknown = undefined;
  // Draws the current screen again in full after a resume, where Ink's own writer draws it (see draw below).
  let repaint: (() => void) | null = null;
  /**
   * Renders `el` with Ink. Where the cell differ draws, it repaints itself (redrawScreen); with Ink's own writer the
   * element sits in a Repaint wrapper, so that a resume after fg can have it drawn again.
   */
  const draw = (el: ReactNode, opts: RenderOptions) => {
    if (opts.stdout instanceof DiffStdout) {
      repaint = null;
      return render(el, opts);
    }
    let nonce = 0;
    const wrapped = () => React.createElement(Repaint, { nonce }, el);
    const drawn = render(wrapped(), opts);
    repaint = () => {
      nonce++;
      drawn.rerender(wrapped());
    };
    return drawn;
  };
  const recent = new crash.RecentActions();

  // The last line of defence, not a way to go on: save what can be saved, put the terminal back, say where the crash
  // report is, and exit non-zero. A second error on the way out ends the process at once.
  let crashing = false;
  const onCrash = (origin: string) => (error: unknown) => {
    if (crashing) process.exit(CRASH_EXIT);
    crashing = true;
    try {
      let saved: string;
      try {
        const problem = autosave?.flush() ?? null;
        saved = autosave === null ? 'not started yet (nothing to save)' : problem === null ? `saved in ${storage.savePath(dirs)}` : `NOT saved: ${problem}`;
      } catch (e) {
        saved = `NOT saved: the save itself failed (${e instanceof Error ? e.message : String(e)})`;
      }
      restore();
      showHeld();
      const report = crash.writeCrashReport(dirs.state, { error, origin, version: VERSION, lastActions: recent.list(), save: saved });
      releaseLock();
      const where = report !== null ? `a crash report is in ${report}` : 'no crash report could be written';
      process.stderr.write(`yahtzee: the game stopped on an internal error (${origin}); your game is ${saved}; ${where}\n`);
    } finally {
      process.exit(CRASH_EXIT);
    }
  };
  process.on('uncaughtException', onCrash('uncaught exception'));
  process.on('unhandledRejection', onCrash('unhandled rejection'));

  // Lines printed after the game, in full (the message line has room for a short form only).
  const notes: string[] = [];
  // Signals are handled from before the first frame (the resume question included).
  const onSignal = (signal: keyof typeof SIGNAL_EXIT) => () => {
    const problem = autosave?.flush() ?? null;
    try {
      instance?.unmount();
    } catch {
      // already gone
    }
    restore();
    showHeld();
    if (autosave !== null) write(app.saveFarewell(outcomeOf(autosave, problem)));
    // What the message line could only say in short (a damaged save moved aside) is said in full here too.
    for (const note of notes) write(`${note}\n`);
    releaseLock();
    process.exit(SIGNAL_EXIT[signal]);
  };
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, onSignal(s)] as const);
  for (const [s, h] of handlers) process.once(s, h);

  // Ctrl-Z (the byte in raw mode, or SIGTSTP from elsewhere): the terminal is put back and the process stops, as any
  // full-screen program does; on SIGCONT (fg) raw mode and the alternate screen come back and the screen is redrawn.
  let suspended: { raw: boolean } | null = null;
  const suspend = () => {
    if (suspended !== null || !onScreen) return;
    suspended = { raw: stdin.isTTY === true && stdin.isRaw };
    restore();
    process.kill(process.pid, 'SIGSTOP');
  };
  const resume = () => {
    // Stopped by us (Ctrl-Z), or from outside (SIGSTOP): either way the terminal may show anything now.
    const was = suspended ?? (onScreen ? { raw: stdin.isTTY === true && stdin.isRaw } : null);
    if (was === null) return;
    suspended = null;
    try {
      if (was.raw) stdin.setRawMode(true);
    } catch {
      // the terminal is gone; the next read or write tells
    }
    onScreen = true;
    write(ALT_SCREEN_ON);
    // The cell differ repaints from its picture; Ink's own writers (screen-reader mode, YAHTZEE_RENDER=ink) through
    // the Repaint wrapper.
    if (!redrawScreen(renderStdout)) repaint?.();
  };
  process.on('SIGTSTP', suspend);
  process.on('SIGCONT', resume);

  // Keys pass through here before Ink reads them: Ctrl-Z suspends (and is not a key of the game), the test crash key
  // crashes when its variable is set, and the last keys are kept for a crash report.
  const crashTest = env[TEST_CRASH_VARIABLE];
  const read = stdin.read.bind(stdin);
  stdin.read = (n?: number) => {
    for (;;) {
      const chunk = read(n);
      if (chunk === null) return null;
      let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      recent.push(JSON.stringify(text));
      if (crashTest !== undefined && text.includes(TEST_CRASH_KEY)) {
        if (crashTest === 'rejection') void Promise.reject(new Error('test crash: an unhandled rejection (YAHTZEE_TEST_CRASH)'));
        else setImmediate(() => {
          throw new Error('test crash: an uncaught exception (YAHTZEE_TEST_CRASH)');
        });
      }
      if (text.includes(SUSPEND_KEY)) {
        text = text.split(SUSPEND_KEY).join('');
        setImmediate(suspend);
      }
      if (text !== '') return typeof chunk === 'string' ? text : Buffer.from(text, 'utf8');
    }
  };

  write(ALT_SCREEN_ON);
  onScreen = true;

  let start: AppModel | undefined;
  let notice: Notice = null;
  // Sound: as --sound / --no-sound says (remembered for next time), else as remembered; in a screen reader's mode
  // only when asked for on this command line.
  const remembered = storage.loadSettings(dirs);
  if (remembered.notice) notice = { text: remembered.notice, tone: 'error' };
  const sound = storage.soundFor(options.sound, remembered.settings, env.INK_SCREEN_READER === 'true');
  if (options.sound !== undefined && options.sound !== remembered.settings.sound) storage.saveSettings(dirs, { ...remembered.settings, sound: options.sound });
  options = { ...options, sound };
  let layout = options.layout;
  let practice = options.practice;
  let recorded = 0;
  let matchId: string | undefined;
  let resumedState: GameState | null = null;
  let lastSavedAt: string | null = null;
  /** A damaged save moved aside: a short line on screen (where it went), the whole message on the way out. */
  const damaged = (message: string, movedTo: string | null): Notice => {
    notes.push(`yahtzee: ${message}`);
    return { text: movedTo !== null ? `Unusable save moved to ${path.basename(movedTo)} (why: on exit)` : `Unusable save left at ${storage.savePath(dirs)} (why: on exit)`, tone: 'error' };
  };
  const loaded = storage.loadGame(dirs);
  if (loaded.kind === 'corrupt') notice = damaged(loaded.message, loaded.movedTo);
  if (loaded.kind === 'ok') {
    const save = loaded.save;
    const answer: { choice: ResumeChoice } = { choice: options.fresh ? 'new' : 'resume' };
    if (!options.resume && !options.fresh) {
      answer.choice = 'quit';
      element = React.createElement(ResumePrompt, { state: save.state, savedAt: save.savedAt, color: options.color, onChoice: (c: ResumeChoice) => (answer.choice = c) });
      // Drawn like the game (through the differ unless Ink's own writer is chosen), so that it too can be redrawn in full.
      const askOptions = gameRenderOptions(process.stdout);
      renderStdout = askOptions.stdout;
      const ask = draw(element, { exitOnCtrlC: false, ...askOptions });
      instance = ask;
      await ask.waitUntilExit();
      instance = null;
      // A clean screen for what comes next (in screen-reader mode it would start on the question's last line).
      write('\n\u001b[2J\u001b[H');
    }
    const choice = answer.choice;
    if (choice === 'quit' || choice === 'interrupt') {
      restore();
      releaseLock();
      for (const [s, h] of handlers) process.off(s, h);
      write(`yahtzee: the saved game is kept in ${storage.savePath(dirs)}; run yahtzee again to resume it\n`);
      if (choice === 'interrupt') process.exitCode = SIGNAL_EXIT.SIGINT;
      return;
    }
    if (choice === 'resume') {
      layout = save.layout;
      practice = save.practice;
      const r = save.ui?.recordedGames;
      recorded = typeof r === 'number' && Number.isSafeInteger(r) && r >= 0 ? r : save.state.results.length;
      matchId = matchIdOf(save.ui);
      resumedState = save.state;
      lastSavedAt = save.savedAt;
      start = app.resumeModel({ ...options, practice }, { seed, size }, save.state, save.layout, app.decisionsFrom(save.ui?.decisions, save.state), app.typedFrom(save.ui, save.state));
    } else {
      const set = storage.startNewGame(dirs);
      if (!set.ok) notice = { text: `The saved game could not be set aside (${set.error}); it will be replaced`, tone: 'error' };
      else if (set.notice) notice = damaged(set.notice, set.notice.match(/moved to (.*)\.$/)?.[1] ?? null);
    }
  } else if (options.resume) {
    notice = { text: 'There is no saved game to resume: a new game starts', tone: 'info' };
  }

  const save = new Autosave(dirs, layout, practice, recorded, matchId !== undefined ? { matchId } : {});
  autosave = save;
  // A finished game whose high scores could not be written last time: they are written now (and a finished match's
  // save then removed).
  if (resumedState !== null && save.unrecorded(resumedState)) notice = save.onChange(resumedState) ?? notice;
  if (notice !== null) start = { ...(start ?? app.initialModel(options, { seed, size })), message: notice };

  let last: AppModel | null = null;
  let computing = 0;
  /** The message line, for news that is not about saving (the app hands it over with each game change). */
  let tell: ((notice: NonNullable<Notice>) => void) | null = null;
  // The solver is loaded when a strategy table is first wanted, after the first frame (a chunk of its own when bundled).
  let solver: typeof import('../solver/index.js') | undefined;
  const renderOptions = gameRenderOptions(process.stdout);
  renderStdout = renderOptions.stdout;
  heldErr = holdWrites(process.stderr);
  // The differ has taken stdout's own write; anything else written there waits until the game has left the screen.
  if (renderOptions.stdout !== undefined) heldOut = holdWrites(process.stdout);
  element = React.createElement(App, {
    options: { ...options, layout },
    seed,
    start,
    // Saves in the background, with the decisions so far (the review after a resume covers the whole game); what a
    // save says later (failed, works again) comes to the message line through notify.
    onGameChange: (state: GameState, notify: (notice: NonNullable<Notice>) => void, decisions: readonly unknown[], typed: Typing) => {
      tell = notify;
      return save.onChange(state, notify, decisions, typed);
    },
    // The computer decides from the strategy table, which is read from the cache or computed in worker threads
    // (at least two, so never on this thread: the screen and the keys stay live while it is computed).
    computerMove: app.computerChoice,
    strategy: {
      cached: (rules: RuleSetId) => solver?.getCachedTable(rules),
      load: async (rules: RuleSetId, onProgress: (done: number, total: number) => void) => {
        computing++;
        try {
          solver ??= await import('../solver/index.js');
          const report = await solver.loadOrSolveReport(rules, { onProgress, threads: Math.max(2, solver.defaultThreads() - 1) });
          // A cache that cannot be written (a file where its folder should be, a full disk): one line, and the table
          // is used from memory.
          if (report.source === 'computed' && report.saved === false) {
            tell?.({ text: `The strategy table could not be cached in ${solver.cacheDir()}; it is used from memory`, tone: 'info' });
          }
          return report.table;
        } finally {
          computing--;
        }
      },
    },
    onQuit: (m: AppModel) => (last = m),
  });
  const game = draw(element, { exitOnCtrlC: false, ...renderOptions });
  instance = game;
  let problem: string | null = null;
  try {
    await game.waitUntilExit();
  } finally {
    for (const [s, h] of handlers) process.off(s, h);
    process.off('SIGTSTP', suspend);
    process.off('SIGCONT', resume);
    instance = null;
    problem = save.flush();
    restore();
    showHeld();
  }
  const final = last as AppModel | null;
  write(app.farewell(final));
  if (save.recorded !== null) {
    // The high scores of the rule set played, after the games of this session were added to them.
    const { scoresText } = await import('../commands/scores.js');
    const rules = save.recorded;
    write(`\nHigh scores, ${scoresText(rules, storage.summarize(rules, storage.loadScores(dirs).book.rules[rules]))}\n`);
  }
  const g = final?.game;
  if (g) write(app.saveFarewell(outcomeOf(save, problem, lastSavedAt)));
  else if (problem !== null) write(app.saveFarewell(outcomeOf(save, problem, lastSavedAt)));
  for (const note of notes) write(`${note}\n`);
  releaseLock();
  if (final?.interrupted) process.exitCode = SIGNAL_EXIT.SIGINT;
  // A strategy table still being computed in worker threads would keep the process alive: it is not waited for.
  if (computing > 0) process.exit();

  /** What the last save (flush) did, for the farewell: saved where, or not and why, and what is kept on disk. */
  function outcomeOf(autosave: Autosave, flushProblem: string | null, resumedAt: string | null = null): SaveOutcome {
    const state = autosave.state;
    if (state === null) return flushProblem === null ? { kind: 'nothing' } : notSaved(dirs, flushProblem, resumedAt);
    const over = state.phase === 'gameOver' && isMatchComplete(state.match, state.results);
    // A finished, recorded match has nothing left to save (a save it could not remove is said on the message line).
    if (over && !autosave.unrecorded()) return { kind: 'nothing' };
    if (flushProblem !== null) return notSaved(dirs, flushProblem, resumedAt);
    if (over) return { kind: 'result-kept', path: storage.savePath(dirs), reason: autosave.scoresProblem ?? 'the high score file could not be written' };
    return { kind: 'saved', path: storage.savePath(dirs) };
  }

  /** A save that failed: what the save file on disk holds now, if it is a game (read only, never moved). */
  function notSaved(d: StorageDirs, reason: string, resumedAt: string | null): SaveOutcome {
    const file = storage.savePath(d);
    const read = storage.readTextFile(file);
    const parsed = read.kind === 'text' ? storage.parseSave(read.text) : null;
    if (parsed?.ok) return { kind: 'not-saved', reason, kept: { path: file, savedAt: parsed.save.savedAt } };
    return { kind: 'not-saved', reason, kept: resumedAt !== null && read.kind === 'text' ? { path: file, savedAt: resumedAt } : null };
  }
}
