/**
 * The one width model, seen in a real terminal emulator: the game screen with names of wide, combining, zero-width
 * and ZWJ characters, drawn by Ink into a headless xterm. Every seat's column of the chart starts and ends where the
 * chart's geometry says, in the name row as in the score rows.
 *
 * Wide (CJK, fullwidth, Hangul) and combining characters are drawn alike by every terminal: there, through the game's
 * own screen writer (DiffStdout) too. Variation selectors, ZWJ sequences, flags and skin tones are one character of
 * two columns for string-width (what Ink lays out with) and for the terminals that lay out by grapheme (the xterm
 * here with its graphemes addon, as kitty, WezTerm, iTerm2 or Windows Terminal); the old code-point count said a
 * family was 6 columns and a flag 4, and the names then pushed the columns after them out of line.
 */
import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import { gameGeometry, shapeOf } from '../../src/app/index.js';
import { textWidth } from '../../src/text/index.js';
import { clip } from '../../src/view/index.js';
import { gameRenderOptions } from '../../src/terminal/index.js';
import { Screen } from '../../src/ui/Screen.js';
import { start } from '../app/helpers.js';
import { loadGraphemesAddon } from './graphemesAddon.js';
import { FakeTerminal, type Term } from '../terminal/xterm.js';

const UnicodeGraphemesAddon = loadGraphemesAddon();

type Ink = typeof import('ink');
let ink: Ink;
beforeAll(async () => {
  // In CI Ink draws nothing until the app exits; this test is about the frame drawn while it runs.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  ink = await import('ink');
});

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.reverse()) c();
  cleanup = [];
});

/**
 * How the frame reaches the xterm: the game's screen writer, or Ink writing straight to it (as in screen-reader mode);
 * the xterm by code point or by grapheme.
 */
interface Setup {
  readonly differ: boolean;
  readonly graphemes: boolean;
}

/** The model drawn by Ink into an xterm of the model's size. */
async function drawn(model: AppModel, setup: Setup): Promise<Term> {
  const real = new FakeTerminal(model.size.columns, model.size.rows);
  if (setup.graphemes) {
    real.term.loadAddon(new UnicodeGraphemesAddon());
    real.term.unicode.activeVersion = '15-graphemes';
  }
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  const options = setup.differ ? gameRenderOptions(real as unknown as NodeJS.WriteStream, {}) : {};
  const instance = ink.render(<Screen model={model} />, {
    stdout: real as unknown as NodeJS.WriteStream,
    ...options,
    stdin: stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  cleanup.push(() => {
    instance.unmount();
    real.dispose();
  });
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 10));
    await real.settled();
    if (rowText(real.term, 0).includes('YAHTZEE') || rowText(real.term, 1).includes('YAHTZEE')) break;
  }
  await new Promise((r) => setTimeout(r, 50));
  await real.settled();
  return real.term;
}

/** The text of the xterm's cells from column `from` up to (not including) `to` of a row, as the terminal shows it. */
function rowText(term: Term, y: number, from = 0, to = term.cols): string {
  return term.buffer.active.getLine(term.buffer.active.viewportY + y)?.translateToString(false, from, to) ?? '';
}

/** The row of the xterm whose text contains `text`. */
function rowOf(term: Term, text: string): number {
  for (let y = 0; y < term.rows; y++) if (rowText(term, y).includes(text)) return y;
  return -1;
}

const CODE_POINTS: Setup = { differ: true, graphemes: false };
// By grapheme with Ink writing straight: the width model against a terminal that lays out by grapheme. The game's
// screen writer rebuilds the frame in a VT that counts code points (src/terminal/vt.ts), so it still draws a ZWJ name
// 6 columns wide and a flag 4.
const GRAPHEMES: Setup = { differ: false, graphemes: true };

const NAMES: readonly (readonly [string, Setup, readonly string[]])[] = [
  ['wide (CJK, fullwidth, Hangul)', CODE_POINTS, ['李小龙', 'ＡＢＣＤ', 'ANN', '김민준']],
  ['combining marks', CODE_POINTS, ['e\u0301va', 'Zoe\u0308', 'n\u0303o\u0301', 'BOB']],
  ['wide and combining, by grapheme', GRAPHEMES, ['李小龙', 'e\u0301va', 'ＡＢＣＤ', 'n\u0303o\u0301']],
  ['zero-width (variation selectors)', GRAPHEMES, ['\u2764\uFE0FANN', '\u263A\uFE0F', '\u270C\uFE0F', 'CY']],
  ['ZWJ sequences, flags and skin tones', GRAPHEMES, ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F3F3}\uFE0F\u200D\u{1F308}', '\u{1F1EB}\u{1F1F7}FR', '\u{1F44D}\u{1F3FD}']],
];

describe('the chart lines up in a terminal emulator whatever the names', () => {
  it.each(NAMES)('%s', async (_what, setup, names) => {
    const model = start({ players: 4, names: [...names] });
    const term = await drawn(model, setup);
    const geo = gameGeometry(shapeOf(model), model.size);
    const left = geo.indent + geo.marker + geo.labelWidth + 1;
    const column = (i: number) => [left + i * geo.columnWidth, left + (i + 1) * geo.columnWidth] as const;
    const head = rowOf(term, 'Aces') - 1;
    expect(head).toBeGreaterThan(0);
    // The name row: each seat's name, right-aligned in its own column, then the column's blank.
    names.forEach((name, i) => {
      const [from, to] = column(i);
      const shown = clip(name, geo.columnWidth - 1);
      expect(rowText(term, head, from, to)).toBe(' '.repeat(geo.columnWidth - 1 - textWidth(shown)) + shown + ' ');
    });
    // The score rows: each cell right-aligned in its column ("-" where a box is open, a potential score "(n)").
    for (const label of ['Aces', 'Sixes', 'Upper total', 'Chance', 'TOTAL']) {
      const y = rowOf(term, label);
      for (let i = 0; i < names.length; i++) {
        const [from, to] = column(i);
        expect(rowText(term, y, from, to)).toMatch(/^ *(\(\d+\)|(-|\d+) )$/);
        expect(rowText(term, y, from, to)).toHaveLength(geo.columnWidth);
      }
    }
    // Nothing wrapped: the status line is still the first line, the prompt line the last one drawn.
    expect(rowText(term, 0)).toMatch(/YAHTZEE|ZX|MSX/i);
  });
});
