import { FIVE_ALIKE, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { PAIR, newKernel, writeKeepTables } from './wasmBytes.js';

/*
 * The middle of turnOutcomes.ts's turn under the table's policy for two turns at once (outcomeKernel.wat: the
 * memory's layout and the arithmetic, the same as the JavaScript's bit for bit): score the final rolls, run the keeps
 * and the chances forward, collect each lane's outcomes. turnOutcomes.ts writes the futures and the Joker's choices.
 */

/** Boxes the kernel has room for. */
const BOXES = 16;
/** Bytes between the two lanes' parts (outcomeKernel.wat): the boxes' pairs, the Joker's, the lists. */
const LANE_PAIRS = 384;
const LANE_JOKER = 32;
const LANE_LIST = 4096;

interface Exports {
  run: () => void;
  score: (d: number, dEnd: number) => void;
  collect: (lane: number, jokers: number) => number;
}

/** One entry of a box's list: a roll that scores there, which of the box's futures it takes, and the points added to it. */
export interface KernelEntry {
  readonly roll: number;
  readonly future: number;
  readonly points: number;
}

/** A lane's list of outcomes in the kernel's memory. */
export interface KernelList {
  readonly next: Int32Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
}

/** Two turns at once, one in each lane: the final rolls' scores in, their chances after the policy's keeps out. */
export interface OutcomeKernel {
  /** The final rolls' scores: scores[2 * r + lane] (written by score, or by the caller before run). */
  readonly scores: Float64Array;
  /** The final rolls' boxes after score: boxes[4 * r + 2 * lane] (the low half of an int64; the high half at + 1). */
  readonly boxes: Int32Array;
  /** The best zero-point choice by lane: zero[lane], and its box in zeroBox[2 * lane] (the high half, the sign, at + 1). */
  readonly zero: Float64Array;
  readonly zeroBox: Int32Array;
  /** Box b's future k at [2 * (6 * b + k) + lane]. */
  readonly futures: Float64Array;
  /** Lays out the boxes' lists (once, before open): per box, the rolls that score there. */
  readonly layout: (lists: readonly (readonly KernelEntry[])[]) => void;
  /** The boxes open in the turns to come (those not in `mask`). */
  readonly open: (mask: number) => void;
  /**
   * The final rolls' scores and boxes: every roll from the best zero-point choice, then each open box in order
   * raises the rolls of its list to points plus its future where that is more (or as much, and the box comes before
   * the roll's).
   */
  readonly score: () => void;
  /** Per lane, the open boxes' (next state, points) pairs for collect: [6 * b + k] as turnOutcomes.ts's boxNext and boxGain. */
  readonly pairNext: readonly [Int32Array, Int32Array];
  readonly pairGain: readonly [Int32Array, Int32Array];
  /** Per lane, the (next state, points) of five alike of face f with the Joker, at [f]. */
  readonly jokerNext: readonly [Int32Array, Int32Array];
  readonly jokerGain: readonly [Int32Array, Int32Array];
  /** Lays out collect's tables (once): per box and roll which pair it takes and the points it adds (turnOutcomes.ts's pairOf and pointsOf). */
  readonly layoutPairs: (pairOf: Uint8Array, pointsOf: Int32Array) => void;
  /** Per lane, the list collect gathers: next states, points and chances. */
  readonly lists: readonly [KernelList, KernelList];
  /**
   * Gathers the lane's outcomes after run, as turnOutcomes.ts's collect does: roll after roll with a chance, the
   * (next state, points) pair of its box (the Joker's for five alike when `jokers`), a new place in the list for a
   * new (box, points), the roll's chance added to its place's. Returns the list's length.
   */
  readonly collect: (lane: number, jokers: boolean) => number;
  /** The keeps, then the chances forward. */
  readonly run: () => void;
  /** The final rolls' chances: chances[2 * r + lane], after run. */
  readonly chances: Float64Array;
}


/** A new kernel instance (one per thread). Throws where WebAssembly memory cannot be had. */
export function outcomeKernel(): OutcomeKernel {
  const { exports, buffer, at } = newKernel<Exports>('outcomeKernel');
  writeKeepTables(buffer, at.children, at.parents, at.boxes);
  new Uint8Array(buffer, at.slots, BOXES * 512).fill(255);
  const five = new Uint8Array(buffer, at.five, ROLL_COUNT);
  for (let f = 1; f <= 6; f++) five[FIVE_ALIKE[f]] = f;
  const p = new Float64Array(buffer, at.probability, 2 * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) p[2 * r] = p[2 * r + 1] = ROLL_PROBABILITY[r];
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  // Each box's entries, [bounds[2b], bounds[2b + 1]) bytes.
  let bounds = new Int32Array(0);
  let dEnd = at.open;
  const layout: OutcomeKernel['layout'] = (lists) => {
    if (lists.length > BOXES) throw new RangeError(`the outcome kernel has room for ${BOXES} boxes`);
    bounds = new Int32Array(2 * lists.length);
    let e = at.entries;
    lists.forEach((list, b) => {
      bounds[2 * b] = e;
      if (e + 16 * list.length > at.entriesEnd) throw new RangeError('the outcome kernel has no room for these boxes');
      for (const { roll, future, points } of list) {
        if (future < 0 || future > 5) throw new RangeError('the outcome kernel holds 6 futures a box');
        i32[e / 4] = roll * PAIR;
        i32[e / 4 + 1] = at.futures + (6 * b + future) * PAIR;
        f64[e / 8 + 1] = points;
        e += 16;
      }
      bounds[2 * b + 1] = e;
    });
  };
  const open: OutcomeKernel['open'] = (mask) => {
    let d = at.open / 4;
    for (let b = 0; b < bounds.length / 2; b++) {
      if (mask & (1 << b)) continue;
      i32[d] = bounds[2 * b];
      i32[d + 1] = bounds[2 * b + 1];
      i32[d + 4] = i32[d + 6] = b;
      i32[d + 5] = i32[d + 7] = 0;
      d += 8;
    }
    dEnd = d * 4;
  };
  const perLane = (from: number, bytes: number, length: number, View: Int32ArrayConstructor) => [new View(buffer, from, length), new View(buffer, from + bytes, length)] as const;
  return {
    scores: new Float64Array(buffer, at.scores, 2 * ROLL_COUNT),
    boxes: new Int32Array(buffer, at.boxes, 4 * ROLL_COUNT),
    zero: new Float64Array(buffer, at.zero, 2),
    zeroBox: new Int32Array(buffer, at.zeroBox, 4),
    futures: new Float64Array(buffer, at.futures, 2 * 6 * BOXES),
    layout,
    open,
    score: () => exports.score(at.open, dEnd),
    pairNext: perLane(at.pairNext, LANE_PAIRS, 6 * BOXES, Int32Array),
    pairGain: perLane(at.pairGain, LANE_PAIRS, 6 * BOXES, Int32Array),
    jokerNext: perLane(at.jokerNext, LANE_JOKER, 8, Int32Array),
    jokerGain: perLane(at.jokerGain, LANE_JOKER, 8, Int32Array),
    layoutPairs: (pairOf, pointsOf) => {
      if (pairOf.length > BOXES * ROLL_COUNT) throw new RangeError(`the outcome kernel has room for ${BOXES} boxes`);
      new Uint8Array(buffer, at.pairOf, pairOf.length).set(pairOf);
      new Int32Array(buffer, at.pointsOf, pointsOf.length).set(pointsOf);
    },
    lists: [0, 1].map((lane) => ({
      next: new Int32Array(buffer, at.listNext + lane * LANE_LIST, ROLL_COUNT),
      gain: new Int32Array(buffer, at.listGain + lane * LANE_LIST, ROLL_COUNT),
      p: new Float64Array(buffer, at.listP + lane * LANE_LIST, ROLL_COUNT),
    })) as unknown as readonly [KernelList, KernelList],
    collect: (lane, jokers) => exports.collect(lane, jokers ? 1 : 0),
    run: exports.run,
    chances: new Float64Array(buffer, at.chances, 2 * ROLL_COUNT),
  };
}
