import { describe, expect, it } from 'vitest';
import { solveDistributionCommand } from '../../src/commands/distribution.js';
import type { DistributionReport } from '../../src/solver/workers/distributionSolve.js';

/** A report of a distribution table as loadDistributions gives it: a game that always scores 200 (the figures do not matter here). */
function report(over: Partial<DistributionReport>): DistributionReport {
  const fresh = { lo: 200, p: Float64Array.of(1) };
  return { table: {} as DistributionReport['table'], distributions: { fresh, kept: new Map() } as unknown as DistributionReport['distributions'], source: 'computed', saved: true, seconds: 9.5, ...over };
}

describe('yahtzee solve --distribution says where the distributions came from', () => {
  it.each([
    [{ reason: 'missing' as const }, /\(distributions computed in 9\.50 s, saved to .*distribution-official\.bin\)$/],
    [{ reason: 'unusable' as const }, /\(distributions computed in 9\.50 s, as the cached file could not be used, saved to .*distribution-official\.bin\)$/],
    [{ source: 'cache' as const }, /\(distributions loaded from .*distribution-official\.bin in 9\.50 s\)$/],
  ])('%j', async (over, said) => {
    expect(await solveDistributionCommand({}, async () => report(over))).toMatch(said);
  });
});
