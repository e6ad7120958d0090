import { afterEach, describe, expect, it, vi } from 'vitest';
import { mixKernel } from '../../src/solver/wasm/mixKernel.js';
import { outcomeKernel } from '../../src/solver/wasm/outcomeKernel.js';
import { turnKernel } from '../../src/solver/wasm/turnKernel.js';
import { KernelMemoryError, memoryFaults } from '../../src/solver/wasm/wasmBytes.js';

// Under an address-space limit (ulimit -v) V8 cannot reserve a WebAssembly memory: the kernels say so in an error the
// commands print in one line (cli.ts), not a stack trace.
describe('a kernel whose memory cannot be had', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [name, make] of [['turnKernel', turnKernel], ['outcomeKernel', outcomeKernel], ['mixKernel', mixKernel]] as const) {
    it(`${name}: a KernelMemoryError that names the address space`, () => {
      vi.spyOn(memoryFaults, 'instance').mockImplementation(() => {
        throw new RangeError('WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance');
      });
      expect(make).toThrow(KernelMemoryError);
      expect(make).toThrow(/ulimit -v/);
    });
  }

  it('any other failure of the instance is thrown as it is', () => {
    vi.spyOn(memoryFaults, 'instance').mockImplementation(() => {
      throw new TypeError('something else');
    });
    expect(turnKernel).toThrow(TypeError);
  });
});
