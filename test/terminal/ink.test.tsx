import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiffStdout } from '../../src/terminal/diffStdout.js';
import { DIFF_MAX_FPS, gameRenderOptions } from '../../src/terminal/index.js';
import { cursorHidden, FakeTerminal, screenOf, termCells, termText } from './xterm.js';

type Ink = typeof import('ink');
let ink: Ink;
beforeAll(async () => {
  // In CI Ink draws nothing until the app exits; these tests are about the frames drawn while it runs.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  ink = await import('ink');
});

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.reverse()) c();
  cleanup = [];
});

/** A board like the game's: a rounded box, bold colours, pips, wide characters, an inverse line now and then. */
function Board({ n }: { n: number }) {
  const { Box, Text } = ink;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={n % 2 ? 'green' : 'cyan'} width={30}>
      <Text bold color="yellow">
        YAHTZEE {n}
      </Text>
      <Text>
        {'●'.repeat(n % 5)} 漢字 <Text dimColor>({n * 3})</Text>
      </Text>
      {n % 3 === 0 ? <Text inverse>every third</Text> : null}
    </Box>
  );
}

/** Renders the board on a fake terminal, either through a DiffStdout or straight (plain Ink). */
function mount(real: FakeTerminal, diff: boolean) {
  const stdout = diff ? new DiffStdout(real) : real;
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  const instance = ink.render(<Board n={0} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
  });
  cleanup.push(() => {
    instance.unmount();
    real.dispose();
  });
  return instance;
}

/** Waits until the terminal shows `text` (Ink may hold a frame back for its frame-rate cap). */
async function shows(real: FakeTerminal, text: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    await real.settled();
    if (termText(real.term).includes(text)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`the terminal never showed ${text}:\n${termText(real.term)}`);
}

describe('Ink drawing through DiffStdout', () => {
  it('shows what plain Ink shows, frame after frame, for fewer bytes; the cursor hidden while it runs', async () => {
    const viaDiff = new FakeTerminal(60, 12);
    const plain = new FakeTerminal(60, 12);
    const a = mount(viaDiff, true);
    const b = mount(plain, false);
    for (let n = 0; n < 8; n++) {
      a.rerender(<Board n={n} />);
      b.rerender(<Board n={n} />);
      await shows(viaDiff, `YAHTZEE ${n}`);
      await shows(plain, `YAHTZEE ${n}`);
      expect(termCells(viaDiff.term)).toEqual(termCells(plain.term));
      expect(cursorHidden(viaDiff.term)).toBe(true);
    }
    expect(viaDiff.bytes * 2).toBeLessThan(plain.bytes);
  });

  it('after a resize the screen shows the frame for the new size', async () => {
    const real = new FakeTerminal(60, 12);
    const a = mount(real, true);
    a.rerender(<Board n={4} />);
    await shows(real, 'YAHTZEE 4');
    real.resize(34, 9);
    a.rerender(<Board n={5} />);
    await shows(real, 'YAHTZEE 5');
    const want = ink.renderToString(<Board n={5} />, { columns: 34 });
    expect(termCells(real.term)).toEqual((await screenOf(want, 34, 9)).cells);
  });

  it('on unmount leaves the last frame on the screen and shows the cursor', async () => {
    const real = new FakeTerminal(40, 10);
    const a = mount(real, true);
    a.rerender(<Board n={2} />);
    await shows(real, 'YAHTZEE 2');
    a.unmount();
    await a.waitUntilExit();
    await real.settled();
    expect(termText(real.term)).toContain('YAHTZEE 2');
    expect(cursorHidden(real.term)).toBe(false);
    expect(real.listenerCount('resize')).toBe(0);
  });
});

describe('the game renderer', () => {
  it('draws through the differ, at its frame-rate cap', () => {
    const stdout = new FakeTerminal(80, 24) as unknown as NodeJS.WriteStream;
    const options = gameRenderOptions(stdout, {});
    expect(options.stdout).toBeInstanceOf(DiffStdout);
    expect(options.maxFps).toBe(DIFF_MAX_FPS);
  });

  it('leaves the screen-reader mode to Ink: a screen reader follows whole lines', () => {
    const stdout = new FakeTerminal(80, 24) as unknown as NodeJS.WriteStream;
    expect(gameRenderOptions(stdout, { INK_SCREEN_READER: 'true' })).toEqual({});
  });
});
