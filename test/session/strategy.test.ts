import { describe, expect, it } from 'vitest';
import { solverStrategy, type SolverModule } from '../../src/session/index.js';
import type { StrategyTable } from '../../src/solver/index.js';

const table = { rules: 'official' } as unknown as StrategyTable;

/** A solver that hands `table` over when `finish` is called, as computed and cached (or not: `saved`). */
function fakeSolver(saved: boolean) {
  let finish: () => void = () => undefined;
  let loaded = 0;
  const solver: SolverModule = {
    getCachedTable: () => (loaded > 0 ? table : undefined),
    defaultThreads: () => 1,
    cacheDir: () => '/cache',
    loadOrSolveReport: (async (_rules: string, options: { threads?: number }) => {
      expect(options.threads).toBe(2);
      await new Promise<void>((resolve) => (finish = resolve));
      loaded++;
      return { table, source: 'computed', saved };
    }) as unknown as SolverModule['loadOrSolveReport'],
  };
  return { solver, finish: () => finish() };
}

describe("the session's strategy source", () => {
  it.each([
    [true, []],
    [false, ['The strategy table is used from memory: it could not be cached (in /cache)']],
  ])('a table computed (cached: %s) comes back; a cache that cannot be written is one line', async (saved, lines) => {
    const told: string[] = [];
    const fake = fakeSolver(saved);
    const source = solverStrategy((line) => told.push(line), async () => fake.solver);
    expect(source.cached('official')).toBeUndefined();
    expect(source.busy()).toBe(false);
    const loading = source.load('official', () => undefined);
    expect(source.busy()).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    fake.finish();
    await expect(loading).resolves.toBe(table);
    expect(source.busy()).toBe(false);
    expect(source.cached('official')).toBe(table);
    expect(told).toEqual(lines);
  });

  it('a failed load is no longer busy and reaches the caller', async () => {
    const solver = { ...fakeSolver(true).solver, loadOrSolveReport: async () => Promise.reject(new Error('no workers')) } as unknown as SolverModule;
    const source = solverStrategy(() => undefined, async () => solver);
    await expect(source.load('official', () => undefined)).rejects.toThrow('no workers');
    expect(source.busy()).toBe(false);
  });
});
