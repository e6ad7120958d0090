import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Card, RuleSetId, Strength } from '../engine/index.js';
import { writeCachedTable } from './cache.js';
import { prepare, type Prepared } from './prepare.js';
import { stateCount } from './state.js';
import { outcomeArrays, playRange, summarize, type SimulationSummary } from './simulate.js';
import { levelsFrom, solveInThread, statesToSolve } from './solve.js';
import { ruleTables, type RuleTables } from './ruleTables.js';
import type { StrategyTable } from './table.js';
import type { LevelMessage, WorkerJob } from './worker.js';
import { workerEntry } from './workerEntry.js';
import type { ScoreDistribution } from './distribution.js';
import type { WinTurnSpec } from './winGoal.js';
import type { WinReply, WinRunMessage } from './winWorker.js';

/** Progress of a long job: units done out of total. */
export type ProgressListener = (done: number, total: number) => void;

/** Threads to use by default: one per core. */
export function defaultThreads(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, 8));
}

// The workers get no node flags of their own: those of the main thread (--input-type, -e, loaders) can stop them.
// A small young generation keeps a simulating worker's garbage, and so the peak memory, down (225 to 175 MiB).
/** Starts a solver worker thread on a job. */
export function startWorker(job: WorkerJob): Worker {
  return new Worker(workerEntry(), { workerData: job, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
}

/** Waits for one message from a worker; rejects when it fails or exits first. */
export function nextMessage(w: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      cleanup();
      resolve(m);
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`a solver worker stopped (exit code ${code})`));
    };
    const cleanup = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
  });
}

/** Reports progress ten times a second while a job runs; the function returned stops it (with a last report). */
export function progressTimer(read: () => number, total: number, onProgress?: ProgressListener): () => void {
  if (!onProgress) return () => {};
  onProgress(0, total);
  const timer = setInterval(() => onProgress(read(), total), 100);
  return () => {
    clearInterval(timer);
    onProgress(read(), total);
  };
}

/** How a whole table was solved. */
export interface SolveRun {
  readonly values: Float64Array;
  /** Worker threads used (1 when solved in this thread). */
  readonly threads: number;
  /** States computed (upper totals that can no longer reach the bonus share one). */
  readonly states: number;
}

/**
 * Solves a rule set's whole table by backward induction, level by level (boxes filled, most first), the masks of
 * each level shared out to worker threads through an atomic counter. With one thread, or if a worker cannot start
 * or fails, it solves in this thread instead.
 */
export async function solveParallel(t: RuleTables, options: { threads?: number; onProgress?: ProgressListener; states?: number } = {}): Promise<SolveRun> {
  const threads = options.threads ?? defaultThreads();
  // Counting the states takes this thread a moment: a caller that has them counted elsewhere passes them.
  const total = options.states ?? statesToSolve(t, 0);
  if (threads <= 1) return solveHere(t, total, options.onProgress);
  const values = new Float64Array(new SharedArrayBuffer(stateCount(t) * 8));
  const control = new Int32Array(new SharedArrayBuffer(8));
  const levels = levelsFrom(t.boxCount, 0);
  const masks = new Int32Array(new SharedArrayBuffer(Math.max(...levels.map((l) => l.length)) * 4));
  const workers: Worker[] = [];
  let stop = () => {};
  try {
    for (let i = 0; i < threads; i++) workers.push(startWorker({ task: 'solve', tables: t, values, control, masks }));
    await Promise.all(workers.map(nextMessage));
    stop = progressTimer(() => Atomics.load(control, 1), total, options.onProgress);
    for (const level of levels) {
      masks.set(level);
      Atomics.store(control, 0, 0);
      const done = Promise.all(workers.map(nextMessage));
      for (const w of workers) w.postMessage({ count: level.length } satisfies LevelMessage);
      await done;
    }
    return { values, threads, states: Atomics.load(control, 1) };
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

/** Runs a job that replies once in a worker thread: its reply, or null when the worker could not start or failed. */
async function replyOf(job: WorkerJob): Promise<unknown> {
  let w: Worker | undefined;
  try {
    w = startWorker(job);
    return await nextMessage(w);
  } catch {
    return null;
  } finally {
    await w?.terminate();
  }
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

/**
 * A win seat's turn work (winWorker.ts) in a worker thread, so that the screen never waits for it; rejects when the
 * worker cannot start or fails (the seat then plays mean-optimally). `fresh`: a fresh game's distribution (a target match).
 */
export async function winTurnOffThread(table: StrategyTable, spec: WinTurnSpec, fresh?: ScoreDistribution): Promise<WinReply> {
  let w: Worker | undefined;
  try {
    w = startWorker({ task: 'win', tables: table.tables, values: table.values, baseMask: table.baseMask, rules: table.rules, spec, fresh });
    return (await nextMessage(w)) as WinReply;
  } finally {
    await w?.terminate();
  }
}

/** A win worker started ahead of its turn (while the seat before plays): the turn's work once `run` hands it the turn. */
export interface WarmWinWorker {
  readonly rules: RuleSetId;
  /** The turn's work, as winTurnOffThread; the worker ends with it. */
  readonly run: (spec: WinTurnSpec, fresh?: ScoreDistribution) => Promise<WinReply>;
  /** Ends the worker unused. */
  readonly stop: () => void;
}

/** Starts a win worker that waits for its turn (it does not keep the process alive meanwhile). */
export function warmWinWorker(table: StrategyTable): WarmWinWorker {
  const w = startWorker({ task: 'win', tables: table.tables, values: table.values, baseMask: table.baseMask, rules: table.rules });
  w.unref();
  let ended: Error | null = null;
  w.on('error', (e) => (ended = e));
  w.on('exit', (code) => (ended ??= new Error(`a solver worker stopped (exit code ${code})`)));
  return {
    rules: table.rules,
    run: async (spec, fresh) => {
      try {
        if (ended) throw ended;
        const reply = nextMessage(w);
        w.postMessage({ spec, fresh } satisfies WinRunMessage);
        return (await reply) as WinReply;
      } finally {
        await w.terminate();
      }
    },
    stop: () => void w.terminate(),
  };
}

/** What to simulate. */
export interface SimulationRequest {
  readonly rules: RuleSetId;
  readonly strategy: Strength;
  readonly games: number;
  readonly seed: number;
  /** Needed for the optimal and strong players. */
  readonly table?: StrategyTable;
  /** Start every game from this card instead of an empty one. */
  readonly startCard?: Card;
  readonly threads?: number;
  readonly onProgress?: ProgressListener;
}

/** Plays one-player games with the engine on every core and sums them up; the same seed gives the same games. */
export async function simulateParallel(req: SimulationRequest): Promise<SimulationSummary> {
  const out = outcomeArrays(req.games);
  const threads = Math.min(req.threads ?? defaultThreads(), Math.max(1, Math.ceil(req.games / 64)));
  if (req.strategy !== 'casual' && !req.table) throw new Error(`the ${req.strategy} player needs a strategy table`);
  if (threads <= 1) {
    req.onProgress?.(0, req.games);
    playRange(req.rules, req.strategy, req.table, req.seed, 0, req.games, out, req.startCard);
    req.onProgress?.(req.games, req.games);
    return summarize(out);
  }
  const control = new Int32Array(new SharedArrayBuffer(8));
  const job: WorkerJob = {
    task: 'simulate',
    tables: req.table?.tables ?? ruleTables(req.rules),
    values: req.table?.values ?? null,
    baseMask: req.table?.baseMask ?? 0,
    rules: req.rules,
    strategy: req.strategy,
    seed: req.seed,
    games: req.games,
    startCard: req.startCard,
    control,
    out,
  };
  const stop = progressTimer(() => Atomics.load(control, 1), req.games, req.onProgress);
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < threads; i++) workers.push(startWorker(job));
    await Promise.all(workers.map(nextMessage));
  } finally {
    stop();
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return summarize(out);
}
