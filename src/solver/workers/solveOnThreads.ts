import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { RuleSetId } from '../../engine/index.js';
import { writeCachedTable } from '../strategy/cache.js';
import { prepare, type Prepared } from '../strategy/prepare.js';
import { mergeJokerPart, type RuleTables } from '../strategy/ruleTables.js';
import { levelsFrom, solveInThread, statesToSolve } from '../strategy/solve.js';
import { stateCount } from '../strategy/state.js';
import type { LevelMessage, SaveMessage, SolveJob } from '../strategy/threadJobs.js';
import { defaultThreads, nextMessage, progressTimer, replyOf, startStrategyThread, watched, type ProgressListener } from './threads.js';

/*
 * The strategy table on worker threads: the rule tables built and the cache file read off this thread, the table
 * solved level by level on several, and written to its cache file by one of them.
 */

/** How a whole table was solved. */
export interface SolveRun {
  readonly values: Float64Array;
  /** Worker threads used (1 when solved in this thread). */
  readonly threads: number;
  /** States computed (upper totals that can no longer reach the bonus share one). */
  readonly states: number;
  /** With `saveTo`: whether a worker wrote the table to that file (undefined when none could: save it otherwise). */
  readonly saved?: boolean;
}

/** Options of solveParallel. */
export interface SolveOptions {
  readonly threads?: number;
  readonly onProgress?: ProgressListener;
  /** The states the solve computes, when the caller has them counted (statesToSolve). */
  readonly states?: number;
  /** Workers already started for this solve (prepareForSolve), used before any others are started; ended with it. */
  readonly crew?: readonly Worker[];
  /** A cache file for one of the workers to write the table to once solved (instead of a worker started for that). */
  readonly saveTo?: string;
}

/** What prepareForSolve gives: the rule set's tables and cache file read, and workers for a solve if one is needed. */
export interface PreparedCrew {
  readonly prepared: Prepared;
  /** Workers waiting for a solve job (solveParallel's crew): end them (endCrew) if there is nothing to solve. */
  readonly crew: readonly Worker[];
}

/**
 * prepareOffThread, with the solve's workers started at once when there is no cache file at all (so a solve is
 * coming): they load their code and ready their WebAssembly kernel while the first builds the rule tables, and the
 * first, once it has, stays as one of them. With one thread, or if the worker fails, it prepares in this thread and
 * starts no workers.
 */
export async function prepareForSolve(rules: RuleSetId, file: string, threads = defaultThreads()): Promise<PreparedCrew> {
  if (threads <= 1) return { prepared: prepare(rules, file), crew: [] };
  const crew: Worker[] = [];
  try {
    // No file: the second worker builds half the rule tables' Joker entries while the first builds the rest.
    const cold = !existsSync(file);
    crew.push(watched(startStrategyThread({ task: 'prepare', rules, file, ...(cold ? { half: 'low' as const } : {}) })));
    const reply = nextMessage(crew[0]);
    // Where a later worker cannot start (no room for it: addressSpace.ts) nothing awaits this one's end.
    reply.catch(() => {});
    if (cold) for (let i = 1; i < threads; i++) crew.push(watched(startStrategyThread(i === 1 ? { task: 'standby', jokerPart: { rules, half: 'high' } } : { task: 'standby' })));
    const part = cold ? nextMessage(crew[1]) : undefined;
    const prepared = (await reply) as Prepared;
    if (part) mergeJokerPart(prepared.tables, 'low', (await part) as Uint16Array);
    if (typeof prepared.cached !== 'string') {
      endCrew(crew);
      return { prepared, crew: [] };
    }
    return { prepared, crew };
  } catch {
    endCrew(crew);
    return { prepared: prepare(rules, file), crew: [] };
  }
}

/** Ends the workers of a crew that is not used. */
export function endCrew(crew: readonly Worker[]): void {
  // Nothing waits for their end (terminate never rejects).
  for (const w of crew) void w.terminate();
}

/**
 * Solves a rule set's whole table by backward induction, level by level (boxes filled, most first), the masks of
 * each level shared out to worker threads through an atomic counter. With one thread, or if a worker cannot start
 * or fails, it solves in this thread instead.
 */
export async function solveParallel(t: RuleTables, options: SolveOptions = {}): Promise<SolveRun> {
  const threads = options.threads ?? defaultThreads();
  const crew = options.crew ?? [];
  // Counting the states takes this thread a moment: a caller that has them counted elsewhere passes them.
  const total = options.states ?? statesToSolve(t, 0);
  if (threads <= 1) {
    endCrew(crew);
    return solveHere(t, total, options.onProgress);
  }
  const values = new Float64Array(new SharedArrayBuffer(stateCount(t) * 8));
  const control = new Int32Array(new SharedArrayBuffer(8));
  const levels = levelsFrom(t.boxCount, 0);
  const masks = new Int32Array(new SharedArrayBuffer(Math.max(...levels.map((l) => l.length)) * 4));
  const job: SolveJob = { task: 'solve', tables: t, values, control, masks };
  const workers: Worker[] = crew.slice(0, threads);
  endCrew(crew.slice(threads));
  let stop = () => {};
  try {
    for (const w of workers) w.postMessage(job);
    while (workers.length < threads) workers.push(startStrategyThread(job));
    await Promise.all(workers.map(nextMessage));
    stop = progressTimer(() => Atomics.load(control, 1), total, options.onProgress);
    for (const level of levels) {
      masks.set(level);
      Atomics.store(control, 0, 0);
      const done = Promise.all(workers.map(nextMessage));
      for (const w of workers) w.postMessage({ count: level.length } satisfies LevelMessage);
      await done;
    }
    const states = Atomics.load(control, 1);
    let saved: boolean | undefined;
    if (options.saveTo !== undefined) {
      // The others end first: the save's copy of the table then adds to fewer threads' memory.
      await Promise.all(workers.slice(1).map((w) => w.terminate()));
      try {
        const reply = nextMessage(workers[0]);
        workers[0].postMessage({ save: options.saveTo } satisfies SaveMessage);
        saved = (await reply) === true;
      } catch {
        // The table is solved: the caller saves it another way.
        saved = undefined;
      }
    }
    return { values, threads, states, saved };
  } catch {
    // A worker that cannot start or that fails: the same work in this thread, slower but sure.
    stop();
    stop = () => {};
    await Promise.all(workers.map((w) => w.terminate()));
    return solveHere(t, total, options.onProgress);
  } finally {
    stop();
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function solveHere(t: RuleTables, total: number, onProgress?: ProgressListener): SolveRun {
  onProgress?.(0, total);
  let states = 0;
  const values = solveInThread(t, 0, (done) => {
    states = done;
    onProgress?.(done, total);
  });
  return { values, threads: 1, states };
}

/**
 * Builds a rule set's tables and reads its cache file (prepare) in a worker thread, so that this one is not held up
 * for the few tenths of a second that takes; in this thread with one thread, or if the worker fails.
 */
export async function prepareOffThread(rules: RuleSetId, file: string, threads = defaultThreads()): Promise<Prepared> {
  const reply = threads > 1 ? await replyOf({ task: 'prepare', rules, file }) : null;
  return reply === null ? prepare(rules, file) : (reply as Prepared);
}

/** Writes a table to its cache file (writeCachedTable) in a worker thread; in this thread with one thread, or if the worker fails. */
export async function saveOffThread(t: RuleTables, values: Float64Array, file: string, threads = defaultThreads()): Promise<boolean> {
  const reply = threads > 1 ? await replyOf({ task: 'save', tables: t, values, file }) : null;
  return reply === null ? writeCachedTable(t, values, file) : reply === true;
}
