import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a solver worker thread starts: `name` is worker (every job) or solveWorker (the strategy table's jobs only,
 * solveJobs.ts). Bundled (scripts/build.mjs): dist/chunks/NAME.js, found next to this code when it sits in a chunk
 * and under chunks/ when it sits in dist/cli.js. Compiled file by file: NAME.js beside it. From TypeScript source
 * (vitest, tsx): a one-line module that registers tsx's loader, then imports NAME.ts;
 * `execArgv: ['--import', 'tsx']` is not enough on Node 20, whose workers then still refuse the .ts entry.
 * The one place to change if the CLI is bundled with the worker as a second entry file.
 */
export function workerEntry(name: 'worker' | 'solveWorker' = 'worker'): URL {
  const compiled = compiledEntry(name);
  if (compiled) return compiled;
  const source = new URL(`./${name}.ts`, import.meta.url);
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * Where a solver child process starts (solverChild), as workerEntry finds a worker's: the bundled or compiled
 * NAME.js with no node flags, else (from TypeScript source: vitest, tsx) NAME.ts with tsx's loader imported first.
 */
export function processEntry(name: 'solverChild'): { readonly file: string; readonly execArgv: readonly string[] } {
  const compiled = compiledEntry(name);
  if (compiled) return { file: fileURLToPath(compiled), execArgv: [] };
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)), execArgv: ['--import', loader] };
}

/** NAME.js beside this code (a chunk, or compiled file by file) or under chunks/ (this code in dist/cli.js), if there. */
function compiledEntry(name: string): URL | undefined {
  for (const candidate of [`./${name}.js`, `./chunks/${name}.js`]) {
    const compiled = new URL(candidate, import.meta.url);
    if (compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled))) return compiled;
  }
  return undefined;
}
