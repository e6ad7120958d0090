import { describe, expect, it } from 'vitest';
import { TurnSolver } from '../../src/solver/strategy/core.js';
import { solveSubgame } from '../../src/solver/index.js';
import { type KernelEntry, outcomeKernel } from '../../src/solver/wasm/outcomeKernel.js';
import { ROLL_COUNT } from '../../src/solver/dice/multisets.js';
import { levelsFrom } from '../../src/solver/strategy/solve.js';
import { TurnOutcomes, type TurnOutcomeList } from '../../src/solver/outcomes/turnOutcomes.js';
import { KERNEL_SUBGAMES, cardWithOpen } from './helpers.js';

/*
 * The turn outcomes two at a time in the WebAssembly kernel's lanes (outcomeKernel.ts) must be the JavaScript
 * loops' one at a time, outcome for outcome, in the same order and bit for bit, over every state of late sub-games
 * of each rule set (upper boxes, the Yahtzee box open or filled with 0 or its full points, so the Joker and the bonus
 * are in; whole-number values, so many keeps tie).
 */

const listed = (l: TurnOutcomeList) => Array.from({ length: l.count }, (_, j) => [l.next[j], l.gain[j], l.p[j]]);

describe('the turn outcome kernel', () => {
  for (const g of KERNEL_SUBGAMES) {
    it(`gives each lane the JavaScript's outcomes, bit for bit, in every state of ${g.rules} with ${g.open.join(', ')} open`, () => {
      const table = solveSubgame(g.rules, cardWithOpen(g.rules, g.open, g.filled ?? {}));
      const t = table.tables;
      const paired = new TurnOutcomes(t);
      const plain = new TurnOutcomes(t, false);
      const solver = new TurnSolver(t);
      let pairs = 0;
      for (const level of levelsFrom(t.boxCount, table.baseMask)) {
        for (const mask of level) {
          if (mask === (1 << t.boxCount) - 1) continue;
          const states: [up: number, flag: number][] = [];
          for (let flag = 0; flag < solver.flagsOf(mask); flag++) for (const up of solver.reachableUps(mask)) states.push([up, flag]);
          const expected = states.map(([up, flag]) => listed(plain.outcomes(table.values, mask, up, flag)));
          // Each state beside the next (across the flags too), the last beside the first, and each beside itself.
          for (let i = 0; i < states.length; i++) {
            for (const j of [(i + 1) % states.length, i]) {
              const [x, y] = paired.outcomesTwo(table.values, mask, ...states[i], ...states[j]);
              const got = [listed(x), listed(y)];
              if (JSON.stringify(got) !== JSON.stringify([expected[i], expected[j]])) expect({ mask, states: [states[i], states[j]], got }).toEqual({ mask, states: [states[i], states[j]], got: [expected[i], expected[j]] });
              pairs++;
            }
          }
        }
      }
      expect(pairs).toBeGreaterThan(40);
    });
  }

  it('scores the rolls as scoreChoices does, ties included: a box replaces a roll\'s when worth more, or as much and it comes first', () => {
    const k = outcomeKernel();
    let seed = 99;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    // Five boxes with overlapping lists; small whole numbers, so that values tie often.
    const lists: KernelEntry[][] = Array.from({ length: 5 }, (_, b) =>
      Array.from({ length: 60 }, (_, j) => ({ roll: (b * 37 + j * 3) % ROLL_COUNT, future: random(6), points: b % 2 ? random(4) : -0 })).filter((e, j, all) => all.findIndex((x) => x.roll === e.roll) === j),
    );
    k.layout(lists);
    for (let trial = 0; trial < 40; trial++) {
      const mask = random(32) & ~1;
      k.open(mask);
      const zero = [random(5), random(5)];
      const zeroBox = [random(6) - 1, random(6) - 1];
      for (let lane = 0; lane < 2; lane++) {
        k.zero[lane] = zero[lane];
        k.zeroBox[2 * lane] = zeroBox[lane];
        k.zeroBox[2 * lane + 1] = zeroBox[lane] < 0 ? -1 : 0;
      }
      for (let i = 0; i < k.futures.length; i++) k.futures[i] = random(5);
      k.score();
      for (let lane = 0; lane < 2; lane++) {
        const s = new Array<number>(ROLL_COUNT).fill(zero[lane]);
        const box = new Array<number>(ROLL_COUNT).fill(zeroBox[lane]);
        lists.forEach((list, b) => {
          if (mask & (1 << b)) return;
          for (const { roll: r, future, points } of list) {
            const v = points + k.futures[2 * (6 * b + future) + lane];
            if (v > s[r] || (v === s[r] && b < box[r])) [s[r], box[r]] = [v, b];
          }
        });
        expect(Array.from({ length: ROLL_COUNT }, (_, r) => [k.scores[2 * r + lane], k.boxes[4 * r + 2 * lane]])).toEqual(s.map((v, r) => [v, box[r]]));
      }
    }
  });

  it('gives the same outcomes without the kernel (the JavaScript loops, two lists)', () => {
    const table = solveSubgame('official', cardWithOpen('official', ['aces', 'yahtzee', 'chance'], {}));
    const plain = new TurnOutcomes(table.tables, false);
    const mask = table.baseMask;
    const one = [listed(plain.outcomes(table.values, mask, 0, 0)), listed(plain.outcomes(table.values, mask, 2, 0))];
    const [x, y] = plain.outcomesTwo(table.values, mask, 0, 0, 2, 0);
    expect([listed(x), listed(y)]).toEqual(one);
    expect(one[0]).not.toEqual(one[1]);
  });
});
