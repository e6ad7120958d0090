import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LayoutId } from '../../src/input/index.js';
import { BIG, SEED } from './fuzz.js';

type Harness = typeof import('./screen.js');
let ink: typeof import('ink');
let harness: Harness;
beforeAll(async () => {
  // In CI Ink draws only the last frame; the invariant is about the frames drawn while the game runs.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  ink = await import('ink');
  harness = await import('./screen.js');
});

/** Streams per layout: a few in `npm test`, FUZZ_RUNS / 100 in `npm run fuzz`. */
const RUNS = BIG ? Math.max(4, Math.ceil(Number(process.env.FUZZ_RUNS) / 100)) : 3;

describe.each(['msx', 'spectrum'] as LayoutId[])('the screen after it settles is a fresh render of the model, %s layout', (layout) => {
  it(
    'with the animation on, keys at random intervals, resizes, hints, Ctrl-L and writes to stderr from elsewhere',
    async () => {
      let checks = 0;
      await fc.assert(
        fc.asyncProperty(harness.screenScenarioArb(layout), fc.array(harness.screenStepArb, { minLength: 10, maxLength: BIG ? 60 : 30 }), async (scenario, steps) => {
          checks += (await harness.runScreenStream(ink, scenario, steps)).checks;
        }),
        // Timing varies from run to run, so a failure is reported as found, not shrunk.
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(checks).toBeGreaterThan(RUNS);
    },
    BIG ? 3_600_000 : 120_000,
  );
});

describe('the invariant can fail', () => {
  it('a write to stderr that is not held off the screen is caught', async () => {
    const scenario = { layout: 'msx' as const, players: 1, computers: 0, size: [80, 24] as const, color: false, seed: 1 };
    const steps = [{ k: 'quiet' as const }, { k: 'foreign' as const, how: 'stderr' as const, text: 'a warning written among the cells' }, { k: 'quiet' as const }];
    await expect(harness.runScreenStream(ink, scenario, steps, false)).rejects.toThrow(/not a fresh render/);
    await expect(harness.runScreenStream(ink, scenario, steps, true)).resolves.toMatchObject({ checks: 3 });
  }, 60_000);
});
