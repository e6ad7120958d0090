import { describe, expect, it } from 'vitest';
import { TurnSolver, turnFromScores } from '../../src/solver/strategy/core.js';
import { turnKernel } from '../../src/solver/wasm/turnKernel.js';
import { ROLL_COUNT } from '../../src/solver/dice/multisets.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { levelsFrom } from '../../src/solver/strategy/solve.js';
import { stateCount, stateOfCard } from '../../src/solver/strategy/state.js';
import { KERNEL_SUBGAMES, cardWithOpen } from './helpers.js';

// The strategy table's WebAssembly turn (scores, then the keep pass) must give exactly what the JavaScript loops
// give, in both lanes.
describe('the turn kernel', () => {
  const cases = [
    { label: 'spread-out values', scale: 100, whole: false },
    { label: 'small whole numbers (many ties)', scale: 4, whole: true },
    { label: 'values near 250', scale: 1e-9, whole: false, offset: 250 },
  ];
  for (const { label, scale, whole, offset = 0 } of cases) {
    it(`gives each lane the turn value turnFromScores gives, bit for bit: ${label}`, () => {
      const k = turnKernel();
      let seed = 12345 + scale;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const draw = () => offset + (whole ? Math.floor(random() * scale) : random() * scale);
      for (let trial = 0; trial < 50; trial++) {
        const lanes = [Float64Array.from({ length: ROLL_COUNT }, draw), Float64Array.from({ length: ROLL_COUNT }, draw)];
        for (let r = 0; r < ROLL_COUNT; r++) [k.scores[2 * r], k.scores[2 * r + 1]] = [lanes[0][r], lanes[1][r]];
        k.run();
        expect([k.values[0], k.values[1]]).toEqual([turnFromScores(lanes[0]).value, turnFromScores(lanes[1]).value]);
      }
    });
  }
});

// Late sub-games of each rule set (helpers.ts), every state solved by the kernel two at a time (its scores and its
// keep pass) and by the JavaScript loops one at a time.
describe('solving a mask with the turn kernel', () => {
  for (const { rules, open, filled } of KERNEL_SUBGAMES) {
    it(`gives the same table, bit for bit, as one state at a time without it: ${rules} with ${open.join(', ')} open`, () => {
      const t = ruleTables(rules);
      const base = stateOfCard(t, cardWithOpen(rules, open, filled)).mask;
      const solver = new TurnSolver(t);
      const withKernel = new Float64Array(stateCount(t));
      const without = new Float64Array(stateCount(t));
      let computed = 0;
      for (const level of levelsFrom(t.boxCount, base)) {
        for (const m of level) {
          computed += solver.solveMask(withKernel, m);
          expect(solver.solveMask(without, m, false)).toBe(solver.statesComputed(m));
        }
      }
      expect(computed).toBeGreaterThan(20);
      expect(Buffer.from(withKernel.buffer).equals(Buffer.from(without.buffer))).toBe(true);
    });
  }
});
