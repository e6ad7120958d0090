import { CHILD, FIVE_ALIKE, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { concat, lazyModule, pushUleb, section, uleb, wasmName } from './wasmBytes.js';

/*
 * The strategy table's inner loops (core.ts's scoreLayer and solveState) as WebAssembly functions with 128-bit SIMD,
 * for two states at once, one in each float64 lane (two upper totals or flags of the same filled boxes):
 *   - turn: the scoring layer, then run. Every final roll starts from the best zero-point choice, then each open
 *     box raises the rolls that score in it (lower: points plus the box's future, upper: the future for that many
 *     dice of its face), from per-box lists of (roll, points) laid out once per rule set; five alike then take the
 *     Joker's value where the Yahtzee box is filled. The caller computes the futures and the Joker's values.
 *   - run, the keep pass: the keeps before the third roll (averageKeeps), the best keep of each roll (bestKeeps),
 *     the same again before the second roll, and the turn's value before the first. This code is written out
 *     straight, one instruction per addition, comparison and load of the plain loops, with the multiset indices as
 *     constant offsets, generated from multisets.ts's tables when the module is first used (no WebAssembly
 *     toolchain is needed to build the game).
 * They do the same float64 operations in the same order as the JavaScript loops, so the results are the same bit
 * for bit: the sums of six children left to right times 1/6; the maximum by the same comparisons (f64x2.pmax(m, y)
 * is m < y ? y : m, which is `if (y > m) m = y`); a lower box's value as points plus its future; the turn's value
 * as the sum, roll after roll, of probability times value.
 *
 * Memory (two pages); each pair is two float64s (lane 0, lane 1):
 *   A at 0:        462 pairs: the rolls' scores, then every keep's value with a roll to come
 *   B:             462 pairs: every keep's best sub-keep value (bestKeeps' output)
 *   P:             252 pairs: each roll's probability in both lanes
 *   V:             1 pair: the two turns' values (run's output)
 *   Z:             1 pair: the best zero-point choice
 *   C:             16 pairs: each lower box's future
 *   T:             16 * 6 pairs: each upper box's future with 0 to 5 dice of its face
 *   J:             6 pairs: five alike of each face with the Joker
 *   D:             16 box descriptors of 16 bytes, the open boxes: kind (0 lower, 1 upper), its list's first and
 *                  end byte, and for a lower box the byte of its C pair (all int32)
 *   E at 64 KiB:   the boxes' lists: lower entries of 16 bytes (the roll's byte offset in A as int32, its points as
 *                  float64 at +8), upper entries of 8 (the roll's byte offset, then that of its T pair)
 */

const PAIR = 16;
const A_AT = 0;
const B_AT = KEEP_COUNT * PAIR;
const P_AT = 2 * KEEP_COUNT * PAIR;
const V_AT = P_AT + ROLL_COUNT * PAIR;
const Z_AT = V_AT + PAIR;
const C_AT = Z_AT + PAIR;
/** Boxes the kernel has room for. */
const BOXES = 16;
const T_AT = C_AT + BOXES * PAIR;
const J_AT = T_AT + 6 * BOXES * PAIR;
const D_AT = J_AT + 6 * PAIR;
const E_AT = 65536;
/** Bytes of box lists the kernel holds. */
const E_BYTES = 65536;

/** Two turns at once, one in each lane: scores from the futures the caller writes, then the keep pass. */
export interface TurnKernel {
  /** The final rolls' scores: scores[2 * r + lane] (float64s at A). */
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


// Instructions (SIMD ones after the 0xfd prefix, opcodes as unsigned LEB128). Every address is i32.const 0 plus
// the constant offset of the memory argument (alignment 2^4).
const BASE = [0x41, 0x00];
const LOCAL_GET = (i: number) => [0x20, i];
const LOCAL_SET = (i: number) => [0x21, i];
const LOAD = (offset: number) => [...BASE, 0xfd, 0x00, 4, ...uleb(offset)];
const STORE = (offset: number) => [0xfd, 0x0b, 4, ...uleb(offset)];
const F64X2_SPLAT = [0xfd, 0x14];
const F64X2_ADD = [0xfd, 0xf0, 0x01];
const F64X2_PMAX = [0xfd, 0xf7, 0x01];
const F64_CONST = (x: number) => [0x44, ...new Uint8Array(Float64Array.of(x).buffer)];
const LOCAL_TEE = (i: number) => [0x22, i];
const I32_LOAD = (offset: number) => [0x28, 2, ...uleb(offset)];
const I32_CONST = (n: number) => [0x41, ...uleb(n)];
const I32_ADD = 0x6a;
const I32_GE_U = 0x4f;
const LOAD_AT = (offset: number) => [0xfd, 0x00, 4, ...uleb(offset)];
const LOAD64_SPLAT_AT = (offset: number) => [0xfd, 0x0a, 3, ...uleb(offset)];
/** block; loop; (br_if 1 when local from >= local to); ...body; from += step; br 0; end; end */
const LOOP = (from: number, to: number, step: number, body: number[]) => [
  0x02, 0x40, 0x03, 0x40,
  ...LOCAL_GET(from), ...LOCAL_GET(to), I32_GE_U, 0x0d, 1,
  ...body,
  ...LOCAL_GET(from), ...I32_CONST(step), I32_ADD, ...LOCAL_SET(from),
  0x0c, 0, 0x0b, 0x0b,
];

// run's one local: 1/6 in both lanes (v128).
const SIXTH = 0;

// The straight code of run is long (some 75 KB): these write it byte by byte into `code`, without the little arrays
// of the instruction constants above (which made it ten times slower to build).
function putLoad(code: number[], offset: number): void {
  code.push(0x41, 0x00, 0xfd, 0x00, 4);
  pushUleb(code, offset);
}
function putStore(code: number[], offset: number): void {
  code.push(0xfd, 0x0b, 4);
  pushUleb(code, offset);
}
const putAdd = (code: number[]) => code.push(0xfd, 0xf0, 0x01);
const putMul = (code: number[]) => code.push(0xfd, 0xf2, 0x01);
const putPmax = (code: number[]) => code.push(0xfd, 0xf7, 0x01);

/**
 * averageKeeps: each keep of 0 to 4 dice (index ROLL_COUNT up) the mean over the six faces of its child with one
 * die more; the children that are rolls read from `rollsAt` (A before the third roll, B before the second).
 */
function averageKeeps(code: number[], rollsAt: number): void {
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    code.push(0x41, 0x00);
    for (let f = 0; f < 6; f++) {
      const c = CHILD[i * 6 + f];
      putLoad(code, (c < ROLL_COUNT ? rollsAt : A_AT) + c * PAIR);
      if (f > 0) putAdd(code);
    }
    code.push(0x20, SIXTH);
    putMul(code);
    putStore(code, A_AT + i * PAIR);
  }
}

/** bestKeeps: B[k] = the largest A[j] over the sub-multisets j of k, each from its own value and its parents' in B. */
function bestKeeps(code: number[]): void {
  for (const g of PARENT_GROUPS) {
    for (let k = 0; k < g.members.length; k++) {
      const i = g.members[k];
      code.push(0x41, 0x00);
      if (g.parents === 1) {
        // out[i] = x > y ? x : y (x its own value, y its parent's): pmax(y, x).
        putLoad(code, B_AT + g.parentsOf[k] * PAIR);
        putLoad(code, A_AT + i * PAIR);
        putPmax(code);
      } else {
        // m = x, then for each parent y: if (y > m) m = y, which is pmax(m, y).
        putLoad(code, A_AT + i * PAIR);
        for (let q = 0; q < g.parents; q++) {
          putLoad(code, B_AT + g.parentsOf[k * g.parents + q] * PAIR);
          putPmax(code);
        }
      }
      putStore(code, B_AT + i * PAIR);
    }
  }
}

/** The turn's value: the sum over the rolls, in order, of their probability times their best keep's value in B. */
function turnValue(code: number[]): void {
  // The store's address, then the running sum from 0: sum = sum + p * b, roll after roll.
  code.push(0x41, 0x00, ...F64_CONST(0), ...F64X2_SPLAT);
  for (let r = 0; r < ROLL_COUNT; r++) {
    putLoad(code, P_AT + r * PAIR);
    putLoad(code, B_AT + r * PAIR);
    putMul(code);
    putAdd(code);
  }
  putStore(code, V_AT);
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const run = [1, 1, 0x7b, ...F64_CONST(1 / 6), ...F64X2_SPLAT, ...LOCAL_SET(SIXTH)];
  averageKeeps(run, A_AT);
  bestKeeps(run);
  averageKeeps(run, B_AT);
  bestKeeps(run);
  turnValue(run);
  run.push(0x0b);
  // turn(d, dEnd, joker). Locals: 0 d, 1 dEnd, 2 joker (params); 3 z, 4 c (v128); 5 e, 6 end, 7 roll (i32).
  const turn: number[] = [2, 2, 0x7b, 3, 0x7f];
  // Every roll's pair in A = Z.
  turn.push(...LOAD(Z_AT), ...LOCAL_SET(3));
  for (let r = 0; r < ROLL_COUNT; r++) turn.push(...BASE, ...LOCAL_GET(3), ...STORE(A_AT + r * PAIR));
  // For each descriptor: e, end = its list; lower: c = its C pair, A[roll] = pmax(A[roll], splat(points) + c);
  // upper: A[roll] = pmax(A[roll], the entry's T pair).
  const lowerLoop = LOOP(5, 6, 16, [
    ...LOCAL_GET(5), ...I32_LOAD(0), ...LOCAL_TEE(7),
    ...LOCAL_GET(7), ...LOAD_AT(A_AT),
    ...LOCAL_GET(5), ...LOAD64_SPLAT_AT(8), ...LOCAL_GET(4), ...F64X2_ADD,
    ...F64X2_PMAX, ...STORE(A_AT),
  ]);
  const upperLoop = LOOP(5, 6, 8, [
    ...LOCAL_GET(5), ...I32_LOAD(0), ...LOCAL_TEE(7),
    ...LOCAL_GET(7), ...LOAD_AT(A_AT),
    ...LOCAL_GET(5), ...I32_LOAD(4), ...LOAD_AT(0),
    ...F64X2_PMAX, ...STORE(A_AT),
  ]);
  turn.push(
    ...LOOP(0, 1, 16, [
      ...LOCAL_GET(0), ...I32_LOAD(4), ...LOCAL_SET(5),
      ...LOCAL_GET(0), ...I32_LOAD(8), ...LOCAL_SET(6),
      // if (kind) upper else lower
      ...LOCAL_GET(0), ...I32_LOAD(0),
      0x04, 0x40, ...upperLoop,
      0x05, ...LOCAL_GET(0), ...I32_LOAD(12), ...LOAD_AT(0), ...LOCAL_SET(4), ...lowerLoop,
      0x0b,
    ]),
  );
  // if (joker) A[five alike of f] = J[f - 1]
  turn.push(...LOCAL_GET(2), 0x04, 0x40);
  for (let f = 1; f <= 6; f++) turn.push(...LOAD(J_AT + (f - 1) * PAIR), ...LOCAL_SET(3), ...BASE, ...LOCAL_GET(3), ...STORE(A_AT + FIVE_ALIKE[f] * PAIR));
  turn.push(0x0b);
  // then run
  turn.push(0x10, 0, 0x0b);
  const code = (f: number[]) => concat(uleb(f.length), f);
  return concat(
    [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    // types: 0 (func), 1 (func (param i32 i32 i32))
    section(1, [2, 0x60, 0, 0, 0x60, 3, 0x7f, 0x7f, 0x7f, 0]),
    // run, turn
    section(3, [2, 0, 1]),
    // (memory 2)
    section(5, [1, 0, 2]),
    section(7, [3, ...wasmName('run'), 0, 0, ...wasmName('turn'), 0, 1, ...wasmName('mem'), 2, 0]),
    section(10, concat([2], code(run), code(turn))),
  );
}

const compiled = lazyModule(moduleBytes);

/** A new kernel instance (one per thread and rule set), or null where WebAssembly with SIMD is not available (the JavaScript loops are used then). */
export function turnKernel(): TurnKernel | null {
  const module = compiled();
  if (!module) return null;
  type Exports = { run: () => void; turn: (d: number, dEnd: number, joker: number) => void; mem: WebAssembly.Memory };
  const exports = new WebAssembly.Instance(module).exports as Exports;
  const buffer = exports.mem.buffer;
  const p = new Float64Array(buffer, P_AT, 2 * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) p[2 * r] = p[2 * r + 1] = ROLL_PROBABILITY[r];
  const i32 = new Int32Array(buffer);
  // Each box's list, [bounds[2b], bounds[2b + 1]) bytes, and whether it is an upper box.
  let bounds = new Int32Array(0);
  let isUpperBox: readonly boolean[] = [];
  let dEnd = D_AT;
  const layout: TurnKernel['layout'] = (rolls, keys, isUpper) => {
    if (rolls.length > BOXES) throw new RangeError(`the turn kernel has room for ${BOXES} boxes`);
    const f64 = new Float64Array(buffer, E_AT, E_BYTES / 8);
    bounds = new Int32Array(2 * rolls.length);
    isUpperBox = isUpper;
    let at = 0;
    rolls.forEach((list, b) => {
      const size = isUpper[b] ? 8 : 16;
      if (at + list.length * size > E_BYTES) throw new RangeError('the turn kernel has no room for these boxes');
      bounds[2 * b] = E_AT + at;
      for (let j = 0; j < list.length; j++, at += size) {
        i32[(E_AT + at) / 4] = A_AT + list[j] * PAIR;
        if (isUpper[b]) i32[(E_AT + at) / 4 + 1] = T_AT + (6 * b + keys[b][j]) * PAIR;
        else f64[at / 8 + 1] = keys[b][j];
      }
      bounds[2 * b + 1] = E_AT + at;
    });
  };
  const open: TurnKernel['open'] = (mask) => {
    let d = D_AT / 4;
    for (let b = 0; b < isUpperBox.length; b++) {
      if (mask & (1 << b)) continue;
      i32[d] = isUpperBox[b] ? 1 : 0;
      i32[d + 1] = bounds[2 * b];
      i32[d + 2] = bounds[2 * b + 1];
      i32[d + 3] = C_AT + b * PAIR;
      d += 4;
    }
    dEnd = d * 4;
  };
  return {
    scores: new Float64Array(buffer, A_AT, 2 * ROLL_COUNT),
    run: exports.run,
    values: new Float64Array(buffer, V_AT, 2),
    zero: new Float64Array(buffer, Z_AT, 2),
    lowerFuture: new Float64Array(buffer, C_AT, 2 * BOXES),
    upperFuture: new Float64Array(buffer, T_AT, 2 * 6 * BOXES),
    joker: new Float64Array(buffer, J_AT, 12),
    layout,
    open,
    turn: (joker) => exports.turn(D_AT, dEnd, joker ? 1 : 0),
  };
}
