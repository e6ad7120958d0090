import { describe, expect, it } from 'vitest';
import { getRuleSet } from '../../src/engine/index.js';
import { tableSolver } from '../../src/solver/play/tableSolver.js';
import { cardWithOpen, dice } from './helpers.js';

describe('the solver for code loaded before it (the game controller)', () => {
  it('its table functions are there once the solver has made a table, and not before', async () => {
    expect(() => tableSolver()).toThrow(/not loaded/);
    const solver = await import('../../src/solver/index.js');
    // Loading the solver is not enough: the functions are linked when it makes a table.
    expect(() => tableSolver()).toThrow(/not loaded/);
    const card = cardWithOpen('official', ['chance', 'sixes']);
    const table = solver.solveSubgame('official', card);
    const linked = tableSolver();
    expect([linked.chooseMove, linked.rankOptions, linked.reviewDecisions, linked.totalLoss]).toEqual([
      solver.chooseMove,
      solver.rankOptions,
      solver.reviewDecisions,
      solver.totalLoss,
    ]);
    expect(linked.rankOptions(table, getRuleSet('official'), card, dice('6 6 6 2 3'), 0)[0]).toMatchObject({ kind: 'score', box: 'sixes', points: 18 });
  });
});
