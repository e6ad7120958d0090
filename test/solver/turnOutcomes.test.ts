import { describe, expect, it } from 'vitest';
import { getRuleSet, type RuleSetId } from '../../src/engine/index.js';
import { TurnSolver, averageKeeps } from '../../src/solver/strategy/core.js';
import { solveSubgame } from '../../src/solver/index.js';
import { CHILD, FIVE_ALIKE, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from '../../src/solver/dice/multisets.js';
import type { RuleTables } from '../../src/solver/strategy/ruleTables.js';
import { levelsFrom } from '../../src/solver/strategy/solve.js';
import { FACE_COUNT, TurnOutcomes, type TurnOutcomeList } from '../../src/solver/outcomes/turnOutcomes.js';
import { cardWithOpen } from './helpers.js';

/*
 * The outcome calculator (turnOutcomes.ts) is quick by taking shortcuts: a roll starts from the best box it scores
 * 0 in and visits only the boxes it scores in, and only the rolls' keeps are traced back. Here it is held to the
 * plain calculation it replaced, outcome for outcome and bit for bit, over every state of late sub-games of each
 * rule set (with the Yahtzee box open, scored 0, and scored 50, so the Joker and the bonus are in).
 */

/** The outcome calculator as first written: every box tried for every roll, every keep's best sub-keep recorded. */
class ReferenceOutcomes {
  private readonly s0 = new Float64Array(KEEP_COUNT);
  private readonly a = new Float64Array(KEEP_COUNT);
  private readonly best = new Float64Array(KEEP_COUNT);
  private readonly arg1 = new Int32Array(KEEP_COUNT);
  private readonly arg2 = new Int32Array(KEEP_COUNT);
  private readonly scoreNext = new Int32Array(ROLL_COUNT);
  private readonly scoreGain = new Int32Array(ROLL_COUNT);
  private readonly scoreSlot = new Int32Array(ROLL_COUNT);
  private readonly scoreBox = new Int32Array(ROLL_COUNT);
  private readonly tmp = new Float64Array(6);
  private readonly mass = new Float64Array(KEEP_COUNT);
  private readonly mass2 = new Float64Array(KEEP_COUNT);
  private readonly slotOf = new Int32Array(16 * 512).fill(-1);
  private readonly list: TurnOutcomeList = { count: 0, next: new Int32Array(ROLL_COUNT), gain: new Int32Array(ROLL_COUNT), p: new Float64Array(ROLL_COUNT) };

  constructor(readonly t: RuleTables) {}

  /**
   * The outcomes of the turn starting in state (mask, up, flag) under the policy of `values` (a strategy table whose
   * later states are solved). The list returned is reused by the next call.
   */
  outcomes(values: Float64Array, mask: number, up: number, flag: number): TurnOutcomeList {
    this.scoreChoices(values, mask, up, flag);
    const { s0, a, best, arg1, arg2 } = this;
    a.set(s0);
    averageKeeps(a);
    bestKeepsArg(a, best, arg1);
    for (let r = 0; r < ROLL_COUNT; r++) a[r] = best[r];
    averageKeeps(a);
    bestKeepsArg(a, best, arg2);
    const m = this.mass;
    m.fill(0);
    for (let r = 0; r < ROLL_COUNT; r++) m[r] = ROLL_PROBABILITY[r];
    this.reroll(m, arg2);
    this.reroll(m, arg1);
    return this.collect(m);
  }

  /**
   * For every roll with no rolls left: the best box's value in s0, and where scoring it leads. Box by box over the
   * rolls (as TurnSolver.scoreLayer does), since a box's value depends on the roll only through its points.
   */
  private scoreChoices(values: Float64Array, mask: number, up: number, flag: number): void {
    const t = this.t;
    const n = t.boxCount;
    const U = t.upperSize;
    const yBox = t.yahtzeeBox;
    const s0 = this.s0;
    const box = this.scoreBox;
    const tmp = this.tmp;
    s0.fill(-Infinity, 0, ROLL_COUNT);
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b)) continue;
      const pts = t.points;
      const base = b * ROLL_COUNT;
      const face = t.upperFace[b];
      if (U > 1 && face > 0) {
        for (let k = 0; k <= 5; k++) tmp[k] = this.valueOf(values, mask, up, flag, b, k * face, 0);
        const fc = (face - 1) * ROLL_COUNT;
        for (let r = 0; r < ROLL_COUNT; r++) {
          const v = tmp[FACE_COUNT[fc + r]];
          if (v > s0[r]) {
            s0[r] = v;
            box[r] = b;
          }
        }
      } else if (b === yBox) {
        const c0 = this.valueOf(values, mask, up, flag, b, 0, 0);
        const cFull = this.valueOf(values, mask, up, flag, b, t.yahtzeeFull, 0) - t.yahtzeeFull;
        for (let r = 0; r < ROLL_COUNT; r++) {
          const p = pts[base + r];
          const v = p === t.yahtzeeFull ? p + cFull : p === 0 ? c0 : p + this.valueOf(values, mask, up, flag, b, p, 0) - p;
          if (v > s0[r]) {
            s0[r] = v;
            box[r] = b;
          }
        }
      } else {
        const c = this.valueOf(values, mask, up, flag, b, 0, 0);
        for (let r = 0; r < ROLL_COUNT; r++) {
          const v = pts[base + r] + c;
          if (v > s0[r]) {
            s0[r] = v;
            box[r] = b;
          }
        }
      }
    }
    for (let r = 0; r < ROLL_COUNT; r++) this.settle(mask, up, flag, r, box[r], t.points[box[r] * ROLL_COUNT + r], 0);
    if (yBox >= 0 && mask & (1 << yBox)) {
      // Five alike once the Yahtzee box is filled: the Joker decides the boxes and their points.
      for (let f = 1; f <= 6; f++) {
        const r = FIVE_ALIKE[f];
        const allowed = t.jokerAllowed[mask * 6 + f - 1] & ~mask;
        const extra = flag ? t.jokerBonus[f - 1] : 0;
        let best = -Infinity;
        let bestBox = -1;
        for (let b = 0; b < n; b++) {
          if (!(allowed & (1 << b))) continue;
          const v = this.valueOf(values, mask, up, flag, b, t.jokerPoints[(f - 1) * n + b], extra);
          if (v > best) {
            best = v;
            bestBox = b;
          }
        }
        s0[r] = best;
        this.settle(mask, up, flag, r, bestBox, t.jokerPoints[(f - 1) * n + bestBox], extra);
      }
    }
  }

  /** The value of scoring `pts` (and `extra` bonus points) in box b: the points, any upper bonus, and the future. */
  private valueOf(values: Float64Array, mask: number, up: number, flag: number, b: number, pts: number, extra: number): number {
    this.step(mask, up, flag, b, pts, extra);
    return this.stepGain + values[this.stepNext];
  }

  private stepNext = 0;
  private stepGain = 0;

  /** Where scoring `pts` in box b leads (stepNext) and the points it adds with the bonuses (stepGain). */
  private step(mask: number, up: number, flag: number, b: number, pts: number, extra: number): void {
    const t = this.t;
    let nu = up;
    let gain = pts + extra;
    if (t.upperSize > 1 && t.upperFace[b] > 0) {
      nu = Math.min(t.threshold, up + pts);
      if (up < t.threshold && nu >= t.threshold) gain += t.upperBonus;
    }
    const nf = b === t.yahtzeeBox ? (t.flagSize > 1 && pts === t.yahtzeeFull ? 1 : 0) : flag;
    this.stepNext = ((mask | (1 << b)) * t.upperSize + nu) * t.flagSize + nf;
    this.stepGain = gain;
  }

  /** Records roll r's choice: box b for `pts` points. */
  private settle(mask: number, up: number, flag: number, r: number, b: number, pts: number, extra: number): void {
    this.step(mask, up, flag, b, pts, extra);
    this.scoreNext[r] = this.stepNext;
    this.scoreGain[r] = this.stepGain;
    this.scoreSlot[r] = b * 512 + this.stepGain;
  }

  /** Moves the chances of the rolls in m[0..ROLL_COUNT) through one reroll with the keeps `arg`. */
  private reroll(m: Float64Array, arg: Int32Array): void {
    const k = this.mass2;
    k.fill(0);
    for (let r = 0; r < ROLL_COUNT; r++) k[arg[r]] += m[r];
    for (let i = KEEP_COUNT - 1; i >= ROLL_COUNT; i--) {
      const v = k[i] / 6;
      if (v === 0) continue;
      const c = i * 6;
      for (let f = 0; f < 6; f++) k[CHILD[c + f]] += v;
    }
    for (let r = 0; r < ROLL_COUNT; r++) m[r] = k[r];
  }

  private collect(m: Float64Array): TurnOutcomeList {
    const list = this.list;
    const slotOf = this.slotOf;
    list.count = 0;
    for (let r = 0; r < ROLL_COUNT; r++) {
      const p = m[r];
      if (p === 0) continue;
      const slot = this.scoreSlot[r];
      let j = slotOf[slot];
      if (j < 0) {
        j = list.count++;
        slotOf[slot] = j;
        list.next[j] = this.scoreNext[r];
        list.gain[j] = this.scoreGain[r];
        list.p[j] = 0;
      }
      list.p[j] += p;
    }
    for (let r = 0; r < ROLL_COUNT; r++) slotOf[this.scoreSlot[r]] = -1;
    return list;
  }
}

/** out[k] = the largest a[j] over the sub-multisets j of k, and arg[k] = that j (k itself on a tie, then the first parent's). */
function bestKeepsArg(a: Float64Array, out: Float64Array, arg: Int32Array): void {
  for (const g of PARENT_GROUPS) {
    const members = g.members;
    const par = g.parentsOf;
    const d = g.parents;
    const len = members.length;
    if (d === 0) {
      for (let k = 0; k < len; k++) {
        const i = members[k];
        out[i] = a[i];
        arg[i] = i;
      }
      continue;
    }
    for (let k = 0, p = 0; k < len; k++, p += d) {
      const i = members[k];
      let m = a[i];
      let at = i;
      for (let q = p; q < p + d; q++) {
        const j = par[q];
        const y = out[j];
        if (y > m) {
          m = y;
          at = arg[j];
        }
      }
      out[i] = m;
      arg[i] = at;
    }
  }
}

/** The outcomes as sorted text, "next/gain/chance", to compare two lists whatever their order. */
function text(list: TurnOutcomeList): string[] {
  return Array.from({ length: list.count }, (_, j) => `${list.next[j]}/${list.gain[j]}/${list.p[j]}`).sort();
}

const CASES: { rules: RuleSetId; open: string[]; yahtzee?: number }[] = [
  { rules: 'official', open: ['aces', 'threes', 'sixes', 'yahtzee', 'chance'] },
  { rules: 'official', open: ['twos', 'fours', 'threeOfAKind', 'smallStraight', 'chance'], yahtzee: 50 },
  { rules: 'official', open: ['aces', 'sixes', 'fourOfAKind', 'largeStraight', 'fullHouse'], yahtzee: 0 },
  { rules: 'free-joker', open: ['aces', 'threes', 'fourOfAKind', 'largeStraight', 'chance'], yahtzee: 50 },
  { rules: 'free-joker', open: ['fives', 'sixes', 'fullHouse', 'yahtzee', 'smallStraight'] },
];

describe('the outcomes of a turn under the mean-optimal policy', () => {
  for (const rs of ['spectrum', 'brazilian'] as RuleSetId[]) {
    const boxes = getRuleSet(rs).boxes.map((b) => b.id);
    CASES.push({ rules: rs, open: boxes.filter((_, i) => i % 2 === 0).slice(0, 5) });
  }
  for (const c of CASES) {
    it(`are the plain calculation's, bit for bit, in every state of ${c.rules} with ${c.open.join(', ')} open${c.yahtzee === undefined ? '' : ` (Yahtzee ${c.yahtzee})`}`, () => {
      const filled: Record<string, number> = c.yahtzee === undefined ? {} : { yahtzee: c.yahtzee };
      const table = solveSubgame(c.rules, cardWithOpen(c.rules, c.open, filled));
      const t = table.tables;
      const quick = new TurnOutcomes(t);
      const plain = new ReferenceOutcomes(t);
      const solver = new TurnSolver(t);
      let states = 0;
      for (const level of levelsFrom(t.boxCount, table.baseMask)) {
        for (const mask of level) {
          if (mask === (1 << t.boxCount) - 1) continue;
          for (let flag = 0; flag < solver.flagsOf(mask); flag++) {
            for (const up of solver.reachableUps(mask)) {
              const a = text(quick.outcomes(table.values, mask, up, flag));
              const b = text(plain.outcomes(table.values, mask, up, flag));
              if (a.join() !== b.join()) expect({ mask, up, flag, outcomes: a }).toEqual({ mask, up, flag, outcomes: b });
              states++;
            }
          }
        }
      }
      expect(states).toBeGreaterThan(20);
    });
  }
});
