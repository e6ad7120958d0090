import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/engine/index.js';
import type { ScoreDistribution } from '../../src/solver/distribution.js';
import { WORKER_MIN_OPEN, finalDistributions, threadsForLoad } from '../../src/solver/distributionSolve.js';
import { finalDistribution } from '../../src/solver/distributionTable.js';
import { solveSubgame } from '../../src/solver/load.js';
import { startWorker } from '../../src/solver/parallel.js';
import type { WorkerJob } from '../../src/solver/worker.js';

/*
 * finalDistributions gives each card what finalDistribution gives it, bit for bit, whether a card's pass runs in a
 * worker thread or in this one. One sub-game table (from a card with four boxes filled, the start of turn 5) covers
 * every card here: cards at turns 5, 6 and 7 that include its boxes.
 */

const BASE = { aces: 3, twos: 6, threes: 9, fours: 12 };
const card = (boxes: Record<string, number>, yahtzeeBonuses = 0): Card => ({ boxes: { ...BASE, ...boxes }, yahtzeeBonuses });
const table = solveSubgame('official', card({}));

const TURN5 = card({});
const TURN5_LOW = card({ aces: 0, twos: 2, threes: 3, fours: 4 });
const TURN6 = card({ yahtzee: 50 });
const TURN7 = card({ chance: 22, sixes: 18 });

const plain = (d: ScoreDistribution) => ({ lo: d.lo, p: Array.from(d.p) });
const oneByOne = (cards: readonly Card[]) => cards.map((c) => plain(finalDistribution(table, undefined, c)));

/** startWorker, counting the workers started. */
function counting(): { start: (job: WorkerJob) => Worker; started: () => number } {
  let n = 0;
  return {
    start: (job) => {
      n++;
      return startWorker(job);
    },
    started: () => n,
  };
}

describe('finalDistributions: the same distributions as finalDistribution, card by card', () => {
  it.each([
    ['two turn-5 cards, one on a worker', [TURN5, TURN5_LOW], 2, 1],
    ['four cards at turns 5 to 7, the two big ones shared out', [TURN7, TURN5, TURN6, TURN5_LOW], 2, 1],
    ['one big card and a small one: no worker', [TURN5, TURN7], 2, 0],
    ['one thread: no worker', [TURN5, TURN5_LOW], 1, 0],
  ])('%s', async (_what, cards, threads, workers) => {
    const c = counting();
    const got = await finalDistributions(table, undefined, cards, { threads, start: c.start });
    expect(got.map(plain)).toEqual(oneByOne(cards));
    expect(c.started()).toBe(workers);
  });

  it(`a card is big enough for a worker from ${WORKER_MIN_OPEN} open boxes (turn 5 has 9, turn 7 has 7)`, () => {
    expect([13 - Object.keys(TURN5.boxes).length, 13 - Object.keys(TURN7.boxes).length]).toEqual([9, 7]);
  });

  it.each([
    ['a worker that fails at once', () => new Worker('throw new Error("a broken worker")', { eval: true })],
    ['a worker that cannot start', () => {
      throw new Error('no threads here');
    }],
    ['a worker that exits without answering', () => new Worker('process.exit(3)', { eval: true })],
  ])('%s: its cards are done in this thread, the same distributions', async (_what, start) => {
    const cards = [TURN5, TURN5_LOW];
    const got = await finalDistributions(table, undefined, cards, { threads: 2, start });
    expect(got.map(plain)).toEqual(oneByOne(cards));
  });
});

describe('threadsForLoad: a worker per core the load leaves idle, this thread always', () => {
  it.each([
    ['an idle 2-core machine', 2, 2, 0, 2],
    ['2 cores, one busy', 2, 2, 1.2, 1],
    ['2 cores, load 7', 2, 2, 7, 1],
    ['8 cores, load 2.5', 8, 8, 2.5, 6],
    ['at most the threads asked for', 2, 8, 0, 2],
    ['one thread asked for', 1, 2, 0, 1],
  ])('%s', (_what, threads, cores, load, expected) => {
    expect(threadsForLoad(threads, cores, load)).toBe(expected);
  });
});
