/**
 * The fuzz through the real input path: raw reads written to the stdin of the App mounted in Ink
 * (ink-testing-library), as a terminal delivers them, go through src/ui/useKeys.ts and the decoder to the
 * controller. Each stream checks that no read throws, that Ink never draws an error in place of the game, and that
 * the game the App ends with is the one the controller gives for the same keys decoded from the same reads.
 */
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { expect, it, vi } from 'vitest';
import type { LayoutId } from '../../src/input/index.js';
import { initialModel, pressKey, type AppModel } from '../../src/app/index.js';
import type { GameState } from '../../src/engine/index.js';
import { createKeyDecoder } from '../../src/input/index.js';
import { App } from '../../src/ui/App.js';
import { BIG, RUNS, SEED } from './fuzz.js';
import { playOptionsFor, scenarioArb } from './driver.js';
import { rawFor } from '../support/keys.js';
import { BOUND_NAMES, bigPaste, rawKey, splitReads } from './terminal.js';
import { sleep } from '../support/wait.js';

const SIZE = { columns: 80, rows: 24 };

/** One stream's reads: the layouts' keys, any key or raw sequence, reads cut anywhere, now and then a 10 KB paste. */
const readsArb = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...BOUND_NAMES).map((n) => [rawFor(n)]) },
      { weight: 6, arbitrary: rawKey.map((k) => [k.raw]) },
      { weight: 2, arbitrary: splitReads },
      { weight: 1, arbitrary: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bigPaste }).map((p) => (p === null ? [] : [p])) },
    ),
    { minLength: 1, maxLength: 40, size: 'max' },
  )
  .map((groups) => groups.flat().filter((r) => r !== '\u0003'));

/** Registers the Ink-path fuzz for a layout. */
export function fuzzThroughInk(layout: LayoutId): void {
  const runs = BIG ? Math.ceil(RUNS / 50) : 16;
  it(`${layout} keys as raw reads on the stdin of the App in Ink: no read throws, no error drawn, the same game as the controller's (${runs} streams, seed ${SEED + 9})`, async () => {
    let keys = 0;
    let reads = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb(layout), readsArb, async (scenario, chunks) => {
        const options = playOptionsFor(scenario);
        const seed = scenario.seed;
        let game: GameState | null = null;
        let quit: AppModel | null = null;
        const r = render(<App options={options} seed={seed} size={SIZE} onGameChange={(s) => void (game = s)} onQuit={(m) => void (quit = m)} />);
        try {
          // The keys are read once the App's effect has attached its listener to stdin.
          await vi.waitFor(() => expect(r.stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: 10_000, interval: 5 });
          for (const chunk of chunks) r.stdin.write(chunk);
          reads += chunks.length;
          // An unfinished sequence at the end is flushed after its wait (the decoder's SEQUENCE_WAIT_MS): a fixed
          // wait, as the keys' effect on the game is what the test compares, not something to wait for.
          await sleep(60);
          // The controller given the same keys, decoded from the same reads.
          const decoder = createKeyDecoder();
          let model = initialModel(options, { seed, size: SIZE, computerPlays: false, screenReader: false });
          const decoded = [...chunks.flatMap((c) => decoder.push(c)), ...decoder.flush()];
          keys += decoded.length;
          for (const k of decoded) {
            if (model.screen === 'done') break;
            model = pressKey(model, k.input, k.key);
          }
          const want = JSON.stringify(model.game);
          // The App reports its game and its quitting from effects after drawing: waited for (a busy machine is slow,
          // never wrong).
          await vi.waitFor(
            () => {
              expect(JSON.stringify(game)).toBe(want);
              expect(quit !== null).toBe(model.screen === 'done');
            },
            { timeout: 10_000, interval: 10 },
          );
          expect(r.lastFrame() ?? '').not.toMatch(/^\s*ERROR\s/m);
        } finally {
          r.unmount();
          r.cleanup();
        }
      }),
      { numRuns: runs, seed: SEED + 9, includeErrorInReport: true },
    );
    if (BIG || process.env.FUZZ_VERBOSE) console.log(`fuzz ${layout}, through Ink: ${runs} streams, ${reads} reads, ${keys} keys`);
  }, BIG ? 3600_000 : 120_000);
}
