import { parentPort } from 'node:worker_threads';
import type { RuleSetId } from '../../engine/index.js';
import { writeCachedTable } from './cache.js';
import { TurnSolver } from './core.js';
import { prepare } from './prepare.js';
import { jokerAllowedPart, type RuleTables } from './ruleTables.js';
import { turnKernel } from '../wasm/turnKernel.js';

/*
 * The strategy table's jobs in a worker thread: build a rule set's tables and read its cache file (prepare; the
 * reply: a Prepared), write the cache file (save; the reply: whether it was written), solve levels of masks
 * (solve), or wait for a solve job (standby). A worker that has prepared, or one on standby (which readies the
 * WebAssembly kernel meanwhile), then takes a solve job as its next message: workers/solveOnThreads.ts's
 * prepareForSolve has the solve's threads start while the rule tables are built. Run by workers/strategyThread.ts (a
 * thread that loads only this code) and by workers/jobThread.ts (the thread for the other jobs too).
 */

/** A strategy-table job for a worker thread. */
export type SolveJob =
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
    };

/** Messages from the main thread to a solving worker: solve `count` masks of the current level. */
export interface LevelMessage {
  readonly count: number;
}

/** The message that has a solve worker write the table it solved to this cache file (the reply: whether it was written). */
export interface SaveMessage {
  readonly save: string;
}

/** True for the jobs runSolveJob does. */
export function isSolveJob(job: { readonly task: string }): job is SolveJob {
  return job.task === 'prepare' || job.task === 'standby' || job.task === 'save' || job.task === 'solve';
}

function runSolve(job: Extract<SolveJob, { task: 'solve' }>): void {
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

function runPrepare(job: Extract<SolveJob, { task: 'prepare' }>): void {
  const prepared = prepare(job.rules, job.file, job.half);
  const t = prepared.tables;
  // The rule tables move to the main thread instead of being copied; the values are shared memory already.
  const buffers = [t.upperFace, t.points, t.jokerPoints, t.jokerAllowed, t.jokerBonus].map((a) => a.buffer as ArrayBuffer);
  parentPort!.postMessage(prepared, buffers);
  parentPort!.once('message', runSolveJob);
}

/** Runs a strategy-table job in this worker thread. */
export function runSolveJob(job: SolveJob): void {
  if (job.task === 'solve') runSolve(job);
  else if (job.task === 'prepare') runPrepare(job);
  else if (job.task === 'standby') {
    // The other half of the Joker entries first, while the worker that prepares builds its half (the reply).
    if (job.jokerPart) {
      const part = jokerAllowedPart(job.jokerPart.rules, job.jokerPart.half);
      parentPort!.postMessage(part, [part.buffer as ArrayBuffer]);
    }
    turnKernel();
    parentPort!.once('message', runSolveJob);
  } else parentPort!.postMessage(writeCachedTable(job.tables, job.values, job.file));
}
