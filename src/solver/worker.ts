import { parentPort, workerData } from 'node:worker_threads';
import type { Card, RuleSetId, Strength } from '../engine/index.js';
import { writeCachedTable } from './cache.js';
import { TurnSolver } from './core.js';
import { turnKernel } from './turnKernel.js';
import { runDistribution, runFinalDistributions, type DistributionJob, type FinalDistributionJob } from './distributionWorker.js';
import { runOdds, type OddsJob } from './oddsWorker.js';
import { prepare } from './prepare.js';
import { playRange, type OutcomeArrays } from './simulate.js';
import { adoptRuleTables, jokerAllowedPart, type RuleTables } from './ruleTables.js';
import { runWin, type WinJob } from './winWorker.js';

/**
 * What a solver worker is started with: solve levels of masks, play simulated games, or one job that would hold up
 * the main thread: build a rule set's tables and read its cache file (the reply: a Prepared), write the cache
 * file (the reply: whether it was written), or a win seat's turn work (winWorker.ts; the reply: a WinReply).
 * A worker that has prepared, or one started on standby (which readies the table's WebAssembly kernel meanwhile),
 * then takes a solve job as its next message (parallel.ts's prepareForSolve: the solve's threads start while the
 * rule tables are built).
 */
export type WorkerJob =
  | DistributionJob
  | WinJob
  | FinalDistributionJob
  | OddsJob
  | { readonly task: 'prepare'; readonly rules: RuleSetId; readonly file: string; readonly half?: 'low' }
  | { readonly task: 'standby'; readonly jokerPart?: { readonly rules: RuleSetId; readonly half: 'high' } }
  | { readonly task: 'save'; readonly tables: RuleTables; readonly values: Float64Array; readonly file: string }
  | {
      readonly task: 'solve';
      readonly tables: RuleTables;
      readonly values: Float64Array;
      /** [next mask to take, states computed so far]. */
      readonly control: Int32Array;
      /** The masks of the level being solved. */
      readonly masks: Int32Array;
    }
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

/** Messages from the main thread: solve `count` masks of the current level. */
export interface LevelMessage {
  readonly count: number;
}

/** The message that has a solve worker write the table it solved to this cache file (the reply: whether it was written). */
export interface SaveMessage {
  readonly save: string;
}

/** Games a simulation worker takes at a time. */
export const SIMULATION_CHUNK = 32;

function runSolve(job: Extract<WorkerJob, { task: 'solve' }>): void {
  const solver = new TurnSolver(job.tables);
  parentPort!.on('message', (msg: LevelMessage | SaveMessage) => {
    if ('save' in msg) {
      parentPort!.postMessage(writeCachedTable(job.tables, job.values, msg.save));
      return;
    }
    for (;;) {
      const i = Atomics.add(job.control, 0, 1);
      if (i >= msg.count) break;
      const states = solver.solveMask(job.values, job.masks[i]);
      Atomics.add(job.control, 1, states);
    }
    parentPort!.postMessage('done');
  });
  parentPort!.postMessage('ready');
}

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

function runPrepare(job: Extract<WorkerJob, { task: 'prepare' }>): void {
  const prepared = prepare(job.rules, job.file, job.half);
  const t = prepared.tables;
  // The rule tables move to the main thread instead of being copied; the values are shared memory already.
  const buffers = [t.upperFace, t.points, t.jokerPoints, t.jokerAllowed, t.jokerBonus].map((a) => a.buffer as ArrayBuffer);
  parentPort!.postMessage(prepared, buffers);
  parentPort!.once('message', runJob);
}

function runJob(job: WorkerJob): void {
  if (job.task === 'solve') runSolve(job);
  else if (job.task === 'standby') {
    // The other half of the Joker entries first, while the worker that prepares builds its half (the reply).
    if (job.jokerPart) {
      const part = jokerAllowedPart(job.jokerPart.rules, job.jokerPart.half);
      parentPort!.postMessage(part, [part.buffer as ArrayBuffer]);
    }
    turnKernel();
    parentPort!.once('message', runJob);
  }
  else if (job.task === 'simulate') runSimulate(job);
  else if (job.task === 'prepare') runPrepare(job);
  else if (job.task === 'distribution') runDistribution(job);
  else if (job.task === 'win') runWin(job);
  else if (job.task === 'final') runFinalDistributions(job);
  else if (job.task === 'odds') runOdds();
  else parentPort!.postMessage(writeCachedTable(job.tables, job.values, job.file));
}

if (parentPort) runJob(workerData as WorkerJob);
