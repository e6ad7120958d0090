import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeTable, readCachedTable } from '../../src/solver/strategy/cache.js';
import { cacheFile, solveParallel } from '../../src/solver/index.js';
import { endCrew, prepareForSolve, prepareOffThread, saveOffThread } from '../../src/solver/workers/solveOnThreads.js';
import { prepare } from '../../src/solver/strategy/prepare.js';
import { solveInThread, statesToSolve } from '../../src/solver/strategy/solve.js';
import { buildRuleTables, ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { workerEntry } from '../../src/solver/workers/entry.js';
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

  it('from TypeScript source the worker starts through tsx: a data: module that registers it and imports workers/jobThread.ts', () => {
    const url = workerEntry();
    expect(url.protocol).toBe('data:');
    expect(decodeURIComponent(url.href)).toMatch(/register\(\); await import\("file:\/\/.*\/src\/solver\/workers\/jobThread\.ts"\)/);
  });

  it('from TypeScript source the strategy table\'s own worker starts the same way, with workers/strategyThread.ts', () => {
    expect(decodeURIComponent(workerEntry('strategyThread').href)).toMatch(/register\(\); await import\("file:\/\/.*\/src\/solver\/workers\/strategyThread\.ts"\)/);
  });

  it('bundled, the strategy table\'s worker (dist/chunks/strategyThread.js) loads none of the text-width code the rest of the engine brings', () => {
    const chunks = fileURLToPath(new URL('../../dist/chunks/', import.meta.url));
    if (!existsSync(join(chunks, 'strategyThread.js'))) throw new Error('dist/chunks/strategyThread.js is missing: run "npm run build" first ("npm test" does)');
    const loaded = new Set<string>();
    const walk = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const m of readFileSync(join(chunks, file), 'utf8').matchAll(/(?:from|import) "\.\/([^"]+)"/g)) walk(m[1]);
    };
    walk('strategyThread.js');
    const texts = [...loaded].map((f) => readFileSync(join(chunks, f), 'utf8'));
    expect(texts.some((t) => t.includes('scoreOptions'))).toBe(true);
    expect(texts.filter((t) => t.includes('node_modules/get-east-asian-width') || t.includes('node_modules/string-width'))).toEqual([]);
  });

  it('bundled, the worker is dist/chunks/jobThread.js and the built CLI solves on two threads with it', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
    expect(existsSync(fileURLToPath(new URL('../../dist/chunks/jobThread.js', import.meta.url)))).toBe(true);
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

describe('a solve whose workers start while the rule tables are built (prepareForSolve)', () => {
  const same = (a: Float64Array, b: Float64Array) => Buffer.from(a.buffer).equals(Buffer.from(b.buffer));

  it('with no cache file: as many workers as threads, the first of them the one that prepared; one of them writes the file', async () => {
    const dir = tempDir('crew');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      const { prepared, crew } = await prepareForSolve('brazilian', file, 2);
      expect(crew).toHaveLength(2);
      expect(prepared).toEqual(prepare('brazilian', file));
      const t = prepared.tables;
      const run = await solveParallel(t, { threads: 2, states: prepared.states, crew, saveTo: file });
      expect([run.threads, run.states, run.saved]).toEqual([2, statesToSolve(t, 0), true]);
      expect(same(run.values, solveInThread(t))).toBe(true);
      expect(readFileSync(file).equals(encodeTable(t, run.values))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with no cache file: the official rule tables the two workers build in halves are the whole tables', async () => {
    const dir = tempDir('crew-official');
    try {
      const { prepared, crew } = await prepareForSolve('official', cacheFile('official', { YAHTZEE_HOME: dir }), 2);
      endCrew(crew);
      expect(prepared.tables).toEqual(buildRuleTables('official'));
      expect([prepared.cached, prepared.states]).toEqual(['missing', statesToSolve(ruleTables('official'), 0)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a table in the cache file: no workers are left', async () => {
    const dir = tempDir('crew-warm');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      expect(await saveOffThread(ruleTables('brazilian'), solveInThread(ruleTables('brazilian')), file, 1)).toBe(true);
      const { prepared, crew } = await prepareForSolve('brazilian', file, 2);
      expect(crew).toEqual([]);
      expect(typeof prepared.cached).not.toBe('string');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a stale cache file: only the worker that prepared is waiting, and the solve starts the other', async () => {
    const dir = tempDir('crew-stale');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, 'not a table');
      const { prepared, crew } = await prepareForSolve('brazilian', file, 2);
      expect([prepared.cached, crew.length]).toEqual(['corrupt', 1]);
      const run = await solveParallel(prepared.tables, { threads: 2, crew });
      expect([run.threads, run.saved]).toEqual([2, undefined]);
      expect(same(run.values, solveInThread(prepared.tables))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a waiting worker that stopped before the solve: the table is solved in this thread, the same', async () => {
    const dir = tempDir('crew-dead');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      const { prepared, crew } = await prepareForSolve('brazilian', file, 2);
      await crew[1].terminate();
      const run = await solveParallel(prepared.tables, { threads: 2, crew });
      expect(run.threads).toBe(1);
      expect(same(run.values, solveInThread(prepared.tables))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with one thread: prepared here, no workers', async () => {
    const dir = tempDir('crew-one');
    try {
      const file = cacheFile('brazilian', { YAHTZEE_HOME: dir });
      const { prepared, crew } = await prepareForSolve('brazilian', file, 1);
      endCrew(crew);
      expect(crew).toEqual([]);
      expect(prepared.tables).toBe(ruleTables('brazilian'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
