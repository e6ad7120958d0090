// Builds the CLI as one esbuild bundle (plus lazily loaded chunks) in dist/: fast to start, React in production mode.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { inkOverlay } from '../src/ink-overlay/esbuild.mjs';
import { patchesLeftOut } from '../src/ink-overlay/patches.mjs';
import { writeKernelModules } from './kernels.mjs';

// node scripts/build.mjs [OUTDIR] [--sourcemap] [--no-patches[=ID,...]]: source maps only for development (`npm run
// build:dev`, and the bundle test that reads them); the package ships without them. The game's patches to Ink and
// Yoga (src/ink-overlay/) are all in, unless --no-patches or YAHTZEE_NO_PATCHES=1 leaves them all out (plain Ink, for
// A/B and bisecting) or =ID,ID names the ones to leave out (src/ink-overlay/UPGRADING.md).
const args = process.argv.slice(2);
const sourcemap = args.includes('--sourcemap');
let leftOut;
try {
  leftOut = patchesLeftOut(args, process.env);
} catch (e) {
  // The only error patchesLeftOut has: a switch naming no patch. Said in one line, nothing built.
  console.error(e.message);
  process.exit(2);
}
const overlay = inkOverlay(leftOut);
const outdir = args.find((a) => !a.startsWith('--')) ?? 'dist';
// The solver's kernels assembled from their .wat text into src/solver/wasm/kernelModules.ts, which the bundle imports.
await writeKernelModules();
rmSync(outdir, { recursive: true, force: true });
await build({
  // solver.js is for bench/solver.ts, which times the solver as the game runs it.
  // The solver's threads and child processes start from files of their own (src/solver/workers/entry.ts finds them):
  // chunks/jobThread: a worker thread for any job; chunks/strategyThread: the strategy table's worker thread, which
  // loads only the table's code (starts sooner); chunks/child: the process that makes the game's one-time tables
  // (their memory leaves with it); chunks/chancesChild: the chances' process.
  entryPoints: {
    cli: 'src/cli.ts',
    solver: 'src/solver/index.ts',
    'chunks/jobThread': 'src/solver/workers/jobThread.ts',
    'chunks/strategyThread': 'src/solver/workers/strategyThread.ts',
    'chunks/child': 'src/solver/workers/child.ts',
    'chunks/chancesChild': 'src/solver/chances/child.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap,
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Some dependencies are CommonJS and call require() or read __dirname (ssh2, for `yahtzee host`): give the ESM
  // bundle both.
  banner: {
    js: [
      "import { createRequire as __yahtzeeCreateRequire } from 'node:module';",
      "import { fileURLToPath as __yahtzeeFileURLToPath } from 'node:url';",
      "import { dirname as __yahtzeeDirname } from 'node:path';",
      'const require = __yahtzeeCreateRequire(import.meta.url);',
      'const __filename = __yahtzeeFileURLToPath(import.meta.url);',
      'const __dirname = __yahtzeeDirname(__filename);',
    ].join(' '),
  },
  // Ink's optional React DevTools client, which the game does not install: Ink imports it only when DEV=true.
  // ssh2's optional native parts: cpu-features (to order its ciphers) and its own crypto binding (*.node), both
  // loaded in a try/catch; left out of the package, ssh2 uses Node's own crypto and its default cipher order.
  external: ['react-devtools-core', 'cpu-features', '*.node'],
  plugins: [overlay.plugin],
  logLevel: 'warning',
});
// A newer Ink or Yoga that a patch no longer fits would silently go back to the slow way: say so.
const unapplied = overlay.unapplied();
if (unapplied.length > 0) {
  throw new Error(`build: Ink or Yoga is no longer as these patches expect: ${unapplied.map((p) => p.id).join(', ')}; see src/ink-overlay/UPGRADING.md`);
}
