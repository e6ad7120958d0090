import type { rankOptions } from './advice.js';
import type { luckOfGame } from './luck.js';
import type { chooseMove } from './policy.js';
import type { reviewDecisions, totalLoss } from './review.js';

/*
 * The game's controller is loaded before the solver (its first frame needs none of it) but calls the solver
 * synchronously once it has a strategy table. Every table is made by the solver (workers/load.ts), which links these
 * functions first: whoever holds a table can call them.
 */

/** The solver functions the game calls with a strategy table at hand. */
export interface TableSolver {
  readonly chooseMove: typeof chooseMove;
  readonly rankOptions: typeof rankOptions;
  readonly reviewDecisions: typeof reviewDecisions;
  readonly totalLoss: typeof totalLoss;
  readonly luckOfGame: typeof luckOfGame;
}

let linked: TableSolver | undefined;

/** Makes the functions available to tableSolver (the solver does so before it hands out a table). */
export function linkTableSolver(solver: TableSolver): void {
  linked = solver;
}

/** The solver's table functions; throws when no table was made yet (the solver is not loaded then). */
export function tableSolver(): TableSolver {
  if (linked === undefined) throw new Error('the solver is not loaded: a strategy table must come from it first');
  return linked;
}
