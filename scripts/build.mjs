// Builds the CLI as one esbuild bundle (plus lazily loaded chunks) in dist/: fast to start, React in production mode.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Two of Ink's modules redo all their work on every frame; the bundle gives Ink faster ones that keep it from one frame
 * to the next, with the same results (tested against Ink's own in test/ink-overlay/):
 * - the Output class its renderer builds each frame with -> src/ink-overlay/frameOutput.ts;
 * - widest-line, which its renderer calls on every text of every frame -> src/ink-overlay/widestLine.ts.
 */
const replacements = [
  { importer: /[\\/]ink[\\/]build[\\/]renderer\.js$/, specifier: './output.js', with: '../src/ink-overlay/frameOutput.ts' },
  { importer: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/, specifier: 'widest-line', with: '../src/ink-overlay/widestLine.ts' },
];
/**
 * Edits to dependencies' source as the bundle takes it in (each must match exactly once, or the build fails).
 * Yoga (Ink's layout engine) carries its WebAssembly as a base64 data: URL and reads it with fetch() when fetch exists,
 * which makes Node load its whole HTTP client (undici) before the first frame; without fetch it decodes the base64
 * with atob and a loop over the characters. Patched, it decodes with Buffer: Yoga loads in about 25 ms instead of 80.
 */
const patches = [
  {
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    edits: [
      { from: 'function ya(){return w||"function"!=typeof fetch?', to: 'function ya(){return true?' },
      {
        from: 'function wa(){var a=H;try{if(a==H&&w)return new Uint8Array(w);',
        to: 'function wa(){var a=H;try{if(a==H&&w)return new Uint8Array(w);if(ua(a)&&"function"==typeof Buffer)return new Uint8Array(Buffer.from(a.slice(37),"base64"));',
      },
    ],
  },
  // Ink cleans every text of every frame of escape sequences (tokenising it), at each level of nested texts: the
  // result, a function of the text alone, is remembered (a few thousand texts at most).
  {
    file: /[\\/]ink[\\/]build[\\/]squash-text-nodes\.js$/,
    edits: [
      { from: "import sanitizeAnsi from './sanitize-ansi.js';", to: "import sanitizeAnsi from './sanitize-ansi.js';\nconst sanitized = new Map();" },
      {
        from: '    return sanitizeAnsi(text);',
        to: '    let clean = sanitized.get(text);\n    if (clean === undefined) {\n        if (sanitized.size >= 4000) sanitized.clear();\n        clean = sanitizeAnsi(text);\n        sanitized.set(text, clean);\n    }\n    return clean;',
      },
    ],
  },
  // Ink remembers the size of every text it ever laid out, without limit: over a long session (scores, hints, messages)
  // that only grows. Emptied past a few thousand texts, as the caches of src/ink-overlay are.
  // Ink connects to React DevTools when DEV=true, through a chunk that bundles the `ws` WebSocket client and
  // react-devtools-core: the shipped game never does (it is a development tool), so that import is left out.
  {
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    edits: [{ from: "        await import('./devtools.js');", to: '        // React DevTools are not part of the bundle (scripts/build.mjs).' }],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
    edits: [{ from: '    cache.set(text, dimensions);', to: '    if (cache.size >= 4000) cache.clear();\n    cache.set(text, dimensions);' }],
  },
];
const replaced = new Set();
const fasterInk = {
  name: 'faster-ink',
  setup(b) {
    b.onLoad({ filter: /(yoga-wasm-base64-esm|squash-text-nodes|measure-text|reconciler)\.js$/ }, (args) => {
      const p = patches.find((x) => x.file.test(args.path));
      if (!p) return undefined;
      let text = readFileSync(args.path, 'utf8');
      for (const e of p.edits) {
        if (text.split(e.from).length !== 2) return undefined;
        text = text.replace(e.from, e.to);
      }
      replaced.add(p);
      return { contents: text, loader: 'js' };
    });
    b.onResolve({ filter: /^(\.\/output\.js|widest-line)$/ }, (args) => {
      const r = replacements.find((x) => x.specifier === args.path && x.importer.test(args.importer));
      if (!r) return undefined;
      replaced.add(r);
      return { path: fileURLToPath(new URL(r.with, import.meta.url)) };
    });
  },
};

// node scripts/build.mjs [OUTDIR] [--sourcemap]: source maps only for development (`npm run build:dev`, and the
// bundle test that reads them); the package ships without them.
const args = process.argv.slice(2);
const sourcemap = args.includes('--sourcemap');
const outdir = args.find((a) => !a.startsWith('--')) ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  // solver.js is for bench/solver.ts, which times the solver as the game runs it.
  entryPoints: { cli: 'src/cli.ts', solver: 'src/solver/index.ts', 'chunks/worker': 'src/solver/worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap,
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __yahtzeeCreateRequire } from 'node:module'; const require = __yahtzeeCreateRequire(import.meta.url);" },
  plugins: [fasterInk],
  logLevel: 'warning',
});
// A newer Ink or Yoga that the replacements and patches no longer fit would silently go back to the slow way: say so.
for (const p of patches) if (!replaced.has(p)) throw new Error(`build: ${p.file} is no longer as the patch expects; update scripts/build.mjs`);
for (const r of replacements) if (!replaced.has(r)) throw new Error(`build: Ink no longer imports ${r.specifier} where the faster-ink plugin expects it; update scripts/build.mjs`);
