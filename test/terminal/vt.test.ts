import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StyleTable } from '../../src/terminal/style.js';
import { VirtualTerminal } from '../../src/terminal/vt.js';
import { cut, streamArb } from './arbitraries.js';
import { cursorHidden, feed, gridCells, newTerm, termCells } from './xterm.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

/** Feeds the same output to the emulator (in pieces) and to xterm (whole), and returns both screens. */
async function both(data: string, cols: number, rows: number, pieces: readonly number[] = []) {
  const styles = new StyleTable();
  const vt = new VirtualTerminal(styles, cols, rows);
  for (const p of cut(data, pieces)) vt.write(p);
  const term = newTerm(cols, rows);
  await feed(term, data);
  const r = {
    vt,
    emulated: gridCells(vt.grid, styles),
    real: termCells(term),
    cursor: [term.buffer.active.cursorX, term.buffer.active.cursorY],
    hidden: cursorHidden(term),
  };
  term.dispose();
  return r;
}

describe('the terminal emulator', () => {
  it('draws text, colours, wide characters, wrapping and scrolling as xterm does', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        streamArb,
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        async (data, cols, rows, pieces) => {
          const r = await both(data, cols, rows, pieces);
          expect(r.emulated).toEqual(r.real);
          expect([Math.min(r.vt.x, cols - 1), r.vt.y]).toEqual([Math.min(r.cursor[0], cols - 1), r.cursor[1]]);
          expect(!r.vt.cursorVisible).toBe(r.hidden);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('writing over either half of a wide character blanks the other half, as xterm does', async () => {
    for (const data of ['漢字\u001B[1;2Ha', '漢字\u001B[1;3Hb', '漢字\u001B[1;1Hc', 'ab漢\u001B[1;4H字', '漢字\u001B[1;2H\u001B[K', '漢字\u001B[1;3H\u001B[1K']) {
      const r = await both(data, 8, 2);
      expect(r.emulated).toEqual(r.real);
      expect(r.vt.grid.chars.join('')).not.toMatch(/^漢字/);
    }
  });

  it('keeps Ink frame writes: erase the old lines, then the new frame from the top', async () => {
    const first = '\u001B[1;32mYAHTZEE\u001B[0m rules\n╭─────╮ 漢字\n│  ●  │\n';
    const second = '\u001B[2K\u001B[1A\u001B[2K\u001B[1A\u001B[2K\u001B[1A\u001B[2K\u001B[G' + '\u001B[33mscore\u001B[39m\n╭─────╮\n';
    const r = await both(first + second, 20, 6);
    expect(r.emulated).toEqual(r.real);
    expect(r.vt.grid.rowText(0)).toBe('score');
    expect(r.vt.grid.rowText(1)).toBe('╭─────╮');
    expect(r.vt.grid.rowText(2)).toBe('');
  });

  it('passes on the modes it does not draw, and keeps the cursor and sync modes to itself', () => {
    const vt = new VirtualTerminal(new StyleTable(), 10, 3);
    vt.write('\u001B[?25l\u001B[?2026h\u001B[?1;2004h\u001B]0;title\u0007\u001B]8;;http://x\u0007a\u001B]8;;\u0007\u001B[>1u');
    expect(vt.cursorVisible).toBe(false);
    expect(vt.synchronizing).toBe(true);
    expect(vt.passOn).toEqual(['\u001B[?1;2004h', '\u001B]0;title\u0007', '\u001B[>1u']);
    expect(vt.grid.rowText(0)).toBe('a');
  });

  it('waits for the rest of an escape sequence or surrogate pair cut between writes', () => {
    const vt = new VirtualTerminal(new StyleTable(), 10, 3);
    for (const piece of ['\u001B', '[3', '1m', 'x\uD83D', '\uDE00']) vt.write(piece);
    expect(vt.grid.rowText(0)).toBe('x😀');
    expect(vt.grid.styles[0]).not.toBe(0);
  });

  it('a line feed returns to the first column, as the tty makes it (ONLCR)', () => {
    const vt = new VirtualTerminal(new StyleTable(), 10, 3);
    vt.write('ab\ncd');
    expect([vt.grid.rowText(0), vt.grid.rowText(1)]).toEqual(['ab', 'cd']);
    const raw = new VirtualTerminal(new StyleTable(), 10, 3, false);
    raw.write('ab\ncd');
    expect(raw.grid.rowText(1)).toBe('  cd');
  });

  it.each([
    ['wrapping', true, ['abcde', 'fgh', 'xy']],
    ['cutting at the edge', false, ['abcde', 'xy', '']],
  ] as const)('a line wider than the screen: %s', (_name, wraps, rows) => {
    const vt = new VirtualTerminal(new StyleTable(), 5, 3, true, wraps);
    vt.write('abcdefgh\nxy');
    expect([0, 1, 2].map((y) => vt.grid.rowText(y))).toEqual(rows);
  });

  it('resizing keeps the left, keeps the cursor row on screen, and blanks a wide character cut in half', () => {
    const vt = new VirtualTerminal(new StyleTable(), 6, 3);
    vt.write('abcd漢\nxy');
    vt.resize(5, 2);
    expect([vt.grid.rowText(0), vt.grid.rowText(1)]).toEqual(['abcd', 'xy']);
    expect([vt.x, vt.y]).toEqual([2, 1]);
  });

  it('a window that loses rows under the cursor scrolls the top off, and shows it again when it gains them', () => {
    const vt = new VirtualTerminal(new StyleTable(), 4, 3);
    vt.write('a\nb\nc');
    vt.resize(4, 2);
    expect([vt.grid.rowText(0), vt.grid.rowText(1), vt.y]).toEqual(['b', 'c', 1]);
    vt.resize(4, 4);
    expect([0, 1, 2, 3].map((y) => vt.grid.rowText(y))).toEqual(['a', 'b', 'c', '']);
    expect([vt.x, vt.y]).toEqual([1, 2]);
  });

  it('rows that scrolled off do not come back once the writer moved up past the top, or cleared the scrollback', () => {
    for (const past of ['\u001B[5A\u001B[B', '\u001B[3J']) {
      const vt = new VirtualTerminal(new StyleTable(), 4, 2);
      vt.write('a\nb\nc' + past);
      vt.resize(4, 4);
      expect([0, 1, 2, 3].map((y) => vt.grid.rowText(y))).toEqual(['b', 'c', '', '']);
    }
  });

  it('a window that gains rows with the cursor above its bottom row adds blank rows below', () => {
    const vt = new VirtualTerminal(new StyleTable(), 4, 2);
    vt.write('a\nb\nc\u001B[H');
    vt.resize(4, 3);
    expect([0, 1, 2].map((y) => vt.grid.rowText(y))).toEqual(['b', 'c', '']);
  });
});

describe('the terminal emulator keeps the columns Ink lays a grapheme out in (string-width)', () => {
  /** The cells of row 0 as [text, width] pairs up to the last non-blank one, and the cursor column. */
  const row0 = (text: string, cols = 12) => {
    const vt = new VirtualTerminal(new StyleTable(), cols, 2);
    vt.write(text);
    const cells: [string, number][] = [];
    for (let x = 0; x < cols; x++) cells.push([vt.grid.chars[x], vt.grid.widths[x]]);
    while (cells.length > 0 && cells.at(-1)![0] === ' ') cells.pop();
    return { cells, x: vt.x };
  };
  it.each([
    ['a flag is one cell two columns wide', '🇳🇱A', [['🇳🇱', 2], ['', 0], ['A', 1]], 3],
    ['a lone regional indicator is one column', '🇳A', [['🇳', 1], ['A', 1]], 2],
    ['three regional indicators are a flag and a lone one', '🇳🇱🇧A', [['🇳🇱', 2], ['', 0], ['🇧', 1], ['A', 1]], 4],
    ['an emoji with a skin-tone modifier is one cell two columns wide', 'B👍🏽B', [['B', 1], ['👍🏽', 2], ['', 0], ['B', 1]], 4],
    ['a modifier after a letter goes with the letter, one column, as string-width counts it', 'a🏽b', [['a🏽', 1], ['b', 1]], 2],
    ['a narrow symbol with U+FE0F becomes two columns wide', '☺\uFE0FA', [['☺\uFE0F', 2], ['', 0], ['A', 1]], 3],
    ['a letter with a combining mark stays one column', 'e\u0301A', [['e\u0301', 1], ['A', 1]], 2],
  ] as const)('%s', (_, text, cells, x) => {
    expect(row0(text)).toEqual({ cells, x });
  });

  it('a line of Ink\'s full width with a flag in it is not cut at the edge', () => {
    const vt = new VirtualTerminal(new StyleTable(), 8, 2, true, false);
    vt.write('🇳🇱AN\'s 3');
    expect(vt.grid.rowText(0)).toBe('🇳🇱AN\'s 3');
  });
});
