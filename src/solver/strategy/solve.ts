import { TurnSolver } from './core.js';
import { popcount, stateCount } from './state.js';
import type { RuleTables } from './ruleTables.js';

/** The masks that contain `base`, grouped by the number of filled boxes, most filled first (backward induction). */
export function levelsFrom(boxCount: number, base: number): number[][] {
  const levels: number[][] = Array.from({ length: boxCount + 1 }, () => []);
  const all = (1 << boxCount) - 1;
  const free = all & ~base;
  // Every subset of the open boxes, added to base.
  for (let sub = free; ; sub = (sub - 1) & free) {
    levels[popcount(base | sub)].push(base | sub);
    if (sub === 0) break;
  }
  return levels.reverse().filter((l) => l.length > 0);
}

/**
 * How many states a solve from `base` computes (for a progress bar): the sum of statesComputed over the masks that
 * contain `base`. A mask's count is its upper totals (a function of its upper boxes) times its flags (a function of
 * the others), 0 for the full mask, so the sum is a product of two short sums less the full mask's term.
 */
export function statesToSolve(t: RuleTables, base: number): number {
  const solver = new TurnSolver(t);
  const all = (1 << t.boxCount) - 1;
  let upperBits = 0;
  for (let b = 0; b < t.boxCount; b++) if (t.upperFace[b] > 0) upperBits |= 1 << b;
  const subsetsSum = (bits: number, count: (mask: number) => number): number => {
    const free = bits & ~base;
    let sum = 0;
    for (let sub = free; ; sub = (sub - 1) & free) {
      sum += count((base & bits) | sub);
      if (sub === 0) return sum;
    }
  };
  const ups = subsetsSum(upperBits, (m) => solver.upperTotalsComputed(m));
  const flags = subsetsSum(all & ~upperBits, (m) => solver.flagsOf(m));
  return ups * flags - solver.upperTotalsComputed(all) * solver.flagsOf(all);
}

/**
 * Solves, in this thread, every state whose filled boxes include `base` (0: the whole game).
 * Values for masks not containing `base` stay 0 and must not be read.
 */
export function solveInThread(t: RuleTables, base = 0, onStates?: (done: number) => void): Float64Array {
  const values = new Float64Array(new SharedArrayBuffer(stateCount(t) * Float64Array.BYTES_PER_ELEMENT));
  const solver = new TurnSolver(t);
  let done = 0;
  for (const level of levelsFrom(t.boxCount, base)) {
    for (const m of level) done += solver.solveMask(values, m);
    onStates?.(done);
  }
  return values;
}
