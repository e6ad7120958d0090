/**
 * The fuzz run for one layout, in three plans (each a fast-check property over random scenarios and key streams):
 * - random streams: every kind of key and App event, FUZZ_RUNS streams (100 by default, for `npm test`;
 *   `npm run fuzz` sets 10000), the invariants checked after every event and a sample of the frames drawn;
 * - short random streams with every frame drawn;
 * - games of 2-4 players played to the end at sizes around where the dice go under the chart, the results drawn.
 * The seed is fixed in the normal suite and random when FUZZ_RUNS is set (printed on failure; FUZZ_SEED replays).
 * FUZZ_VERBOSE=1 prints what the streams reached (always printed in the big run).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { LayoutId } from '../../src/input/index.js';
import { endingIntentArb, endingScenarioArb, intentArb, rawIntentArb, runStream, scenarioArb, type Intent, type RenderPolicy, type Scenario, type StreamStats } from './driver.js';

/** True in `npm run fuzz` (FUZZ_RUNS set). */
export const BIG = process.env.FUZZ_RUNS !== undefined;
/** Streams per layout. */
export const RUNS = Math.max(1, Math.floor(Number(process.env.FUZZ_RUNS ?? 100)) || 100);
/** The seed: fixed in the normal suite, random in `npm run fuzz` (printed on failure), or FUZZ_SEED to replay. */
export const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : BIG ? (Date.now() ^ (Math.random() * 0x100000000)) | 0 : 20260505;

/** How long a failure is shrunk. */
const SHRINK_MS = BIG ? 120_000 : 30_000;

interface Plan {
  readonly title: string;
  readonly runs: number;
  readonly scenario: (layout: LayoutId) => fc.Arbitrary<Scenario>;
  readonly intent: fc.Arbitrary<Intent>;
  readonly minIntents: number;
  readonly maxIntents: number;
  readonly policy: RenderPolicy;
  /** The last frame is drawn in one stream of this many (chosen by fast-check, so a failure replays with it). */
  readonly lastEvery: number;
}

/**
 * Drawing a frame with Ink costs 10-30 ms, checking a key under 1 ms: most streams draw a sample of their frames, a
 * few short ones every frame. The big run keeps its random streams shorter (40 steps) and draws fewer of their
 * frames (the results after a game, and the last frame of one stream in four), so that 10000 streams a layout take
 * minutes, not an hour.
 */
const PLANS: readonly Plan[] = [
  {
    title: 'random streams, a sample of the frames drawn',
    runs: RUNS,
    scenario: scenarioArb,
    intent: intentArb,
    minIntents: 1,
    maxIntents: BIG ? 40 : 60,
    // Small run: each first arrival at a screen other than the turn itself, and the last frame.
    // Big run: the results after a game, and the last frame of one stream in four.
    policy: { kind: 'sample', every: Infinity, arrivals: BIG ? 'results' : 'mode', first: false },
    lastEvery: BIG ? 4 : 1,
  },
  {
    title: 'short random streams, every frame drawn',
    runs: BIG ? Math.ceil(RUNS / 250) : 5,
    scenario: scenarioArb,
    intent: intentArb,
    minIntents: 1,
    maxIntents: 30,
    policy: { kind: 'every' },
    lastEvery: 1,
  },
  {
    title: 'games of 2-4 players played to the end, the results drawn at each size',
    runs: BIG ? Math.ceil(RUNS / 40) : 12,
    scenario: endingScenarioArb,
    intent: endingIntentArb,
    minIntents: 150,
    maxIntents: 250,
    policy: { kind: 'sample', every: Infinity, arrivals: 'results+size', first: false },
    lastEvery: 1,
  },
  {
    title: 'raw sequences, reads cut anywhere and 10 KB pastes',
    runs: BIG ? Math.ceil(RUNS / 50) : 4,
    scenario: scenarioArb,
    intent: rawIntentArb,
    minIntents: 4,
    maxIntents: 16,
    policy: { kind: 'sample', every: Infinity, arrivals: 'mode', first: false },
    lastEvery: 1,
  },
];

function summary(all: StreamStats[]) {
  const sum = (f: (s: StreamStats) => number) => all.reduce((n, s) => n + f(s), 0);
  const byMode: Record<string, number> = {};
  for (const s of all) for (const [m, n] of Object.entries(s.byMode)) byMode[m] = (byMode[m] ?? 0) + n;
  return {
    streams: all.length,
    events: sum((s) => s.events),
    keys: sum((s) => s.keys),
    framesChecked: sum((s) => s.frames),
    framesDrawn: sum((s) => s.renders),
    boxesScored: sum((s) => s.scored),
    streamsWithAGameEnded: all.filter((s) => s.gamesEnded > 0).length,
    gamesEnded: sum((s) => s.gamesEnded),
    matchesEnded: sum((s) => s.matchesEnded),
    restarts: sum((s) => s.sessions - 1),
    undone: sum((s) => s.undone),
    computerDecisions: sum((s) => s.computerSteps),
    rawSequences: sum((s) => s.sequences),
    splitReads: sum((s) => s.splitReads),
    bigPasteChars: sum((s) => s.bigPasteChars),
    byMode,
  };
}

/** Registers the property tests for a layout. */
export function fuzzLayout(layout: LayoutId): void {
  for (const [i, plan] of PLANS.entries()) {
    const seed = SEED + i;
    it(
      `${layout} keys, ${plan.title}: every rule set, 1-4 players, matches, terminal sizes (${plan.runs} streams, seed ${seed})`,
      () => {
        const all: StreamStats[] = [];
        const started = Date.now();
        // Shrinking a long stream replays it many times: after SHRINK_MS the shrinking stops (the candidates left
        // pass unplayed) and the smallest failing stream found so far is reported.
        let failedAt: number | null = null;
        try {
          fc.assert(
            fc.property(plan.scenario(layout), fc.array(plan.intent, { minLength: plan.minIntents, maxLength: plan.maxIntents, size: 'max' }), fc.nat(plan.lastEvery - 1), (scenario, intents, k) => {
              if (failedAt !== null && Date.now() - failedAt > SHRINK_MS) return;
              const policy: RenderPolicy = plan.policy.kind === 'sample' && k !== 0 ? { ...plan.policy, last: false } : plan.policy;
              try {
                all.push(runStream(scenario, intents, policy));
              } catch (e) {
                failedAt ??= Date.now();
                throw e;
              }
            }),
            { numRuns: plan.runs, seed, includeErrorInReport: true },
          );
        } catch (e) {
          const text = e instanceof Error ? e.message : String(e);
          const replay = `FUZZ_SEED=${SEED}${BIG ? ` FUZZ_RUNS=${RUNS}` : ''} npx vitest run test/fuzz/${layout}.test.ts`;
          throw new Error(`fuzz (${layout}, ${plan.title}) failed with seed ${SEED}; replay with ${replay}\n${text}`, { cause: e });
        }
        const t = summary(all.slice(0, plan.runs));
        if (BIG || process.env.FUZZ_VERBOSE) console.log(`fuzz ${layout}, ${plan.title}: seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`, JSON.stringify(t));
        // The streams play, not only press keys: boxes are scored, and the long streams end games and matches.
        // (Not the raw-input plan: its pastes of thousands of keys land mostly at the setup and on refusals.)
        if (plan.runs >= 20 && plan.intent !== rawIntentArb) expect(t.boxesScored).toBeGreaterThan(plan.runs);
        // The raw input reaches the app: sequences, reads cut in pieces, and (in their plan) 10 KB pastes.
        if (plan.intent !== endingIntentArb) expect(t.rawSequences + t.splitReads).toBeGreaterThan(0);
        if (plan.intent === rawIntentArb) expect(t.bigPasteChars).toBeGreaterThanOrEqual(10_000);
        if (plan.scenario === endingScenarioArb) expect(t.streamsWithAGameEnded).toBeGreaterThan(plan.runs / 2);
        if (plan.intent === intentArb && plan.policy.kind === 'sample') {
          expect(t.streamsWithAGameEnded).toBeGreaterThan(plan.runs / 100);
          expect(Object.keys(t.byMode)).toEqual(expect.arrayContaining(['rolling', 'choosing', 'game-over', 'match-over', 'help', 'confirm', 'too-small']));
          expect(t.restarts).toBeGreaterThan(0);
        }
      },
      BIG ? 4 * 3600_000 : 300_000,
    );
  }
}
