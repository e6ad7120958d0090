/**
 * The layers of src/ and the imports allowed between them (`npm run deps`, part of `npm test`). A layer imports only
 * from layers below it:
 *
 *   engine (pure rules), input (raw key decoding, layout ids),
 *   text (text width and wrapping)                                  the bottom
 *   storage, then solver (which may use storage)                    use engine and input
 *   app (the pure controller, its key maps and options)             uses all of the above
 *   view (what the screens show, from the model),
 *   session (start, resume, autosave, farewell: plain TypeScript)   use app and below
 *   ui (Ink), with terminal (the screen differ) and ink-overlay     uses view, session and below
 *   commands, cli.ts                                                the top
 *
 * terminal and ink-overlay are used by ui only (and by scripts/build.mjs and the tests, which are not cruised).
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
      name: 'terminal-code-below-ui',
      comment: 'The screen differ and the Ink patches are used by the UI, and never import it or the app above them.',
      severity: 'error',
      from: { path: '^src/(terminal|ink-overlay)/' },
      to: { path: above('app', 'view', 'ui') },
    },
    {
      name: 'terminal-code-for-ui-only',
      comment: 'Only the UI (and the terminal code itself) imports the screen differ and the Ink patches.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(ui|terminal|ink-overlay)/' },
      to: { path: '^src/(terminal|ink-overlay)/' },
    },
    {
      name: 'no-circular-below-app',
      comment: 'No import loops in the engine, input, the solver or storage (types included).',
      severity: 'error',
      from: { path: '^src/(engine|input|solver|storage)/' },
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
