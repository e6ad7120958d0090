import { describe, expect, it } from 'vitest';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { TurnSolver } from '../../src/solver/strategy/core.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { levelsFrom, statesToSolve } from '../../src/solver/strategy/solve.js';
import { stateCount } from '../../src/solver/strategy/state.js';

// statesToSolve counts by a product of two short sums; it must give the sum over every mask of what solveMask computes.
describe('the states a solve computes (statesToSolve)', () => {
  const bases = [
    { label: 'the whole game', base: 0 },
    { label: 'from the first box filled', base: 0b1 },
    { label: 'from the first and last boxes filled', base: 0b1000000000001 },
    { label: 'from some upper and lower boxes filled', base: 0b0100000100110 },
    { label: 'from a full card', base: 0b1111111111111 },
  ];
  for (const rules of RULE_SET_IDS) {
    for (const { label, base } of bases) {
      it(`${rules}, ${label}: the sum of statesComputed mask by mask, and what solveMask reports`, () => {
        const t = ruleTables(rules);
        const solver = new TurnSolver(t);
        let counted = 0;
        for (const level of levelsFrom(t.boxCount, base)) for (const m of level) counted += solver.statesComputed(m);
        expect(statesToSolve(t, base)).toBe(counted);
        if (base === 0b0100000100110) {
          const values = new Float64Array(stateCount(t));
          let solved = 0;
          for (const level of levelsFrom(t.boxCount, base)) for (const m of level) solved += solver.solveMask(values, m);
          expect(solved).toBe(counted);
        }
      });
    }
  }
});
