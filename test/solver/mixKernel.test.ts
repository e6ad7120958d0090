import { describe, expect, it } from 'vitest';
import { MAX_PAGES, OUT_MAX, SRC_MAX, arenaKernel, mixKernel } from '../../src/solver/wasm/mixKernel.js';

// The distribution pass's WebAssembly inner loop must do exactly what the JavaScript loop does.
describe('the mixing kernel', () => {
  it('is available on this Node (WebAssembly with SIMD)', () => {
    expect(mixKernel()).not.toBeNull();
  });

  const cases = [
    { n: 0, at: 0 },
    { n: 1, at: 5 },
    { n: 2, at: 0 },
    { n: 3, at: 17 },
    { n: 4, at: 1 },
    { n: 5, at: 2 },
    { n: 7, at: 100 },
    { n: 550, at: 33 },
    { n: SRC_MAX - 3, at: 3 },
  ];
  for (const { n, at } of cases) {
    it(`adds w times ${n} single-precision chances at ${at} exactly as out[at + i] += w * src[i] does, leaving the rest alone`, () => {
      const k = mixKernel()!;
      let seed = n * 7919 + at;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const src = Float32Array.from({ length: n }, () => random() * 1e-3);
      const before = Float64Array.from({ length: OUT_MAX }, () => random() * 1e-2);
      const w = 0.1 + random();
      const expected = Float64Array.from(before);
      for (let i = 0; i < n; i++) expected[at + i] += w * src[i];
      k.out.set(before);
      k.src.set(src);
      k.mix(at * 8, k.srcByte, n, w);
      const differ = [];
      for (let i = 0; i < OUT_MAX; i++) if (k.out[i] !== expected[i]) differ.push(i);
      expect(differ).toEqual([]);
    });
  }
});

describe('the mixing kernel\'s list', () => {
  it('mixes each listed outcome as mix would, in the order listed', () => {
    const k = mixKernel()!;
    const n = 37;
    const src = Float32Array.from({ length: n }, (_, i) => (i + 1) / 997);
    const entries = [
      { at: 3, w: 0.25 },
      { at: 4, w: 0.125 },
      { at: 0, w: 0.3 },
      { at: 3, w: 0.1 },
    ];
    const expected = new Float64Array(OUT_MAX);
    for (const { at, w } of entries) for (let i = 0; i < n; i++) expected[at + i] += w * src[i];
    k.out.fill(0);
    k.src.set(src);
    entries.forEach(({ at, w }, e) => {
      k.listI32[4 * e] = at * 8;
      k.listF64[2 * e + 1] = w;
    });
    k.mixList(k.srcByte, n, k.listByte, entries.length);
    expect([...k.out.subarray(0, 64)]).toEqual([...expected.subarray(0, 64)]);
  });
});

describe('the mixing kernel in a shared memory that also holds the chances (arenaKernel)', () => {
  /** A kernel at byte 65536 of a fresh shared memory of 4 pages, and float32 views of the rest. */
  function arena() {
    const mem = new WebAssembly.Memory({ initial: 4, maximum: MAX_PAGES, shared: true });
    const k = arenaKernel(mem, 65536)!;
    return { mem, k, f32: new Float32Array(mem.buffer), f64: new Float64Array(mem.buffer) };
  }

  it('is available on this Node', () => {
    expect(arena().k).not.toBeNull();
  });

  it('zeroes the first `size` of the mix, leaves the rest, then mixes each entry where it is, in the order listed', () => {
    const { k, f32 } = arena();
    // Two distributions in place at float32 100 and 400, the chance of 1 as a third.
    const a = Float32Array.from({ length: 37 }, (_, i) => (i + 1) / 997);
    const b = Float32Array.from({ length: 11 }, (_, i) => 1 / (i + 3));
    f32.set(a, 100);
    f32.set(b, 400);
    const entries = [
      { src: 400, n: b.length, values: b, at: 5, w: 0.3 },
      { src: 100, n: a.length, values: a, at: 3, w: 0.25 },
      { src: -1, n: 1, values: Float32Array.of(1), at: 7, w: 0.0625 },
      { src: 100, n: a.length, values: a, at: 0, w: 0.1 },
      { src: 400, n: b.length, values: b, at: 6, w: 1 / 3 },
    ];
    const size = 60;
    const expected = new Float64Array(OUT_MAX).fill(9);
    expected.fill(0, 0, size);
    for (const { values, at, w } of entries) for (let i = 0; i < values.length; i++) expected[at + i] += w * values[i];
    k.out.fill(9);
    entries.forEach(({ src, n, at, w }, e) => {
      k.listI32[6 * e] = src < 0 ? k.oneByte : src * 4;
      k.listI32[6 * e + 1] = n;
      k.listI32[6 * e + 2] = k.outByte + at * 8;
      k.listF64[3 * e + 2] = w;
    });
    k.mixAll(k.listByte, entries.length, k.outByte, size);
    const differ = [];
    for (let i = 0; i < OUT_MAX; i++) if (k.out[i] !== expected[i]) differ.push(i);
    expect(differ).toEqual([]);
  });

  it.each([
    ['a third', 1 / 3],
    ['halfway between two float32s (rounds to the even one)', 1 + 2 ** -24],
    ['just above halfway', 1 + 2 ** -24 + 2 ** -40],
    ['a float32 subnormal', 3e-42],
    ['below the smallest float32 (to zero)', 2 ** -151],
    ['a chance near 1', 1 - 2 ** -30],
    ['a tail chance', 1.2345678901234e-15],
    ['zero', 0],
  ])('stores float64s as float32s exactly as a Float32Array does: %s', (_what, x) => {
    const { k, f32, f64 } = arena();
    const values = [x, x * 3, x / 7, x, x * 5];
    f64.set(values, 8192 + 3);
    k.demote((8192 + 3) * 8, values.length, 4 * 20001);
    expect(Array.from(f32.subarray(20001, 20001 + values.length + 1))).toEqual([...Array.from(Float32Array.from(values)), 0]);
  });
});
