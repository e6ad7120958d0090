import xterm from '@xterm/headless';
import { EventEmitter } from 'node:events';
import { CONTINUATION, type Grid } from '../../src/terminal/grid.js';
import { ATTR, DEFAULT_COLOR, RGB_COLOR, type StyleTable } from '../../src/terminal/style.js';

/** A headless xterm. */
export type Term = InstanceType<typeof xterm.Terminal>;

/**
 * A headless xterm of this size. `convertEol` makes a line feed return to the first column too, as a tty with
 * ONLCR (the default, kept on by Node's raw mode) turns "\n" into "\r\n" on its way to the terminal.
 */
export function newTerm(cols: number, rows: number, convertEol = true): Term {
  return new xterm.Terminal({ cols, rows, allowProposedApi: true, convertEol });
}

/** Writes to the xterm and waits until it has parsed the data. */
export function feed(term: Term, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

/** Whether the xterm's cursor is hidden (DECTCEM). */
export function cursorHidden(term: Term): boolean {
  return (term as unknown as { _core: { coreService: { isCursorHidden: boolean } } })._core.coreService.isCursorHidden;
}

/** The attribute bits of a cell, in the ATTR encoding. */
function attrsOf(c: xterm.IBufferCell): number {
  let a = 0;
  if (c.isBold()) a |= ATTR.bold;
  if (c.isDim()) a |= ATTR.dim;
  if (c.isItalic()) a |= ATTR.italic;
  if (c.isUnderline()) a |= ATTR.underline;
  if (c.isBlink()) a |= ATTR.blink;
  if (c.isInverse()) a |= ATTR.inverse;
  if (c.isInvisible()) a |= ATTR.hidden;
  if (c.isStrikethrough()) a |= ATTR.strike;
  if (c.isOverline()) a |= ATTR.overline;
  return a;
}

function colorOf(isDefault: boolean, isRgb: boolean, value: number): number {
  if (isDefault) return DEFAULT_COLOR;
  return isRgb ? RGB_COLOR | value : value;
}

/**
 * What each cell of the xterm's visible screen looks like, as "row,col text width fg bg attrs" strings: a written
 * space and an erased cell read the same, palette colours the same however they were set (16 or 256 colour codes),
 * and so do a blank and the right half of a wide character cut off from its left half (both show nothing).
 */
export function termCells(term: Term): string[] {
  const buf = term.buffer.active;
  const out: string[] = [];
  const cell = buf.getNullCell();
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    let leftWidth = 1;
    for (let x = 0; x < term.cols; x++) {
      line?.getCell(x, cell);
      let width = cell.getWidth();
      if (width === 0 && leftWidth !== 2) width = 1;
      leftWidth = width;
      const text = width === 0 ? '' : cell.getChars() || ' ';
      const fg = colorOf(cell.isFgDefault(), cell.isFgRGB(), cell.getFgColor());
      const bg = colorOf(cell.isBgDefault(), cell.isBgRGB(), cell.getBgColor());
      out.push(`${y},${x} ${JSON.stringify(text)} ${width} ${fg} ${bg} ${attrsOf(cell)}`);
    }
  }
  return out;
}

/** The same description as termCells for a grid of the emulator. */
export function gridCells(grid: Grid, styles: StyleTable): string[] {
  const out: string[] = [];
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const i = y * grid.cols + x;
      const s = styles.get(grid.styles[i]);
      const width = grid.widths[i];
      const text = width === CONTINUATION ? '' : grid.chars[i];
      out.push(`${y},${x} ${JSON.stringify(text)} ${width} ${s.fg} ${s.bg} ${s.attrs}`);
    }
  }
  return out;
}

/** The visible screen as text, one line per row, trailing blanks trimmed. */
export function termText(term: Term): string {
  const buf = term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < term.rows; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  return lines.join('\n');
}

/** The cells of a fresh xterm of this size after `data`: the screen that output means. */
export async function screenOf(data: string, cols: number, rows: number): Promise<{ cells: string[]; cursor: [number, number]; hidden: boolean }> {
  const t = newTerm(cols, rows);
  await feed(t, data);
  const r = { cells: termCells(t), cursor: [t.buffer.active.cursorX, t.buffer.active.cursorY] as [number, number], hidden: cursorHidden(t) };
  t.dispose();
  return r;
}

/** A stand-in for the real terminal stream: what is written goes into an xterm, and it can be resized. */
export class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly term: Term;
  /** Everything written, in order. */
  readonly writes: string[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    public columns: number,
    public rows: number,
    convertEol = true,
  ) {
    super();
    this.term = newTerm(columns, rows, convertEol);
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.writes.reduce((n, w) => n + Buffer.byteLength(w), 0);
  }

  write(data: string, callback?: (error?: Error | null) => void): boolean {
    this.writes.push(data);
    const p = this.pending.then(() => feed(this.term, data));
    this.pending = p;
    if (callback) void p.then(() => callback());
    return true;
  }

  /** Waits until the xterm has parsed everything written so far. */
  settled(): Promise<void> {
    return this.pending;
  }

  /** Changes the size, as a terminal window does, and tells the listeners. */
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.pending = this.pending.then(() => this.term.resize(columns, rows));
    this.emit('resize');
  }

  dispose(): void {
    this.term.dispose();
  }
}
