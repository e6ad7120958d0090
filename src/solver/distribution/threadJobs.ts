import { parentPort } from 'node:worker_threads';
import { passScratch, solveDistributionMasks } from './distribution.js';
import { DistributionStore, type PassRelease, type StoreIndex, type StoreSlots } from './distributionStore.js';
import { adoptRuleTables, type RuleTables } from '../strategy/ruleTables.js';
import type { SolverState } from '../strategy/state.js';

/** What a distribution worker is started with (workers/jobThread.ts's 'distribution' task). */
export interface DistributionJob {
  readonly task: 'distribution';
  readonly tables: RuleTables;
  readonly values: Float64Array;
  readonly index: StoreIndex;
  /** [next mask to take, states computed so far, next chunk number]. */
  readonly control: Int32Array;
  /** The masks of the level being solved. */
  readonly masks: Int32Array;
  /** Each mask's last reader and the states per mask (distribution.ts's PassOrder): this worker's chunks are released early. */
  readonly release: PassRelease;
  /** Per position of the level being solved, the level's number (from 1) once that mask is computed, by any thread. */
  readonly done: Int32Array;
}

/**
 * Solve the first `count` masks of `masks`, after adding the chunks the other threads made and dropping those no
 * longer needed. With `level` (a shared pass's worker), only if the level is still open to this worker when it gets
 * there (its gate, FinalDistributionJob's): else it only takes the chunks in and out, and does not answer.
 */
export interface DistributionLevelMessage {
  readonly count: number;
  readonly add: readonly [number, Float32Array][];
  readonly drop: readonly number[];
  readonly level?: number;
  /** Chunks no thread reads any more, for this worker to write over (a shared pass's main thread hands them out). */
  readonly spare?: readonly Float32Array[];
}

/** A distribution worker's answer to a level: the chunks it made for it (and the level's number, when it came with one). */
export interface DistributionLevelReply {
  readonly made: [number, Float32Array][];
  readonly level?: number;
  /** The spare chunks this worker did not use, given back. */
  readonly spare?: Float32Array[];
}

/** A shared pass worker's gate for level k when the worker may still join it (the main thread has masks left). */
export const gateOpen = (k: number) => 2 * k;
/** The gate once the worker has joined level k (the main thread then waits for its answer). */
const gateJoined = (k: number) => 2 * k + 1;
/** The gate once the main thread has shut the level (the worker stays out of it). */
export const GATE_CLOSED = -1;

/** Runs a distribution worker: one level at a time, masks taken from a shared counter. */
export function runDistribution(job: DistributionJob): void {
  const store = new DistributionStore(job.index, () => Atomics.add(job.control, 2, 1), { release: job.release });
  serveLevels(job.tables, job.values, store, job, (done) => Atomics.add(job.control, 1, done), undefined, job.done);
}

/** Answers level messages: each level's masks taken from the shared counter, solved into the store, the chunks made sent back. */
function serveLevels(
  t: RuleTables,
  values: Float64Array,
  store: DistributionStore,
  job: { readonly control: Int32Array; readonly masks: Int32Array },
  onState?: (done: number) => void,
  shared?: { readonly froms: readonly SolverState[]; readonly gate: Int32Array; readonly spare: Float32Array[] },
  done?: Int32Array,
): void {
  const scratch = passScratch(t);
  const own = new Set<number>();
  const froms = shared?.froms;
  // With `done` (the whole game's pass, its store releasing early): the level's number, and how far every thread is.
  let levelNumber = 0;
  parentPort!.on('message', (msg: DistributionLevelMessage) => {
    store.add(msg.add);
    store.drop(msg.drop, own);
    for (const id of msg.drop) own.delete(id);
    if (msg.spare) shared?.spare.push(...msg.spare);
    const k = msg.level;
    // A level the main thread finished without this worker (it was still starting): nothing to do.
    if (shared && k !== undefined && Atomics.compareExchange(shared.gate, 0, gateOpen(k), gateJoined(k)) !== gateOpen(k)) return;
    store.startLevel();
    const level = ++levelNumber;
    let upTo = 0;
    const onMaskDone =
      done &&
      ((i: number) => {
        Atomics.store(done, i, level);
        while (upTo < msg.count && Atomics.load(done, upTo) === level) upTo++;
        store.releaseUpTo(upTo);
      });
    solveDistributionMasks(t, values, store, job.masks, msg.count, () => Atomics.add(job.control, 0, 1), { scratch, froms, onState: onState && (() => onState(1)), onMaskDone });
    const made = store.takeMade();
    for (const [id] of made) own.add(id);
    parentPort!.postMessage({ made, level: k, spare: shared?.spare.splice(0) } satisfies DistributionLevelReply);
  });
  parentPort!.postMessage('ready');
}

/**
 * What a worker of the cards' shared pass (distribution.ts's SharedPass) is started with (workers/jobThread.ts's
 * 'final' task): the strategy table and the pass's shared store; then level messages, as a distribution worker gets.
 */
export interface FinalDistributionJob {
  readonly task: 'final';
  readonly tables: RuleTables;
  readonly values: Float64Array;
  readonly index: StoreIndex;
  readonly slots: StoreSlots;
  readonly chunkSize: number;
  readonly froms: readonly SolverState[];
  /** [next mask to take, unused, next chunk number]. */
  readonly control: Int32Array;
  /** The masks of the level being solved. */
  readonly masks: Int32Array;
  /** This worker's gate (gateOpen, gateJoined, GATE_CLOSED): whether it may still join the level being solved. */
  readonly gate: Int32Array;
}

/** Runs a worker of the cards' shared pass: one level at a time, masks taken from a shared counter, each level joined only while it is open. */
export function runFinalDistributions(job: FinalDistributionJob): void {
  const t = adoptRuleTables(job.tables);
  // The chunks this worker drops and those the main thread hands it, kept to be written over or given back.
  const spare: Float32Array[] = [];
  const store = new DistributionStore(job.index, () => Atomics.add(job.control, 2, 1), { chunkSize: job.chunkSize, slots: job.slots, spare });
  serveLevels(t, job.values, store, job, undefined, { froms: job.froms, gate: job.gate, spare });
}
