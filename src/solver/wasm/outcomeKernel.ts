import { CHILD, FIVE_ALIKE, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT, ROLL_PROBABILITY } from '../dice/multisets.js';
import { concat, lazyModule, pushUleb, section, uleb, wasmName } from './wasmBytes.js';

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
 * Each step is a loop over a table of byte offsets (a keep's children, a multiset's parents) that the kernel's memory
 * holds, written from multisets.ts's tables when the module is first made (no WebAssembly toolchain is needed to
 * build the game). Written out straight, one instruction per multiset, it was some 240 KB of code, and compiling
 * that took about 11 MB in each thread and 17 MB more while V8 optimised it.
 *
 * score, before them, does what turnOutcomes.ts's scoreChoices does for the open boxes: the final rolls' scores and
 * boxes from the best zero-point choice and each box's list of rolls, with the same comparisons (a box replaces a
 * roll's when worth more, or as much and it comes first in the rule set's order) and the same sums (points plus
 * future, an upper box's future plus -0, which is the future itself).
 *
 * Memory (three pages); a pair is two float64s or two int64s (lane 0, lane 1), 462 pairs to a region:
 *   A at 0:  the final rolls' scores (input), then the keeps' values with one roll to come; later the best values
 *            with two rolls to come
 *   B:       the best values with one roll to come, then the keeps' values with two rolls to come
 *   G1, G2:  the best keep of every multiset with one and with two rolls to come, as the byte offset of the keep's
 *            pair in a chance region plus 8 for lane 1
 *   K1, K2:  the chances of every multiset after the first and the second roll's keeps; K2's rolls are the final
 *            rolls' chances (output)
 *   P:       each roll's chance in both lanes
 *   CH, PA:  the children and parents tables (int32 byte offsets of pairs)
 *   BOX, ZV, ZB, FUT, D, E: score's boxes out, the zero-point choice, the futures, the open boxes and their entries
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


// run's locals: v128 sixth (1/6), six (6), m, at, y, lt, lane (the int64s 0 and 8); i32 p, end, t, q.
const SIXTH = 0;
const SIX = 1;
const M = 2;
const AT = 3;
const Y = 4;
const LT = 5;
const LANE = 6;
const P = 7;
const END = 8;
const T = 9;
const Q = 10;

/** The children table: per keep of 0 to 4 dice, its pair's byte and its six children's (int32s), 28 bytes. */
const CH_AT = P_AT + ROLL_COUNT * PAIR;
const CH_ENTRY = 28;
const CH_BYTES = (KEEP_COUNT - ROLL_COUNT) * CH_ENTRY;
/** The parents tables: per group of PARENT_GROUPS, per member its pair's byte and its parents' (int32s). */
const PA_AT = CH_AT + CH_BYTES;
const PA_BYTES = PARENT_GROUPS.reduce((n, g) => n + 4 * g.members.length * (1 + g.parents), 0);
/** The final rolls' boxes (int64 pairs), from score. */
const BOX_AT = Math.ceil((PA_AT + PA_BYTES) / PAIR) * PAIR;
/** The best zero-point choice: its value (a float64 pair) and its box (an int64 pair). */
const ZV_AT = BOX_AT + ROLL_COUNT * PAIR;
const ZB_AT = ZV_AT + PAIR;
/** Boxes the kernel has room for. */
const BOXES = 16;
/** Each box's futures: 6 pairs a box (the dice of its face for an upper box, a value of its points for the Yahtzee box, else 1). */
const FUT_AT = ZB_AT + PAIR;
/** The open boxes' descriptors, 32 bytes each: its entries' first and end byte (int32s), then its number as an int64 pair at +16. */
const D_AT = FUT_AT + BOXES * 6 * PAIR;
/** The boxes' entries, 16 bytes each: the roll's pair byte (int32), its future's byte (int32), its points (float64 at +8). */
const E_AT = D_AT + BOXES * 32;
const E_BYTES = BOXES * ROLL_COUNT * 16;
/*
 * collect's tables: per box and roll (b * ROLL_COUNT + r) which of the box's (next state, points) pairs it takes
 * (bytes) and the points it adds (int32s); per lane the boxes' pairs, 6 a box (next states, then points, int32s), and
 * the Joker's for five alike of each face (at 4 * f); each roll's face when it is five alike (bytes); the places of
 * the (box, points) keys in the list being gathered (bytes, 255 for none) and the list's keys; per lane its list:
 * next states, points (int32s) and chances (float64s).
 */
const PAIR_OF_AT = E_AT + E_BYTES;
const POINTS_OF_AT = PAIR_OF_AT + BOXES * ROLL_COUNT;
const LANE_PAIRS = BOXES * 6 * 4;
const NEXT_AT = POINTS_OF_AT + BOXES * ROLL_COUNT * 4;
const GAIN_AT = NEXT_AT + 2 * LANE_PAIRS;
const LANE_JOKER = 32;
const JOKER_NEXT_AT = GAIN_AT + 2 * LANE_PAIRS;
const JOKER_GAIN_AT = JOKER_NEXT_AT + 2 * LANE_JOKER;
const FIVE_AT = JOKER_GAIN_AT + 2 * LANE_JOKER;
/** Keys b * 512 + points of the list being gathered. */
const KEYS = BOXES * 512;
const SLOT_AT = FIVE_AT + 256;
const KEY_AT = SLOT_AT + KEYS;
const LIST_NEXT_AT = KEY_AT + 1024;
const LANE_LIST = 4096;
const LIST_GAIN_AT = LIST_NEXT_AT + 1024;
const LIST_P_AT = LIST_GAIN_AT + 1024;
const PAGES = Math.ceil((LIST_NEXT_AT + 2 * LANE_LIST) / 65536);


// Instructions, appended to `code`.
const putGet = (code: number[], local: number) => code.push(0x20, local);
const putSet = (code: number[], local: number) => code.push(0x21, local);
const putTee = (code: number[], local: number) => code.push(0x22, local);
function putI32(code: number[], n: number): void {
  // i32.const with a signed LEB128.
  code.push(0x41);
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) {
      code.push(b);
      return;
    }
    code.push(b | 0x80);
  }
}
/** i32.load at the address on the stack plus offset. */
function putI32Load(code: number[], offset: number): void {
  code.push(0x28, 2);
  pushUleb(code, offset);
}
/** v128.load at the address on the stack plus offset. */
function putLoad(code: number[], offset: number): void {
  code.push(0xfd, 0x00, 4);
  pushUleb(code, offset);
}
/** v128.store at the address (pushed before the value) plus offset. */
function putStore(code: number[], offset: number): void {
  code.push(0xfd, 0x0b, 4);
  pushUleb(code, offset);
}
/** The int32 at p + offset (a pair's byte in a table entry). */
function putEntry(code: number[], offset: number): void {
  putGet(code, P);
  putI32Load(code, offset);
}
const putF64Const = (code: number[], x: number) => code.push(0x44, ...new Uint8Array(Float64Array.of(x).buffer));
const F64X2_ADD = [0xfd, 0xf0, 0x01];

/**
 * do { body; p += step } while (p < end) with p from `from` to `to`, or with a negative step down to `to` (p >=
 * to), body at least once.
 */
function putLoop(code: number[], from: number, to: number, step: number, body: (code: number[]) => void): void {
  putI32(code, from);
  putSet(code, P);
  putI32(code, to);
  putSet(code, END);
  code.push(0x03, 0x40); // loop
  body(code);
  putGet(code, P);
  putI32(code, Math.abs(step));
  code.push(step > 0 ? 0x6a : 0x6b); // i32.add, i32.sub
  putTee(code, P);
  putGet(code, END);
  code.push(step > 0 ? 0x49 : 0x4e); // i32.lt_u, i32.ge_s
  code.push(0x0d, 0); // br_if 0
  code.push(0x0b);
}

/** averageKeeps on one region in place: each keep of 0 to 4 dice the mean over the six faces of its child with one die more. */
function averageKeeps(code: number[], at: number): void {
  putLoop(code, CH_AT, CH_AT + CH_BYTES, CH_ENTRY, (c) => {
    putEntry(c, 0);
    for (let f = 0; f < 6; f++) {
      putEntry(c, 4 + 4 * f);
      putLoad(c, at);
      if (f > 0) c.push(...F64X2_ADD);
    }
    putGet(c, SIXTH);
    c.push(0xfd, 0xf2, 0x01); // f64x2.mul
    putStore(c, at);
  });
}

/**
 * bestKeepsArg: out[i] = the largest in[j] over the sub-multisets j of i and arg[i] = that j (i itself on a tie,
 * then the first parent's), each from its own value and its parents' in out, group after group.
 */
function bestKeepsArg(code: number[], inAt: number, outAt: number, argAt: number): void {
  let at = PA_AT;
  for (const g of PARENT_GROUPS) {
    const d = g.parents;
    const entry = 4 * (1 + d);
    putLoop(code, at, at + g.members.length * entry, entry, (c) => {
      // m = in[i]; at = i's byte in both lanes, plus 8 in lane 1
      putEntry(c, 0);
      putTee(c, T);
      putLoad(c, inAt);
      putSet(c, M);
      putGet(c, T);
      c.push(0xad, 0xfd, 0x12); // i64.extend_i32_u, i64x2.splat
      putGet(c, LANE);
      c.push(0xfd, 0xce, 0x01); // i64x2.add
      putSet(c, AT);
      for (let q = 0; q < d; q++) {
        putEntry(c, 4 + 4 * q);
        putTee(c, Q);
        putLoad(c, outAt);
        putSet(c, Y);
        putGet(c, M);
        putGet(c, Y);
        c.push(0xfd, 0x49); // f64x2.lt
        putSet(c, LT);
        putGet(c, M);
        putGet(c, Y);
        c.push(0xfd, 0xf7, 0x01); // f64x2.pmax
        putSet(c, M);
        putGet(c, Q);
        putLoad(c, argAt);
        putGet(c, AT);
        putGet(c, LT);
        c.push(0xfd, 0x52); // v128.bitselect
        putSet(c, AT);
      }
      putGet(c, T);
      putGet(c, M);
      putStore(c, outAt);
      putGet(c, T);
      putGet(c, AT);
      putStore(c, argAt);
    });
    at += g.members.length * entry;
  }
}

/**
 * reroll: k = 0; k[arg[r]] += m[r] roll after roll in each lane (m the rolls' chances at fromAt); then from the last
 * keep down to the first with fewer than five dice, k[i] / 6 added to each of its children.
 */
function reroll(code: number[], fromAt: number, argAt: number, kAt: number): void {
  // memory.fill(kAt, 0, REGION)
  putI32(code, kAt);
  putI32(code, 0);
  putI32(code, REGION);
  code.push(0xfc, 0x0b, 0x00);
  putLoop(code, 0, ROLL_COUNT * PAIR, PAIR, (c) => {
    for (let lane = 0; lane < 2; lane++) {
      // t = the keep's byte in this lane (the low half of its int64); the float64 at kAt + t += m
      putGet(c, P);
      putI32Load(c, argAt + 8 * lane);
      putTee(c, T);
      putGet(c, T);
      c.push(0x2b, 3); // f64.load
      pushUleb(c, kAt);
      putGet(c, P);
      c.push(0x2b, 3);
      pushUleb(c, fromAt + 8 * lane);
      c.push(0xa0, 0x39, 3); // f64.add, f64.store
      pushUleb(c, kAt);
    }
  });
  putLoop(code, CH_AT + CH_BYTES - CH_ENTRY, CH_AT, -CH_ENTRY, (c) => {
    putEntry(c, 0);
    putLoad(c, kAt);
    putGet(c, SIX);
    c.push(0xfd, 0xf3, 0x01); // f64x2.div
    putSet(c, Y);
    for (let f = 0; f < 6; f++) {
      putEntry(c, 4 + 4 * f);
      putTee(c, Q);
      putGet(c, Q);
      putLoad(c, kAt);
      putGet(c, Y);
      c.push(...F64X2_ADD);
      putStore(c, kAt);
    }
  });
}

// score's locals: params d, dEnd (i32); v128 z, zb, bs, v, s, bx, cond; i32 e, end, ra, p.
const SD = 0;
const SD_END = 1;
const SZ = 2;
const SZB = 3;
const SBS = 4;
const SV = 5;
const SS = 6;
const SBX = 7;
const SCOND = 8;
const SE = 9;
const SE_END = 10;
const SRA = 11;
const SP = 12;

/** score(d, dEnd): see OutcomeKernel.score; d .. dEnd the open boxes' descriptors. */
function scoreFunction(): number[] {
  const c: number[] = [2, 7, 0x7b, 4, 0x7f];
  // z, zb; every roll's pair in A = z, in BOX = zb
  putI32(c, 0);
  putLoad(c, ZV_AT);
  putSet(c, SZ);
  putI32(c, 0);
  putLoad(c, ZB_AT);
  putSet(c, SZB);
  putI32(c, 0);
  putSet(c, SP);
  c.push(0x03, 0x40);
  putGet(c, SP);
  putGet(c, SZ);
  putStore(c, A_AT);
  putGet(c, SP);
  putGet(c, SZB);
  putStore(c, BOX_AT);
  putGet(c, SP);
  putI32(c, PAIR);
  c.push(0x6a);
  putTee(c, SP);
  putI32(c, ROLL_COUNT * PAIR);
  c.push(0x49, 0x0d, 0, 0x0b); // i32.lt_u, br_if 0, end
  // while (d < dEnd): e, end, bs from the descriptor; the entries; d += 32
  c.push(0x02, 0x40, 0x03, 0x40);
  putGet(c, SD);
  putGet(c, SD_END);
  c.push(0x4f, 0x0d, 1); // i32.ge_u, br_if 1
  putGet(c, SD);
  putI32Load(c, 0);
  putSet(c, SE);
  putGet(c, SD);
  putI32Load(c, 4);
  putSet(c, SE_END);
  putGet(c, SD);
  putLoad(c, 16);
  putSet(c, SBS);
  c.push(0x02, 0x40, 0x03, 0x40);
  putGet(c, SE);
  putGet(c, SE_END);
  c.push(0x4f, 0x0d, 1);
  putGet(c, SE);
  putI32Load(c, 0);
  putSet(c, SRA);
  // v = splat(points) + the future
  putGet(c, SE);
  c.push(0x2b, 3, 8); // f64.load offset 8
  c.push(0xfd, 0x14); // f64x2.splat
  putGet(c, SE);
  putI32Load(c, 4);
  putLoad(c, 0);
  c.push(...F64X2_ADD);
  putSet(c, SV);
  putGet(c, SRA);
  putLoad(c, A_AT);
  putSet(c, SS);
  putGet(c, SRA);
  putLoad(c, BOX_AT);
  putSet(c, SBX);
  // cond = v > s | (v == s & bx > bs)
  putGet(c, SV);
  putGet(c, SS);
  c.push(0xfd, 0x4a); // f64x2.gt
  putGet(c, SV);
  putGet(c, SS);
  c.push(0xfd, 0x47); // f64x2.eq
  putGet(c, SBX);
  putGet(c, SBS);
  c.push(0xfd, 0xd9, 0x01); // i64x2.gt_s
  c.push(0xfd, 0x4e); // v128.and
  c.push(0xfd, 0x50); // v128.or
  putSet(c, SCOND);
  putGet(c, SRA);
  putGet(c, SV);
  putGet(c, SS);
  putGet(c, SCOND);
  c.push(0xfd, 0x52);
  putStore(c, A_AT);
  putGet(c, SRA);
  putGet(c, SBS);
  putGet(c, SBX);
  putGet(c, SCOND);
  c.push(0xfd, 0x52);
  putStore(c, BOX_AT);
  putGet(c, SE);
  putI32(c, 16);
  c.push(0x6a);
  putSet(c, SE);
  c.push(0x0c, 0, 0x0b, 0x0b); // br 0, end, end
  putGet(c, SD);
  putI32(c, 32);
  c.push(0x6a);
  putSet(c, SD);
  c.push(0x0c, 0, 0x0b, 0x0b);
  c.push(0x0b);
  return c;
}

// collect's locals: params lane, jokers; i32 r, b, i, q, next, gain, slot, j, count, lb, lt, lj, ll, f, rb; f64 p.
const CL_LANE = 0;
const CL_JOKERS = 1;
const CR = 2;
const CB = 3;
const CI = 4;
const CQ = 5;
const CNEXT = 6;
const CGAIN = 7;
const CSLOT = 8;
const CJ = 9;
const CCOUNT = 10;
const CLB = 11;
const CLT = 12;
const CLJ = 13;
const CLL = 14;
const CF = 15;
const CRB = 16;
const CP = 17;

/** A memory instruction (opcode, alignment) at the address on the stack plus offset. */
function putMemory(c: number[], opcode: number, align: number, offset: number): void {
  c.push(opcode, align);
  pushUleb(c, offset);
}
const load8 = (c: number[], offset: number) => putMemory(c, 0x2d, 0, offset);
const store8 = (c: number[], offset: number) => putMemory(c, 0x3a, 0, offset);
const storeI32 = (c: number[], offset: number) => putMemory(c, 0x36, 2, offset);
const loadF64 = (c: number[], offset: number) => putMemory(c, 0x2b, 3, offset);
const storeF64 = (c: number[], offset: number) => putMemory(c, 0x39, 3, offset);
/** local = local-a op constant */
function putOp(c: number[], to: number, from: number, n: number, op: number): void {
  putGet(c, from);
  putI32(c, n);
  c.push(op);
  putSet(c, to);
}
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const I32_SHL = 0x74;

/** collect(lane, jokers): see OutcomeKernel.collect. */
function collectFunction(): number[] {
  const c: number[] = [2, 15, 0x7f, 1, 0x7c];
  putOp(c, CLB, CL_LANE, 3, I32_SHL);
  putOp(c, CLT, CL_LANE, LANE_PAIRS, I32_MUL);
  putOp(c, CLJ, CL_LANE, 5, I32_SHL);
  putOp(c, CLL, CL_LANE, 12, I32_SHL);
  c.push(0x03, 0x40); // loop over the rolls
  // rb = r * 16 + lb; p = the roll's chance in the lane
  putOp(c, CRB, CR, 4, I32_SHL);
  putGet(c, CRB);
  putGet(c, CLB);
  c.push(I32_ADD);
  putTee(c, CRB);
  loadF64(c, K2_AT);
  putTee(c, CP);
  putF64Const(c, 0);
  c.push(0x62, 0x04, 0x40); // f64.ne; if
  putGet(c, CRB);
  putI32Load(c, BOX_AT);
  putSet(c, CB);
  // f = the roll's face when five alike; if (jokers && f)
  putGet(c, CR);
  load8(c, FIVE_AT);
  putTee(c, CF);
  putGet(c, CL_JOKERS);
  c.push(I32_MUL, 0x04, 0x40); // f * jokers (0 or 1); if
  putGet(c, CLJ);
  putGet(c, CF);
  putI32(c, 2);
  c.push(I32_SHL, I32_ADD);
  putTee(c, CQ);
  putI32Load(c, JOKER_NEXT_AT);
  putSet(c, CNEXT);
  putGet(c, CQ);
  putI32Load(c, JOKER_GAIN_AT);
  putSet(c, CGAIN);
  c.push(0x05); // else
  // i = b * ROLL_COUNT + r; q = lt + 4 * (6 * b + pairOf[i])
  putGet(c, CB);
  putI32(c, ROLL_COUNT);
  c.push(I32_MUL);
  putGet(c, CR);
  c.push(I32_ADD);
  putTee(c, CI);
  load8(c, PAIR_OF_AT);
  putGet(c, CB);
  putI32(c, 6);
  c.push(I32_MUL, I32_ADD);
  putI32(c, 2);
  c.push(I32_SHL);
  putGet(c, CLT);
  c.push(I32_ADD);
  putTee(c, CQ);
  putI32Load(c, NEXT_AT);
  putSet(c, CNEXT);
  putGet(c, CQ);
  putI32Load(c, GAIN_AT);
  putGet(c, CI);
  putI32(c, 2);
  c.push(I32_SHL);
  putI32Load(c, POINTS_OF_AT);
  c.push(I32_ADD);
  putSet(c, CGAIN);
  c.push(0x0b); // end if
  // slot = b * 512 + gain; j = its place
  putGet(c, CB);
  putI32(c, 9);
  c.push(I32_SHL);
  putGet(c, CGAIN);
  c.push(I32_ADD);
  putTee(c, CSLOT);
  load8(c, SLOT_AT);
  putTee(c, CJ);
  putI32(c, 255);
  c.push(0x46, 0x04, 0x40); // i32.eq; if: a new place
  putGet(c, CCOUNT);
  putSet(c, CJ);
  putOp(c, CCOUNT, CCOUNT, 1, I32_ADD);
  putGet(c, CSLOT);
  putGet(c, CJ);
  store8(c, SLOT_AT);
  putGet(c, CJ);
  putI32(c, 2);
  c.push(I32_SHL);
  putGet(c, CSLOT);
  storeI32(c, KEY_AT);
  // q = ll + 4 j
  putGet(c, CJ);
  putI32(c, 2);
  c.push(I32_SHL);
  putGet(c, CLL);
  c.push(I32_ADD);
  putTee(c, CQ);
  putGet(c, CNEXT);
  storeI32(c, LIST_NEXT_AT);
  putGet(c, CQ);
  putGet(c, CGAIN);
  storeI32(c, LIST_GAIN_AT);
  putGet(c, CJ);
  putI32(c, 3);
  c.push(I32_SHL);
  putGet(c, CLL);
  c.push(I32_ADD);
  putF64Const(c, 0);
  storeF64(c, LIST_P_AT);
  c.push(0x0b); // end if
  // list.p[j] += p
  putGet(c, CJ);
  putI32(c, 3);
  c.push(I32_SHL);
  putGet(c, CLL);
  c.push(I32_ADD);
  putTee(c, CQ);
  putGet(c, CQ);
  loadF64(c, LIST_P_AT);
  putGet(c, CP);
  c.push(0xa0); // f64.add
  storeF64(c, LIST_P_AT);
  c.push(0x0b); // end if (a chance)
  putOp(c, CR, CR, 1, I32_ADD);
  putGet(c, CR);
  putI32(c, ROLL_COUNT);
  c.push(0x49, 0x0d, 0, 0x0b); // i32.lt_u; br_if 0; end loop
  // Every place taken back: slot of keys[j] = 255.
  putI32(c, 0);
  putSet(c, CJ);
  c.push(0x02, 0x40, 0x03, 0x40);
  putGet(c, CJ);
  putGet(c, CCOUNT);
  c.push(0x4f, 0x0d, 1); // i32.ge_u; br_if 1
  putGet(c, CJ);
  putI32(c, 2);
  c.push(I32_SHL);
  putI32Load(c, KEY_AT);
  putI32(c, 255);
  store8(c, SLOT_AT);
  putOp(c, CJ, CJ, 1, I32_ADD);
  c.push(0x0c, 0, 0x0b, 0x0b);
  putGet(c, CCOUNT);
  c.push(0x0b);
  return c;
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  // Locals: 7 v128, 4 i32; sixth, six and the lane offsets.
  const run: number[] = [2, 7, 0x7b, 4, 0x7f];
  putF64Const(run, 1 / 6);
  run.push(0xfd, 0x14); // f64x2.splat
  putSet(run, SIXTH);
  putF64Const(run, 6);
  run.push(0xfd, 0x14);
  putSet(run, SIX);
  run.push(0xfd, 0x0c, ...new Uint8Array(BigInt64Array.of(0n, 8n).buffer)); // v128.const
  putSet(run, LANE);
  averageKeeps(run, A_AT);
  bestKeepsArg(run, A_AT, B_AT, G1_AT);
  averageKeeps(run, B_AT);
  bestKeepsArg(run, B_AT, A_AT, G2_AT);
  reroll(run, P_AT, G2_AT, K1_AT);
  reroll(run, K1_AT, G1_AT, K2_AT);
  run.push(0x0b);
  const score = scoreFunction();
  const collect = collectFunction();
  return concat(
    [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    // types: 0 (func), 1 (func (param i32 i32)), 2 (func (param i32 i32) (result i32))
    section(1, [3, 0x60, 0, 0, 0x60, 2, 0x7f, 0x7f, 0, 0x60, 2, 0x7f, 0x7f, 1, 0x7f]),
    section(3, [3, 0, 1, 2]),
    section(5, [1, 0, PAGES]),
    section(7, [4, ...wasmName('run'), 0, 0, ...wasmName('score'), 0, 1, ...wasmName('collect'), 0, 2, ...wasmName('mem'), 2, 0]),
    section(10, concat([3], uleb(run.length), run, uleb(score.length), score, uleb(collect.length), collect)),
  );
}

/** Writes the children and parents tables into the kernel's memory. */
function writeTables(buffer: ArrayBuffer): void {
  const ch = new Int32Array(buffer, CH_AT, CH_BYTES / 4);
  for (let i = ROLL_COUNT, e = 0; i < KEEP_COUNT; i++) {
    ch[e++] = i * PAIR;
    for (let f = 0; f < 6; f++) ch[e++] = CHILD[i * 6 + f] * PAIR;
  }
  const pa = new Int32Array(buffer, PA_AT);
  let e = 0;
  for (const g of PARENT_GROUPS) {
    for (let k = 0; k < g.members.length; k++) {
      pa[e++] = g.members[k] * PAIR;
      for (let q = 0; q < g.parents; q++) pa[e++] = g.parentsOf[k * g.parents + q] * PAIR;
    }
  }
}

const compiled = lazyModule(moduleBytes);

/** A new kernel instance (one per thread), or null where WebAssembly with SIMD is not available (the JavaScript loops are used then). */
export function outcomeKernel(): OutcomeKernel | null {
  const module = compiled();
  if (!module) return null;
  const exports = new WebAssembly.Instance(module).exports as { run: () => void; score: (d: number, dEnd: number) => void; collect: (lane: number, jokers: number) => number; mem: WebAssembly.Memory };
  const buffer = exports.mem.buffer;
  writeTables(buffer);
  new Uint8Array(buffer, SLOT_AT, KEYS).fill(255);
  const five = new Uint8Array(buffer, FIVE_AT, ROLL_COUNT);
  for (let f = 1; f <= 6; f++) five[FIVE_ALIKE[f]] = f;
  const p = new Float64Array(buffer, P_AT, 2 * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) p[2 * r] = p[2 * r + 1] = ROLL_PROBABILITY[r];
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  // Each box's entries, [bounds[2b], bounds[2b + 1]) bytes.
  let bounds = new Int32Array(0);
  let dEnd = D_AT;
  const layout: OutcomeKernel['layout'] = (lists) => {
    if (lists.length > BOXES) throw new RangeError(`the outcome kernel has room for ${BOXES} boxes`);
    bounds = new Int32Array(2 * lists.length);
    let at = E_AT;
    lists.forEach((list, b) => {
      bounds[2 * b] = at;
      for (const { roll, future, points } of list) {
        if (future < 0 || future > 5) throw new RangeError('the outcome kernel holds 6 futures a box');
        i32[at / 4] = roll * PAIR;
        i32[at / 4 + 1] = FUT_AT + (6 * b + future) * PAIR;
        f64[at / 8 + 1] = points;
        at += 16;
      }
      bounds[2 * b + 1] = at;
    });
  };
  const open: OutcomeKernel['open'] = (mask) => {
    let d = D_AT / 4;
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
  return {
    scores: new Float64Array(buffer, A_AT, 2 * ROLL_COUNT),
    boxes: new Int32Array(buffer, BOX_AT, 4 * ROLL_COUNT),
    zero: new Float64Array(buffer, ZV_AT, 2),
    zeroBox: new Int32Array(buffer, ZB_AT, 4),
    futures: new Float64Array(buffer, FUT_AT, 2 * 6 * BOXES),
    layout,
    open,
    score: () => exports.score(D_AT, dEnd),
    pairNext: [new Int32Array(buffer, NEXT_AT, LANE_PAIRS / 4), new Int32Array(buffer, NEXT_AT + LANE_PAIRS, LANE_PAIRS / 4)],
    pairGain: [new Int32Array(buffer, GAIN_AT, LANE_PAIRS / 4), new Int32Array(buffer, GAIN_AT + LANE_PAIRS, LANE_PAIRS / 4)],
    jokerNext: [new Int32Array(buffer, JOKER_NEXT_AT, 8), new Int32Array(buffer, JOKER_NEXT_AT + LANE_JOKER, 8)],
    jokerGain: [new Int32Array(buffer, JOKER_GAIN_AT, 8), new Int32Array(buffer, JOKER_GAIN_AT + LANE_JOKER, 8)],
    layoutPairs: (pairOf, pointsOf) => {
      if (pairOf.length > BOXES * ROLL_COUNT) throw new RangeError(`the outcome kernel has room for ${BOXES} boxes`);
      new Uint8Array(buffer, PAIR_OF_AT, pairOf.length).set(pairOf);
      new Int32Array(buffer, POINTS_OF_AT, pointsOf.length).set(pointsOf);
    },
    lists: [0, 1].map((lane) => ({
      next: new Int32Array(buffer, LIST_NEXT_AT + lane * LANE_LIST, ROLL_COUNT),
      gain: new Int32Array(buffer, LIST_GAIN_AT + lane * LANE_LIST, ROLL_COUNT),
      p: new Float64Array(buffer, LIST_P_AT + lane * LANE_LIST, ROLL_COUNT),
    })) as unknown as readonly [KernelList, KernelList],
    collect: (lane, jokers) => exports.collect(lane, jokers ? 1 : 0),
    run: exports.run,
    chances: new Float64Array(buffer, K2_AT, 2 * ROLL_COUNT),
  };
}
