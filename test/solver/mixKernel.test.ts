import { describe, expect, it } from 'vitest';
import { mixKernel } from '../../src/solver/wasm/mixKernel.js';

const { length: OUT_MAX } = mixKernel().out;
const { length: SRC_MAX } = mixKernel().src;

// The distribution pass's WebAssembly inner loop must do exactly what the JavaScript loop does.
describe('the mixing kernel', () => {
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
      const k = mixKernel();
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
    const k = mixKernel();
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
