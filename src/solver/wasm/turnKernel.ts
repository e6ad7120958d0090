import { FIVE_ALIKE, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { PAIR, newKernel, writeKeepTables } from './wasmBytes.js';

/*
 * The strategy table's inner loops for two states at once (turnKernel.wat: the memory's layout and the arithmetic,
 * the same as core.ts's JavaScript bit for bit): the scoring layer from the futures the caller writes, then the keep
 * pass. The caller (core.ts) computes the futures and the Joker's values.
 */

/** Boxes the kernel has room for. */
const BOXES = 16;

/** Two turns at once, one in each lane: scores from the futures the caller writes, then the keep pass. */
export interface TurnKernel {
  /** The final rolls' scores: scores[2 * r + lane]. */
  readonly scores: Float64Array;
  /** The keep pass alone: both lanes' turns from `scores` (which it overwrites). */
  readonly run: () => void;
  /** The turns' values: values[lane], after run or turn. */
  readonly values: Float64Array;
  /** The best zero-point choice, by lane. */
  readonly zero: Float64Array;
  /** The future of lower box b, at [2 * b + lane]. */
  readonly lowerFuture: Float64Array;
  /** The future of upper box b with k dice of its face, at [2 * (6 * b + k) + lane]. */
  readonly upperFuture: Float64Array;
  /** Five alike of face f with the Joker, at [2 * (f - 1) + lane]. */
  readonly joker: Float64Array;
  /**
   * Lays out a rule set's box lists: for each box its rolls that score there and their keys, the points (lower) or
   * the dice of its face (upper). Once, before `open`.
   */
  readonly layout: (rolls: readonly Int32Array[], keys: readonly Int32Array[], upper: readonly boolean[]) => void;
  /** The boxes open in the turns to come (those not in `mask`), in box order. */
  readonly open: (mask: number) => void;
  /** Both lanes' turns from the futures: the scores (with the Joker's values for five alike when `joker`), then run. */
  readonly turn: (joker: boolean) => void;
}

interface Exports {
  run: () => void;
  turn: (d: number, dEnd: number, joker: number) => void;
}

/** A new kernel instance (one per thread and rule set). Throws where WebAssembly memory cannot be had. */
export function turnKernel(): TurnKernel {
  const { exports, buffer, at } = newKernel<Exports>('turnKernel');
  writeKeepTables(buffer, at.children, at.parents, at.lists);
  const p = new Float64Array(buffer, at.probability, 2 * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) p[2 * r] = p[2 * r + 1] = ROLL_PROBABILITY[r];
  const five = new Int32Array(buffer, at.five, 6);
  for (let f = 1; f <= 6; f++) five[f - 1] = at.scores + FIVE_ALIKE[f] * PAIR;
  const i32 = new Int32Array(buffer);
  // Each box's list, [bounds[2b], bounds[2b + 1]) bytes, and whether it is an upper box.
  let bounds = new Int32Array(0);
  let isUpperBox: readonly boolean[] = [];
  let dEnd = at.open;
  const layout: TurnKernel['layout'] = (rolls, keys, isUpper) => {
    if (rolls.length > BOXES) throw new RangeError(`the turn kernel has room for ${BOXES} boxes`);
    const f64 = new Float64Array(buffer);
    bounds = new Int32Array(2 * rolls.length);
    isUpperBox = isUpper;
    let e = at.lists;
    rolls.forEach((list, b) => {
      const size = isUpper[b] ? 8 : 16;
      if (e + list.length * size > at.listsEnd) throw new RangeError('the turn kernel has no room for these boxes');
      bounds[2 * b] = e;
      for (let j = 0; j < list.length; j++, e += size) {
        i32[e / 4] = at.scores + list[j] * PAIR;
        if (isUpper[b]) i32[e / 4 + 1] = at.upperFuture + (6 * b + keys[b][j]) * PAIR;
        else f64[e / 8 + 1] = keys[b][j];
      }
      bounds[2 * b + 1] = e;
    });
  };
  const open: TurnKernel['open'] = (mask) => {
    let d = at.open / 4;
    for (let b = 0; b < isUpperBox.length; b++) {
      if (mask & (1 << b)) continue;
      i32[d] = isUpperBox[b] ? 1 : 0;
      i32[d + 1] = bounds[2 * b];
      i32[d + 2] = bounds[2 * b + 1];
      i32[d + 3] = at.lowerFuture + b * PAIR;
      d += 4;
    }
    dEnd = d * 4;
  };
  return {
    scores: new Float64Array(buffer, at.scores, 2 * ROLL_COUNT),
    run: exports.run,
    values: new Float64Array(buffer, at.value, 2),
    zero: new Float64Array(buffer, at.zero, 2),
    lowerFuture: new Float64Array(buffer, at.lowerFuture, 2 * BOXES),
    upperFuture: new Float64Array(buffer, at.upperFuture, 2 * 6 * BOXES),
    joker: new Float64Array(buffer, at.joker, 12),
    layout,
    open,
    turn: (joker) => exports.turn(at.open, dEnd, joker ? 1 : 0),
  };
}
