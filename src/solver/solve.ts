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

/** How many states a solve from `base` computes (for a progress bar). */
export function statesToSolve(t: RuleTables, base: number): number {
  const solver = new TurnSolver(t);
  let total = 0;
  for (const level of levelsFrom(t.boxCount, base)) for (const m of level) total += solver.statesComputed(m);
  return total;
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
