import { describe, expect, it } from 'vitest';
import { DiffStdout, holdWrites, redrawScreen, ringBell } from '../../src/terminal/index.js';
import { FakeTerminal, screenOf, termCells } from './xterm.js';

const FRAME_A = '\u001B[H\u001B[2JYAHTZEE\r\n╭─────╮\r\n│  ●  │\r\n╰─────╯';
const FRAME_B = '\u001B[H\u001B[2JYAHTZEE\r\n╭─────╮\r\n│●   ●│\r\n╰─────╯';

async function shows(real: FakeTerminal, frame: string): Promise<boolean> {
  await real.settled();
  const want = await screenOf(frame, real.columns, real.rows);
  return termCells(real.term).join('\n') === want.cells.join('\n');
}

describe('redrawing the whole screen, and the bell, through the differ', () => {
  it('a write behind the differ\'s back stays on the screen until a redraw paints it all again', async () => {
    const real = new FakeTerminal(20, 6);
    const out = new DiffStdout(real);
    out.write(FRAME_A);
    real.write('\u001B[3;2HXXXXX');
    out.write(FRAME_A);
    expect(await shows(real, FRAME_A)).toBe(false);
    expect(redrawScreen(out)).toBe(true);
    expect(await shows(real, FRAME_A)).toBe(true);
    real.dispose();
  });

  it('Ink\'s own writers need no redraw', () => {
    expect(redrawScreen({ write: () => true })).toBe(false);
  });

  it('the bell goes out as BEL, and the differ\'s picture stays true', async () => {
    const real = new FakeTerminal(20, 6);
    const out = new DiffStdout(real);
    out.write(FRAME_A);
    ringBell(out);
    expect(real.writes.at(-1)).toBe('\u0007');
    out.write(FRAME_B);
    expect(await shows(real, FRAME_B)).toBe(true);
    real.dispose();
  });

  it('held writes are kept, not written, and come back on release (the last of them past the limit)', () => {
    const seen: string[] = [];
    const stream = { write: (d: string) => (seen.push(d), true) };
    const held = holdWrites(stream, 10);
    stream.write('a warning\n');
    stream.write('and more\n');
    expect(seen).toEqual([]);
    expect(held.release()).toBe('[...]\n\nand more\n');
    stream.write('after');
    expect(seen).toEqual(['after']);
  });
});
