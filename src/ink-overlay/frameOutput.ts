/**
 * Ink's Output (ink/build/output.js) rewritten to keep its work from one frame to the next; the bundle puts it in
 * place of Ink's own (the frame-output patch of patches.mjs), and test/ink-overlay/frameOutput.test.ts checks that
 * both give the same text.
 *
 * Ink builds every frame afresh: each line of text is cut into ANSI tokens and styled characters, every cell of the
 * screen becomes a new object, and every row is turned back into a string. A keystroke changes a few cells, so here
 * the styled characters of a line, the cut of a line to a clip, the widths of strings and the string of a row whose
 * cells are the same as last frame's are remembered across frames (a few thousand entries at most: the caches are
 * emptied when they grow past that), and blank cells share one object.
 */
import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, tokenize, type AnsiCode, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';

/** A function Ink applies to each line of a Text's output (its `transform` prop, and the ones of Transform parents). */
type Transformer = (line: string, index: number) => string;

/** A clipping rectangle (overflow hidden), as Ink gives it. */
interface Clip {
  readonly x1: number | undefined;
  readonly x2: number | undefined;
  readonly y1: number | undefined;
  readonly y2: number | undefined;
}

type Operation =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: readonly Transformer[] }
  | { readonly type: 'clip'; readonly clip: Clip }
  | { readonly type: 'unclip' };

/** How many widths a cache may hold before it is emptied (a frame measures a few hundred strings at most). */
const CACHE_LIMIT = 4000;
/**
 * How many lines' styled characters are kept: each is an object per character, so fewer; a frame has a few dozen
 * lines, and the frames a game goes through reuse most of them.
 */
const LINE_CACHE_LIMIT = 400;

function remember<K, V>(cache: Map<K, V>, key: K, make: (key: K) => V, limit = CACHE_LIMIT): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= limit) cache.clear();
    value = make(key);
    cache.set(key, value);
  }
  return value;
}

const styledChars = new Map<string, readonly StyledChar[]>();
const slices = new Map<string, string>();
const widths = new Map<string, number>();
const blockWidths = new Map<string, number>();
/** The blank cells that follow a wide character, one per character object (so that rows keep the same cells). */
const fillers = new WeakMap<StyledChar, StyledChar>();

const charsOf = (line: string): readonly StyledChar[] => remember(styledChars, line, (l) => styledCharsFromTokens(tokenize(l)), LINE_CACHE_LIMIT);
const widthOf = (text: string): number => remember(widths, text, stringWidth);
// The game's screen is one Box with its overflow hidden, so every line of every frame is cut to the clip: the same
// lines, cut the same way, frame after frame.
const sliceOf = (line: string, from: number, to: number): string => remember(slices, `${from} ${to} ${line}`, () => sliceAnsi(line, from, to));
const widestLineOf = (text: string): number =>
  remember(blockWidths, text, (t) => {
    let widest = 0;
    for (const line of t.split('\n')) widest = Math.max(widest, widthOf(line));
    return widest;
  });

function fillerOf(char: StyledChar): StyledChar {
  let filler = fillers.get(char);
  if (filler === undefined) {
    filler = { type: 'char', value: '', fullWidth: false, styles: char.styles };
    fillers.set(char, filler);
  }
  return filler;
}

function sameStyles(a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}

/**
 * A row's cells as text with their ANSI styles: styledCharsToString of @alcalzone/ansi-tokenize, which works out the
 * change of style between every two cells (building sets and arrays for each); here cells styled the same as the one
 * before (nearly all) cost nothing, which gives the same text: the change between equal styles is none.
 */
function rowText(chars: readonly StyledChar[]): string {
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const styles = chars[i].styles;
    if (i === 0) {
      if (styles.length > 0) out += ansiCodesToString(styles);
    } else {
      const before = chars[i - 1].styles;
      if (!sameStyles(before, styles)) out += ansiCodesToString(diffAnsiCodes(before, styles));
    }
    out += chars[i].value;
    if (i === chars.length - 1 && styles.length > 0) out += ansiCodesToString(diffAnsiCodes(styles, []));
  }
  return out;
}

/** The cell that every row starts with (never changed: rows hold references to cells, cells are never written to). */
const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] });

/** Last frame's rows (their cells) and their strings, by row number. */
let lastRows: (readonly StyledChar[])[] = [];
let lastStrings: string[] = [];

function sameCells(a: readonly StyledChar[], b: readonly StyledChar[] | undefined): boolean {
  if (b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A frame being built: Ink's renderer writes texts at positions into it, then asks for the frame as one string. */
export default class FrameOutput {
  readonly width: number;
  readonly height: number;
  private readonly operations: Operation[] = [];

  constructor(options: { readonly width: number; readonly height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  /** Writes `text` (lines with ANSI styles) with its top-left corner at (x, y). */
  write(x: number, y: number, text: string, options: { readonly transformers: readonly Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  /** Clips the writes that follow to a rectangle, until unclip. */
  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  /** Ends the innermost clip. */
  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  /** The frame: its rows joined by newlines, each without trailing blanks, and its height in rows. */
  get(): { output: string; height: number } {
    const rows: StyledChar[][] = [];
    for (let y = 0; y < this.height; y++) rows.push(new Array<StyledChar>(this.width).fill(BLANK));
    const clips: Clip[] = [];
    for (const op of this.operations) {
      if (op.type === 'clip') clips.push(op.clip);
      else if (op.type === 'unclip') clips.pop();
      else this.draw(rows, op, clips.at(-1));
    }
    const strings: string[] = [];
    for (let y = 0; y < rows.length; y++) {
      const row = rows[y];
      strings.push(sameCells(row, lastRows[y]) ? lastStrings[y] : rowText(row.filter((c) => c !== undefined)).trimEnd());
    }
    lastRows = rows;
    lastStrings = strings;
    return { output: strings.join('\n'), height: rows.length };
  }

  private draw(rows: StyledChar[][], op: Extract<Operation, { type: 'write' }>, clip: Clip | undefined): void {
    let { x, y } = op;
    let lines = op.text.split('\n');
    if (clip) {
      const clipX = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipY = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      // Text wholly outside the clip is skipped.
      if (clipX && (x + widestLineOf(op.text) < clip.x1 || x > clip.x2)) return;
      if (clipY && (y + lines.length < clip.y1 || y > clip.y2)) return;
      if (clipX) {
        const x1 = clip.x1;
        const x2 = clip.x2;
        lines = lines.map((line) => {
          const from = x < x1 ? x1 - x : 0;
          const w = widthOf(line);
          const to = x + w > x2 ? x2 - x : w;
          return sliceOf(line, from, to);
        });
        if (x < x1) x = x1;
      }
      if (clipY) {
        const y1 = clip.y1;
        const y2 = clip.y2;
        const from = y < y1 ? y1 - y : 0;
        const to = y + lines.length > y2 ? y2 - y : lines.length;
        lines = lines.slice(from, to);
        if (y < y1) y = y1;
      }
    }
    let offsetY = 0;
    for (const [index, text] of lines.entries()) {
      const row = rows[y + offsetY];
      // A text taller than the frame: its lines below the last row are dropped.
      if (!row) continue;
      let line = text;
      for (const transform of op.transformers) line = transform(line, index);
      let offsetX = x;
      for (const char of charsOf(line)) {
        row[offsetX] = char;
        // As Ink does: a character's width by string-width, and the cells a wide one covers blanked.
        const w = Math.max(1, widthOf(char.value));
        for (let i = 1; i < w; i++) row[offsetX + i] = fillerOf(char);
        offsetX += w;
      }
      offsetY++;
    }
  }
}
