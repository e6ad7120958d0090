import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeTable, readCachedTable } from '../../src/solver/cache.js';
import { cacheFile, solveParallel } from '../../src/solver/index.js';
import { prepareOffThread, saveOffThread } from '../../src/solver/parallel.js';
import { prepare } from '../../src/solver/prepare.js';
import { solveInThread, statesToSolve } from '../../src/solver/solve.js';
import { buildRuleTables, ruleTables } from '../../src/solver/ruleTables.js';
import { workerEntry } from '../../src/solver/workerEntry.js';
import { tempDir } from './helpers.js';

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

  it('a worker builds the rule tables and reads the cache file as this thread does, and writes the same file', async () => {
    const dir = tempDir('offthread');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      const missing = await prepareOffThread('brazilian', file, 2);
      // Made in the worker: not this thread's tables (which prepare here would have given).
      expect(missing.tables).not.toBe(ruleTables('brazilian'));
      expect(missing).toEqual(prepare('brazilian', file));
      expect(missing.tables).toEqual(buildRuleTables('brazilian'));
      expect([missing.cached, missing.states]).toEqual(['missing', statesToSolve(ruleTables('brazilian'), 0)]);
      const values = solveInThread(ruleTables('brazilian'));
      expect(await saveOffThread(missing.tables, values, file, 2)).toBe(true);
      expect(readFileSync(file).equals(encodeTable(ruleTables('brazilian'), values))).toBe(true);
      const found = await prepareOffThread('brazilian', file, 2);
      expect(found.tables).toEqual(buildRuleTables('brazilian'));
      expect(found.states).toBe(0);
      expect(found.cached).toEqual(readCachedTable(ruleTables('brazilian'), file));
      expect(Buffer.from((found.cached as Float64Array).buffer).equals(Buffer.from(values.buffer))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('from TypeScript source the worker starts through tsx: a data: module that registers it and imports worker.ts', () => {
    const url = workerEntry();
    expect(url.protocol).toBe('data:');
    expect(decodeURIComponent(url.href)).toMatch(/register\(\); await import\("file:\/\/.*\/src\/solver\/worker\.ts"\)/);
  });

  it('bundled, the worker is dist/chunks/worker.js and the built CLI solves on two threads with it', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
    expect(existsSync(fileURLToPath(new URL('../../dist/chunks/worker.js', import.meta.url)))).toBe(true);
    const cache = mkdtempSync(join(tmpdir(), 'yahtzee-bundle-worker-'));
    try {
      const r = spawnSync(process.execPath, [cli, 'solve', '--rules', 'brazilian'], { encoding: 'utf8', env: { ...process.env, YAHTZEE_HOME: cache } });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('215.2221');
      expect(r.stdout).toMatch(/on 2 threads/);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
