import { CHILD, FIVE_ALIKE, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { turnKernel, type TurnKernel } from '../wasm/turnKernel.js';
import type { RuleTables } from './ruleTables.js';

/** The values of one turn from its start, for every roll and keep (copies, safe to keep). */
export interface TurnValues {
  /** Best value of scoring roll r now (no rolls left): points, bonuses and the future. */
  readonly score: Float64Array;
  /** Value of holding keep k with one roll left (the last roll to come). */
  readonly keep1: Float64Array;
  /** Value of holding keep k with two rolls left. */
  readonly keep2: Float64Array;
  /** Expected remaining score at the start of the turn. */
  readonly value: number;
}

/**
 * The per-turn computation over 252 rolls and 462 keeps, for one rule set, with reusable scratch space.
 * `values` is a strategy table: expected remaining score at the start of a turn, by stateIndex.
 */
export class TurnSolver {
  private readonly s0 = new Float64Array(ROLL_COUNT);
  private readonly a = new Float64Array(KEEP_COUNT);
  private readonly b = new Float64Array(KEEP_COUNT);
  private readonly tmp = new Float64Array(6);
  private readonly reach = new Map<number, Int32Array>();
  private readonly hasUpper: boolean;
  /** Per box, the rolls that score more than 0 there (Joker aside) ... */
  private readonly hitRolls: Int32Array[] = [];
  /** ... and for each of them the points, or for an upper box the number of dice showing its face. */
  private readonly hitKeys: Int32Array[] = [];
  /** Per box, whether some roll scores 0 there (every box but Chance). */
  private readonly canZero: boolean[] = [];
  /** jokerKey[(f - 1) * boxCount + b]: five alike of f in box b with the Joker, as dice of its face (upper) or points. */
  private readonly jokerKey: Float64Array;
  /** The WebAssembly turn for two states at once (turnKernel.ts), made on first use. */
  private kernel: TurnKernel | undefined;
  /** The states solveMask computes (at most every upper total with every flag), as table positions, and their (up, flag). */
  private readonly todoAt: Int32Array;
  private readonly todoUp: Int32Array;
  private readonly todoFlag: Int32Array;

  constructor(readonly t: RuleTables) {
    this.hasUpper = t.upperSize > 1;
    this.todoAt = new Int32Array(t.upperSize * t.flagSize);
    this.todoUp = new Int32Array(t.upperSize * t.flagSize);
    this.todoFlag = new Int32Array(t.upperSize * t.flagSize);
    for (let b = 0; b < t.boxCount; b++) {
      const rolls: number[] = [];
      const keys: number[] = [];
      const face = t.upperFace[b];
      for (let r = 0; r < ROLL_COUNT; r++) {
        const pts = t.points[b * ROLL_COUNT + r];
        if (pts <= 0) continue;
        rolls.push(r);
        keys.push(face > 0 ? pts / face : pts);
      }
      this.hitRolls.push(Int32Array.from(rolls));
      this.hitKeys.push(Int32Array.from(keys));
      this.canZero.push(rolls.length < ROLL_COUNT);
    }
    this.jokerKey = new Float64Array(6 * t.boxCount);
    for (let i = 0; i < this.jokerKey.length; i++) {
      const face = t.upperFace[i % t.boxCount];
      this.jokerKey[i] = face > 0 ? t.jokerPoints[i] / face : t.jokerPoints[i];
      if (face > 0 && !Number.isInteger(this.jokerKey[i])) throw new Error(`${t.rules}: an upper box's Joker points are not a multiple of its face`);
    }
  }

  /** The upper totals (capped) that the filled upper boxes of `mask` can add up to. */
  reachableUps(mask: number): Int32Array {
    const t = this.t;
    if (!this.hasUpper) return Int32Array.of(0);
    let faces = 0;
    for (let b = 0; b < t.boxCount; b++) if (mask & (1 << b) && t.upperFace[b] > 0) faces |= 1 << t.upperFace[b];
    let list = this.reach.get(faces);
    if (!list) {
      let sums = new Set<number>([0]);
      for (let f = 1; f <= 6; f++) {
        if (!(faces & (1 << f))) continue;
        const next = new Set<number>();
        for (const s of sums) for (let k = 0; k <= 5; k++) next.add(Math.min(t.threshold, s + k * f));
        sums = next;
      }
      list = Int32Array.from([...sums].sort((x, y) => x - y));
      this.reach.set(faces, list);
    }
    return list;
  }

  /** The flags a state with these boxes filled can have. */
  flagsOf(mask: number): number {
    const t = this.t;
    return t.flagSize > 1 && mask & (1 << t.yahtzeeBox) ? 2 : 1;
  }

  /** Scoring `pts` in box `b` from state (mask, up, flag): the points, any upper bonus, and the future. */
  afterScore(values: Float64Array, mask: number, up: number, flag: number, b: number, pts: number): number {
    const t = this.t;
    const nextMask = mask | (1 << b);
    let nu = up;
    let gain = 0;
    if (this.hasUpper && t.upperFace[b] > 0) {
      nu = Math.min(t.threshold, up + pts);
      if (up < t.threshold && nu >= t.threshold) gain = t.upperBonus;
    }
    const nf = b === t.yahtzeeBox ? (t.flagSize > 1 && pts === t.yahtzeeFull ? 1 : 0) : flag;
    return pts + gain + values[(nextMask * t.upperSize + nu) * t.flagSize + nf];
  }

  /**
   * Fills out[r] with the best value of scoring roll r now, over the boxes the rules allow.
   * A box's value never drops when it scores more (the future is never worse with a higher upper total), so every
   * roll starts from the best zero-point choice and only the rolls that score in a box are visited for it.
   */
  scoreLayer(values: Float64Array, mask: number, up: number, flag: number, out: Float64Array): void {
    const t = this.t;
    const n = t.boxCount;
    const U = t.upperSize;
    const F = t.flagSize;
    const yBox = t.yahtzeeBox;
    const tmp = this.tmp;
    let zero = -Infinity;
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b) || !this.canZero[b]) continue;
      const v = this.afterScore(values, mask, up, flag, b, 0);
      if (v > zero) zero = v;
    }
    out.fill(zero);
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b)) continue;
      const rolls = this.hitRolls[b];
      const keys = this.hitKeys[b];
      const len = rolls.length;
      const face = t.upperFace[b];
      if (face > 0) {
        for (let k = 0; k <= 5; k++) tmp[k] = this.afterScore(values, mask, up, flag, b, k * face);
        for (let j = 0; j < len; j++) {
          const r = rolls[j];
          const v = tmp[keys[j]];
          if (v > out[r]) out[r] = v;
        }
      } else {
        const nextMask = mask | (1 << b);
        const c = b === yBox ? values[(nextMask * U + up) * F + (F > 1 ? 1 : 0)] : values[(nextMask * U + up) * F + flag];
        for (let j = 0; j < len; j++) {
          const r = rolls[j];
          const v = keys[j] + c;
          if (v > out[r]) out[r] = v;
        }
      }
    }
    if (yBox >= 0 && mask & (1 << yBox)) {
      // Five alike once the Yahtzee box is filled: the Joker decides the boxes and their points.
      for (let f = 1; f <= 6; f++) out[FIVE_ALIKE[f]] = this.jokerScore(values, mask, up, flag, f);
    }
  }

  /** Five alike of face f once the Yahtzee box is filled: the best box the Joker allows, and any Yahtzee bonus. */
  private jokerScore(values: Float64Array, mask: number, up: number, flag: number, f: number): number {
    const t = this.t;
    const n = t.boxCount;
    const allowed = t.jokerAllowed[mask * 6 + f - 1] & ~mask;
    let best = -Infinity;
    for (let b = 0; b < n; b++) {
      if (!(allowed & (1 << b))) continue;
      const v = this.afterScore(values, mask, up, flag, b, t.jokerPoints[(f - 1) * n + b]);
      if (v > best) best = v;
    }
    return best + (flag ? t.jokerBonus[f - 1] : 0);
  }

  /**
   * scoreLayer's futures for one lane of the kernel: the best zero-point choice, each open lower box's future and
   * each open upper box's future by the dice of its face (afterScore's sums, written out for the open boxes), and
   * the Joker's values for five alike; the kernel then does the rolls.
   */
  private laneFutures(k: TurnKernel, values: Float64Array, mask: number, up: number, flag: number, lane: number): void {
    const t = this.t;
    const n = t.boxCount;
    const U = t.upperSize;
    const F = t.flagSize;
    const yBox = t.yahtzeeBox;
    const thr = t.threshold;
    const hasUpper = this.hasUpper;
    const upperFuture = k.upperFuture;
    let zero = -Infinity;
    for (let b = 0; b < n; b++) {
      if (mask & (1 << b)) continue;
      const next = (mask | (1 << b)) * U;
      const face = t.upperFace[b];
      if (face > 0) {
        // afterScore(values, mask, up, flag, b, c * face) for c = 0..5 (c = 0 is also its zero-point choice).
        for (let c = 0; c <= 5; c++) {
          const pts = c * face;
          let nu = up;
          let gain = 0;
          if (hasUpper) {
            nu = Math.min(thr, up + pts);
            if (up < thr && nu >= thr) gain = t.upperBonus;
          }
          upperFuture[12 * b + 2 * c + lane] = pts + gain + values[(next + nu) * F + flag];
        }
        const v = upperFuture[12 * b + lane];
        if (v > zero) zero = v;
      } else {
        k.lowerFuture[2 * b + lane] = b === yBox ? values[(next + up) * F + (F > 1 ? 1 : 0)] : values[(next + up) * F + flag];
        if (this.canZero[b]) {
          // afterScore(values, mask, up, flag, b, 0)
          const nf = b === yBox ? (F > 1 && t.yahtzeeFull === 0 ? 1 : 0) : flag;
          const v = 0 + 0 + values[(next + up) * F + nf];
          if (v > zero) zero = v;
        }
      }
    }
    k.zero[lane] = zero;
    if (yBox >= 0 && mask & (1 << yBox)) {
      // jokerScore, from the futures just written: afterScore in an upper box is its future for that many dice of
      // its face, in a lower box (not the Yahtzee box, which is filled) the points plus 0 plus its future.
      for (let f = 1; f <= 6; f++) {
        let best = -Infinity;
        for (let allowed = t.jokerAllowed[mask * 6 + f - 1] & ~mask; allowed !== 0; allowed &= allowed - 1) {
          const b = 31 - Math.clz32(allowed & -allowed);
          const key = this.jokerKey[(f - 1) * n + b];
          const v = t.upperFace[b] > 0 ? upperFuture[12 * b + 2 * key + lane] : key + 0 + k.lowerFuture[2 * b + lane];
          if (v > best) best = v;
        }
        k.joker[2 * (f - 1) + lane] = best + (flag ? t.jokerBonus[f - 1] : 0);
      }
    }
  }

  /** Expected remaining score at the start of a turn in state (mask, up, flag); the later states must be solved. */
  solveState(values: Float64Array, mask: number, up: number, flag: number): number {
    const { s0, a, b } = this;
    this.scoreLayer(values, mask, up, flag, s0);
    a.set(s0);
    averageKeeps(a);
    bestKeeps(a, b);
    for (let r = 0; r < ROLL_COUNT; r++) a[r] = b[r];
    averageKeeps(a);
    bestKeeps(a, b);
    let v = 0;
    for (let r = 0; r < ROLL_COUNT; r++) v += ROLL_PROBABILITY[r] * b[r];
    return v;
  }

  /** The most points the open upper boxes of `mask` can still add. */
  upperStillPossible(mask: number): number {
    const t = this.t;
    let rem = 0;
    for (let b = 0; b < t.boxCount; b++) if (!(mask & (1 << b)) && t.upperFace[b] > 0) rem += 5 * t.upperFace[b];
    return rem;
  }

  /** How many states solveMask computes for these boxes filled. */
  statesComputed(mask: number): number {
    if (mask === (1 << this.t.boxCount) - 1) return 0;
    return this.upperTotalsComputed(mask) * this.flagsOf(mask);
  }

  /** The upper totals solveMask computes (per flag) for these boxes filled: a function of the upper boxes filled only. */
  upperTotalsComputed(mask: number): number {
    const ups = this.reachableUps(mask);
    const dead = this.hasUpper ? this.t.threshold - this.upperStillPossible(mask) : 0;
    let live = 0;
    for (const up of ups) if (up >= dead) live++;
    return live + (live < ups.length ? 1 : 0);
  }

  /**
   * Solves every reachable state with these boxes filled into `values`; returns how many states it computed.
   * Upper totals too low to ever reach the bonus all have the same future: that value is computed once and copied.
   * The states are computed two at a time by the WebAssembly kernel; `useKernel: false` computes them one after the
   * other by solveState instead (the kernel's oracle in the tests: the same values, bit for bit).
   */
  solveMask(values: Float64Array, mask: number, useKernel = true): number {
    const t = this.t;
    const ups = this.reachableUps(mask);
    const flags = this.flagsOf(mask);
    const U = t.upperSize;
    const F = t.flagSize;
    if (mask === (1 << t.boxCount) - 1) {
      for (let flag = 0; flag < flags; flag++) for (const up of ups) values[(mask * U + up) * F + flag] = 0;
      return 0;
    }
    const dead = this.hasUpper ? t.threshold - this.upperStillPossible(mask) : 0;
    // The states to compute: per flag, the lowest dead upper total (if any) and every live one.
    const { todoAt, todoUp, todoFlag } = this;
    let n = 0;
    for (let flag = 0; flag < flags; flag++) {
      for (let i = 0; i < ups.length; i++) {
        const up = ups[i];
        if (up < dead && i > 0) continue;
        todoAt[n] = (mask * U + up) * F + flag;
        todoUp[n] = up;
        todoFlag[n] = flag;
        n++;
      }
    }
    const kernel = useKernel ? this.turnKernel() : null;
    if (kernel) {
      kernel.open(mask);
      const joker = t.yahtzeeBox >= 0 && (mask & (1 << t.yahtzeeBox)) !== 0;
      for (let j = 0; j < n; j += 2) {
        // A lone last state goes in both lanes.
        const second = j + 1 < n ? j + 1 : j;
        this.laneFutures(kernel, values, mask, todoUp[j], todoFlag[j], 0);
        this.laneFutures(kernel, values, mask, todoUp[second], todoFlag[second], 1);
        kernel.turn(joker);
        values[todoAt[j]] = kernel.values[0];
        values[todoAt[second]] = kernel.values[1];
      }
    } else {
      for (let j = 0; j < n; j++) values[todoAt[j]] = this.solveState(values, mask, todoUp[j], todoFlag[j]);
    }
    // The dead upper totals take the value of the lowest.
    for (let flag = 0; flag < flags; flag++) {
      const lowest = values[(mask * U + ups[0]) * F + flag];
      for (let i = 1; i < ups.length && ups[i] < dead; i++) values[(mask * U + ups[i]) * F + flag] = lowest;
    }
    return n;
  }

  /** The kernel, with this rule set's box lists laid out in it, made on first use. */
  private turnKernel(): TurnKernel {
    if (this.kernel === undefined) {
      this.kernel = turnKernel();
      this.kernel.layout(this.hitRolls, this.hitKeys, [...this.t.upperFace].map((f) => f > 0));
    }
    return this.kernel;
  }

  /** The whole turn's values from a state (for ranking choices); allocates fresh arrays. */
  turn(values: Float64Array, mask: number, up: number, flag: number): TurnValues {
    const score = new Float64Array(ROLL_COUNT);
    this.scoreLayer(values, mask, up, flag, score);
    return turnFromScores(score);
  }
}

/**
 * A whole turn's values from what each final roll is worth once scored (`score`, by roll): the keeps before the
 * third roll and before the second, and the turn's value before the first roll. Allocates fresh arrays.
 */
export function turnFromScores(score: Float64Array): TurnValues {
  const keep1 = new Float64Array(KEEP_COUNT);
  keep1.set(score.subarray(0, ROLL_COUNT));
  averageKeeps(keep1);
  const best1 = new Float64Array(KEEP_COUNT);
  bestKeeps(keep1, best1);
  const keep2 = new Float64Array(KEEP_COUNT);
  keep2.set(best1.subarray(0, ROLL_COUNT));
  averageKeeps(keep2);
  const best2 = new Float64Array(KEEP_COUNT);
  bestKeeps(keep2, best2);
  let value = 0;
  for (let r = 0; r < ROLL_COUNT; r++) value += ROLL_PROBABILITY[r] * best2[r];
  return { score, keep1, keep2, value };
}

/** Given a[r] for the 252 rolls, fills a[k] for every smaller keep: the mean over rolling the missing dice. */
export function averageKeeps(a: Float64Array): void {
  const ch = CHILD;
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    const c = i * 6;
    a[i] = (a[ch[c]] + a[ch[c + 1]] + a[ch[c + 2]] + a[ch[c + 3]] + a[ch[c + 4]] + a[ch[c + 5]]) * SIXTH;
  }
}

const SIXTH = 1 / 6;

/**
 * out[k] = the largest a[j] over every sub-multiset j of k (k itself included): its own value, then each parent's
 * best (in out) when strictly greater; with `arg`, arg[k] = that j (k itself on a tie, then the first parent's).
 */
export function bestKeeps(a: Float64Array, out: Float64Array, arg?: Int32Array): void {
  for (const { members, parentsOf, parents } of PARENT_GROUPS) {
    for (let k = 0, p = 0; k < members.length; k++, p += parents) {
      const i = members[k];
      let m = a[i];
      let at = i;
      for (let q = p; q < p + parents; q++) {
        const j = parentsOf[q];
        if (out[j] > m) {
          m = out[j];
          if (arg) at = arg[j];
        }
      }
      out[i] = m;
      if (arg) arg[i] = at;
    }
  }
}
