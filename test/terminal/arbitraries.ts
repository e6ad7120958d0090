import fc from 'fast-check';
import { charWidth } from '../../src/terminal/width.js';

/** Characters frames are made of: ASCII, Latin letters, the game's box drawing and pips, and wide CJK characters. */
export const NARROW = [...'abcXYZ019 .:-_|()[]é', ...'─│╭╮╰╯═║╔╗╚╝●·▶…'];
/** Characters two columns wide in xterm and in the emulator. */
export const WIDE = [...'漢字中文한ＡＢ'];

/** A character, mostly narrow; now and then a wide one or a letter with a combining accent. */
export const charArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...NARROW) },
  { weight: 3, arbitrary: fc.constantFrom(...WIDE) },
  { weight: 1, arbitrary: fc.constant('e\u0301') },
);

/** Columns a string of plain text takes. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0) as number);
  return w;
}

const colorArb = (base: 30 | 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 0, max: 7 }).map((n) => String(base + n)),
    fc.integer({ min: 0, max: 7 }).map((n) => String(base + 60 + n)),
    fc.constant(String(base + 9)),
    fc.integer({ min: 0, max: 255 }).map((n) => `${base + 8};5;${n}`),
    fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([r, g, b]) => `${base + 8};2;${r};${g};${b}`),
  );

/** SGR parameters as chalk and Ink write them: attributes on and off, 16, 256 and 24-bit colours, resets. */
export const sgrParamsArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('0', '1', '2', '3', '4', '5', '7', '8', '9', '21', '22', '23', '24', '25', '27', '28', '29', '53', '55'),
      colorArb(30),
      colorArb(40),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((ps) => ps.join(';'));

/** One styled piece of a line: its SGR parameters (null for plain text) and its characters. */
export interface Segment {
  readonly sgr: string | null;
  readonly chars: readonly string[];
}

/** A styled piece of a line, of characters from `chars`. */
export const segmentArb = (chars: fc.Arbitrary<string> = charArb, minLength = 0): fc.Arbitrary<Segment> =>
  fc.record({
    sgr: fc.option(sgrParamsArb, { freq: 2 }),
    chars: fc.array(chars, { minLength, maxLength: 12 }),
  });

/** A narrow character (lines of only these are the ones the differ may shift sideways). */
export const narrowCharArb: fc.Arbitrary<string> = fc.constantFrom(...NARROW);

/** The text of a line of segments, cut to `cols` columns, each styled segment closed with a reset as chalk does. */
export function lineText(segments: readonly Segment[], cols: number): string {
  let out = '';
  let w = 0;
  for (const seg of segments) {
    let text = '';
    for (const ch of seg.chars) {
      const cw = textWidth(ch);
      if (w + cw > cols) break;
      w += cw;
      text += ch;
    }
    if (text === '') continue;
    out += seg.sgr === null ? text : `\u001B[${seg.sgr}m${text}\u001B[0m`;
  }
  return out;
}

/** A frame as Ink renders it: lines no wider than the screen, of styled segments; sometimes taller than the screen. */
export const frameLinesArb = (maxLines: number, chars: fc.Arbitrary<string> = charArb): fc.Arbitrary<readonly (readonly Segment[])[]> =>
  fc.array(fc.array(segmentArb(chars), { maxLength: 6 }), { maxLength: maxLines });

/** Frame text from frame lines, for a screen `cols` wide. */
export function frameText(lines: readonly (readonly Segment[])[], cols: number): string {
  return lines.map((l) => lineText(l, cols)).join('\n');
}

/** Pieces of terminal output beyond text: controls and the escape sequences Ink's writers and chalk use. */
export const controlArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\n', '\r', '\b', '\t', '\u001B[K', '\u001B[0K', '\u001B[1K', '\u001B[2K', '\u001B[J', '\u001B[2J'),
  fc.constantFrom('\u001B[G', '\u001B[H', '\u001B7', '\u001B8', '\u001B[?25l', '\u001B[?25h', '\u001B[?2026h', '\u001B[?2026l', '\u001BD', '\u001BM'),
  fc.tuple(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'X', 'S', 'T', 'd', '@', 'P'), fc.integer({ min: 0, max: 30 })).map(([f, n]) => `\u001B[${n}${f}`),
  fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 90 })).map(([r, c]) => `\u001B[${r};${c}H`),
  fc.integer({ min: 1, max: 6 }).map((n) => '\u001B[2K\u001B[1A'.repeat(n - 1) + '\u001B[2K\u001B[G'),
  sgrParamsArb.map((p) => `\u001B[${p}m`),
);

/** A stream of terminal output: text (possibly longer than a line, so it wraps) mixed with controls. */
export const streamArb: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 2, arbitrary: fc.array(charArb, { minLength: 1, maxLength: 40 }).map((cs) => cs.join('')) }, { weight: 3, arbitrary: controlArb }), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

/** Cuts a string into pieces at the given fractions of its length (escape sequences and surrogate pairs may be cut). */
export function cut(s: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((f) => Math.floor(f * s.length)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const p of points) {
    parts.push(s.slice(from, p));
    from = p;
  }
  parts.push(s.slice(from));
  return parts;
}
