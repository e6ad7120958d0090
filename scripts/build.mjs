// Builds the CLI as one esbuild bundle (plus lazily loaded chunks) in dist/: fast to start, React in production mode.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Two of Ink's modules redo all their work on every frame; the bundle gives Ink faster ones that keep it from one frame
 * to the next, with the same results (tested against Ink's own in test/ui/screen/):
 * - the Output class its renderer builds each frame with -> src/ui/screen/frameOutput.ts;
 * - widest-line, which its renderer calls on every text of every frame -> src/ui/screen/widestLine.ts.
 */
const replacements = [
  { importer: /[\\/]ink[\\/]build[\\/]renderer\.js$/, specifier: './output.js', with: '../src/ui/screen/frameOutput.ts' },
  { importer: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/, specifier: 'widest-line', with: '../src/ui/screen/widestLine.ts' },
];
const replaced = new Set();
const fasterInk = {
  name: 'faster-ink',
  setup(b) {
    b.onResolve({ filter: /^(\.\/output\.js|widest-line)$/ }, (args) => {
      const r = replacements.find((x) => x.specifier === args.path && x.importer.test(args.importer));
      if (!r) return undefined;
      replaced.add(r);
      return { path: fileURLToPath(new URL(r.with, import.meta.url)) };
    });
  },
};

const outdir = process.argv[2] ?? 'dist';
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
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink imports react-devtools-core only when DEV=true; the stub keeps that optional dependency out of the bundle.
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' },
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __yahtzeeCreateRequire } from 'node:module'; const require = __yahtzeeCreateRequire(import.meta.url);" },
  plugins: [fasterInk],
  logLevel: 'warning',
});
// A newer Ink whose modules import these no more would silently get its own back: say so.
for (const r of replacements) if (!replaced.has(r)) throw new Error(`build: Ink no longer imports ${r.specifier} where the faster-ink plugin expects it; update scripts/build.mjs`);
