import { CHILD, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from './multisets.js';

/*
 * The strategy table's inner loop (core.ts's solveState after the scoring layer) as a WebAssembly function with
 * 128-bit SIMD, for two states at once, one in each float64 lane: from what each final roll is worth once scored,
 * the keeps before the third roll (averageKeeps), the best keep of each roll (bestKeeps), the same again before the
 * second roll, and the turn's value before the first. The code is written out straight, one instruction per
 * addition, comparison and load of the plain loops, with the multiset indices as constant offsets (generated below
 * from multisets.ts's tables when the module is first used; no WebAssembly toolchain is needed to build the game).
 * It does the same float64 operations in the same order as the JavaScript loops, so the results are the same bit for
 * bit: the sums of six children left to right times 1/6, the maximum by the same comparisons (f64x2.pmax(m, y) is
 * m < y ? y : m, which is `if (y > m) m = y`), the value as the sum, roll after roll, of probability times value.
 *
 * Memory (one page), each entry a pair of float64s (lane 0, lane 1):
 *   A at 0:          462 pairs: the rolls' scores (the input), then every keep's value with a roll to come
 *   B at 16 * 462:   462 pairs: every keep's best sub-keep value (bestKeeps' output)
 *   P at 32 * 462:   252 pairs: each roll's probability in both lanes
 *   V at the end:    1 pair: the two turns' values (the output)
 */

const PAIR = 16;
const A_AT = 0;
const B_AT = KEEP_COUNT * PAIR;
const P_AT = 2 * KEEP_COUNT * PAIR;
const V_AT = P_AT + ROLL_COUNT * PAIR;

/** Two turns at once, one in each lane, from the scores written to `scores`; their values in `values`. */
export interface KeepKernel {
  /** The final rolls' scores: scores[2 * r + lane] (float64s at A). */
  readonly scores: Float64Array;
  /** Computes both lanes' turns from `scores` (which it overwrites). */
  readonly run: () => void;
  /** The turns' values: values[lane], after run. */
  readonly values: Float64Array;
}

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (s: string) => [s.length, ...[...s].map((c) => c.charCodeAt(0))];

// Instructions (SIMD ones after the 0xfd prefix, opcodes as unsigned LEB128). Every address is i32.const 0 plus
// the constant offset of the memory argument (alignment 2^4).
const BASE = [0x41, 0x00];
const LOCAL_GET = (i: number) => [0x20, i];
const LOCAL_SET = (i: number) => [0x21, i];
const LOAD = (offset: number) => [...BASE, 0xfd, 0x00, 4, ...uleb(offset)];
const STORE = (offset: number) => [0xfd, 0x0b, 4, ...uleb(offset)];
const F64X2_SPLAT = [0xfd, 0x14];
const F64X2_ADD = [0xfd, 0xf0, 0x01];
const F64X2_MUL = [0xfd, 0xf2, 0x01];
const F64X2_PMAX = [0xfd, 0xf7, 0x01];
const F64_CONST = (x: number) => [0x44, ...new Uint8Array(Float64Array.of(x).buffer)];

// The function's one local: 1/6 in both lanes (v128).
const SIXTH = 0;

/**
 * averageKeeps: each keep of 0 to 4 dice (index ROLL_COUNT up) the mean over the six faces of its child with one
 * die more; the children that are rolls read from `rollsAt` (A before the third roll, B before the second).
 */
function averageKeeps(rollsAt: number): number[] {
  const code: number[] = [];
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    code.push(...BASE);
    for (let f = 0; f < 6; f++) {
      const c = CHILD[i * 6 + f];
      code.push(...LOAD((c < ROLL_COUNT ? rollsAt : A_AT) + c * PAIR));
      if (f > 0) code.push(...F64X2_ADD);
    }
    code.push(...LOCAL_GET(SIXTH), ...F64X2_MUL, ...STORE(A_AT + i * PAIR));
  }
  return code;
}

/** bestKeeps: B[k] = the largest A[j] over the sub-multisets j of k, each from its own value and its parents' in B. */
function bestKeeps(): number[] {
  const code: number[] = [];
  for (const g of PARENT_GROUPS) {
    for (let k = 0; k < g.members.length; k++) {
      const i = g.members[k];
      code.push(...BASE);
      if (g.parents === 1) {
        // out[i] = x > y ? x : y (x its own value, y its parent's): pmax(y, x).
        code.push(...LOAD(B_AT + g.parentsOf[k] * PAIR), ...LOAD(A_AT + i * PAIR), ...F64X2_PMAX);
      } else {
        // m = x, then for each parent y: if (y > m) m = y, which is pmax(m, y).
        code.push(...LOAD(A_AT + i * PAIR));
        for (let q = 0; q < g.parents; q++) code.push(...LOAD(B_AT + g.parentsOf[k * g.parents + q] * PAIR), ...F64X2_PMAX);
      }
      code.push(...STORE(B_AT + i * PAIR));
    }
  }
  return code;
}

/** The turn's value: the sum over the rolls, in order, of their probability times their best keep's value in B. */
function turnValue(): number[] {
  // The store's address, then the running sum from 0: sum = sum + p * b, roll after roll.
  const code: number[] = [...BASE, ...F64_CONST(0), ...F64X2_SPLAT];
  for (let r = 0; r < ROLL_COUNT; r++) code.push(...LOAD(P_AT + r * PAIR), ...LOAD(B_AT + r * PAIR), ...F64X2_MUL, ...F64X2_ADD);
  code.push(...STORE(V_AT));
  return code;
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const body = [
    ...F64_CONST(1 / 6), ...F64X2_SPLAT, ...LOCAL_SET(SIXTH),
    ...averageKeeps(A_AT), ...bestKeeps(),
    ...averageKeeps(B_AT), ...bestKeeps(),
    ...turnValue(),
    0x0b,
  ];
  const fn = [1, 1, 0x7b, ...body];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    // (type (func))
    ...section(1, [1, 0x60, 0, 0]),
    ...section(3, [1, 0]),
    // (memory 1)
    ...section(5, [1, 0, 1]),
    ...section(7, [2, ...name('run'), 0, 0, ...name('mem'), 2, 0]),
    ...section(10, [1, ...uleb(fn.length), ...fn]),
  ]);
}

let module: WebAssembly.Module | null | undefined;

/** A new kernel instance (one per thread), or null where WebAssembly with SIMD is not available (the JavaScript loops are used then). */
export function keepKernel(): KeepKernel | null {
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
  return { scores: new Float64Array(buffer, A_AT, 2 * ROLL_COUNT), run: exports.run, values: new Float64Array(buffer, V_AT, 2) };
}
