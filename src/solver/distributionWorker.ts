import { parentPort } from 'node:worker_threads';
import type { Card, RuleSetId } from '../engine/index.js';
import { DistributionStore, PassScratch, solveDistributionMasks, type ScoreDistribution, type StoreIndex } from './distribution.js';
import { finalDistribution } from './distributionTable.js';
import { adoptRuleTables, type RuleTables } from './ruleTables.js';
import type { StrategyTable } from './table.js';

/** What a distribution worker is started with (worker.ts's 'distribution' task). */
export interface DistributionJob {
  readonly task: 'distribution';
  readonly tables: RuleTables;
  readonly values: Float64Array;
  readonly index: StoreIndex;
  /** [next mask to take, states computed so far, next chunk number]. */
  readonly control: Int32Array;
  /** The masks of the level being solved. */
  readonly masks: Int32Array;
}

/** Solve the first `count` masks of `masks`, after adding the chunks the other threads made and dropping those no longer needed. */
export interface DistributionLevelMessage {
  readonly count: number;
  readonly add: readonly [number, Float32Array][];
  readonly drop: readonly number[];
}

/** A distribution worker's answer to a level: the chunks it made for it. */
export interface DistributionLevelReply {
  readonly made: [number, Float32Array][];
}

/** Runs a distribution worker: one level at a time, masks taken from a shared counter. */
export function runDistribution(job: DistributionJob): void {
  const scratch = new PassScratch(job.tables);
  const store = new DistributionStore(job.index, () => Atomics.add(job.control, 2, 1));
  const own = new Set<number>();
  parentPort!.on('message', (msg: DistributionLevelMessage) => {
    store.add(msg.add);
    store.drop(msg.drop, own);
    for (const id of msg.drop) own.delete(id);
    store.startLevel();
    solveDistributionMasks(job.tables, job.values, store, job.masks, msg.count, () => Atomics.add(job.control, 0, 1), {
      scratch,
      onState: () => Atomics.add(job.control, 1, 1),
    });
    const made = store.takeMade();
    for (const [id] of made) own.add(id);
    parentPort!.postMessage({ made } satisfies DistributionLevelReply);
  });
  parentPort!.postMessage('ready');
}

/** What a final-distribution worker is started with (worker.ts's 'final' task): a strategy table; then cards, one message each. */
export interface FinalDistributionJob {
  readonly task: 'final';
  readonly rules: RuleSetId;
  readonly tables: RuleTables;
  readonly values: Float64Array;
  readonly baseMask: number;
}

/** Runs a final-distribution worker: for each card it is sent, the card's final-score distribution (finalDistribution, no distribution table). */
export function runFinalDistributions(job: FinalDistributionJob): void {
  const table: StrategyTable = { rules: job.rules, tables: adoptRuleTables(job.tables), values: job.values, baseMask: job.baseMask };
  parentPort!.on('message', (card: Card) => {
    parentPort!.postMessage(finalDistribution(table, undefined, card) satisfies ScoreDistribution);
  });
}
