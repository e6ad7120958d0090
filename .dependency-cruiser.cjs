/**
 * The layers of src/ and the imports allowed between them (`npm run deps`, part of `npm test`). A layer imports only
 * from layers below it:
 *
 *   engine (pure rules), input (raw key decoding, layout ids),
 *   text (text width and wrapping)                                  the bottom
 *   storage, then solver (which may use storage)                    use engine, input and text
 *   app (the pure controller, its key maps and options)             uses all of the above
 *   view (what the screens show, from the model),
 *   session (start, resume, autosave, farewell: plain TypeScript)   use app and below
 *   ui (Ink), with terminal (the screen differ) and ink-overlay     uses view, session and below
 *   table (`yahtzee host`: the game served over SSH)                uses ui, terminal and below
 *   commands, cli.ts                                                the top
 *
 * terminal and ink-overlay are used by ui and table only (and by scripts/build.mjs and the tests, which are not cruised);
 * terminal imports only text. No import loops anywhere in src/.
 */
const above = (...folders) => `^src/(${folders.join('|')})(/|\\.)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'The rules engine imports nothing of the game but itself.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/', pathNot: '^src/engine/' },
    },
    {
      name: 'input-is-the-bottom',
      comment: 'Raw key decoding sits beside the engine: it imports neither the layers above nor the solver or storage.',
      severity: 'error',
      from: { path: '^src/input/' },
      to: { path: '^src/', pathNot: '^src/(input|engine)/' },
    },
    {
      name: 'text-is-a-leaf',
      comment: 'Text width and wrapping import nothing of the game.',
      severity: 'error',
      from: { path: '^src/text/' },
      to: { path: '^src/', pathNot: '^src/text/' },
    },
    {
      name: 'lower-layers-look-down',
      comment: 'engine, input, solver and storage never import the app, the views, the session, the UI, the commands or the terminal code.',
      severity: 'error',
      from: { path: '^src/(engine|input|solver|storage)/' },
      to: { path: above('app', 'view', 'session', 'ui', 'commands', 'terminal', 'ink-overlay', 'cli') },
    },
    {
      name: 'storage-below-solver',
      comment: 'Storage keeps files for the game; the solver may use it (its cache), not the other way round.',
      severity: 'error',
      from: { path: '^src/storage/' },
      to: { path: '^src/solver/' },
    },
    {
      name: 'app-looks-down',
      comment: 'The pure controller never imports the views, the session, the UI, the commands or the terminal code.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: above('view', 'session', 'ui', 'commands', 'terminal', 'ink-overlay', 'cli') },
    },
    {
      name: 'session-looks-down',
      comment: 'The session logic (plain TypeScript) never imports the UI, the commands or the terminal code.',
      severity: 'error',
      from: { path: '^src/session/' },
      to: { path: above('ui', 'commands', 'terminal', 'ink-overlay', 'cli') },
    },
    {
      name: 'view-looks-down',
      comment: 'Views never import the session, the UI, the commands or the terminal code (which belongs to the UI).',
      severity: 'error',
      from: { path: '^src/view/' },
      to: { path: above('session', 'ui', 'commands', 'terminal', 'ink-overlay', 'cli') },
    },
    {
      name: 'ui-looks-down',
      comment: 'The Ink UI never imports the commands or the CLI.',
      severity: 'error',
      from: { path: '^src/(ui|terminal|ink-overlay)/' },
      to: { path: above('commands', 'cli') },
    },
    {
      name: 'table-below-commands',
      comment: 'The table served over SSH sits between the UI and the commands: nothing below the commands imports it.',
      severity: 'error',
      from: { path: '^src/(engine|input|text|solver|storage|app|view|session|ui|terminal|ink-overlay)/' },
      to: { path: '^src/table/' },
    },
    {
      name: 'table-looks-down',
      comment: 'The table never imports the commands or the CLI.',
      severity: 'error',
      from: { path: '^src/table/' },
      to: { path: above('commands', 'cli') },
    },
    {
      name: 'ssh-in-table-only',
      comment: 'Only the table speaks SSH (ssh2): the game and the other commands never load it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/table/' },
      to: { path: '(^|/)node_modules/(ssh2|@types/ssh2)/' },
    },
    {
      name: 'terminal-code-below-ui',
      comment: 'The Ink patches are used by the UI, and never import it or the app above them.',
      severity: 'error',
      from: { path: '^src/ink-overlay/' },
      to: { path: above('app', 'view', 'ui') },
    },
    {
      name: 'terminal-imports-text-only',
      comment: 'The screen differ imports only the text-width model (src/text/) of the game, and itself.',
      severity: 'error',
      from: { path: '^src/terminal/' },
      to: { path: '^src/', pathNot: '^src/(terminal|text)/' },
    },
    {
      name: 'terminal-code-for-ui-only',
      comment: 'Only the UI and the table (and the terminal code itself) import the screen differ and the Ink patches.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(ui|table|terminal|ink-overlay)/' },
      to: { path: '^src/(terminal|ink-overlay)/' },
    },
    // The solver's rooms (src/solver/*/), each importing only those below it; src/solver/index.ts, the solver's
    // public face, imports them all and no room imports it. From the bottom: dice, wasm, strategy, outcomes and play,
    // distribution, win, workers, chances.
    {
      name: 'solver-dice',
      comment: "The dice's rolls and keeps, numbered: the bottom of the solver." + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/dice/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(dice)/' },
    },
    {
      name: 'solver-wasm',
      comment: "The WebAssembly kernels, built over the dice's numbering." + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/wasm/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(wasm|dice)/' },
    },
    {
      name: 'solver-strategy',
      comment: 'The strategy table: rule tables, states, the turn solver, the solve, the cache file.' + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/strategy/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(strategy|dice|wasm)/' },
    },
    {
      name: 'solver-outcomes',
      comment: "A turn's outcomes, for the distributions." + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/outcomes/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(outcomes|dice|wasm|strategy)/' },
    },
    {
      name: 'solver-play',
      comment: "Playing from the strategy table: moves, advice, the computer's policy, review, luck, simulated games." + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/play/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(play|dice|strategy)/' },
    },
    {
      name: 'solver-distribution',
      comment: 'The score distributions: the pass, its table and cache file, its jobs in a worker thread.' + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/distribution/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(distribution|dice|wasm|strategy|outcomes)/' },
    },
    {
      name: 'solver-win',
      comment: 'The computer that plays to win: its goal, its solver, its turn work, the duel.' + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/win/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(win|dice|strategy|outcomes|play|distribution)/' },
    },
    {
      name: 'solver-workers',
      comment: 'Worker threads and the child process: their entry files, starting them, the work shared out to them, loading the tables.' + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/workers/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(workers|dice|wasm|strategy|outcomes|play|distribution)/' },
    },
    {
      name: 'solver-chances',
      comment: "The chances to win: the sum, the client in the game's thread and the worker thread it starts." + ' It imports no room above it.',
      severity: 'error',
      from: { path: '^src/solver/chances/' },
      to: { path: '^src/solver/', pathNot: '^src/solver/(chances|dice|strategy|outcomes|play|distribution|win|workers)/' },
    },
    {
      name: 'solver-in-rooms',
      comment: "The solver's files live in its rooms; only its public face, src/solver/index.ts, sits at its top.",
      severity: 'error',
      from: { path: '^src/solver/[^/]+$', pathNot: '^src/solver/index[.]ts$' },
      to: {},
    },
    {
      name: 'solver-rooms-below-index',
      comment: "No room imports the solver's public face (src/solver/index.ts): it imports them.",
      severity: 'error',
      from: { path: '^src/solver/[^/]+/' },
      to: { path: '^src/solver/index[.]ts$' },
    },
    {
      name: 'solver-entries-are-started',
      comment: 'The files a worker thread or a child process starts from are started by their file (workers/entry.ts), never imported to run: they would take over the importer (types only).',
      severity: 'error',
      from: {},
      to: { path: '^src/solver/(workers/(jobThread|strategyThread|child)|chances/child)[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'No import loops anywhere in src/ (types included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a loop through types is still a loop between files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
