/*
 * The inner loop of the distribution pass, out[i] += w * src[i] over a state's chances, as a WebAssembly function
 * with 128-bit SIMD (two float64 lanes: each single-precision chance widened, multiplied by w, added). The same
 * arithmetic as the JavaScript loop, a multiply then an add in double precision, so the results are the same bit for
 * bit. Two ways to run it: in memory of its own (mixKernel), the chances to mix (float32) copied in at SRC_AT and the
 * mix (float64) built at 0; or in a pass's arena (arenaKernel), a shared memory that holds the chances themselves,
 * where a turn's whole list of outcomes is mixed in one call (mixAll, which also zeroes the mix) and the mix stored as
 * float32 by demote. Written out as bytes below (no WebAssembly toolchain is needed to build the game); WAT in the
 * comments.
 */
import { lazyModule, section, uleb, wasmName } from './wasmBytes.js';

/** Float64s of the mix the kernel's memory holds, from byte 0. */
export const OUT_MAX = 8192;
/** Byte offset of the chances to mix in the kernel's memory. */
const SRC_AT = OUT_MAX * 8;
/** Float32s of chances to mix it holds, from SRC_AT. */
export const SRC_MAX = 8192;

/** mix(outByte, srcByte, n, w): out[k] += w * src[k] for n chances, out float64 at outByte, src float32 at srcByte. */
type Mix = (outByte: number, srcByte: number, n: number, w: number) => void;

/** mixList(srcByte, n, listByte, k): mix(out, srcByte, n, w) for each of k entries (out byte as int32, then w as float64 at +8) at listByte. */
type MixList = (srcByte: number, n: number, listByte: number, k: number) => void;

/** Byte offset of the list of outcomes for mixList, and the most entries it holds. */
const LIST_AT = SRC_AT + SRC_MAX * 4;
export const LIST_MAX = 1024;

/** mixAll(listByte, k, outByte, size): out[0 .. size) = 0, then each of the k entries at listByte mixed in, in order (arenaKernel's list). */
type MixAll = (listByte: number, k: number, outByte: number, size: number) => void;

/** demote(srcByte, n, dstByte): n float64s at srcByte stored as float32s at dstByte, each rounded to the nearest. */
type Demote = (srcByte: number, n: number, dstByte: number) => void;

/** Bytes of an entry of mixAll's list: the chances' byte, their count, the mix's byte (int32s at 0, 4, 8), w (a float64 at 16). */
const ENTRY = 24;

/** A kernel instance (one per thread): its mix functions and views of its memory. */
export interface MixKernel {
  readonly mix: Mix;
  readonly mixList: MixList;
  /** The list for mixList as int32s (the out byte of entry e at 4e) and float64s (its w at 2e + 1). */
  readonly listI32: Int32Array;
  readonly listF64: Float64Array;
  readonly listByte: number;
  /** The mix, OUT_MAX float64s. */
  readonly out: Float64Array;
  /** Where the chances to mix are copied, SRC_MAX float32s. */
  readonly src: Float32Array;
  /** The byte offset of src in the kernel's memory (pass it to mix). */
  readonly srcByte: number;
}

// Instructions used (SIMD ones after the 0xfd prefix, as unsigned LEB128).
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const i32 = (n: number) => [0x41, ...sleb(n)];
const ADD = 0x6a;
const MUL = 0x6c;
const AND = 0x71;
const SHL = 0x74;
const GE_U = 0x4f;
const V128_LOAD = (offset: number) => [0xfd, 0x00, 3, ...uleb(offset)];
const V128_STORE = (offset: number) => [0xfd, 0x0b, 3, ...uleb(offset)];
const LOAD64_ZERO = (offset: number) => [0xfd, 0x5d, 3, ...uleb(offset)];
const F64X2_SPLAT = [0xfd, 0x14];
const PROMOTE_LOW = [0xfd, 0x5f];
const F64X2_ADD = [0xfd, 0xf0, 0x01];
const F64X2_MUL = [0xfd, 0xf2, 0x01];

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

// Locals: 0 out byte, 1 src byte, 2 n, 3 w (params); 4 w in both lanes (v128), 5 end of the 4-at-a-time part.
const O = 0;
const S = 1;
const N = 2;
const W = 3;
const WW = 4;
const END = 5;

/** out[o + 16 * k .. +16) += ww * widen(src[s + 8 * k .. +8)), for the pair at byte offsets (16k, 8k). */
const pair = (k: number) => [...get(O), ...get(O), ...V128_LOAD(16 * k), ...get(WW), ...get(S), ...LOAD64_ZERO(8 * k), ...PROMOTE_LOW, ...F64X2_MUL, ...F64X2_ADD, ...V128_STORE(16 * k)];
const advance = (pairs: number) => [...get(O), ...i32(16 * pairs), ADD, ...set(O), ...get(S), ...i32(8 * pairs), ADD, ...set(S)];

const body = [
  // ww = f64x2.splat(w); end = s + (n & ~3) * 4
  ...get(W), ...F64X2_SPLAT, ...set(WW),
  ...get(S), ...get(N), ...i32(-4), AND, ...i32(2), SHL, ADD, ...set(END),
  // block loop: while (s < end) { four chances; o += 32; s += 16 }
  0x02, 0x40, 0x03, 0x40,
  ...get(S), ...get(END), GE_U, 0x0d, 1,
  ...pair(0), ...pair(1), ...advance(2),
  0x0c, 0, 0x0b, 0x0b,
  // if (n & 2) { two chances; o += 16; s += 8 }
  ...get(N), ...i32(2), AND, 0x04, 0x40, ...pair(0), ...advance(1), 0x0b,
  // if (n & 1) out[o] += w * src[s]
  ...get(N), ...i32(1), AND, 0x04, 0x40,
  ...get(O), ...get(O), 0x2b, 3, 0, ...get(W), ...get(S), 0x2a, 2, 0, 0xbb, 0xa2, 0xa0, 0x39, 3, 0,
  0x0b,
  0x0b,
];

// mixList(src, n, list, k): mix(out, src, n, w) for each of the k (out: i32, pad, w: f64) entries at byte `list`.
// Locals: 0 src, 1 n, 2 list (moves on), 3 k; 4 end of the list.
const listBody = [
  ...get(2), ...get(3), ...i32(4), SHL, ADD, ...set(4),
  0x02, 0x40, 0x03, 0x40,
  ...get(2), ...get(4), GE_U, 0x0d, 1,
  ...get(2), 0x28, 2, 0, ...get(0), ...get(1), ...get(2), 0x2b, 3, 8, 0x10, 0,
  ...get(2), ...i32(16), ADD, ...set(2),
  0x0c, 0, 0x0b, 0x0b,
  0x0b,
];

// mixAll(list, k, out, size): out[0 .. size) = 0, then mix(entry's out, its src, its n, its w) for each of the k
// entries at byte `list`, in order (24 bytes each: src byte, n, out byte as int32s, 4 bytes unused, w as a float64).
// Locals: 0 list (moves on), 1 k, 2 out, 3 size; 4 end of the list.
const allBody = [
  ...get(2), ...i32(0), ...get(3), ...i32(3), SHL, 0xfc, 0x0b, 0x00,
  ...get(0), ...get(1), ...i32(ENTRY), MUL, ADD, ...set(4),
  0x02, 0x40, 0x03, 0x40,
  ...get(0), ...get(4), GE_U, 0x0d, 1,
  ...get(0), 0x28, 2, 8, ...get(0), 0x28, 2, 0, ...get(0), 0x28, 2, 4, ...get(0), 0x2b, 3, 16, 0x10, 0,
  ...get(0), ...i32(ENTRY), ADD, ...set(0),
  0x0c, 0, 0x0b, 0x0b,
  0x0b,
];

// demote(src, n, dst): dst[i] = the float32 nearest src[i] for n float64s at byte src, float32s at byte dst (what
// storing a number in a Float32Array does). Locals: 0 src (moves on), 1 n, 2 dst (moves on); 3 end of src.
const demoteBody = [
  ...get(0), ...get(1), ...i32(3), SHL, ADD, ...set(3),
  0x02, 0x40, 0x03, 0x40,
  ...get(0), ...get(3), GE_U, 0x0d, 1,
  ...get(2), ...get(0), 0x2b, 3, 0, 0xb6, 0x38, 2, 0,
  ...get(0), ...i32(8), ADD, ...set(0), ...get(2), ...i32(4), ADD, ...set(2),
  0x0c, 0, 0x0b, 0x0b,
  0x0b,
];

/** The most pages a shared memory the kernel works in may have (4 GiB, all a 32-bit address reaches). */
export const MAX_PAGES = 65536;

/** The module's bytes: its memory imported as env.mem, shared (a pass's arena) or not (a kernel's own). */
function moduleBytes(shared: boolean): Uint8Array<ArrayBuffer> {
  const code = (locals: number[], b: number[]) => [...uleb(locals.length + b.length), ...locals, ...b];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    // (type (func (param i32 i32 i32 f64))) (type (func (param i32 i32 i32 i32))) (type (func (param i32 i32 i32)))
    ...section(1, [3, 0x60, 4, 0x7f, 0x7f, 0x7f, 0x7c, 0, 0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 0, 0x60, 3, 0x7f, 0x7f, 0x7f, 0]),
    // (import "env" "mem" (memory 0 [65536 shared]))
    ...section(2, [1, ...wasmName('env'), ...wasmName('mem'), 2, ...(shared ? [3, 0, ...uleb(MAX_PAGES)] : [0, 0])]),
    ...section(3, [4, 0, 1, 1, 2]),
    ...section(7, [4, ...wasmName('mix'), 0, 0, ...wasmName('mixList'), 0, 1, ...wasmName('mixAll'), 0, 2, ...wasmName('demote'), 0, 3]),
    // mix's locals: one v128, one i32; the others': one i32
    ...section(10, [4, ...code([2, 1, 0x7b, 1, 0x7f], body), ...code([1, 1, 0x7f], listBody), ...code([1, 1, 0x7f], allBody), ...code([1, 1, 0x7f], demoteBody)]),
  ]);
}

/** The module with its memory not shared (mixKernel) and shared (arenaKernel), compiled once per thread (null where WebAssembly with SIMD and bulk memory is not available). */
const ownModule = lazyModule(() => moduleBytes(false));
const arenaModule = lazyModule(() => moduleBytes(true));

interface Exports {
  mix: Mix;
  mixList: MixList;
  mixAll: MixAll;
  demote: Demote;
}

/** A new kernel instance in memory of its own, or null where WebAssembly with SIMD is not available (the JavaScript loop is used then). */
export function mixKernel(): MixKernel | null {
  const module = ownModule();
  if (!module) return null;
  // The mix's 64 KiB, the chances' 32 KiB, then the list of outcomes.
  const mem = new WebAssembly.Memory({ initial: 2, maximum: 2 });
  const exports = new WebAssembly.Instance(module, { env: { mem } }).exports as unknown as Exports;
  const buffer = mem.buffer;
  return {
    mix: exports.mix,
    mixList: exports.mixList,
    listI32: new Int32Array(buffer, LIST_AT, LIST_MAX * 4),
    listF64: new Float64Array(buffer, LIST_AT, LIST_MAX * 2),
    listByte: LIST_AT,
    out: new Float64Array(buffer, 0, OUT_MAX),
    src: new Float32Array(buffer, SRC_AT, SRC_MAX),
    srcByte: SRC_AT,
  };
}

/**
 * A kernel whose memory is `arena`, a shared memory that also holds the distributions to mix (a pass's chunks:
 * distribution.ts's chunkArena), so that it reads them where they are instead of a copy, and writes the mix to them.
 * Its own part of the arena holds the mix, the list and a single chance of 1.
 */
export interface ArenaKernel {
  readonly mixAll: MixAll;
  readonly demote: Demote;
  /** The mix, OUT_MAX float64s from byte outByte of the arena. */
  readonly out: Float64Array;
  readonly outByte: number;
  /** The list for mixAll: entry e's int32s from 6e (src byte, n, out byte) and its w at float64 3e + 2. */
  readonly listI32: Int32Array;
  readonly listF64: Float64Array;
  readonly listByte: number;
  /** The byte of a float32 1 (the end of the game's distribution, surely 0 more points). */
  readonly oneByte: number;
}

/** Bytes of an ArenaKernel's own part of the arena: the mix, the list, the chance of 1. */
export const KERNEL_BYTES = OUT_MAX * 8 + LIST_MAX * ENTRY + 8;

/** A kernel working in the shared memory `arena` (ArenaKernel), its own part the KERNEL_BYTES from byte `at` (a multiple of 8); or null. */
export function arenaKernel(arena: WebAssembly.Memory, at: number): ArenaKernel | null {
  const module = arenaModule();
  if (!module) return null;
  try {
    const exports = new WebAssembly.Instance(module, { env: { mem: arena } }).exports as unknown as Exports;
    const buffer = arena.buffer;
    const listByte = at + OUT_MAX * 8;
    const oneByte = listByte + LIST_MAX * ENTRY;
    new Float32Array(buffer, oneByte, 1)[0] = 1;
    return {
      mixAll: exports.mixAll,
      demote: exports.demote,
      out: new Float64Array(buffer, at, OUT_MAX),
      outByte: at,
      listI32: new Int32Array(buffer, listByte, LIST_MAX * (ENTRY / 4)),
      listF64: new Float64Array(buffer, listByte, LIST_MAX * (ENTRY / 8)),
      listByte,
      oneByte,
    };
  } catch {
    return null;
  }
}
