// The game's patches to Ink and Yoga, as data: scripts/build.mjs applies them to the bundle (through esbuild.mjs here)
// and test/ink-overlay/ checks them against the installed packages. What each does, why, what it gains, and how to
// check or drop it: UPGRADING.md in this folder. Plain ESM, so that the build script (plain node) can import it;
// its types are in patches.d.mts.

/**
 * The versions the patches and the forked modules were made against: Ink, Yoga as Ink depends on it, and the
 * libraries Ink's Output and widest-line are built on, which the forks import themselves (pinned in package.json to
 * the versions Ink resolves to, so that a fork and the module it replaces compute the same thing).
 */
export const MADE_AGAINST = Object.freeze({
  ink: '6.8.0',
  'yoga-layout': '3.2.1',
  '@alcalzone/ansi-tokenize': '0.2.5',
  'slice-ansi': '8.0.0',
  'string-width': '8.3.0',
  'widest-line': '6.0.0',
});

/**
 * Modules of Ink swapped for the game's own at bundle time: where `importer` (a file of `pkg`) imports `specifier`,
 * the bundle takes `with` (a file of this folder) instead.
 */
export const REPLACEMENTS = Object.freeze([
  {
    id: 'frame-output',
    pkg: 'ink',
    importer: 'build/renderer.js',
    specifier: './output.js',
    with: 'frameOutput.ts',
    what: "Ink's Output (the frame builder its renderer makes every frame with) is replaced by frameOutput.ts.",
    why: 'Ink tokenises every line, makes an object per cell and joins every row into a string again on every frame; the fork keeps styled lines, widths and unchanged rows from one frame to the next.',
  },
  {
    id: 'widest-line',
    pkg: 'ink',
    importer: 'build/render-node-to-output.js',
    specifier: 'widest-line',
    with: 'widestLine.ts',
    what: "widest-line, as Ink's renderer imports it, is replaced by widestLine.ts (the same answer, remembered).",
    why: 'The renderer measures every text of every frame again (uncached, unlike its layout pass).',
  },
]);

/**
 * Text edits to the compiled code of `pkg`'s `file` as the bundle takes it in: each `from` must occur exactly once in
 * the file, or the build fails (a newer version would otherwise silently lose the patch).
 */
export const EDITS = Object.freeze([
  {
    id: 'yoga-wasm-buffer',
    pkg: 'yoga-layout',
    file: 'dist/binaries/yoga-wasm-base64-esm.js',
    what: "Yoga decodes its WebAssembly (a base64 data: URL) with Node's Buffer instead of fetch().",
    why: "fetch() makes Node load its whole HTTP client (undici) before the first frame; without fetch Yoga's own decoder loops over the characters.",
    edits: [
      { from: 'function ya(){return w||"function"!=typeof fetch?', to: 'function ya(){return true?' },
      {
        from: 'function wa(){var a=H;try{if(a==H&&w)return new Uint8Array(w);',
        to: 'function wa(){var a=H;try{if(a==H&&w)return new Uint8Array(w);if(ua(a)&&"function"==typeof Buffer)return new Uint8Array(Buffer.from(a.slice(37),"base64"));',
      },
    ],
  },
  {
    id: 'sanitize-cache',
    pkg: 'ink',
    file: 'build/squash-text-nodes.js',
    what: 'The escape-sequence cleaning of each text (a function of the text alone) is remembered, up to 4000 texts.',
    why: 'Ink tokenises every text of every frame again, at each level of nested texts.',
    edits: [
      { from: "import sanitizeAnsi from './sanitize-ansi.js';", to: "import sanitizeAnsi from './sanitize-ansi.js';\nconst sanitized = new Map();" },
      {
        from: '    return sanitizeAnsi(text);',
        to: '    let clean = sanitized.get(text);\n    if (clean === undefined) {\n        if (sanitized.size >= 4000) sanitized.clear();\n        clean = sanitizeAnsi(text);\n        sanitized.set(text, clean);\n    }\n    return clean;',
      },
    ],
  },
  {
    id: 'measure-cache-limit',
    pkg: 'ink',
    file: 'build/measure-text.js',
    what: "Ink's cache of text sizes is emptied past 4000 texts.",
    why: 'Ink remembers the size of every text it ever laid out, without limit: over a long session (scores, hints, messages) it only grows.',
    edits: [{ from: '    cache.set(text, dimensions);', to: '    if (cache.size >= 4000) cache.clear();\n    cache.set(text, dimensions);' }],
  },
  {
    id: 'no-devtools',
    pkg: 'ink',
    file: 'build/reconciler.js',
    what: 'The import of React DevTools (when DEV=true) is left out of the bundle.',
    why: 'It pulls a chunk with the ws WebSocket client into the package; the shipped game never connects to DevTools (a development tool).',
    edits: [{ from: "        await import('./devtools.js');", to: '        // React DevTools are not part of the bundle (src/ink-overlay/patches.mjs).' }],
  },
]);

/** Every patch's id: the replacements' and the edits'. */
export const PATCH_IDS = Object.freeze([...REPLACEMENTS, ...EDITS].map((p) => p.id));

/**
 * The ids of the patches to leave out, from the build's switch: YAHTZEE_NO_PATCHES=1 (or `all`, or the flag
 * --no-patches) leaves out all of them; YAHTZEE_NO_PATCHES=id,id (or --no-patches=id,id) those. Unknown ids throw.
 */
export function patchesLeftOut(argv, env) {
  const flag = argv.find((a) => a === '--no-patches' || a.startsWith('--no-patches='));
  const value = flag === undefined ? env.YAHTZEE_NO_PATCHES : flag === '--no-patches' ? 'all' : flag.slice('--no-patches='.length);
  if (value === undefined || value === '' || value === '0') return new Set();
  if (value === '1' || value === 'all') return new Set(PATCH_IDS);
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !PATCH_IDS.includes(id));
  if (unknown.length > 0) throw new Error(`build: no patch called ${unknown.join(', ')}; the patches are ${PATCH_IDS.join(', ')} (or all)`);
  return new Set(ids);
}
