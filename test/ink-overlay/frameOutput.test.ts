import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import FrameOutput from '../../src/ink-overlay/frameOutput.js';
import { InkOutput } from '../../src/ink-overlay/internals.js';
import widestLine from '../../src/ink-overlay/widestLine.js';
import { charArb, segmentArb, type Segment } from '../terminal/arbitraries.js';

type Transformer = (line: string, index: number) => string;
interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}

type Op =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly lines: readonly Segment[][]; readonly transform: number }
  | { readonly type: 'clip'; readonly x1?: number; readonly x2?: number; readonly y1?: number; readonly y2?: number }
  | { readonly type: 'unclip' };

/** Transformers like the ones Ink's Text and Transform components apply to each line. */
const TRANSFORMERS: readonly (readonly Transformer[])[] = [
  [],
  [(line) => line.toUpperCase()],
  [(line, i) => `${i}${line}`, (line) => `\u001B[1m${line}\u001B[22m`],
];

const lineText = (segments: readonly Segment[]): string =>
  segments.map((s) => (s.sgr === null ? s.chars.join('') : `\u001B[${s.sgr}m${s.chars.join('')}\u001B[0m`)).join('');

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('write' as const),
      x: fc.integer({ min: 0, max: 30 }),
      y: fc.integer({ min: 0, max: 9 }),
      lines: fc.array(fc.array(segmentArb(charArb), { maxLength: 3 }), { minLength: 1, maxLength: 4 }),
      transform: fc.nat(TRANSFORMERS.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.constant('clip' as const), x1: fc.nat(20), x2: fc.integer({ min: 5, max: 32 }), y1: fc.nat(5), y2: fc.integer({ min: 2, max: 9 }) },
      { requiredKeys: ['type'] },
    ),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'unclip' as const }) },
);

/** Replays `ops` on an output of the given size and returns its frame. */
function frame(output: OutputLike, ops: readonly Op[]): { output: string; height: number } {
  let depth = 0;
  for (const op of ops) {
    if (op.type === 'write') output.write(op.x, op.y, op.lines.map(lineText).join('\n'), { transformers: [...TRANSFORMERS[op.transform]] });
    else if (op.type === 'clip') {
      depth++;
      const { type: _, ...clip } = op;
      output.clip(clip);
    } else if (depth > 0) {
      depth--;
      output.unclip();
    }
  }
  return output.get();
}

describe('FrameOutput (the bundle\'s stand-in for Ink\'s Output)', () => {
  it('gives the same frames as Ink\'s Output for any writes, styles, wide characters, clips and transformers, frame after frame', () => {
    const frameArb = fc.record({ width: fc.integer({ min: 1, max: 32 }), height: fc.integer({ min: 1, max: 10 }), ops: fc.array(opArb, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(frameArb, { minLength: 1, maxLength: 4 }), (frames) => {
        // Several frames in a row: what FrameOutput keeps from the last frame must never show in the next.
        for (const f of frames) expect(frame(new FrameOutput(f), f.ops)).toEqual(frame(new InkOutput(f), f.ops));
      }),
      { numRuns: 300 },
    );
  });

  it('repeats a frame exactly when the same writes come again, and changes only the row that changed', () => {
    const write = (o: OutputLike, die: string) => {
      o.write(0, 0, 'YAHTZEE \u001B[33mANN\u001B[39m', { transformers: [] });
      o.write(2, 2, `\u001B[7m${die}\u001B[27m B C`, { transformers: [] });
      return o.get().output;
    };
    const first = write(new FrameOutput({ width: 20, height: 3 }), 'A');
    expect(write(new FrameOutput({ width: 20, height: 3 }), 'A')).toBe(first);
    const next = write(new FrameOutput({ width: 20, height: 3 }), 'K');
    expect(next.split('\n')[0]).toBe(first.split('\n')[0]);
    expect(next.split('\n')[2]).toBe('  \u001B[7mK\u001B[27m B C');
    expect(next).toBe(write(new InkOutput({ width: 20, height: 3 }), 'K'));
  });

  it('keeps rows that start blank blank (the shared blank cell is never written to)', () => {
    const o = new FrameOutput({ width: 6, height: 3 });
    o.write(1, 1, '漢x', { transformers: [] });
    expect(o.get().output).toBe('\n 漢x\n');
    expect(new FrameOutput({ width: 6, height: 3 }).get().output).toBe('\n\n');
  });
});

describe('widestLine (the bundle\'s stand-in for widest-line)', () => {
  it('measures the widest line in terminal columns, as string-width does line by line', () => {
    fc.assert(
      fc.property(fc.array(fc.array(charArb, { maxLength: 10 }).map((cs) => cs.join('')), { minLength: 1, maxLength: 4 }), (lines) => {
        const text = lines.join('\n');
        // Asked twice: the second answer comes from its memory.
        expect(widestLine(text)).toBe(Math.max(...lines.map((l) => stringWidth(l))));
        expect(widestLine(text)).toBe(Math.max(...lines.map((l) => stringWidth(l))));
      }),
    );
  });

  it('counts wide characters as two columns and ANSI styles as none', () => {
    expect(widestLine('ab\n\u001B[31m漢字\u001B[39m!\nc')).toBe(5);
  });
});
