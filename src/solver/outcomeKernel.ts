import { CHILD, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from './multisets.js';
import { uleb, wasmName } from './wasmBytes.js';

/*
 * The middle of turnOutcomes.ts's turn under the table's policy, as one WebAssembly function with 128-bit SIMD, for
 * two turns at once, one in each float64 lane: from the final rolls' scores (which the caller writes), the keeps'
 * values and each roll's best keep before the third roll and before the second (the keep itself as an int64 in each
 * lane), then the chances carried forward through both rerolls to the final rolls. turnOutcomes.ts scores the
 * rolls before it and gathers the outcomes after it.
 *
 * It does the same float64 operations in the same order as the JavaScript (averageKeeps in core.ts, bestKeepsArg and
 * reroll in turnOutcomes.ts), so the chances are the same bit for bit:
 *   - a keep's value: its six children's sum left to right, times 1/6;
 *   - the best keep: start from the multiset itself, then each parent in order replaces it only when strictly
 *     better (f64x2.lt(m, y) picks the keep, f64x2.pmax(m, y), which is m < y ? y : m, the value);
 *   - a reroll: the chances of the rolls added, roll after roll, to their keeps (scalar, as the keeps differ by
 *     lane), then from the keep with the most dice down, a keep's chance divided by 6 added to each of its six
 *     children in face order (a zero chance adds nothing, as the JavaScript's skip of it).
 * The code is written out straight, with the multiset indices as constant offsets, generated from multisets.ts's
 * tables when the module is first used (no WebAssembly toolchain is needed to build the game).
 *
 * Memory (one page); a pair is two float64s or two int64s (lane 0, lane 1), 462 pairs to a region:
 *   A at 0:  the final rolls' scores (input), then the keeps' values with one roll to come; later the best values
 *            with two rolls to come
 *   B:       the best values with one roll to come, then the keeps' values with two rolls to come
 *   G1, G2:  the best keep of every multiset with one and with two rolls to come, as the byte offset of the keep's
 *            pair in a chance region plus 8 for lane 1
 *   K1, K2:  the chances of every multiset after the first and the second roll's keeps; K2's rolls are the final
 *            rolls' chances (output)
 *   P:       each roll's chance in both lanes
 */

const PAIR = 16;
const REGION = KEEP_COUNT * PAIR;
const A_AT = 0;
const B_AT = REGION;
const G1_AT = 2 * REGION;
const G2_AT = 3 * REGION;
const K1_AT = 4 * REGION;
const K2_AT = 5 * REGION;
const P_AT = 6 * REGION;

/** Two turns at once, one in each lane: the final rolls' scores in, their chances after the policy's keeps out. */
export interface OutcomeKernel {
  /** The final rolls' scores: scores[2 * r + lane] (write them before run). */
  readonly scores: Float64Array;
  /** The keeps, then the chances forward. */
  readonly run: () => void;
  /** The final rolls' chances: chances[2 * r + lane], after run. */
  readonly chances: Float64Array;
}

const concat = (...parts: ArrayLike<number>[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const section = (id: number, body: ArrayLike<number>) => concat([id], uleb(body.length), body);

// run's locals: v128 sixth (1/6), six (6), m, at, y, lt; i32 t.
const SIXTH = 0;
const SIX = 1;
const M = 2;
const AT = 3;
const Y = 4;
const LT = 5;
const T = 6;

// The code is long (some 200 KB): these write it byte by byte into `code`.
function putUleb(code: number[], n: number): void {
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    code.push(b);
  } while (n);
}
/** v128.load from i32.const 0 + offset (the address pushed too). */
function putLoad(code: number[], offset: number): void {
  code.push(0x41, 0x00, 0xfd, 0x00, 4);
  putUleb(code, offset);
}
/** v128.store at offset (its address, i32.const 0, pushed before the value). */
function putStore(code: number[], offset: number): void {
  code.push(0xfd, 0x0b, 4);
  putUleb(code, offset);
}
const putGet = (code: number[], local: number) => code.push(0x20, local);
const putSet = (code: number[], local: number) => code.push(0x21, local);
const putF64Const = (code: number[], x: number) => code.push(0x44, ...new Uint8Array(Float64Array.of(x).buffer));
/** v128.const of two int64s. */
function putI64x2Const(code: number[], lane0: number, lane1: number): void {
  code.push(0xfd, 0x0c, ...new Uint8Array(BigInt64Array.of(BigInt(lane0), BigInt(lane1)).buffer));
}

/** averageKeeps on one region in place: each keep of 0 to 4 dice the mean over the six faces of its child with one die more. */
function averageKeeps(code: number[], at: number): void {
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    code.push(0x41, 0x00);
    for (let f = 0; f < 6; f++) {
      putLoad(code, at + CHILD[i * 6 + f] * PAIR);
      if (f > 0) code.push(0xfd, 0xf0, 0x01); // f64x2.add
    }
    putGet(code, SIXTH);
    code.push(0xfd, 0xf2, 0x01); // f64x2.mul
    putStore(code, at + i * PAIR);
  }
}

/**
 * bestKeepsArg: out[i] = the largest in[j] over the sub-multisets j of i and arg[i] = that j (i itself on a tie,
 * then the first parent's), each from its own value and its parents' in out.
 */
function bestKeepsArg(code: number[], inAt: number, outAt: number, argAt: number): void {
  for (const g of PARENT_GROUPS) {
    for (let k = 0; k < g.members.length; k++) {
      const i = g.members[k];
      putLoad(code, inAt + i * PAIR);
      putSet(code, M);
      putI64x2Const(code, i * PAIR, i * PAIR + 8);
      putSet(code, AT);
      for (let q = 0; q < g.parents; q++) {
        const j = g.parentsOf[k * g.parents + q];
        putLoad(code, outAt + j * PAIR);
        putSet(code, Y);
        putGet(code, M);
        putGet(code, Y);
        code.push(0xfd, 0x49); // f64x2.lt
        putSet(code, LT);
        putGet(code, M);
        putGet(code, Y);
        code.push(0xfd, 0xf7, 0x01); // f64x2.pmax
        putSet(code, M);
        putLoad(code, argAt + j * PAIR);
        putGet(code, AT);
        putGet(code, LT);
        code.push(0xfd, 0x52); // v128.bitselect
        putSet(code, AT);
      }
      code.push(0x41, 0x00);
      putGet(code, M);
      putStore(code, outAt + i * PAIR);
      code.push(0x41, 0x00);
      putGet(code, AT);
      putStore(code, argAt + i * PAIR);
    }
  }
}

/**
 * reroll: k = 0; k[arg[r]] += m[r] roll after roll in each lane (m the rolls' chances at fromAt); then from the last
 * keep down to the first with fewer than five dice, k[i] / 6 added to each of its children.
 */
function reroll(code: number[], fromAt: number, argAt: number, kAt: number): void {
  // memory.fill(kAt, 0, REGION)
  code.push(0x41);
  putUleb(code, kAt);
  code.push(0x41, 0x00, 0x41);
  putUleb(code, REGION);
  code.push(0xfc, 0x0b, 0x00);
  for (let r = 0; r < ROLL_COUNT; r++) {
    for (let lane = 0; lane < 2; lane++) {
      // t = the keep's byte (the low half of the lane's int64); f64 at kAt + t += m
      code.push(0x41, 0x00, 0x28, 2);
      putUleb(code, argAt + r * PAIR + 8 * lane);
      code.push(0x22, T); // local.tee
      putGet(code, T);
      code.push(0x2b, 3);
      putUleb(code, kAt);
      code.push(0x41, 0x00, 0x2b, 3);
      putUleb(code, fromAt + r * PAIR + 8 * lane);
      code.push(0xa0, 0x39, 3); // f64.add, f64.store
      putUleb(code, kAt);
    }
  }
  for (let i = KEEP_COUNT - 1; i >= ROLL_COUNT; i--) {
    putLoad(code, kAt + i * PAIR);
    putGet(code, SIX);
    code.push(0xfd, 0xf3, 0x01); // f64x2.div
    putSet(code, Y);
    for (let f = 0; f < 6; f++) {
      const c = kAt + CHILD[i * 6 + f] * PAIR;
      code.push(0x41, 0x00);
      putLoad(code, c);
      putGet(code, Y);
      code.push(0xfd, 0xf0, 0x01); // f64x2.add
      putStore(code, c);
    }
  }
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  // Locals: 6 v128, 1 i32; sixth and six in both lanes.
  const run: number[] = [2, 6, 0x7b, 1, 0x7f];
  putF64Const(run, 1 / 6);
  run.push(0xfd, 0x14); // f64x2.splat
  putSet(run, SIXTH);
  putF64Const(run, 6);
  run.push(0xfd, 0x14);
  putSet(run, SIX);
  averageKeeps(run, A_AT);
  bestKeepsArg(run, A_AT, B_AT, G1_AT);
  averageKeeps(run, B_AT);
  bestKeepsArg(run, B_AT, A_AT, G2_AT);
  reroll(run, P_AT, G2_AT, K1_AT);
  reroll(run, K1_AT, G1_AT, K2_AT);
  run.push(0x0b);
  return concat(
    [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    section(1, [1, 0x60, 0, 0]),
    section(3, [1, 0]),
    section(5, [1, 0, 1]),
    section(7, [2, ...wasmName('run'), 0, 0, ...wasmName('mem'), 2, 0]),
    section(10, concat([1], uleb(run.length), run)),
  );
}

let module: WebAssembly.Module | null | undefined;

/** A new kernel instance (one per thread), or null where WebAssembly with SIMD is not available (the JavaScript loops are used then). */
export function outcomeKernel(): OutcomeKernel | null {
  if (module === undefined) {
    try {
      const bytes = moduleBytes();
      module = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      module = null;
    }
  }
  if (!module) return null;
  const exports = new WebAssembly.Instance(module).exports as { run: () => void; mem: WebAssembly.Memory };
  const buffer = exports.mem.buffer;
  const p = new Float64Array(buffer, P_AT, 2 * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) p[2 * r] = p[2 * r + 1] = ROLL_PROBABILITY[r];
  return {
    scores: new Float64Array(buffer, A_AT, 2 * ROLL_COUNT),
    run: exports.run,
    chances: new Float64Array(buffer, K2_AT, 2 * ROLL_COUNT),
  };
}
