import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DistributionStore, mappedBuffer, storeIndex } from '../../src/solver/distribution/distribution.js';

/** The buffers of the WebAssembly memories made (mapped by V8, not taken from malloc) since the test began. */
const made = new Set<ArrayBufferLike>();
const RealMemory = WebAssembly.Memory;
beforeEach(() => {
  made.clear();
  vi.spyOn(WebAssembly, 'Memory').mockImplementation(function (this: unknown, d: WebAssembly.MemoryDescriptor) {
    const m = new RealMemory(d);
    made.add(m.buffer);
    return m;
  } as unknown as typeof WebAssembly.Memory);
});
afterEach(() => vi.restoreAllMocks());

const mapped = (b: ArrayBufferLike) => made.has(b);

describe('memory a worker gives back when it ends (mappedBuffer)', () => {
  it.each([1, 65536, 100000, 1 << 20])('%d bytes: zeroed, at least that long, mapped', (bytes) => {
    const b = mappedBuffer(bytes);
    expect(b.byteLength).toBeGreaterThanOrEqual(bytes);
    expect(new Uint8Array(b).every((x) => x === 0)).toBe(true);
    expect(mapped(b)).toBe(true);
  });

  it('where WebAssembly cannot give it: an ordinary buffer of that size', () => {
    vi.spyOn(WebAssembly, 'Memory').mockImplementation(() => {
      throw new RangeError('out of memory');
    });
    const b = mappedBuffer(1000);
    expect(b.byteLength).toBe(1000);
    expect(mapped(b)).toBe(false);
  });

  it("a store in one thread's memory: its index and its chunks are mapped; a store in shared memory is not", () => {
    const own = new DistributionStore(storeIndex(8, false), undefined, { chunkSize: 16, shared: false });
    own.put(0, 10, Float64Array.of(0.5, 0.5), 0, 1);
    expect([own.lo, own.len, own.chunkOf, own.offset].every((a) => mapped(a.buffer))).toBe(true);
    expect(mapped(own.takeMade()[0][1].buffer)).toBe(true);
    expect(own.get(0)).toEqual({ lo: 10, p: Float64Array.of(0.5, 0.5) });
    const shared = new DistributionStore(storeIndex(8), undefined, { chunkSize: 16 });
    shared.put(0, 10, Float64Array.of(1), 0, 0);
    expect(shared.takeMade()[0][1].buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
