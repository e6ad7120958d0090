import { averageKeeps, bestKeeps } from '../strategy/core.js';
import { CHILD, COUNTS, FIVE_ALIKE, KEEP_COUNT, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { type OutcomeKernel, outcomeKernel } from '../wasm/outcomeKernel.js';
import type { RuleTables } from '../strategy/ruleTables.js';

/*
 * One turn under the mean-optimal policy of a strategy table, as a chance distribution over how it ends: which state
 * the next turn starts in and how many points (box, upper bonus, Yahtzee bonus) the turn adds. The policy is the
 * table's (the choice of the highest expected final score at every step; among equal values, the first box in the
 * rule set's order, and keeping more dice), and the chances follow the dice through both rerolls.
 */

/** FACE_COUNT[(f - 1) * ROLL_COUNT + r]: how many dice of roll r show f. */
export const FACE_COUNT: Uint8Array = (() => {
  const out = new Uint8Array(6 * ROLL_COUNT);
  for (let f = 1; f <= 6; f++) for (let r = 0; r < ROLL_COUNT; r++) out[(f - 1) * ROLL_COUNT + r] = COUNTS[r * 7 + f];
  return out;
})();

/** A turn's outcomes: `count` pairs of (next state, points gained) with their chances, in `next`, `gain`, `p`. */
export interface TurnOutcomeList {
  count: number;
  readonly next: Int32Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
}

/** The outcome calculator for one rule set, with its scratch space (one per thread). */
export class TurnOutcomes {
  private readonly a = new Float64Array(KEEP_COUNT);
  private readonly best = new Float64Array(KEEP_COUNT);
  private readonly arg1 = new Int32Array(KEEP_COUNT);
  private readonly arg2 = new Int32Array(KEEP_COUNT);
  private readonly mass = new Float64Array(KEEP_COUNT);
  private readonly mass2 = new Float64Array(KEEP_COUNT);
  /** One turn's choices and outcomes each (the kernel's two lanes; the JavaScript uses the first for one turn). */
  private readonly lanes: readonly [Lane, Lane];
  /** Per (box, points) key, b * 512 + points, its place in the list being gathered (EMPTY: none); bytes, so that it stays in the cache. */
  private readonly slotOf = new Uint8Array(16 * 512).fill(EMPTY);
  /** The slotOf key of each outcome in the list. */
  private readonly keys = new Int32Array(ROLL_COUNT);
  /** Per box, the rolls that score more than 0 there (Joker aside), and whether some roll scores 0 there. */
  private readonly hitRolls: Int32Array[] = [];
  private readonly canZero: boolean[] = [];
  private readonly upperKind: boolean[] = [];
  /**
   * Per box b and roll r, at b * ROLL_COUNT + r: which of the box's (next state, points) pairs scoring r there takes
   * (the dice of its face for an upper box, 1 for the Yahtzee box's full points, else 0), and the points it adds to
   * the pair's.
   */
  private readonly pairOf: Uint8Array;
  private readonly pointsOf: Int32Array;
  private readonly kernel: OutcomeKernel | null;
  /** The Yahtzee box's points other than 0, each the kernel's future of that number (score in the kernel needs at most 6). */
  private readonly yahtzeePoints: number[] = [];
  private readonly scoreInKernel: boolean;
  /** The mask whose open boxes the kernel holds. */
  private openMask = -1;

  /** With `useKernel` false, only the JavaScript loops (the kernel's test oracle). */
  constructor(
    readonly t: RuleTables,
    useKernel = true,
  ) {
    const k = useKernel ? outcomeKernel() : null;
    this.kernel = k;
    // With the kernel, the lanes' pairs and lists are in its memory, where it reads and writes them.
    this.lanes = k ? [newLane(k, 0), newLane(k, 1)] : [newLane(), newLane()];
    this.pairOf = new Uint8Array(t.boxCount * ROLL_COUNT);
    this.pointsOf = new Int32Array(t.boxCount * ROLL_COUNT);
    for (let b = 0; b < t.boxCount; b++) {
      const rolls: number[] = [];
      for (let r = 0; r < ROLL_COUNT; r++) if (t.points[b * ROLL_COUNT + r] > 0) rolls.push(r);
      this.hitRolls.push(Int32Array.from(rolls));
      this.canZero.push(rolls.length < ROLL_COUNT);
      const upper = t.upperSize > 1 && t.upperFace[b] > 0;
      this.upperKind.push(upper);
      for (let r = 0; r < ROLL_COUNT; r++) {
        const i = b * ROLL_COUNT + r;
        if (upper) this.pairOf[i] = FACE_COUNT[(t.upperFace[b] - 1) * ROLL_COUNT + r];
        else {
          this.pairOf[i] = b === t.yahtzeeBox && t.points[i] === t.yahtzeeFull ? 1 : 0;
          this.pointsOf[i] = t.points[i];
        }
        if (b === t.yahtzeeBox && t.points[i] > 0 && !this.yahtzeePoints.includes(t.points[i])) this.yahtzeePoints.push(t.points[i]);
      }
    }
    this.scoreInKernel = k !== null && this.yahtzeePoints.length <= 6 && t.boxCount <= 16;
    if (this.scoreInKernel) {
      k!.layoutPairs(this.pairOf, this.pointsOf);
      // Each box's rolls: an upper box's future by the dice of its face, the Yahtzee box's by its points, plus -0
      // (the future itself); any other box's one future plus its points.
      k!.layout(
        this.hitRolls.map((rolls, b) =>
          Array.from(rolls, (roll) => {
            const pts = t.points[b * ROLL_COUNT + roll];
            if (this.upperKind[b]) return { roll, future: FACE_COUNT[(t.upperFace[b] - 1) * ROLL_COUNT + roll], points: -0 };
            if (b === t.yahtzeeBox) return { roll, future: this.yahtzeePoints.indexOf(pts), points: -0 };
            return { roll, future: 0, points: pts };
          }),
        ),
      );
    }
  }

  /**
   * The outcomes of the turn starting in state (mask, up, flag) under the policy of `values` (a strategy table whose
   * later states are solved). The list returned is reused by the next call.
   */
  outcomes(values: Float64Array, mask: number, up: number, flag: number): TurnOutcomeList {
    return this.outcomesHere(this.lanes[0], values, mask, up, flag);
  }

  /** outcomes with the JavaScript loops, into `lane`'s list. */
  private outcomesHere(lane: Lane, values: Float64Array, mask: number, up: number, flag: number): TurnOutcomeList {
    const { a, best, arg1, arg2 } = this;
    // The rolls' values with no rolls left in a, the keeps' with one roll left from them; the best of each roll (and
    // keep) in best. Then the same from best's rolls with two rolls left, into a (the keeps of the first pass are
    // not needed again).
    this.scoreChoices(lane, a, values, mask, up, flag);
    averageKeeps(a);
    bestKeeps(a, best, arg1);
    averageKeeps(best);
    bestKeeps(best, a, arg2);
    this.reroll(ROLL_PROBABILITY, arg2, this.mass);
    this.reroll(this.mass, arg1, this.mass2);
    return this.collect(lane, this.mass2, 1, 0, lane.scoreBox, 1, 0, mask, up, flag);
  }

  /**
   * The outcomes of the rest of a turn in state (mask, up, flag) from the dice `roll` (a roll index) with `rollsLeft`
   * rolls left (0-2), under the same policy as outcomes: with 2 rolls left from the first roll, outcomes' list is the
   * mix of these over the first roll's chances. The list returned is reused by the next call.
   */
  outcomesAfter(values: Float64Array, mask: number, up: number, flag: number, roll: number, rollsLeft: 0 | 1 | 2): TurnOutcomeList {
    const lane = this.lanes[0];
    const { a, best, arg1, arg2, mass, mass2 } = this;
    this.scoreChoices(lane, a, values, mask, up, flag);
    const here = new Float64Array(ROLL_COUNT);
    here[roll] = 1;
    if (rollsLeft === 0) return this.collect(lane, here, 1, 0, lane.scoreBox, 1, 0, mask, up, flag);
    averageKeeps(a);
    bestKeeps(a, best, arg1);
    if (rollsLeft === 1) {
      this.reroll(here, arg1, mass2);
      return this.collect(lane, mass2, 1, 0, lane.scoreBox, 1, 0, mask, up, flag);
    }
    averageKeeps(best);
    bestKeeps(best, a, arg2);
    this.reroll(here, arg2, mass);
    this.reroll(mass, arg1, mass2);
    return this.collect(lane, mass2, 1, 0, lane.scoreBox, 1, 0, mask, up, flag);
  }

  /**
   * The outcomes of two turns with the same boxes filled, (mask, up0, flag0) and (mask, up1, flag1), as outcomes
   * gives them, in two lists reused by the next call (of either method): in the kernel's two lanes where there is
   * one, else one after the other.
   */
  outcomesTwo(values: Float64Array, mask: number, up0: number, flag0: number, up1: number, flag1: number): readonly [TurnOutcomeList, TurnOutcomeList] {
    const [first, second] = this.lanes;
    const k = this.kernel;
    // Without the kernel (the tests' oracle), or a rule set its scoring has no room for: one turn after the other.
    if (!k || !this.scoreInKernel) return [this.outcomesHere(first, values, mask, up0, flag0), this.outcomesHere(second, values, mask, up1, flag1)];
    const scores = k.scores;
    if (mask !== this.openMask) {
      k.open(mask);
      this.openMask = mask;
    }
    this.kernelScores(first, 0, values, mask, up0, flag0);
    this.kernelScores(second, 1, values, mask, up1, flag1);
    k.score();
    const t = this.t;
    const yBox = t.yahtzeeBox;
    const jokers = yBox >= 0 && (mask & (1 << yBox)) !== 0;
    if (jokers) {
      const boxes = k.boxes;
      for (let lane = 0; lane < 2; lane++) {
        const up = lane ? up1 : up0;
        const flag = lane ? flag1 : flag0;
        for (let f = 1; f <= 6; f++) {
          const r = FIVE_ALIKE[f];
          this.jokerChoice(values, mask, up, flag, f);
          const b = this.jokerBox;
          scores[2 * r + lane] = this.jokerValue;
          boxes[4 * r + 2 * lane] = b;
          boxes[4 * r + 2 * lane + 1] = b < 0 ? -1 : 0;
          if (b < 0) continue;
          this.step(mask, up, flag, b, t.jokerPoints[(f - 1) * t.boxCount + b], flag ? t.jokerBonus[f - 1] : 0);
          k.jokerNext[lane][f] = this.stepNext;
          k.jokerGain[lane][f] = this.stepGain;
        }
      }
    }
    k.run();
    first.list.count = k.collect(0, jokers);
    second.list.count = k.collect(1, jokers);
    return [first.list, second.list];
  }

  /** The open boxes' futures and the best zero-point choice of a turn, in the kernel's lane, for its score. */
  private kernelScores(lane: Lane, at: number, values: Float64Array, mask: number, up: number, flag: number): void {
    const t = this.t;
    const k = this.kernel!;
    const fut = k.futures;
    const bv = lane.boxValue;
    this.boxValues(lane, values, mask, up, flag);
    for (let b = 0; b < t.boxCount; b++) {
      if (mask & (1 << b)) continue;
      const base = 2 * 6 * b + at;
      if (this.upperKind[b]) for (let j = 0; j <= 5; j++) fut[base + 2 * j] = bv[6 * b + j];
      else if (b === t.yahtzeeBox) {
        // As scoreChoices values a roll there: its points plus the future after them, less the points.
        const full = t.yahtzeeFull;
        const cFull = this.valueOf(values, mask, up, flag, b, full, 0) - full;
        this.yahtzeePoints.forEach((p, j) => (fut[base + 2 * j] = p === full ? p + cFull : p + this.valueOf(values, mask, up, flag, b, p, 0) - p));
      } else fut[base] = bv[6 * b];
    }
    k.zero[at] = this.zero;
    k.zeroBox[2 * at] = this.zeroBox;
    k.zeroBox[2 * at + 1] = this.zeroBox < 0 ? -1 : 0;
  }

  /**
   * For every roll with no rolls left: the best box's value in a (s0 below) and the box in scoreBox (the first in the rule
   * set's order among equal values). Every roll starts from the best box it would score 0 in, and only the rolls that
   * score in a box are visited for it: a box is never worth less for scoring more (the future is never worse with a
   * higher upper total or the Yahtzee box's full points), so the best of every box's 0 is at most a roll's best.
   */
  private scoreChoices(lane: Lane, s0: Float64Array, values: Float64Array, mask: number, up: number, flag: number): void {
    const t = this.t;
    const n = t.boxCount;
    const yBox = t.yahtzeeBox;
    const box = lane.scoreBox;
    const bv = lane.boxValue;
    const pts = t.points;
    this.boxValues(lane, values, mask, up, flag);
    const zero = this.zero;
    const zeroBox = this.zeroBox;
    for (let r = 0; r < ROLL_COUNT; r++) {
      s0[r] = zero;
      box[r] = zeroBox;
    }
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b)) continue;
      const rolls = this.hitRolls[b];
      const len = rolls.length;
      const at = b * 6;
      const base = b * ROLL_COUNT;
      if (this.upperKind[b]) {
        const fc = (t.upperFace[b] - 1) * ROLL_COUNT;
        for (let j = 0; j < len; j++) {
          const r = rolls[j];
          const v = bv[at + FACE_COUNT[fc + r]];
          if (v > s0[r] || (v === s0[r] && b < box[r])) {
            s0[r] = v;
            box[r] = b;
          }
        }
      } else if (b === yBox) {
        const full = t.yahtzeeFull;
        const cFull = this.valueOf(values, mask, up, flag, b, full, 0) - full;
        for (let j = 0; j < len; j++) {
          const r = rolls[j];
          const p = pts[base + r];
          const v = p === full ? p + cFull : p + this.valueOf(values, mask, up, flag, b, p, 0) - p;
          if (v > s0[r] || (v === s0[r] && b < box[r])) {
            s0[r] = v;
            box[r] = b;
          }
        }
      } else {
        const c = bv[at];
        for (let j = 0; j < len; j++) {
          const r = rolls[j];
          const v = pts[base + r] + c;
          if (v > s0[r] || (v === s0[r] && b < box[r])) {
            s0[r] = v;
            box[r] = b;
          }
        }
      }
    }
    if (yBox >= 0 && mask & (1 << yBox)) {
      for (let f = 1; f <= 6; f++) {
        const r = FIVE_ALIKE[f];
        this.jokerChoice(values, mask, up, flag, f);
        s0[r] = this.jokerValue;
        box[r] = this.jokerBox;
      }
    }
  }

  /**
   * Each open box's value, next state and points in the lane, for each number of dice of its face (an upper box) or
   * for 0 points (any other; the Yahtzee box also for its full points); the best zero-point choice in zero and
   * zeroBox (the first box among equal values; -1 and -Infinity when no roll can score 0 anywhere).
   */
  private boxValues(lane: Lane, values: Float64Array, mask: number, up: number, flag: number): void {
    const t = this.t;
    const n = t.boxCount;
    const yBox = t.yahtzeeBox;
    const bv = lane.boxValue;
    const boxNext = lane.boxNext;
    const boxGain = lane.boxGain;
    let zero = -Infinity;
    let zeroBox = -1;
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b)) continue;
      const face = t.upperFace[b];
      const at = b * 6;
      if (this.upperKind[b]) {
        for (let k = 0; k <= 5; k++) {
          this.step(mask, up, flag, b, k * face, 0);
          bv[at + k] = this.stepGain + values[this.stepNext];
          boxNext[at + k] = this.stepNext;
          boxGain[at + k] = this.stepGain;
        }
      } else {
        this.step(mask, up, flag, b, 0, 0);
        bv[at] = this.stepGain + values[this.stepNext];
        boxNext[at] = this.stepNext;
        boxGain[at] = this.stepGain;
        if (b === yBox) {
          // The full points: the pair is where they lead, and no points beyond them (pointsOf holds them).
          this.step(mask, up, flag, b, t.yahtzeeFull, 0);
          boxNext[at + 1] = this.stepNext;
          boxGain[at + 1] = this.stepGain - t.yahtzeeFull;
        }
      }
      if (this.canZero[b] && bv[at] > zero) {
        zero = bv[at];
        zeroBox = b;
      }
    }
    this.zero = zero;
    this.zeroBox = zeroBox;
  }

  private zero = -Infinity;
  private zeroBox = -1;
  private jokerValue = -Infinity;
  private jokerBox = -1;

  /** Five alike of face f once the Yahtzee box is filled: the Joker decides the boxes and their points; the best in jokerValue and jokerBox. */
  private jokerChoice(values: Float64Array, mask: number, up: number, flag: number, f: number): void {
    const t = this.t;
    const n = t.boxCount;
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
    this.jokerValue = best;
    this.jokerBox = bestBox;
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

  /** The chances of the rolls after one reroll with the keeps `arg` from the rolls' chances m[0..ROLL_COUNT), in k[0..ROLL_COUNT) (k is scratch space for every keep). */
  private reroll(m: Float64Array, arg: Int32Array, k: Float64Array): void {
    k.fill(0);
    for (let r = 0; r < ROLL_COUNT; r++) k[arg[r]] += m[r];
    const child = CHILD;
    for (let i = KEEP_COUNT - 1; i >= ROLL_COUNT; i--) {
      const v = k[i] / 6;
      if (v === 0) continue;
      const c = i * 6;
      k[child[c]] += v;
      k[child[c + 1]] += v;
      k[child[c + 2]] += v;
      k[child[c + 3]] += v;
      k[child[c + 4]] += v;
      k[child[c + 5]] += v;
    }
  }

  /**
   * The (next state, points) pairs of the rolls' choices in `lane`, with their chances m[stride * r + offset] and
   * their boxes box[boxStride * r + boxOffset], into the lane's list.
   */
  private collect(lane: Lane, m: Float64Array, stride: number, offset: number, box: Int32Array, boxStride: number, boxOffset: number, mask: number, up: number, flag: number): TurnOutcomeList {
    const t = this.t;
    const list = lane.list;
    const slotOf = this.slotOf;
    const keys = this.keys;
    const boxNext = lane.boxNext;
    const boxGain = lane.boxGain;
    const pairOf = this.pairOf;
    const pointsOf = this.pointsOf;
    const { next: outNext, gain: outGain, p: outP } = list;
    const yBox = t.yahtzeeBox;
    const jokers = yBox >= 0 && (mask & (1 << yBox)) !== 0;
    let count = 0;
    for (let r = 0; r < ROLL_COUNT; r++) {
      const p = m[stride * r + offset];
      if (p === 0) continue;
      const b = box[boxStride * r + boxOffset];
      let next: number;
      let gain: number;
      if (jokers && FIVE_OF[r] > 0) {
        const f = FIVE_OF[r];
        this.step(mask, up, flag, b, t.jokerPoints[(f - 1) * t.boxCount + b], flag ? t.jokerBonus[f - 1] : 0);
        next = this.stepNext;
        gain = this.stepGain;
      } else {
        const i = b * ROLL_COUNT + r;
        const q = b * 6 + pairOf[i];
        next = boxNext[q];
        gain = boxGain[q] + pointsOf[i];
      }
      const slot = b * 512 + gain;
      let j = slotOf[slot];
      if (j === EMPTY) {
        j = count++;
        slotOf[slot] = j;
        keys[j] = slot;
        outNext[j] = next;
        outGain[j] = gain;
        outP[j] = 0;
      }
      outP[j] += p;
    }
    list.count = count;
    for (let j = 0; j < count; j++) slotOf[keys[j]] = EMPTY;
    return list;
  }
}


/** One turn's scratch: each roll's box, the open boxes' values, next states and points, and the outcomes. */
interface Lane {
  readonly scoreBox: Int32Array;
  /** Per open box b, at b * 6 + k: the value, next state and points of scoring k dice of its face (an upper box) or of scoring 0 (k = 0, any other box). */
  readonly boxValue: Float64Array;
  readonly boxNext: Int32Array;
  readonly boxGain: Int32Array;
  readonly list: TurnOutcomeList;
}

/** A lane's scratch: in ordinary memory, or its pairs and list in the kernel's (lane 0 or 1). */
function newLane(k?: OutcomeKernel, lane = 0): Lane {
  return {
    scoreBox: new Int32Array(ROLL_COUNT),
    boxValue: new Float64Array(16 * 6),
    boxNext: k ? k.pairNext[lane] : new Int32Array(16 * 6),
    boxGain: k ? k.pairGain[lane] : new Int32Array(16 * 6),
    list: k ? { count: 0, ...k.lists[lane] } : { count: 0, next: new Int32Array(ROLL_COUNT), gain: new Int32Array(ROLL_COUNT), p: new Float64Array(ROLL_COUNT) },
  };
}

/** No place in the list (a list has at most ROLL_COUNT outcomes, one per roll, fewer than 255). */
const EMPTY = 255;

/** FIVE_OF[r]: the face of roll r when it is five alike, else 0. */
const FIVE_OF: Uint8Array = (() => {
  const out = new Uint8Array(ROLL_COUNT);
  for (let f = 1; f <= 6; f++) out[FIVE_ALIKE[f]] = f;
  return out;
})();
