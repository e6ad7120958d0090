import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScreenDiffer } from '../../src/terminal/differ.js';
import { StyleTable } from '../../src/terminal/style.js';
import { VirtualTerminal } from '../../src/terminal/vt.js';
import { streamArb } from './arbitraries.js';
import { cursorHidden, feed, gridCells, newTerm, termCells, type Term } from './xterm.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** A step of a session: more output drawn on the wanted screen, a resize, or the terminal scribbled on behind our back. */
type Step = { kind: 'draw'; data: string } | { kind: 'resize'; cols: number; rows: number } | { kind: 'scribble'; data: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: streamArb.map((data) => ({ kind: 'draw' as const, data })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resize' as const), cols: fc.integer({ min: 2, max: 30 }), rows: fc.integer({ min: 2, max: 8 }) }) },
  { weight: 1, arbitrary: streamArb.map((data) => ({ kind: 'scribble' as const, data })) },
);

/** Plays steps: the wanted screen is an emulator; the differ's output goes to an xterm, which must show it exactly. */
async function play(steps: readonly Step[], cols: number, rows: number, convertEol: boolean): Promise<void> {
  const styles = new StyleTable();
  const vt = new VirtualTerminal(styles, cols, rows);
  const differ = new ScreenDiffer(styles, cols, rows);
  const term: Term = newTerm(cols, rows, convertEol);
  try {
    for (const step of steps) {
      if (step.kind === 'draw') vt.write(step.data);
      else if (step.kind === 'resize') {
        vt.resize(step.cols, step.rows);
        term.resize(step.cols, step.rows);
        differ.invalidate();
      } else {
        await feed(term, step.data);
        differ.invalidate();
      }
      const out = differ.update(vt.grid, { x: vt.x, y: vt.y, visible: vt.cursorVisible });
      await feed(term, out);
      expect(termCells(term)).toEqual(gridCells(vt.grid, styles));
      expect(cursorHidden(term)).toBe(!vt.cursorVisible);
      if (vt.cursorVisible) expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([Math.min(vt.x, vt.grid.cols - 1), vt.y]);
      // Nothing changed: nothing to write.
      expect(differ.update(vt.grid, { x: vt.x, y: vt.y, visible: vt.cursorVisible })).toBe('');
    }
  } finally {
    term.dispose();
  }
}

/** A differ that has drawn `first`, and the output that then turns it into `second` (both drawn on a blank screen). */
function change(first: string, second: string, cols = 20, rows = 3): string {
  const styles = new StyleTable();
  const differ = new ScreenDiffer(styles, cols, rows);
  const a = new VirtualTerminal(styles, cols, rows);
  a.write(first);
  differ.update(a.grid, { x: 0, y: 0, visible: false });
  const b = new VirtualTerminal(styles, cols, rows);
  b.write(second);
  return differ.update(b.grid, { x: 0, y: 0, visible: false });
}

describe('the screen differ', () => {
  it('leaves the terminal showing exactly the wanted screen, through redraws, resizes and scribbles (tty with ONLCR)', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), fc.integer({ min: 2, max: 30 }), fc.integer({ min: 2, max: 8 }), (steps, cols, rows) =>
        play(steps, cols, rows, true),
      ),
      { numRuns: RUNS },
    );
  });

  it('does not rely on the tty turning "\\n" into "\\r\\n"', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 2, max: 30 }), fc.integer({ min: 2, max: 8 }), (steps, cols, rows) =>
        play(steps, cols, rows, false),
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('first clears the screen, then draws only what is not blank', () => {
    const styles = new StyleTable();
    const vt = new VirtualTerminal(styles, 10, 3);
    vt.write('ab\n\n   c');
    const out = new ScreenDiffer(styles, 10, 3).update(vt.grid, { x: 0, y: 0, visible: false });
    expect(out).toBe('\u001B[?25l\u001B[m\u001B[H\u001B[2Jab\u001B[3;4Hc');
  });

  it('writes one changed character as a move and the character', () => {
    expect(change('hello world', 'hello wOrld')).toBe('\u001B[8GO');
  });

  it('reprints a short unchanged gap instead of moving over it, and moves over a long one', () => {
    expect(change('abcdef', 'aXcdYf')).toBe('\u001B[2GXcdY');
    expect(change('abcdefghijkl', 'aXcdefghijYl')).toBe('\u001B[2GX\u001B[8CY');
  });

  it('sets only the attributes that change', () => {
    expect(change('\u001B[1;31mab\u001B[0m', '\u001B[1;32mab\u001B[0m')).toBe('\r\u001B[32mab');
    expect(change('\u001B[1;31mab\u001B[0m', '\u001B[31mab\u001B[0m')).toBe('\r\u001B[22mab');
  });

  it('erases the end of a line that got shorter in one go', () => {
    expect(change('a long line of text', 'a long')).toBe('\u001B[8G\u001B[K');
  });

  it('never splits a wide character: a change next to one rewrites it whole', () => {
    const out = change('漢字ab', '漢Xyab');
    expect(out).toBe('\u001B[3GXy');
    expect(change('ab漢', 'a漢c')).toBe('\b\b\b漢c');
  });

  it('shifts a line sideways when a word is inserted or removed before the rest of it', () => {
    const keys = (extra: string) => ` \u001B[1;33m1-5\u001B[0m mark  ${extra}\u001B[1;33mSPACE\u001B[0m roll  \u001B[1;33mi\u001B[0m score now  \u001B[1;33mh/?\u001B[0m help`;
    const plain = keys('');
    const more = keys('\u001B[1;33m0\u001B[0m clear  ');
    expect(change(plain, more, 80, 2)).toBe('\u001B[12G\u001B[9@\u001B[1;33m0\u001B[m clear');
    expect(change(more, plain, 80, 2)).toBe('\u001B[12G\u001B[9P');
    // A short line, or one with wide characters, is simply rewritten.
    expect(change('ab cd', 'ab X cd', 80, 2)).toBe('\b\bX cd');
    expect(change('漢 the rest of a long line', '漢 X the rest of a long line', 80, 2)).toBe('\u001B[4G\u001B[2@X');
    expect(change('the rest 漢 of a long line', 'X the rest 漢 of a long line', 80, 2)).not.toContain('@');
  });

  it('never inserts more characters than stay on the line after them (tmux 3.3 garbles such an insert)', () => {
    const text = 'abcdefghijklmnopqrst';
    // Shifting the text 12 to the right at column 20 of 40 would leave only 8 cells moved: written instead.
    expect(change(`\u001B[21G${text}`, `\u001B[33G${text}`, 40, 2)).not.toContain('@');
    // The same shift further left is an insert.
    expect(change(`\u001B[3G${text}`, `\u001B[15G${text}`, 40, 2)).toBe('\u001B[3G\u001B[12@');
  });

  it('moves the cursor where the screen wants it and shows it only when the screen shows it', () => {
    const styles = new StyleTable();
    const vt = new VirtualTerminal(styles, 10, 3);
    const differ = new ScreenDiffer(styles, 10, 3);
    vt.write('\u001B[?25labc');
    differ.update(vt.grid, { x: vt.x, y: vt.y, visible: vt.cursorVisible });
    vt.write('\u001B[?25h\n');
    expect(differ.update(vt.grid, { x: vt.x, y: vt.y, visible: vt.cursorVisible })).toBe('\r\n\u001B[?25h');
    vt.write('\u001B[?25l');
    expect(differ.update(vt.grid, { x: vt.x, y: vt.y, visible: vt.cursorVisible })).toBe('\u001B[?25l');
  });
});
