import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { Card } from '../../src/engine/index.js';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { sharedPass } from '../../src/solver/distribution/distribution.js';
import { WORKER_MIN_STATES, finalDistributions, threadsForLoad } from '../../src/solver/workers/distributionSolve.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { solveSubgame } from '../../src/solver/workers/load.js';
import { startWorker } from '../../src/solver/workers/threads.js';
import { stateFor } from '../../src/solver/strategy/table.js';
import { TurnOutcomes } from '../../src/solver/outcomes/turnOutcomes.js';
import type { WorkerJob } from '../../src/solver/workers/jobThread.js';

/*
 * finalDistributions gives each card what finalDistribution gives it, bit for bit, from one pass over the states the
 * late cards reach (a state two cards reach computed once), whether the pass's masks are shared with a worker thread
 * or not. One sub-game table (from a card with four boxes filled, the start of turn 5) covers every card here: cards
 * at turns 5, 6 and 7 that include its boxes.
 */

const BASE = { aces: 3, twos: 6, threes: 9, fours: 12 };
const card = (boxes: Record<string, number>, yahtzeeBonuses = 0): Card => ({ boxes: { ...BASE, ...boxes }, yahtzeeBonuses });
const table = solveSubgame('official', card({}));

const TURN5 = card({});
const TURN5_LOW = card({ aces: 0, twos: 2, threes: 3, fours: 4 });
const TURN6 = card({ yahtzee: 50 });
const TURN7 = card({ chance: 22, sixes: 18 });
const TURN6_FIVES = card({ fives: 5 });

/** The states the shared pass of these cards computes. */
const passStates = (cards: readonly Card[]) => sharedPass(table.tables, cards.map((c) => stateFor(table, c))).states;

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
    ['two turn-5 cards: their pass shared with a worker', [TURN5, TURN5_LOW], 2, 1],
    ['four cards at turns 5 to 7 in one pass, shared with a worker', [TURN7, TURN5, TURN6, TURN5_LOW], 2, 1],
    ['cards at turns 6 and 7 only: a small pass, no worker', [TURN6, TURN7, TURN6_FIVES], 2, 0],
    ['one turn-5 card: a small pass, no worker', [TURN5], 2, 0],
    ['one thread: no worker', [TURN5, TURN5_LOW], 1, 0],
    ['two cards at the same state (one with a Yahtzee bonus more) and a later one', [TURN5_LOW, TURN7, card({ aces: 0, twos: 2, threes: 3, fours: 4 }, 1)], 1, 0],
  ])('%s', async (_what, cards, threads, workers) => {
    const c = counting();
    const got = await finalDistributions(table, undefined, cards, { threads, start: c.start });
    expect(got.map(plain)).toEqual(oneByOne(cards));
    expect(c.started()).toBe(workers);
  });

  it(`a worker from ${WORKER_MIN_STATES} states in the pass: the two turn-5 cards have more, one alone fewer`, () => {
    expect(passStates([TURN5, TURN5_LOW])).toBeGreaterThanOrEqual(WORKER_MIN_STATES);
    expect(passStates([TURN5])).toBeLessThan(WORKER_MIN_STATES);
    expect(passStates([TURN6, TURN7, TURN6_FIVES])).toBeLessThan(WORKER_MIN_STATES);
  });

  it.each([
    ['two cards at the same state', [TURN5, card({}, 1)], [TURN5]],
    ['a card whose later states another card reaches too', [TURN5, TURN6], [TURN5]],
  ])('a state two cards reach is computed once: %s', (_what, cards, alone) => {
    expect(passStates(cards)).toBe(passStates(alone));
  });

  it('finalDistributions works out each state of the shared pass once, then each distinct card state', async () => {
    const cards = [TURN5, TURN5_LOW, TURN6, card({}, 1)];
    // A state is worked out alone (outcomes) or beside another (outcomesTwo, two at a time).
    const one = vi.spyOn(TurnOutcomes.prototype, 'outcomes');
    const two = vi.spyOn(TurnOutcomes.prototype, 'outcomesTwo');
    try {
      await finalDistributions(table, undefined, cards, { threads: 1 });
      expect(two).toHaveBeenCalled();
      expect(one.mock.calls.length + 2 * two.mock.calls.length).toBe(passStates(cards) + 3);
    } finally {
      one.mockRestore();
      two.mockRestore();
    }
  });

  it('two cards with the same boxes filled but other upper totals share the states both reach', () => {
    const both = passStates([TURN5, TURN5_LOW]);
    expect(both).toBeLessThan(passStates([TURN5]) + passStates([TURN5_LOW]));
    expect(both).toBeGreaterThan(Math.max(passStates([TURN5]), passStates([TURN5_LOW])));
  });

  it.each([
    ['a worker that fails at once', () => new Worker('throw new Error("a broken worker")', { eval: true })],
    ['a worker that cannot start', () => {
      throw new Error('no threads here');
    }],
    ['a worker that exits without answering', () => new Worker('process.exit(3)', { eval: true })],
    ['a worker that never takes a level', () => new Worker("const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => {});", { eval: true })],
    [
      'a worker that joins a level, then exits',
      (job: WorkerJob) =>
        new Worker("const { parentPort, workerData } = require('node:worker_threads'); parentPort.on('message', () => { const g = Atomics.load(workerData.gate, 0); if (g >= 0 && g % 2 === 0) Atomics.compareExchange(workerData.gate, 0, g, g + 1); process.exit(3); });", { eval: true, workerData: job }),
    ],
  ])('%s: the pass is done in this thread, the same distributions', async (_what, start) => {
    const cards = [TURN5, TURN5_LOW];
    const got = await finalDistributions(table, undefined, cards, { threads: 2, start });
    expect(got.map(plain)).toEqual(oneByOne(cards));
  });
});

describe('finalDistributions: the shared memory of a pass on several threads is kept for the next', () => {
  const noWorker = () => {
    throw new Error('no threads here');
  };
  it('this thread alone: the next pass writes over the same chunks, and needs no more', async () => {
    const spare: Float32Array[] = [];
    const cards = [TURN5, TURN5_LOW];
    const first = await finalDistributions(table, undefined, cards, { threads: 2, start: noWorker, spare });
    const kept = new Set(spare);
    expect(kept.size).toBeGreaterThan(0);
    expect(spare.every((c) => c.buffer instanceof SharedArrayBuffer)).toBe(true);
    const second = await finalDistributions(table, undefined, cards, { threads: 2, start: noWorker, spare });
    expect(second.map(plain)).toEqual(first.map(plain));
    expect(new Set(spare)).toEqual(kept);
  });

  it('with a worker: its chunks come back too, and the distributions are the same', async () => {
    const spare: Float32Array[] = [];
    const cards = [TURN7, TURN5, TURN6, TURN5_LOW];
    const got = await finalDistributions(table, undefined, cards, { threads: 2, spare });
    expect(got.map(plain)).toEqual(oneByOne(cards));
    expect(spare.length).toBeGreaterThan(0);
    expect(spare.every((c) => c.buffer instanceof SharedArrayBuffer)).toBe(true);
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

describe('finalDistributions in every rule set: the shared pass gives each card its own distribution', () => {
  const upper = (pts: number[], more: Record<string, number> = {}): Card => ({ boxes: { aces: pts[0], twos: pts[1], threes: pts[2], fours: pts[3], fives: pts[4], ...more }, yahtzeeBonuses: 0 });
  it.each(['official', 'free-joker', 'spectrum', 'brazilian'] as const)('%s', async (rules) => {
    const cards = [upper([3, 6, 9, 12, 15]), upper([0, 2, 3, 4, 5]), upper([3, 6, 9, 12, 15], { sixes: 18 })];
    const sub = solveSubgame(rules, cards[0]);
    const got = await finalDistributions(sub, undefined, cards, { threads: 1 });
    expect(got.map(plain)).toEqual(cards.map((c) => plain(finalDistribution(sub, undefined, c))));
  });
});
