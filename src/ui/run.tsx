import { isatty } from 'node:tty';
import type { RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import type { PlayOptions } from '../app/options.js';
import type { AppModel } from '../app/index.js';
import type { ExitSignal, GameStart } from '../session/index.js';
import type { AppProps, TableLink } from './App.js';
import { VERSION } from '../version.js';
import type { LockResult } from '../storage/lock.js';
import { DiffStdout, gameRenderOptions } from '../terminal/index.js';
import { TerminalOwner } from './terminalOwner.js';
import { writeErrorLine } from './errorLine.js';

/**
 * A test hook, for the end-to-end tests of the crash handler only: with YAHTZEE_TEST_CRASH set to `exception` or
 * `rejection`, the key Ctrl-] (0x1d) makes the program throw an uncaught exception or leave a rejection unhandled.
 */
export const TEST_CRASH_VARIABLE = 'YAHTZEE_TEST_CRASH';

/** The byte that sets off the test crash (Ctrl-]). */
const TEST_CRASH_KEY = '\u001d';

/**
 * Starts the interactive game in the terminal (the CLI has checked it is one) and resolves when the player quits.
 * The shell only: the session (src/session/) decides what is played, saved and said; this wires it to Ink and to the
 * process (the terminal, signals, the crash handler). With `table`, the game is hosted for players on other terminals
 * (`yahtzee host`, src/table/), which has taken the game's `lock` already.
 */
export async function runGame(options: PlayOptions, table?: TableLink, lock?: LockResult): Promise<void> {
  // React picks its development or production build when first loaded: decide before loading it.
  // (The bundle fixes it at build time; this line matters when run from source.)
  const env = process.env;
  env.NODE_ENV ??= 'production';
  // Ink draws only the last frame when it sees CI set; the terminal check has passed, so this is a person playing.
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
  const [{ render }, ReactModule, { App }, { openSession, hangupGuard, watchInputGone, CRASH_EXIT, LOCKED_EXIT, SIGNAL_EXIT }, { storageDirs }, { Repaint }, { scoresText }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./App.js'),
    import('../session/index.js'),
    import('../storage/paths.js'),
    import('./Repaint.js'),
    import('../storage/scoresText.js'),
  ]);
  // React is CommonJS: bundled, its functions sit on the default export; from source, on the namespace too.
  const React = ReactModule.default ?? ReactModule;

  const size = { columns: process.stdout.columns ?? 80, rows: process.stdout.rows ?? 24 };
  const opened = openSession(options, { dirs: storageDirs(), size, screenReader: env.INK_SCREEN_READER === 'true', version: VERSION }, lock);
  if (opened.kind === 'locked') {
    writeErrorLine(opened.message);
    process.exitCode = LOCKED_EXIT;
    return;
  }
  const session = opened.session;

  // A closed terminal makes writes fail: the game must still save and leave quietly.
  process.stdout.on('error', () => undefined);
  const terminal = new TerminalOwner(process.stdin, process.stdout, process.stderr);
  const closeHungUp = hangupGuard();
  // A terminal that has hung up refuses raw mode (EIO), and the key reader sets it when it mounts (as the first frame
  // is drawn, or in the unmount of a signal's way out): then there is no mode left to set, and the hang-up itself
  // (SIGHUP or the end of stdin) ends the game. On a terminal still there the error stands.
  const stdin = process.stdin;
  const setRawMode = stdin.setRawMode.bind(stdin);
  stdin.setRawMode = (mode: boolean) => {
    try {
      return setRawMode(mode);
    } catch (e) {
      if (isatty(0)) throw e;
      return stdin;
    }
  };
  process.once('exit', () => {
    terminal.restore();
    terminal.showHeld();
    session.release();
    closeHungUp();
  });

  // The Ink instance drawing, for the signal handlers.
  let instance: { unmount: () => void } | null = null;
  /**
   * Renders `el` with Ink. Where the cell differ draws, it repaints itself (redrawScreen); with Ink's own writer the
   * element sits in a Repaint wrapper, so that a resume after fg can have it drawn again.
   */
  const draw = (el: ReactNode, opts: RenderOptions) => {
    terminal.renderStdout = opts.stdout;
    if (opts.stdout instanceof DiffStdout) {
      terminal.repaint = null;
      return render(el, opts);
    }
    let nonce = 0;
    const wrapped = () => React.createElement(Repaint, { nonce }, el);
    const drawn = render(wrapped(), opts);
    terminal.repaint = () => {
      nonce++;
      drawn.rerender(wrapped());
    };
    return drawn;
  };

  // The last line of defence, not a way to go on: save what can be saved, put the terminal back, say where the crash
  // report is, and exit non-zero. A second error on the way out ends the process at once.
  let crashing = false;
  const onCrash = (origin: string) => (error: unknown) => {
    if (crashing) process.exit(CRASH_EXIT);
    crashing = true;
    try {
      const saved = session.saveForCrash();
      // A hosted table's guests are told it has ended (before the screen is given back: its last frames go there).
      table?.end();
      terminal.restore();
      terminal.showHeld();
      const line = session.reportCrash(error, origin, saved);
      session.release();
      process.stderr.write(line);
    } finally {
      process.exit(CRASH_EXIT);
    }
  };
  process.on('uncaughtException', onCrash('uncaught exception'));
  process.on('unhandledRejection', onCrash('unhandled rejection'));

  // Signals are handled from before the first frame (the resume question included).
  // The screen goes first: unmounting runs the app's last effects, so a key already played (the last box of a game,
  // recorded and its save removed) reaches the session before it says what became of the game.
  let signalled = false;
  const onSignal = (signal: ExitSignal) => () => {
    // A hang-up comes as SIGHUP, as the end of stdin, or both: the way out is taken once.
    if (signalled) return;
    signalled = true;
    try {
      instance?.unmount();
    } catch {
      // already gone
    }
    const leaving = session.leaveOnSignal(signal, scoresText);
    // A hosted table's guests are told it has ended, and their terminals given back (it leaves with the process);
    // first, so that what that draws on this screen goes before it is given back, not over the farewell.
    table?.end();
    terminal.restore();
    terminal.showHeld();
    terminal.say(leaving.text);
    session.release();
    process.exit(leaving.exitCode);
  };
  const handlers = (Object.keys(SIGNAL_EXIT) as ExitSignal[]).map((s) => [s, onSignal(s)] as const);
  for (const [s, h] of handlers) process.once(s, h);
  const stopWatchingInput = watchInputGone(process.stdin, onSignal('SIGHUP'));
  process.on('SIGTSTP', terminal.suspend);
  process.on('SIGCONT', terminal.resume);
  const stopListening = () => {
    for (const [s, h] of handlers) process.off(s, h);
    stopWatchingInput();
    process.off('SIGTSTP', terminal.suspend);
    process.off('SIGCONT', terminal.resume);
  };

  // The last keys are kept for a crash report, and the test crash key crashes when its variable is set.
  const crashTest = env[TEST_CRASH_VARIABLE];
  terminal.filterKeys((text) => {
    session.recent.push(JSON.stringify(text));
    if (crashTest !== undefined && text.includes(TEST_CRASH_KEY)) {
      if (crashTest === 'rejection') void Promise.reject(new Error('test crash: an unhandled rejection (YAHTZEE_TEST_CRASH)'));
      else setImmediate(() => {
        throw new Error('test crash: an uncaught exception (YAHTZEE_TEST_CRASH)');
      });
    }
  });

  terminal.enter();
  const waiting = session.prepare();
  // Without a saved game to ask about, the game begins at once; with one, the app asks first (its first screen) and
  // begins the game through the session with the answer, in the same Ink instance.
  let started: GameStart | null = null;
  let props: AppProps;
  let left: AppModel | null = null;
  if (waiting === null) {
    const begun = session.begin();
    if (begun.kind === 'leave') {
      terminal.restore();
      session.release();
      stopListening();
      terminal.say(begun.text);
      if (begun.exitCode !== undefined) process.exitCode = begun.exitCode;
      return;
    }
    started = begun.game;
    props = started;
  } else {
    props = {
      options: session.playOptions,
      seed: session.seed,
      onQuit: (model) => (left = model),
      resume: {
        state: waiting.state,
        savedAt: waiting.savedAt,
        layout: waiting.layout,
        practice: waiting.practice,
        notice: session.preparedNotice,
        begin: (answer) => {
          const begun = session.begin(answer);
          // With a save in hand, resuming or a new game always plays: a 'leave' here is a bug.
          if (begun.kind === 'leave') throw new Error(`the session left on the answer '${answer}'`);
          started = begun.game;
          return started;
        },
      },
    };
  }

  const renderOptions = gameRenderOptions(process.stdout);
  // The differ has taken stdout's own write; anything else written there waits until the game has left the screen.
  terminal.hold(process.stderr, renderOptions.stdout !== undefined ? process.stdout : null);
  const game = draw(React.createElement(App, table ? { ...props, table } : props), { exitOnCtrlC: false, ...renderOptions });
  instance = game;
  try {
    await game.waitUntilExit();
  } finally {
    stopListening();
    instance = null;
    session.finish();
    terminal.restore();
    terminal.showHeld();
  }
  if (started === null) {
    // Left at the resume question (its quit key, or Ctrl-C): the save is kept, and the session says so.
    const quit = session.begin((left as AppModel | null)?.interrupted === true ? 'interrupt' : 'quit');
    // With a save in hand, quitting always leaves: a game here is a bug.
    if (quit.kind !== 'leave') throw new Error('the session began a game on quitting the resume question');
    terminal.say(quit.text);
    session.release();
    if (quit.exitCode !== undefined) process.exitCode = quit.exitCode;
    return;
  }
  const leaving = session.farewell(scoresText);
  terminal.say(leaving.text);
  session.release();
  session.strategy.close();
  if (leaving.exitCode !== undefined) process.exitCode = leaving.exitCode;
  // A strategy table still being computed in worker threads would keep the process alive: it is not waited for.
  if (session.strategy.busy()) process.exit();
}
