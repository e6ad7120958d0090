import type { Worker } from 'node:worker_threads';
import { outcomeArrays, playRange, summarize, type SimulationSummary } from '../play/simulate.js';
import { ruleTables } from '../strategy/ruleTables.js';
import type { StrategyTable } from '../strategy/table.js';
import type { Card, RuleSetId, Strength } from '../../engine/index.js';
import type { WorkerJob } from './jobThread.js';
import { defaultThreads, nextMessage, progressTimer, startWorker, type ProgressListener } from './threads.js';

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
