/**
 * A fault while the review is worked out is a bug: it reaches the caller (and in the game the crash handler, which
 * saves and reports), never the screen as "no review: ...". Before, a catch-all in reviewView turned it into that line.
 */
import { describe, expect, it, vi } from 'vitest';
import { reviewView } from '../../src/view/index.js';
import type { StrategyTable } from '../../src/solver/index.js';
import { finishGame, start } from '../app/helpers.js';

vi.mock('../../src/solver/strategy/state.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/solver/strategy/state.js')>()),
  tableFor: () => true,
}));

vi.mock('../../src/solver/play/tableSolver.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/solver/play/tableSolver.js')>()),
  tableSolver: () => ({
    reviewDecisions: () => {
      throw new Error('injected review fault');
    },
    totalLoss: () => 0,
  }),
}));

describe('the review after a game', () => {
  it('lets an exception through instead of showing it as a waiting line', () => {
    const over = finishGame(start({ players: 1 }));
    expect(over.game?.phase).toBe('gameOver');
    // A stand-in table of the game's rule set: the review is asked for, and the injected fault is what it meets.
    const table = { rules: over.game!.rules, values: new Float64Array(0) } as unknown as StrategyTable;
    expect(() => reviewView(over, table)).toThrow('injected review fault');
  });
});
