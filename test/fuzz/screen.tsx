/**
 * The screen-equals-model invariant, checked on the real pipeline: the App rendered by Ink, through the cell
 * differ (DiffStdout), onto a terminal emulator (@xterm/headless), with the roll animation on, keys at random
 * intervals (also while the dice roll and during the computer's turn), resizes, hints on and off, Ctrl-L, and
 * writes to stderr from elsewhere (console.error passed on by Ink, a warning written straight to the stream), as a
 * real terminal gets them. At every quiet point (the dice landed, no computer moving, nothing written for a while)
 * the emulator's screen must equal a fresh full render of the model Ink last drew, replayed on a fresh emulator.
 */
import fc from 'fast-check';
import { Console } from 'node:console';
import { FakeStdin } from '../ui/fakeStdin.js';
import type { LayoutId } from '../../src/input/index.js';
import type { PlayOptions } from '../../src/app/options.js';
import { computerChoice, modeOf, type AppModel } from '../../src/app/index.js';
import { ANY_KEY, PRINTABLE, bindingsFor, getLayout } from '../../src/app/keymaps/index.js';
import { App } from '../../src/ui/App.js';
import { Screen } from '../../src/ui/Screen.js';
import { DiffStdout, holdWrites } from '../../src/terminal/index.js';
import { FakeTerminal, screenOf, termCells, termText } from '../terminal/xterm.js';
import { rawFor } from '../support/keys.js';
import { sleep } from '../support/wait.js';

type Ink = typeof import('ink');

/** A terminal size the game accepts, or one too small for it. */
export const SCREEN_SIZES: readonly (readonly [number, number])[] = [
  [80, 24],
  [60, 22],
  [100, 30],
  [120, 40],
  [80, 25],
  [44, 12],
];

/** How a stream starts. */
export interface ScreenScenario {
  readonly layout: LayoutId;
  readonly players: number;
  readonly computers: number;
  readonly size: readonly [number, number];
  readonly color: boolean;
  readonly seed: number;
}

/** One step: a key of the mode the game is in (by index), a stray key, a resize, a write from elsewhere, a quiet point. */
export type ScreenStep =
  | { readonly k: 'key'; readonly n: number; readonly wait: number }
  | { readonly k: 'raw'; readonly raw: string; readonly wait: number }
  | { readonly k: 'resize'; readonly size: readonly [number, number] }
  | { readonly k: 'foreign'; readonly how: 'console' | 'stderr'; readonly text: string }
  | { readonly k: 'quiet' };

/** Starting points: either layout, 1-4 players of whom some are the computer, a size, colours or not. */
export function screenScenarioArb(layout: LayoutId): fc.Arbitrary<ScreenScenario> {
  return fc
    .record({
      players: fc.integer({ min: 1, max: 4 }),
      computers: fc.integer({ min: 0, max: 2 }),
      size: fc.constantFrom(...SCREEN_SIZES),
      color: fc.boolean(),
      seed: fc.nat(),
    })
    .map((s) => ({ ...s, layout, computers: Math.min(s.computers, s.players - 1) }));
}

const foreignText = fc.constantFrom(
  '(node:4242) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 resize listeners added',
  'worker: table part 3 of 8 done',
  '\u001B[31merror\u001B[39m in a worker',
  '●●●●● 66666',
);

/** Steps, most of them keys of the mode the game is in, a quiet point now and then. */
export const screenStepArb: fc.Arbitrary<ScreenStep> = fc.oneof(
  { weight: 14, arbitrary: fc.record({ k: fc.constant('key' as const), n: fc.nat(), wait: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })) }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('raw' as const), raw: fc.constantFrom('t', 'h', 'H', '\f', 'x', '\u001B[A', ' ', '\r', 'q', 'n', 'N', 'I', '0'), wait: fc.integer({ min: 0, max: 40 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('resize' as const), size: fc.constantFrom(...SCREEN_SIZES) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('foreign' as const), how: fc.constantFrom('console' as const, 'stderr' as const), text: foreignText }) },
  { weight: 3, arbitrary: fc.constant({ k: 'quiet' as const }) },
);


/** How long nothing must be drawn (nor the model change) for a quiet point. */
const QUIET_MS = 100;

/** The keys worth pressing in the model's mode: its bindings' keys (Ctrl-C and the quit answer left out). */
function keysFor(model: AppModel): string[] {
  const mode = modeOf(model);
  const keys = bindingsFor(getLayout(model.layout), mode).flatMap((b) =>
    b.keys.filter((k) => k !== 'ctrl-c' && !(mode === 'confirm' && (k === 'y' || k === 'Y'))).map((k) => (k === ANY_KEY ? ' ' : k === PRINTABLE ? 'A' : rawFor(k))),
  );
  return keys.length > 0 ? keys : [' '];
}

/** What a mismatch looks like: both screens as text, and the first cells that differ. */
function mismatch(seen: string[], want: string[], seenText: string, wantText: string, model: AppModel): string {
  const diffs = seen.flatMap((c, i) => (c !== want[i] ? [`${c}  (want ${want[i]})`] : [])).slice(0, 6);
  return `the screen is not a fresh render of the model (mode ${modeOf(model)}, roll ${model.roll.count}, dice ${model.game?.dice.join(' ') ?? '-'}):\n${diffs.join('\n')}\n--- screen\n${seenText}\n--- fresh render\n${wantText}`;
}

/** What a stream reached, for the summary. */
export interface ScreenRun {
  readonly checks: number;
  readonly keys: number;
}

/**
 * Plays a stream on the real pipeline and checks the invariant at every quiet point (and at the end). Throws with
 * both screens when they differ. `hold`: stderr is held while the game is on the screen, as the game does.
 */
export async function runScreenStream(ink: Ink, scenario: ScreenScenario, steps: readonly ScreenStep[], hold = true): Promise<ScreenRun> {
  const [cols, rows] = scenario.size;
  const terminal = new FakeTerminal(cols, rows);
  // stderr reaches the same terminal, as it does when both are the player's terminal.
  const stderr = { write: (data: string | Uint8Array, ...rest: unknown[]) => {
    terminal.write(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  } };
  const held = hold ? holdWrites(stderr) : null;
  const stdin = new FakeStdin();
  let last: AppModel | null = null;
  let lastChange = Date.now();
  const options: PlayOptions = {
    layout: scenario.layout,
    rules: 'official',
    players: scenario.players,
    computers: scenario.computers,
    strength: 'casual',
    animation: true,
    color: scenario.color,
    practice: false,
    resume: false,
    fresh: false,
    ...(scenario.layout === 'spectrum' ? { match: { kind: 'single' as const } } : {}),
  };
  const writes = () => terminal.writes.length;
  // Ink passes console.error on to stderr (patch-console wants the Console class, which vitest's console lacks).
  const con = console as unknown as { Console?: typeof Console };
  con.Console ??= Console;
  const instance = ink.render(
    <App options={options} seed={scenario.seed} computerMove={computerChoice} computerDelayMs={5} rollFrameMs={8} onModel={(m) => ((last = m), (lastChange = Date.now()))} />,
    {
      stdout: new DiffStdout(terminal) as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: stderr as unknown as NodeJS.WriteStream,
      patchConsole: true,
      exitOnCtrlC: false,
      maxFps: 120,
    },
  );
  let checks = 0;
  let keys = 0;
  const ended = () => last?.screen === 'done';
  /**
   * Waits for a quiet point: the dice landed, no computer to move, nothing drawn for QUIET_MS; false if none comes.
   * (Waiting longer never hides a wrong screen: a cell left wrong stays wrong until something draws it again.)
   */
  const quiet = async (): Promise<boolean> => {
    const start = Date.now();
    let seenWrites = writes();
    let since = Date.now();
    while (Date.now() - start < 8000) {
      await sleep(10);
      if (writes() !== seenWrites) {
        seenWrites = writes();
        since = Date.now();
      }
      const m = last;
      if (m === null) continue;
      const still = m.roll.landed !== false && modeOf(m) !== 'computer';
      if (still && Date.now() - since >= QUIET_MS && Date.now() - lastChange >= QUIET_MS) return true;
    }
    return false;
  };
  const check = async () => {
    // Quiet, and still quiet once the emulator has taken in what was written (under load a frame can come late).
    for (let tries = 0; ; tries++) {
      if (ended() || !(await quiet())) return;
      const before = writes();
      await terminal.settled();
      if (writes() === before || tries >= 5) break;
    }
    const m = last as AppModel | null;
    if (m === null) return;
    const frame = ink.renderToString(<ScreenOf model={m} />, { columns: m.size.columns });
    const want = await screenOf('\u001B[H\u001B[2J' + frame.split('\n').join('\r\n'), terminal.columns, terminal.rows);
    const seen = termCells(terminal.term);
    checks++;
    if (seen.join('\n') !== want.cells.join('\n')) {
      const t = new FakeTerminal(terminal.columns, terminal.rows);
      t.write('\u001B[H\u001B[2J' + frame.split('\n').join('\r\n'));
      await t.settled();
      const wantText = termText(t.term);
      t.dispose();
      throw new Error(mismatch(seen, want.cells, termText(terminal.term), wantText, m));
    }
  };
  try {
    // The first frame and the App's key listener come after its first effects; the steps' own waits are their pacing.
    await sleep(30);
    for (const step of steps) {
      if (ended()) break;
      switch (step.k) {
        case 'key':
        case 'raw': {
          if (step.wait > 0) await sleep(step.wait);
          const m = last as AppModel | null;
          const raw = step.k === 'raw' ? step.raw : m ? keysFor(m)[step.n % keysFor(m).length] : ' ';
          stdin.write(raw);
          keys++;
          break;
        }
        case 'resize':
          terminal.resize(step.size[0], step.size[1]);
          break;
        case 'foreign':
          if (step.how === 'console') console.error(step.text);
          else stderr.write(`${step.text}\n`);
          break;
        case 'quiet':
          await check();
          break;
      }
    }
    await check();
  } finally {
    instance.unmount();
    held?.release();
    terminal.dispose();
  }
  return { checks, keys };
}

/** The screen as the game draws it, for the fresh render. */
function ScreenOf({ model }: { model: AppModel }) {
  return <Screen model={model} />;
}
