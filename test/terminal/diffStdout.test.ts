import fc from 'fast-check';
import type { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
// Ink's own frame writers (not exported by the package): the differ is fed exactly what Ink writes.
import { logUpdate } from '../../src/ink-overlay/internals.js';
import { DiffStdout } from '../../src/terminal/diffStdout.js';
import { charArb, frameLinesArb, frameText, narrowCharArb, segmentArb, type Segment } from './arbitraries.js';
import { cursorHidden, FakeTerminal, screenOf, termCells, termText } from './xterm.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const BSU = '\u001B[?2026h';
const ESU = '\u001B[?2026l';

type Lines = readonly (readonly Segment[])[];
/**
 * A step: a new frame; the last frame with a piece of text put into or taken out of some of its lines (so the rest
 * of those lines moves sideways, as when a word appears in the game's key line); or a resize.
 */
type Step =
  | { kind: 'frame'; lines: Lines }
  | { kind: 'edit'; edits: readonly { line: number; at: number; insert: Segment | null }[] }
  | { kind: 'resize'; cols: number; rows: number };

/** Steps of frames made of `chars` (all characters, or only narrow ones, whose lines the differ may shift sideways). */
const stepArb = (maxLines: number, chars: fc.Arbitrary<string> = charArb): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 4, arbitrary: frameLinesArb(maxLines, chars).map((lines) => ({ kind: 'frame' as const, lines })) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.record({ line: fc.nat(20), at: fc.nat(6), insert: fc.option(segmentArb(chars, 1), { freq: 2 }) }), { minLength: 1, maxLength: 3 })
        .map((edits) => ({ kind: 'edit' as const, edits })),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('resize' as const), cols: fc.integer({ min: 4, max: 40 }), rows: fc.integer({ min: 2, max: 10 }) }) },
  );

/** The lines of a frame after some edits. */
function edited(lines: Lines, edits: Extract<Step, { kind: 'edit' }>['edits']): Lines {
  const out = lines.map((l) => [...l]);
  for (const e of edits) {
    if (out.length === 0) break;
    const line = out[e.line % out.length];
    const at = e.at % (line.length + 1);
    if (e.insert) line.splice(at, 0, e.insert);
    else line.splice(at, 1);
  }
  return out;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

/** A DiffStdout on a fake terminal (an xterm behind a tty with ONLCR), with a resize listener as Ink has. */
function setup(cols: number, rows: number) {
  const real = new FakeTerminal(cols, rows);
  const out = new DiffStdout(real);
  const onResize = () => undefined;
  out.on('resize', onResize);
  cleanup.push(() => {
    out.off('resize', onResize);
    real.dispose();
  });
  return { real, out };
}

/** Writes everything to a second terminal as well: the picture plain Ink would leave. */
function tee(out: DiffStdout, plain: () => FakeTerminal | null): Writable {
  return {
    isTTY: true,
    write(data: string) {
      plain()?.write(data);
      return out.write(data);
    },
  } as unknown as Writable;
}

/**
 * Plays frames through Ink's writer (the standard one or the line-level incremental one) into the differ and checks
 * after each that the real terminal shows exactly what plain Ink shows on a terminal and, for the standard writer,
 * what a fresh terminal fed only that frame shows: the frame Ink meant.
 */
async function play(steps: readonly Step[], cols0: number, rows0: number, incremental: boolean): Promise<void> {
  const { real, out } = setup(cols0, rows0);
  let plain: FakeTerminal | null = new FakeTerminal(cols0, rows0);
  const log = logUpdate.create(tee(out, () => plain), { incremental });
  let last: string | null = null;
  // Whether the last frame was taller than the screen, so that the terminal scrolled it.
  let scrolled = false;
  let lastLines: Lines = [];
  try {
    for (const step of steps) {
      if (step.kind === 'resize') {
        const narrower = step.cols < real.columns;
        real.resize(step.cols, step.rows);
        // A terminal reflows or crops what it showed: plain Ink's picture is not comparable any more.
        plain?.dispose();
        plain = null;
        // Ink clears its output when the terminal gets narrower, then draws again.
        if (narrower) {
          log.clear();
          last = null;
        }
        // The last frame stays as Ink drew it: check it when it still fits.
        const fits = last !== null && !scrolled && last.split('\n').every((l) => l.length <= step.cols) && last.split('\n').length < step.rows;
        if (fits && !incremental) await check(real, null, last as string);
        continue;
      }
      const lines = step.kind === 'frame' ? step.lines : edited(lastLines, step.edits);
      lastLines = lines;
      const text = frameText(lines, real.columns);
      // Ink leaves the cursor on the line below the frame unless the frame fills the screen.
      const str = lines.length >= real.rows ? text : text + '\n';
      out.write(BSU);
      log(str);
      out.write(ESU);
      last = str;
      scrolled = lines.length > real.rows;
      await check(real, plain, incremental ? null : str);
    }
    log.done();
    await real.settled();
    expect(cursorHidden(real.term)).toBe(false);
    if (plain) {
      await plain.settled();
      expect(cursorHidden(plain.term)).toBe(false);
      expect([real.term.buffer.active.cursorX, real.term.buffer.active.cursorY]).toEqual([
        Math.min(plain.term.buffer.active.cursorX, real.columns - 1),
        plain.term.buffer.active.cursorY,
      ]);
    }
  } finally {
    plain?.dispose();
  }
}

/** Checks the real terminal against plain Ink's terminal and against the frame alone on a fresh terminal. */
async function check(real: FakeTerminal, plain: FakeTerminal | null, frame: string | null): Promise<void> {
  await real.settled();
  const cells = termCells(real.term);
  expect(cursorHidden(real.term)).toBe(true);
  if (plain) {
    await plain.settled();
    expect(cells).toEqual(termCells(plain.term));
  }
  if (frame !== null) expect(cells).toEqual((await screenOf('\u001B[?25l' + frame, real.columns, real.rows)).cells);
}

describe('DiffStdout between Ink and the terminal', () => {
  it("shows exactly Ink's frame after each one: standard writer, frames growing, shrinking and taller than the screen, resizes", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean().chain((narrow) => fc.array(stepArb(12, narrow ? narrowCharArb : charArb), { minLength: 1, maxLength: 8 })),
        fc.integer({ min: 4, max: 60 }),
        fc.integer({ min: 2, max: 10 }),
        (steps, cols, rows) => play(steps, cols, rows, false),
      ),
      { numRuns: RUNS },
    );
  });

  it('a frame taller than the screen after the terminal lost a row under a full frame (a case the property found)', async () => {
    const line = (text: string): Segment[] => (text === '' ? [] : [{ sgr: null, chars: [...text] }]);
    const full: Lines = [line(''), line(''), line('a')];
    await play([{ kind: 'frame', lines: full }, { kind: 'resize', cols: 4, rows: 2 }, { kind: 'edit', edits: [] }, { kind: 'frame', lines: [] }], 4, 3, false);
  });

  it('a frame the terminal scrolled up as it lost rows comes back whole when the rows come back', async () => {
    const line = (text: string): Segment[] => [{ sgr: null, chars: [...text] }];
    await play([{ kind: 'frame', lines: [line('x'), line('y')] }, { kind: 'resize', cols: 4, rows: 2 }, { kind: 'resize', cols: 4, rows: 5 }, { kind: 'edit', edits: [] }], 4, 3, false);
  });

  it('rows a taller frame scrolled off stay gone once the next frame is drawn over them, when the rows come back', async () => {
    const a: Segment[] = [{ sgr: null, chars: ['a'] }];
    await play([{ kind: 'frame', lines: [[], [], []] }, { kind: 'frame', lines: [a, [], []] }, { kind: 'resize', cols: 4, rows: 4 }, { kind: 'frame', lines: [a] }], 4, 2, false);
  });

  it("shows exactly what plain Ink shows: line-level incremental writer", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb(12), { minLength: 1, maxLength: 8 }), fc.integer({ min: 4, max: 40 }), fc.integer({ min: 2, max: 10 }), (steps, cols, rows) =>
        play(steps, cols, rows, true),
      ),
      { numRuns: RUNS },
    );
  });

  it('writes only the changed cells: nothing for the same frame, a few bytes for one changed character', async () => {
    const { real, out } = setup(80, 24);
    const log = logUpdate.create(out as unknown as Writable);
    const frame = (mark: string) =>
      Array.from({ length: 20 }, (_, i) => `\u001B[1m\u001B[33mrow ${i}\u001B[39m\u001B[22m ${i === 7 ? mark : '-'} ╭─────╮ │  ●  │ ${'x'.repeat(30)}`).join('\n') + '\n';
    log(frame('-'));
    await real.settled();
    const first = real.bytes;
    expect(first).toBeGreaterThan(1000);
    log(frame('-'));
    log.sync(frame('-'));
    out.write(frame('-').replace(/^/, '\u001B[20A\u001B[G'));
    await real.settled();
    expect(real.bytes).toBe(first);
    log(frame('K'));
    await real.settled();
    const change = real.writes.slice(-1)[0];
    expect(change).toMatch(/K$/);
    expect(Buffer.byteLength(change)).toBeLessThanOrEqual(10);
  });

  it('forwards the size and resize events of the real terminal, and stops listening when Ink does', () => {
    const real = new FakeTerminal(50, 10);
    const out = new DiffStdout(real);
    expect([out.columns, out.rows, out.isTTY]).toEqual([50, 10, true]);
    let seen = 0;
    const onResize = () => seen++;
    out.on('resize', onResize);
    expect(real.listenerCount('resize')).toBe(1);
    real.resize(60, 12);
    expect([seen, out.columns, out.rows]).toEqual([1, 60, 12]);
    out.off('resize', onResize);
    expect(real.listenerCount('resize')).toBe(0);
    real.dispose();
  });

  it('after a resize redraws the whole screen, even when Ink draws nothing new', async () => {
    const { real, out } = setup(20, 5);
    out.write('hello\n\u001B[31mworld\u001B[39m\n');
    await real.settled();
    // The terminal window loses what it showed (a terminal may reflow or crop it).
    await new Promise<void>((r) => real.term.write('\u001B[2J\u001B[Hjunk', r));
    const before = real.writes.length;
    real.resize(25, 6);
    await real.settled();
    expect(real.writes.length).toBe(before + 1);
    expect(termCells(real.term)).toEqual((await screenOf('hello\n\u001B[31mworld\u001B[39m\n', 25, 6)).cells);
    // A resize event without a change of size (a terminal that redrew itself) redraws too.
    await new Promise<void>((r) => real.term.write('\u001B[2J\u001B[Hjunk', r));
    real.resize(25, 6);
    await real.settled();
    expect(termCells(real.term)).toEqual((await screenOf('hello\n\u001B[31mworld\u001B[39m\n', 25, 6)).cells);
  });

  it('calls a write callback once the real terminal has taken the output (Ink waits for it on exit)', async () => {
    const { out } = setup(20, 5);
    const done = await new Promise<boolean>((resolve) => out.write('', () => resolve(true)));
    expect(done).toBe(true);
  });

  it('wraps big updates in a synchronized update and leaves small ones bare', async () => {
    const { real, out } = setup(80, 24);
    out.write(`${'x'.repeat(80)}\n`.repeat(20));
    out.write('\u001B[Hy');
    await real.settled();
    const [big, small] = real.writes.slice(-2);
    expect(big.startsWith(BSU) && big.endsWith(ESU)).toBe(true);
    expect(small).toBe('\u001B[Hy');
  });

  it('draws a synchronized update once, at its end', async () => {
    const { real, out } = setup(20, 5);
    out.write('a');
    const before = real.writes.length;
    out.write(BSU);
    out.write('b');
    out.write('c');
    expect(real.writes.length).toBe(before);
    out.write(ESU);
    expect(real.writes.length).toBe(before + 1);
    expect(real.writes[before]).toBe('bc');
  });

  it('draws a synchronized update that never ends all the same, a moment later', async () => {
    const { real, out } = setup(20, 5);
    out.write('a');
    const before = real.writes.length;
    out.write(BSU + 'b');
    expect(real.writes.length).toBe(before);
    await new Promise((r) => setImmediate(r));
    expect(real.writes.slice(before)).toEqual(['b']);
  });
});

describe('DiffStdout when the terminal narrows under a frame', () => {
  it('a frame still laid out for the old width does not leave a stale row at the top once the next frame fits', async () => {
    const { real, out } = setup(80, 12);
    const log = logUpdate.create(out as unknown as Writable);
    const wide = ` TITLE\n  ${'r'.repeat(60)}\n\n  name? _\n`;
    log(wide);
    // As Ink does on a narrower terminal: clear its output, draw the frame it has (still laid out for 80 columns),
    // then the frame laid out anew.
    real.resize(60, 12);
    log.clear();
    log(wide);
    const fitted = ` TITLE\n  ${'r'.repeat(55)}\n  ${'r'.repeat(5)}\n\n  name? _\n`;
    log(fitted);
    await real.settled();
    expect(termCells(real.term)).toEqual((await screenOf(fitted, 60, 12)).cells);
  });
});

describe('DiffStdout shown on other terminals too (the guests of a hosted table)', () => {
  it('a terminal shown the screen later sees what the real one sees, frame after frame; each gets only its own redraw', async () => {
    const real = new FakeTerminal(20, 5);
    const guest = new FakeTerminal(20, 5);
    const diff = new DiffStdout(real);
    diff.write('\u001B[Hfirst frame\r\nline two');
    const stop = diff.show(guest);
    diff.write('\u001B[2;1Hline 2 changed');
    await Promise.all([real.settled(), guest.settled()]);
    expect(termCells(guest.term)).toEqual(termCells(real.term));
    expect(termText(guest.term)).toContain('line 2 changed');

    const realWrites = real.writes.length;
    diff.redraw(guest);
    expect(real.writes.length).toBe(realWrites);
    expect(guest.writes.at(-1)).toContain('first frame');

    // The bell is the real terminal's own.
    diff.bell();
    expect(real.writes.at(-1)).toContain('\u0007');
    expect(guest.writes.join('')).not.toContain('\u0007');

    stop();
    const guestWrites = guest.writes.length;
    diff.write('\u001B[1;1Hafter');
    expect(guest.writes.length).toBe(guestWrites);
    real.dispose();
    guest.dispose();
  });

  it('drawOnReal: false takes only the size from the stream; the screen goes to the terminals shown it', async () => {
    const sized = new FakeTerminal(20, 5);
    const guest = new FakeTerminal(20, 5);
    const diff = new DiffStdout(sized, { drawOnReal: false });
    diff.show(guest);
    diff.write('\u001B[Hhello');
    await guest.settled();
    expect(sized.writes).toEqual([]);
    expect(termText(guest.term)).toContain('hello');
    sized.dispose();
    guest.dispose();
  });
});

describe('DiffStdout: a terminal with a last line of its own (an onlooker at a hosted table)', () => {
  it("sees the frame with its line over the frame's last line that is not blank; frames go on reaching both; given back, the frame's line", async () => {
    const mover = new FakeTerminal(30, 6);
    const onlooker = new FakeTerminal(30, 6);
    const other = new FakeTerminal(30, 6);
    const diff = new DiffStdout(new FakeTerminal(30, 6), { drawOnReal: false });
    let line = '\u001B[1myour keys:\u001B[0m  Ctrl-C leave';
    diff.show(mover);
    diff.show(onlooker, () => line);
    diff.show(other, () => line);
    diff.write('\u001B[Hthe card\r\n\r\n1-5 mark  SPACE roll\r\n');
    await Promise.all([mover.settled(), onlooker.settled(), other.settled()]);
    expect(termText(mover.term).split('\n').slice(0, 3)).toEqual(['the card', '', '1-5 mark  SPACE roll']);
    expect(termText(onlooker.term).split('\n').slice(0, 3)).toEqual(['the card', '', 'your keys:  Ctrl-C leave']);
    expect(termCells(other.term)).toEqual(termCells(onlooker.term));
    // Its styles are drawn as the line says (bold here).
    expect(onlooker.term.buffer.active.getLine(2)?.getCell(0)?.isBold()).toBeTruthy();

    const before = onlooker.writes.length;
    diff.write('\u001B[1;5HCARD');
    await Promise.all([mover.settled(), onlooker.settled()]);
    expect(termText(onlooker.term).split('\n')[0]).toBe('the CARD');
    expect(onlooker.writes.slice(before).join('')).not.toContain('your keys');

    // A line that changes reaches the terminals that have it; null, or none at all, is the frame's own.
    line = 'wait for your turn';
    diff.write('\u001B[1;1HThe');
    await onlooker.settled();
    expect(termText(onlooker.term).split('\n')[2]).toBe('wait for your turn');
    diff.setLastLine(other, undefined);
    await other.settled();
    expect(termText(other.term).split('\n')[2]).toBe('1-5 mark  SPACE roll');
    expect(termText(onlooker.term).split('\n')[2]).toBe('wait for your turn');
    for (const t of [mover, onlooker, other]) t.dispose();
  });
});

describe('DiffStdout: terminals shown one screen, joining and redrawn at different times', () => {
  it('every terminal shown the screen shows what the real one shows, whatever the others did', async () => {
    const frames = fc.array(stepArb(5), { minLength: 1, maxLength: 10 }).map((steps) => steps.filter((s) => s.kind !== 'resize'));
    await fc.assert(
      fc.asyncProperty(frames, fc.array(fc.nat(3), { minLength: 10, maxLength: 10 }), async (steps, events) => {
        const { real, out } = setup(20, 6);
        const log = logUpdate.create(out as unknown as Writable, { incremental: false });
        const guests: FakeTerminal[] = [];
        let lines: Lines = [];
        try {
          for (const [k, step] of steps.entries()) {
            // Now and then a guest joins, or one of them asks for its whole screen again.
            if (events[k] === 0 || guests.length === 0) {
              const guest = new FakeTerminal(20, 6);
              guests.push(guest);
              out.show(guest);
            } else if (events[k] === 1) out.redraw(guests[k % guests.length]);
            lines = step.kind === 'frame' ? step.lines : step.kind === 'edit' ? edited(lines, step.edits) : lines;
            out.write(BSU);
            log(frameText(lines, 20) + '\n');
            out.write(ESU);
          }
          await Promise.all([real.settled(), ...guests.map((g) => g.settled())]);
          for (const g of guests) expect(termCells(g.term)).toEqual(termCells(real.term));
        } finally {
          for (const g of guests) g.dispose();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
