import { parentPort } from 'node:worker_threads';
import { getRuleSet, isFilled, type Card, type RuleSetId } from '../engine/index.js';
import type { ScoreDistribution } from './distribution.js';
import { forgetDistributions, loadDistributions } from './distributionSolve.js';
import { KEEP_LEVEL, finalDistribution, type DistributionTable } from './distributionTable.js';
import { loadOrSolve } from './load.js';
import { winChances, type WinChances } from './odds.js';
import type { StrategyTable } from './table.js';

/** What an odds worker is started with (worker.ts's 'odds' task): the threads it may use to compute a table it lacks. */
export interface OddsJob {
  readonly task: 'odds';
  readonly threads: number;
}

/** A question to an odds worker: each seat's chance to win from these cards (under these rules). */
export interface OddsQuestion {
  readonly id: number;
  readonly rules: RuleSetId;
  readonly cards: readonly Card[];
}

/** Which table an odds worker is waiting for, and how far it has got. */
export type OddsStage = 'strategy' | 'distribution';

/** An odds worker's messages: progress on a question, its answer, why there is none, or that a newer question replaced it. */
export type OddsReply =
  | { readonly id: number; readonly kind: 'progress'; readonly stage: OddsStage; readonly done: number; readonly total: number }
  | { readonly id: number; readonly kind: 'answer'; readonly win: readonly number[]; readonly tie: number }
  | { readonly id: number; readonly kind: 'failed'; readonly error: string }
  | { readonly id: number; readonly kind: 'dropped' };

/** True when a card is early enough that its distribution comes from the distribution table (made once, then cached). */
function early(rules: RuleSetId, card: Card): boolean {
  return getRuleSet(rules).boxes.filter((b) => isFilled(card, b.id)).length <= KEEP_LEVEL;
}

/**
 * Each seat's chance to win from its card, every seat playing optimally: the tables loaded (or computed and cached)
 * here, the distribution table only while some card is early enough to need it (it is let go after, to keep the
 * memory down), seats on the same card sharing its distribution.
 */
export async function oddsFor(rules: RuleSetId, cards: readonly Card[], threads: number, onProgress: (stage: OddsStage, done: number, total: number) => void): Promise<WinChances> {
  let table: StrategyTable;
  let dist: DistributionTable | undefined;
  if (cards.some((c) => early(rules, c))) {
    // The strategy table from its cache in this thread (a nested worker would only cost memory), computed here if missing.
    table = await loadOrSolve(rules, { threads: 1, onProgress: (d, t) => onProgress('strategy', d, t) });
    const report = await loadDistributions(rules, { threads, onDistributionProgress: (d, t) => onProgress('distribution', d, t) });
    table = report.table;
    dist = report.distributions;
  } else {
    table = await loadOrSolve(rules, { threads: 1, onProgress: (d, t) => onProgress('strategy', d, t) });
    forgetDistributions();
  }
  const known = new Map<string, ScoreDistribution>();
  const finals = cards.map((card) => {
    const key = JSON.stringify([Object.entries(card.boxes).sort(), card.yahtzeeBonuses]);
    let d = known.get(key);
    if (d === undefined) {
      d = finalDistribution(table, dist, card);
      known.set(key, d);
    }
    return d;
  });
  return winChances(finals);
}

/**
 * Runs an odds worker: questions answered one at a time, in the order asked; a question still waiting when a newer
 * one comes is dropped (its turn is over), and so is the answer to one that a newer question came during.
 */
export function runOdds(job: OddsJob): void {
  const port = parentPort!;
  let waiting: OddsQuestion | null = null;
  let busy = false;
  const post = (reply: OddsReply) => port.postMessage(reply);
  const work = async () => {
    busy = true;
    while (waiting !== null) {
      const q: OddsQuestion = waiting;
      waiting = null;
      let shown = -1;
      const progress = (stage: OddsStage, done: number, total: number) => {
        const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
        if (percent === shown) return;
        shown = percent;
        post({ id: q.id, kind: 'progress', stage, done, total });
      };
      try {
        const { win, tie } = await oddsFor(q.rules, q.cards, job.threads, progress);
        post(waiting === null ? { id: q.id, kind: 'answer', win, tie } : { id: q.id, kind: 'dropped' });
      } catch (e) {
        post({ id: q.id, kind: 'failed', error: e instanceof Error ? e.message : String(e) });
      }
    }
    busy = false;
  };
  port.on('message', (q: OddsQuestion) => {
    if (waiting !== null) post({ id: waiting.id, kind: 'dropped' });
    waiting = q;
    if (!busy) void work();
  });
}
