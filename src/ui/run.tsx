import type { PlayOptions } from '../commands/playOptions.js';
import type { AppModel, ResumeChoice } from '../app/index.js';
import type { GameState, RuleSetId } from '../engine/index.js';
import type { Notice } from '../storage/autosave.js';
import { gameRenderOptions } from './screen/index.js';
import { keepYoungGenerationSmall } from './youngGeneration.js';

const ALT_SCREEN_ON = '\u001b[?1049h\u001b[H';
const ALT_SCREEN_OFF = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/** Exit codes for the ways out of the game: Ctrl-C or SIGINT 130, SIGHUP 129, SIGTERM 143 (128 + the signal). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGHUP: 129, SIGTERM: 143 } as const;

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
  const [{ render }, ReactModule, { App }, { ResumePrompt }, app, { isMatchComplete, randomSeed }, storage, { Autosave }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./App.js'),
    import('./ResumePrompt.js'),
    import('../app/index.js'),
    import('../engine/index.js'),
    import('../storage/index.js'),
    import('../storage/autosave.js'),
  ]);
  // React is CommonJS: bundled, its functions sit on the default export; from source, on the namespace too.
  const React = ReactModule.default ?? ReactModule;
  // A closed terminal makes writes fail: the game must still save and leave quietly.
  process.stdout.on('error', () => undefined);
  const seed = options.seed ?? randomSeed();
  const size = { columns: process.stdout.columns ?? 80, rows: process.stdout.rows ?? 24 };
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      process.stdout.write(ALT_SCREEN_OFF + SHOW_CURSOR);
    } catch {
      // the terminal is gone
    }
  };
  process.stdout.write(ALT_SCREEN_ON);
  process.once('exit', restore);

  const dirs = storage.storageDirs();
  let start: AppModel | undefined;
  let notice: Notice = null;
  let layout = options.layout;
  let practice = options.practice;
  let recorded = 0;
  const loaded = storage.loadGame(dirs);
  if (loaded.kind === 'corrupt') notice = { text: loaded.message, tone: 'error' };
  if (loaded.kind === 'ok') {
    const save = loaded.save;
    const answer: { choice: ResumeChoice } = { choice: options.fresh ? 'new' : 'resume' };
    if (!options.resume && !options.fresh) {
      answer.choice = 'quit';
      const ask = render(
        React.createElement(ResumePrompt, { state: save.state, savedAt: save.savedAt, color: options.color, onChoice: (c: ResumeChoice) => (answer.choice = c) }),
        { exitOnCtrlC: false },
      );
      await ask.waitUntilExit();
      // A clean screen for what comes next (in screen-reader mode it would start on the question's last line).
      process.stdout.write('\n\u001b[2J\u001b[H');
    }
    const choice = answer.choice;
    if (choice === 'quit' || choice === 'interrupt') {
      restore();
      process.stdout.write('yahtzee: the saved game is kept; run yahtzee again to resume it\n');
      if (choice === 'interrupt') process.exitCode = SIGNAL_EXIT.SIGINT;
      return;
    }
    if (choice === 'resume') {
      layout = save.layout;
      practice = save.practice;
      const r = save.ui?.recordedGames;
      recorded = typeof r === 'number' && Number.isInteger(r) && r >= 0 ? r : save.state.results.length;
      start = app.resumeModel({ ...options, practice }, { seed, size }, save.state, save.layout, app.decisionsFrom(save.ui?.decisions, save.state));
    } else {
      const set = storage.startNewGame(dirs);
      if (!set.ok) notice = { text: `The saved game could not be set aside (${set.error}); it will be replaced`, tone: 'error' };
      else if (set.notice) notice = { text: set.notice, tone: 'error' };
    }
  } else if (options.resume) {
    notice = { text: 'There is no saved game to resume: a new game starts', tone: 'info' };
  }
  if (notice !== null) start = { ...(start ?? app.initialModel(options, { seed, size })), message: notice };

  const autosave = new Autosave(dirs, layout, practice, recorded);
  let last: AppModel | null = null;
  let computing = 0;
  // The solver is loaded when a strategy table is first wanted, after the first frame (a chunk of its own when bundled).
  let solver: typeof import('../solver/index.js') | undefined;
  const instance = render(
    React.createElement(App, {
      options: { ...options, layout },
      seed,
      start,
      // Saves in the background, with the decisions so far (the review after a resume covers the whole game); what a
      // save says later (failed, works again) comes to the message line through notify.
      onGameChange: (state: GameState, notify: (notice: NonNullable<Notice>) => void, decisions: readonly unknown[]) => autosave.onChange(state, notify, decisions),
      // The computer decides from the strategy table, which is read from the cache or computed in worker threads
      // (at least two, so never on this thread: the screen and the keys stay live while it is computed).
      computerMove: app.computerChoice,
      strategy: {
        cached: (rules: RuleSetId) => solver?.getCachedTable(rules),
        load: async (rules: RuleSetId, onProgress: (done: number, total: number) => void) => {
          computing++;
          try {
            solver ??= await import('../solver/index.js');
            return await solver.loadOrSolve(rules, { onProgress, threads: Math.max(2, solver.defaultThreads() - 1) });
          } finally {
            computing--;
          }
        },
      },
      onQuit: (m: AppModel) => (last = m),
    }),
    { exitOnCtrlC: false, ...gameRenderOptions(process.stdout) },
  );
  const onSignal = (signal: keyof typeof SIGNAL_EXIT) => () => {
    autosave.flush();
    instance.unmount();
    restore();
    process.exit(SIGNAL_EXIT[signal]);
  };
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, onSignal(s)] as const);
  for (const [s, h] of handlers) process.once(s, h);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const [s, h] of handlers) process.off(s, h);
    autosave.flush();
    restore();
  }
  const final = last as AppModel | null;
  process.stdout.write(app.farewell(final));
  if (autosave.recorded !== null) {
    // The high scores of the rule set played, after the games of this session were added to them.
    const { scoresText } = await import('../commands/scores.js');
    const rules = autosave.recorded;
    process.stdout.write(`\nHigh scores, ${scoresText(rules, storage.summarize(rules, storage.loadScores(dirs).book.rules[rules]))}\n`);
  }
  const g = final?.game;
  if (g && !(g.phase === 'gameOver' && isMatchComplete(g.match, g.results))) process.stdout.write('yahtzee: your game is saved; run yahtzee again to resume it\n');
  if (final?.interrupted) process.exitCode = SIGNAL_EXIT.SIGINT;
  // A strategy table still being computed in worker threads would keep the process alive: it is not waited for.
  if (computing > 0) process.exit();
}

