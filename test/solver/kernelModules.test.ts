import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { OUTPUT, assembleKernels, kernelModulesText } from '../../scripts/kernels.mjs';

// The kernels the game runs are what their .wat text assembles to: an edit to a .wat file without
// `node scripts/kernels.mjs` (which `npm run build` runs) fails here.
describe('the solver kernels assembled from src/solver/wasm/*.wat', () => {
  it('src/solver/wasm/kernelModules.ts is what the .wat files assemble to now', async () => {
    const kernels = (await assembleKernels()) as { name: string; bytes: Buffer }[];
    expect(kernels.map((k) => k.name)).toEqual(['mixKernel', 'outcomeKernel', 'turnKernel']);
    expect(readFileSync(OUTPUT as string, 'utf8')).toBe(kernelModulesText(kernels));
  });

  it('each validates and compiles on this Node', async () => {
    for (const { bytes } of (await assembleKernels()) as { bytes: Buffer<ArrayBuffer> }[]) {
      expect(WebAssembly.validate(bytes)).toBe(true);
      expect(new WebAssembly.Module(bytes)).toBeInstanceOf(WebAssembly.Module);
    }
  });
});
