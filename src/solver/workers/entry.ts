import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The solver's entry files that run in a thread or process of their own, by the name the bundle gives them
 * (scripts/build.mjs: dist/chunks/NAME.js), with their source beside this file.
 */
const SOURCES = {
  /** The worker thread for the strategy table's, the distributions' and the simulations' jobs (jobThread.ts). */
  jobThread: './jobThread.ts',
  /** The strategy table's worker thread, which loads only the table's code (strategyThread.ts). */
  strategyThread: './strategyThread.ts',
  /** The process that makes the game's one-time tables (child.ts). */
  child: './child.ts',
  /** The chances' process, which a win seat's turn work shares (../chances/child.ts). */
  chancesChild: '../chances/child.ts',
} as const;

type ProcessName = 'child' | 'chancesChild';
type ThreadName = Exclude<keyof typeof SOURCES, ProcessName>;

/**
 * Where a solver worker thread starts. Bundled: dist/chunks/NAME.js (compiledEntry). From TypeScript source (vitest,
 * tsx): a one-line module that registers tsx's loader, then imports the source; `execArgv: ['--import', 'tsx']` is not
 * enough on Node 20, whose workers then still refuse the .ts entry.
 */
export function workerEntry(name: ThreadName = 'jobThread'): URL {
  const compiled = compiledEntry(name);
  if (compiled) return compiled;
  const source = new URL(SOURCES[name], import.meta.url);
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * Where a solver child process starts, as workerEntry finds a thread's: the bundled NAME.js with no node flags,
 * else (from TypeScript source: vitest, tsx) the source with tsx's loader imported first.
 */
export function processEntry(name: ProcessName): { readonly file: string; readonly execArgv: readonly string[] } {
  const compiled = compiledEntry(name);
  if (compiled) return { file: fileURLToPath(compiled), execArgv: [] };
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: fileURLToPath(new URL(SOURCES[name], import.meta.url)), execArgv: ['--import', loader] };
}

/** The bundled NAME.js: beside this code when it sits in a chunk, under chunks/ when it sits in dist/cli.js; if there. */
function compiledEntry(name: keyof typeof SOURCES): URL | undefined {
  for (const candidate of [`./${name}.js`, `./chunks/${name}.js`]) {
    const compiled = new URL(candidate, import.meta.url);
    if (compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled))) return compiled;
  }
  return undefined;
}
