import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { solveParallel } from '../../src/solver/index.js';
import { solveInThread, statesToSolve } from '../../src/solver/solve.js';
import { ruleTables } from '../../src/solver/tables.js';
import { workerEntry } from '../../src/solver/workerEntry.js';

const COMPILED = fileURLToPath(new URL('../../dist/solver/workerEntry.js', import.meta.url));

describe('solving on worker threads', () => {
  it('two workers give exactly the table one thread gives, and report progress to the end', async () => {
    const t = ruleTables('brazilian');
    const calls: [number, number][] = [];
    const run = await solveParallel(t, { threads: 2, onProgress: (done, total) => calls.push([done, total]) });
    expect(run.threads).toBe(2);
    expect(Buffer.from(run.values.buffer).equals(Buffer.from(solveInThread(t).buffer))).toBe(true);
    const total = statesToSolve(t, 0);
    expect(calls.at(-1)).toEqual([total, total]);
    expect(run.states).toBe(total);
  });

  it('from TypeScript source the worker starts through tsx: a data: module that registers it and imports worker.ts', () => {
    const url = workerEntry();
    expect(url.protocol).toBe('data:');
    expect(decodeURIComponent(url.href)).toMatch(/register\(\); await import\("file:\/\/.*\/src\/solver\/worker\.ts"\)/);
  });

  it('compiled, the worker is the worker.js next to the module (npm run build makes it)', async () => {
    if (!existsSync(COMPILED)) throw new Error('dist/solver/workerEntry.js is missing: run "npm run build" first ("npm test" does)');
    const compiled = (await import(COMPILED)) as { workerEntry: () => URL };
    const url = compiled.workerEntry();
    expect(url.protocol).toBe('file:');
    expect(existsSync(fileURLToPath(url))).toBe(true);
    expect(url.pathname.endsWith('/dist/solver/worker.js')).toBe(true);
  });
});
