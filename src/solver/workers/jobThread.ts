import { parentPort, workerData } from 'node:worker_threads';
import type { Card, RuleSetId, Strength } from '../../engine/index.js';
import { runDistribution, runFinalDistributions, type DistributionJob, type FinalDistributionJob } from '../distribution/threadJobs.js';
import { playRange, type OutcomeArrays } from '../play/simulate.js';
import { adoptRuleTables, type RuleTables } from '../strategy/ruleTables.js';
import { isSolveJob, runSolveJob, type SolveJob } from '../strategy/threadJobs.js';

/**
 * What this worker thread is started with: a strategy-table job (strategy/threadJobs.ts: build a rule set's tables and
 * read its cache file, write the cache file, solve levels of masks), play simulated games, or a share of a
 * distribution pass (distribution/threadJobs.ts). The chances have a process of their own (chances/child.ts).
 */
export type WorkerJob =
  | SolveJob
  | DistributionJob
  | FinalDistributionJob
  | {
      readonly task: 'simulate';
      readonly tables: RuleTables;
      /** The strategy table (null for the casual player, who needs none). */
      readonly values: Float64Array | null;
      readonly baseMask: number;
      readonly rules: RuleSetId;
      readonly strategy: Strength;
      readonly seed: number;
      readonly games: number;
      readonly startCard?: Card;
      /** [next game to take, games finished]. */
      readonly control: Int32Array;
      readonly out: OutcomeArrays;
    };

/** Games a simulation worker takes at a time. */
export const SIMULATION_CHUNK = 32;

function runSimulate(job: Extract<WorkerJob, { task: 'simulate' }>): void {
  adoptRuleTables(job.tables);
  const table = job.values ? { rules: job.rules, tables: job.tables, values: job.values, baseMask: job.baseMask } : undefined;
  for (;;) {
    const from = Atomics.add(job.control, 0, SIMULATION_CHUNK);
    if (from >= job.games) break;
    const to = Math.min(job.games, from + SIMULATION_CHUNK);
    playRange(job.rules, job.strategy, table, job.seed, from, to, job.out, job.startCard);
    Atomics.add(job.control, 1, to - from);
  }
  parentPort!.postMessage('done');
}

function runJob(job: WorkerJob): void {
  if (isSolveJob(job)) runSolveJob(job);
  else if (job.task === 'simulate') runSimulate(job);
  else if (job.task === 'distribution') runDistribution(job);
  else runFinalDistributions(job);
}

if (parentPort) runJob(workerData as WorkerJob);
