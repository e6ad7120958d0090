import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the solver's worker thread starts. Bundled (scripts/build.mjs): dist/chunks/worker.js, found next to this code
 * when it sits in a chunk and under chunks/ when it sits in dist/cli.js. Compiled file by file: worker.js beside it.
 * From TypeScript source (vitest, tsx): a one-line module that registers tsx's loader, then imports worker.ts;
 * `execArgv: ['--import', 'tsx']` is not enough on Node 20, whose workers then still refuse the .ts entry.
 * The one place to change if the CLI is bundled with the worker as a second entry file.
 */
export function workerEntry(): URL {
  for (const candidate of ['./worker.js', './chunks/worker.js']) {
    const compiled = new URL(candidate, import.meta.url);
    if (compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled))) return compiled;
  }
  const source = new URL('./worker.ts', import.meta.url);
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
