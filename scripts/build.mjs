// Builds the CLI as one esbuild bundle (plus lazily loaded chunks) in dist/: fast to start, React in production mode.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

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
  logLevel: 'warning',
});
