import os from 'node:os';
import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { cardTotal, getRuleSet, isCardComplete, type Card, type RuleSetId } from '../../engine/index.js';
import { TurnSolver } from '../strategy/core.js';
import { passScratch, rootDistribution, sharedPass, sharedPassHere, solveDistributionMasks, type ScoreDistribution, type SharedPass } from '../distribution/distribution.js';
import { CHUNK, DistributionStore, storeIndex, passOrder } from '../distribution/distributionStore.js';
import { KEEP_LEVEL, distributionFile, finalDistribution, readDistributions, solveDistributionsHere, tableFromStore, writeDistributions, type DistributionTable } from '../distribution/distributionTable.js';
import { GATE_CLOSED, gateOpen, type DistributionLevelMessage, type DistributionLevelReply } from '../distribution/threadJobs.js';
import { loadOrSolve, type LoadOptions } from './load.js';
import { makeTableOnce } from './tableLock.js';
import { defaultThreads, nextMessage, progressTimer, startWorker, type ProgressListener } from './threads.js';
import { shifted } from '../distribution/scoreStats.js';
import { popcount, stateCount, stateIndex, type SolverState } from '../strategy/state.js';
import { stateFor, type StrategyTable } from '../strategy/table.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import type { WorkerJob } from './jobThread.js';

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
  // In PassOrder, each worker's chunks of a level written over as soon as the masks that read them are done.
  const order = passOrder(t, KEEP_LEVEL);
  const levels = order.levels;
  const longest = Math.max(...levels.map((l) => l.length));
  const masks = new Int32Array(new SharedArrayBuffer(longest * 4));
  const done = new Int32Array(new SharedArrayBuffer(longest * 4));
  const release = { lastReader: order.lastReader, perMask: order.perMask };
  const store = new DistributionStore(index, () => {
    throw new Error('the main thread writes no distributions');
  });
  const workers: Worker[] = [];
  let stop = () => {};
  try {
    for (let i = 0; i < threads; i++) workers.push(startWorker({ task: 'distribution', tables: t, values: table.values, index, control, masks, release, done }));
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
  /** Computed: the cache file was not there, or was there and could not be used (damaged, or of another version). */
  readonly reason?: 'missing' | 'unusable';
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
  const reason = existsSync(file) ? 'unusable' : 'missing';
  // Made by one copy of those sharing the cache, the others reading its file (tableLock.ts).
  const report = await makeTableOnce<DistributionReport>(
    file,
    () => {
      const written = readDistributions(table.tables, file);
      return written ? { table, distributions: written, source: 'cache', seconds: seconds() } : undefined;
    },
    async () => {
      const distributions = await solveDistributions(table, { threads: options.threads, onProgress: options.onDistributionProgress });
      const took = seconds();
      const saved = writeDistributions(table.tables, distributions, file);
      return { table, distributions, source: 'computed', saved, reason, seconds: took };
    },
    { onWait: options.onWait },
  );
  loaded.set(rules, report.distributions);
  return report;
}

/**
 * States from which a shared pass pays for worker threads: with fewer, it takes this thread a tenth of a second or
 * less, about what starting a worker takes.
 */
export const WORKER_MIN_STATES = 3000;

/**
 * Threads worth using for the cards' passes with `threads` at most and a load average of `load` on `cores` cores:
 * this one, and a worker per core left idle. A worker on a busy machine only adds its start and a cold JIT (turn 5,
 * 2 cards, load 7 on 2 cores: 2.1 to 2.9 s wall with a worker, 1.7 to 2.1 s without).
 */
export function threadsForLoad(threads: number, cores: number, load: number): number {
  return Math.max(1, Math.min(threads, 1 + Math.floor(cores - Math.max(0, load))));
}

/**
 * Chunks of shared memory from earlier shared passes, written over by the next (the main thread hands some to its
 * workers, which give back what they did not use): left to the garbage collector, which counts them late, a few
 * questions' chunks added up to hundreds of megabytes.
 */
const SHARED_SPARE: Float32Array[] = [];

/** A worker of a shared pass: its gate, whether it failed, the chunks it holds, and the answer awaited for a level. */
interface Helper {
  readonly w: Worker;
  readonly gate: Int32Array;
  failed: boolean;
  readonly has: Set<number>;
  /** Whether it has answered a level (it is running: spare chunks given to it come back). */
  answered: boolean;
  waiting?: { readonly level: number; readonly resolve: (r: DistributionLevelReply) => void; readonly reject: (e: Error) => void };
}

/** The helper's answer to level k, from the next messages it sends (rejected when it fails first). */
function answerTo(h: Helper, k: number): Promise<DistributionLevelReply> {
  const p = new Promise<DistributionLevelReply>((resolve, reject) => {
    if (h.failed) reject(new Error('a solver worker failed'));
    else h.waiting = { level: k, resolve, reject };
  });
  // Awaited only if the worker joins the level.
  p.catch(() => {});
  return p;
}

/**
 * A shared pass (distribution.ts's SharedPass) on `threads` threads, this one among them: each level's masks taken
 * from a shared counter by this thread and by each worker that gets to the level before this thread has done its
 * masks (a worker still starting joins a later level: its gate, distributionWorker.ts), the distributions in shared
 * memory. Rejects when a worker fails during a level it joined (the caller then does the pass here).
 */
async function sharedPassOnThreads(table: StrategyTable, pass: SharedPass, threads: number, start: (job: WorkerJob) => Worker, spare: Float32Array[]): Promise<DistributionStore> {
  const t = table.tables;
  const chunkSize = CHUNK;
  const index = storeIndex(pass.slots.size);
  const control = new Int32Array(new SharedArrayBuffer(12));
  const masks = new Int32Array(new SharedArrayBuffer(Math.max(...pass.levels.map((l) => l.length)) * 4));
  const pool = spare;
  const store = new DistributionStore(index, () => Atomics.add(control, 2, 1), { chunkSize, slots: pass.slots, spare: pool });
  const helpers: Helper[] = [];
  let done = false;
  try {
    // This thread's kernels first: made after the helpers started, they could take the room counted for them.
    const scratch = passScratch(t);
    for (let k = 1; k < threads; k++) {
      const gate = new Int32Array(new SharedArrayBuffer(4)).fill(GATE_CLOSED);
      let w: Worker;
      try {
        w = start({ task: 'final', tables: t, values: table.values, index, control, masks, gate, slots: pass.slots, chunkSize, froms: pass.froms });
      } catch {
        continue;
      }
      const h: Helper = { w, gate, failed: false, has: new Set(), answered: false };
      const fail = (e: Error) => {
        h.failed = true;
        h.waiting?.reject(e);
        h.waiting = undefined;
      };
      w.on('message', (m: DistributionLevelReply | 'ready') => {
        if (m !== 'ready' && h.waiting && m.level === h.waiting.level) {
          h.answered = true;
          pool.push(...(m.spare ?? []));
          h.waiting.resolve(m);
          h.waiting = undefined;
        }
      });
      w.on('error', fail);
      w.on('exit', (code) => fail(new Error(`a solver worker stopped (exit code ${code})`)));
      helpers.push(h);
    }
    // Every chunk not dropped, and this thread's own.
    const live = new Map<number, Float32Array>();
    const own = new Set<number>();
    let previous: number[] = [];
    for (const [k, level] of pass.levels.entries()) {
      masks.set(level);
      Atomics.store(control, 0, 0);
      // Every worker gets the level, with the chunks it lacks; one still starting reads it later, and joins it only if it is still open.
      const asked = helpers.filter((h) => !h.failed);
      const answers = asked.map((h) => {
        const add = [...live].filter(([id]) => !h.has.has(id));
        const drop = [...h.has].filter((id) => !live.has(id));
        for (const [id] of add) h.has.add(id);
        for (const id of drop) h.has.delete(id);
        const answer = answerTo(h, k);
        // A share of the spare chunks to a worker that is running (one still starting might never give them back).
        const spare = h.answered ? pool.splice(0, Math.floor(pool.length / threads)) : [];
        Atomics.store(h.gate, 0, gateOpen(k));
        h.w.postMessage({ count: level.length, add, drop, level: k, spare } satisfies DistributionLevelMessage);
        return answer;
      });
      store.startLevel();
      solveDistributionMasks(t, table.values, store, masks, level.length, () => Atomics.add(control, 0, 1), { scratch, froms: pass.froms });
      const mine = store.takeMade();
      // Shut the level: the workers that had not got to it stay out of it.
      const joined = asked.filter((h) => Atomics.compareExchange(h.gate, 0, gateOpen(k), GATE_CLOSED) !== gateOpen(k));
      const theirs = await Promise.all(joined.map((h) => answers[asked.indexOf(h)]));
      for (const [id, c] of mine) {
        live.set(id, c);
        own.add(id);
      }
      theirs.forEach((r, j) => {
        store.add(r.made);
        for (const [id, c] of r.made) {
          live.set(id, c);
          joined[j].has.add(id);
        }
      });
      const made = [...mine, ...theirs.flatMap((r) => r.made)].map(([id]) => id);
      if (!pass.rootLevel[popcount(level[0])]) {
        store.drop(previous, own);
        for (const id of previous) {
          live.delete(id);
          own.delete(id);
        }
      }
      previous = made;
    }
    done = true;
    return store;
  } finally {
    await Promise.all(helpers.map((h) => h.w.terminate()));
    // A pass that failed: its store is not read (its chunks go back to the spares).
    if (!done) store.release();
  }
}

/**
 * Each card's final-score distribution, as finalDistribution(table, dist, card) gives it (the same numbers): the
 * early cards from the distribution table, the late ones from one pass over the later states any of them can reach
 * (distribution.ts's SharedPass: a state two cards reach is computed once). The pass's masks are shared out to worker
 * threads when it has at least WORKER_MIN_STATES states, by default only as many threads as the machine's load leaves
 * cores for (threadsForLoad), their chunks of shared memory then kept in `spare` for the next such pass. A worker that
 * cannot start is done without; one that fails leaves the pass to this thread.
 */
export async function finalDistributions(
  table: StrategyTable,
  dist: DistributionTable | undefined,
  cards: readonly Card[],
  options: { threads?: number; start?: (job: WorkerJob) => Worker; spare?: Float32Array[] } = {},
): Promise<ScoreDistribution[]> {
  const rules = getRuleSet(table.rules);
  const t = table.tables;
  const out: ScoreDistribution[] = [];
  // The late cards' states, each once, and which of them each late card is in.
  const froms: SolverState[] = [];
  const fromOf = new Map<number, number>();
  const late: [card: number, from: number][] = [];
  cards.forEach((card, i) => {
    const filled = rules.boxes.filter((b) => card.boxes[b.id] !== undefined).length;
    if (isCardComplete(rules, card) || filled <= KEEP_LEVEL) {
      out[i] = finalDistribution(table, dist, card);
      return;
    }
    const s = stateFor(table, card);
    const at = stateIndex(t, s);
    if (!fromOf.has(at)) {
      fromOf.set(at, froms.length);
      froms.push(s);
    }
    late.push([i, fromOf.get(at)!]);
  });
  if (froms.length === 0) return out;
  const pass = sharedPass(t, froms);
  const wanted = pass.states >= WORKER_MIN_STATES ? (options.threads ?? threadsForLoad(defaultThreads(), os.cpus().length, os.loadavg()[0])) : 1;
  let store: DistributionStore | undefined;
  if (wanted > 1) {
    try {
      store = await sharedPassOnThreads(table, pass, wanted, options.start ?? startWorker, options.spare ?? SHARED_SPARE);
    } catch {
      // A worker that failed: the pass here, slower but sure.
    }
  }
  store ??= sharedPassHere(t, table.values, pass);
  const roots = froms.map((s) => rootDistribution(t, table.values, store, s));
  store.release();
  for (const [i, f] of late) out[i] = shifted(roots[f], cardTotal(rules, cards[i]));
  return out;
}
