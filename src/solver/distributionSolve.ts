import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { getRuleSet, isCardComplete, type Card, type RuleSetId } from '../engine/index.js';
import { TurnSolver } from './core.js';
import { DistributionStore, storeIndex, type ScoreDistribution } from './distribution.js';
import { KEEP_LEVEL, distributionFile, finalDistribution, readDistributions, solveDistributionsHere, tableFromStore, writeDistributions, type DistributionTable } from './distributionTable.js';
import type { DistributionLevelMessage, DistributionLevelReply } from './distributionWorker.js';
import { loadOrSolve, type LoadOptions } from './load.js';
import { defaultThreads, nextMessage, progressTimer, startWorker, type ProgressListener } from './parallel.js';
import { levelsFrom } from './solve.js';
import { popcount, stateCount } from './state.js';
import type { StrategyTable } from './table.js';
import type { RuleTables } from './ruleTables.js';
import type { WorkerJob } from './worker.js';

/** How many states a whole distribution pass computes (upper totals that can no longer earn the bonus share one). */
export function distributionStates(t: RuleTables): number {
  const solver = new TurnSolver(t);
  let n = 0;
  for (let mask = 0; mask < (1 << t.boxCount) - 1; mask++) n += solver.statesComputed(mask);
  return n;
}

/**
 * Computes a rule set's distribution table (distributionTable.ts) on worker threads, level by level, the masks of a
 * level shared out through an atomic counter and the distributions in shared memory. In this thread with one
 * thread, or when a worker cannot start or fails.
 */
export async function solveDistributions(table: StrategyTable, options: { threads?: number; onProgress?: ProgressListener } = {}): Promise<DistributionTable> {
  const t = table.tables;
  const threads = options.threads ?? defaultThreads();
  const total = distributionStates(t);
  if (threads <= 1) return solveHere(table, total, options.onProgress);
  const index = storeIndex(stateCount(t));
  const control = new Int32Array(new SharedArrayBuffer(12));
  const levels = levelsFrom(t.boxCount, 0);
  const masks = new Int32Array(new SharedArrayBuffer(Math.max(...levels.map((l) => l.length)) * 4));
  const store = new DistributionStore(index, () => {
    throw new Error('the main thread writes no distributions');
  });
  const workers: Worker[] = [];
  let stop = () => {};
  try {
    for (let i = 0; i < threads; i++) workers.push(startWorker({ task: 'distribution', tables: t, values: table.values, index, control, masks }));
    await Promise.all(workers.map(nextMessage));
    stop = progressTimer(() => Atomics.load(control, 1), total, options.onProgress);
    let made: [number, Float32Array][] = [];
    // The chunks of the level before the last one done, which the level to solve does not read.
    let older: number[] = [];
    let olderLevel = Infinity;
    let previous: number[] = [];
    let previousLevel = Infinity;
    for (const level of levels) {
      masks.set(level);
      Atomics.store(control, 0, 0);
      const drop = olderLevel > KEEP_LEVEL ? older : [];
      store.add(made);
      store.drop(drop);
      const replies = Promise.all(workers.map(nextMessage)) as Promise<DistributionLevelReply[]>;
      for (const w of workers) w.postMessage({ count: level.length, add: made, drop } satisfies DistributionLevelMessage);
      made = (await replies).flatMap((r) => r.made);
      older = previous;
      olderLevel = previousLevel;
      previous = made.map(([id]) => id);
      previousLevel = popcount(level[0]);
    }
    store.add(made);
    return tableFromStore(t, table.values, store);
  } catch {
    // A worker that cannot start or that fails: the same work in this thread, slower but sure.
    stop();
    stop = () => {};
    await Promise.all(workers.map((w) => w.terminate()));
    return solveHere(table, total, options.onProgress);
  } finally {
    stop();
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function solveHere(table: StrategyTable, total: number, onProgress?: ProgressListener): DistributionTable {
  onProgress?.(0, total);
  return solveDistributionsHere(table.tables, table.values, (done) => onProgress?.(done, total));
}

/** How a distribution table was obtained. */
export interface DistributionReport {
  readonly table: StrategyTable;
  readonly distributions: DistributionTable;
  readonly source: 'memory' | 'cache' | 'computed';
  /** Whether a computed table was written to the cache. */
  readonly saved?: boolean;
  /** Seconds for the distribution table alone (the strategy table loaded or solved first is not counted). */
  readonly seconds: number;
}

const loaded = new Map<RuleSetId, DistributionTable>();

/** Drops the distribution tables this process holds (the cache files stay). */
export function forgetDistributions(): void {
  loaded.clear();
}

/**
 * A rule set's strategy table and distribution table: from memory, else the cache file, else computed (on every
 * core) and cached. Computing the distributions takes several seconds the first time.
 */
export async function loadDistributions(rules: RuleSetId, options: LoadOptions & { onDistributionProgress?: ProgressListener } = {}): Promise<DistributionReport> {
  const table = await loadOrSolve(rules, options);
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  const have = loaded.get(rules);
  if (have) return { table, distributions: have, source: 'memory', seconds: seconds() };
  const file = distributionFile(rules, options.env ?? process.env);
  const cached = readDistributions(table.tables, file);
  if (cached) {
    loaded.set(rules, cached);
    return { table, distributions: cached, source: 'cache', seconds: seconds() };
  }
  const distributions = await solveDistributions(table, { threads: options.threads, onProgress: options.onDistributionProgress });
  loaded.set(rules, distributions);
  const took = seconds();
  const saved = writeDistributions(table.tables, distributions, file);
  return { table, distributions, source: 'computed', saved, seconds: took };
}

/**
 * Open boxes from which a card's pass pays for a worker thread's start: with fewer, the pass takes this thread a
 * tenth of a second or less, about what starting a worker takes.
 */
export const WORKER_MIN_OPEN = 8;

/**
 * Threads worth using for the cards' passes with `threads` at most and a load average of `load` on `cores` cores:
 * this one, and a worker per core left idle. A worker on a busy machine only adds its start and a cold JIT (turn 5,
 * 2 cards, load 7 on 2 cores: 2.1 to 2.9 s wall with a worker, 1.7 to 2.1 s without).
 */
export function threadsForLoad(threads: number, cores: number, load: number): number {
  return Math.max(1, Math.min(threads, 1 + Math.floor(cores - Math.max(0, load))));
}

/** Waits for `count` replies of a worker, in order; rejects when it fails or exits first. */
function repliesOf(w: Worker, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const got: unknown[] = [];
    if (count === 0) resolve(got);
    w.on('message', (m: unknown) => {
      got.push(m);
      if (got.length === count) resolve(got);
    });
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`a solver worker stopped (exit code ${code})`)));
  });
}

/**
 * Each card's final-score distribution, as finalDistribution(table, dist, card) gives it (the same numbers), the
 * passes of the late cards shared out to worker threads, one card at a time per thread, this one doing its share:
 * only when more than one card has at least WORKER_MIN_OPEN boxes open (and more than KEEP_LEVEL filled), and by
 * default only as many threads as the machine's load leaves cores for (threadsForLoad). A worker that cannot start
 * or fails leaves its cards to this thread.
 */
export async function finalDistributions(
  table: StrategyTable,
  dist: DistributionTable | undefined,
  cards: readonly Card[],
  options: { threads?: number; start?: (job: WorkerJob) => Worker } = {},
): Promise<ScoreDistribution[]> {
  const rules = getRuleSet(table.rules);
  const out: (ScoreDistribution | undefined)[] = cards.map(() => undefined);
  const big: number[] = [];
  cards.forEach((card, i) => {
    const filled = rules.boxes.filter((b) => card.boxes[b.id] !== undefined).length;
    if (!isCardComplete(rules, card) && filled > KEEP_LEVEL && rules.boxes.length - filled >= WORKER_MIN_OPEN) big.push(i);
  });
  const threads = Math.min(options.threads ?? threadsForLoad(defaultThreads(), os.cpus().length, os.loadavg()[0]), big.length);
  // Card big[k] goes to thread k % threads; thread 0 is this one.
  const shares: number[][] = Array.from({ length: Math.max(0, threads - 1) }, () => []);
  big.forEach((i, k) => {
    if (k % threads !== 0) shares[(k % threads) - 1].push(i);
  });
  const start = options.start ?? startWorker;
  const workers: Worker[] = [];
  const pending: Promise<unknown[] | null>[] = [];
  try {
    for (const share of shares) {
      try {
        const w = start({ task: 'final', rules: table.rules, tables: table.tables, values: table.values, baseMask: table.baseMask });
        workers.push(w);
        pending.push(repliesOf(w, share.length).catch(() => null));
        for (const i of share) w.postMessage(cards[i]);
      } catch {
        pending.push(Promise.resolve(null));
      }
    }
    const offThread = new Set(shares.flat());
    cards.forEach((card, i) => {
      if (!offThread.has(i)) out[i] = finalDistribution(table, dist, card);
    });
    const replies = await Promise.all(pending);
    shares.forEach((share, k) => {
      const got = replies[k];
      share.forEach((i, j) => {
        // A worker that failed: its cards here, slower but sure.
        out[i] = got ? (got[j] as ScoreDistribution) : finalDistribution(table, dist, cards[i]);
      });
    });
    return out as ScoreDistribution[];
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
