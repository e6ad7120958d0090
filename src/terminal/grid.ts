/** A screen as rows of cells: each cell's text, its width and its style id (see StyleTable). */

/** Width code of the right half of a wide character (the cell holds no text of its own). */
export const CONTINUATION = 0;

/** One row's cells. */
export interface GridRow {
  readonly chars: string[];
  readonly widths: Uint8Array;
  readonly styles: Uint32Array;
}

/** A rectangle of cells. A blank cell holds a space; the right half of a wide character holds '' and width 0. */
export class Grid {
  cols: number;
  rows: number;
  /** Each cell's text (one code point, or a base and its combining marks; '' for the right half of a wide one). */
  chars: string[];
  /** Each cell's width: 1, 2 for the left half of a wide character, 0 (CONTINUATION) for its right half. */
  widths: Uint8Array;
  /** Each cell's style id. */
  styles: Uint32Array;

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.chars = new Array<string>(cols * rows).fill(' ');
    this.widths = new Uint8Array(cols * rows).fill(1);
    this.styles = new Uint32Array(cols * rows);
  }

  /** Blanks cells x0..x1-1 of row y with style `style`, and the other half of a wide character cut at either edge. */
  blank(y: number, x0: number, x1: number, style: number): void {
    const o = y * this.cols;
    let from = Math.max(0, x0);
    let to = Math.min(x1, this.cols);
    if (from >= to) return;
    if (from > 0 && this.widths[o + from - 1] === 2) from--;
    if (to < this.cols && this.widths[o + to - 1] === 2) to++;
    for (let x = from; x < to; x++) {
      this.chars[o + x] = ' ';
      this.widths[o + x] = 1;
      this.styles[o + x] = style;
    }
  }

  /** Inserts n blank cells with `style` at (x, y), shifting the rest of the row right (what falls off the end is lost), as xterm does. */
  insertCells(y: number, x: number, n: number, style: number): void {
    const c = this.cols;
    const o = y * c;
    if (x > 0 && this.widths[o + x - 1] === 2) this.fill(o + x - 1, o + x, style);
    n = Math.min(n, c - x);
    this.chars.copyWithin(o + x + n, o + x, o + c - n);
    this.widths.copyWithin(o + x + n, o + x, o + c - n);
    this.styles.copyWithin(o + x + n, o + x, o + c - n);
    this.fill(o + x, o + x + n, style);
    if (this.widths[o + c - 1] === 2) this.fill(o + c - 1, o + c, style);
    // The right half of a wide character pushed away from its left half shows as a blank (xterm keeps it as an
    // empty cell of no width; here a screen never holds such a cell).
    const k = o + x + n;
    if (x + n < c && this.widths[k] === CONTINUATION) {
      this.chars[k] = ' ';
      this.widths[k] = 1;
    }
  }

  /** Deletes n cells at (x, y), shifting the rest of the row left and blanking the end with `style`, as xterm does. */
  deleteCells(y: number, x: number, n: number, style: number): void {
    const c = this.cols;
    const o = y * c;
    n = Math.min(n, c - x);
    this.chars.copyWithin(o + x, o + x + n, o + c);
    this.widths.copyWithin(o + x, o + x + n, o + c);
    this.styles.copyWithin(o + x, o + x + n, o + c);
    this.fill(o + c - n, o + c, style);
    if (x > 0 && this.widths[o + x - 1] === 2) this.fill(o + x - 1, o + x, style);
    if (this.widths[o + x] === CONTINUATION) this.fill(o + x, o + x + 1, style);
  }

  /** Blanks cells i0..i1-1 (flat indexes), without looking at wide characters around them. */
  private fill(i0: number, i1: number, style: number): void {
    for (let i = i0; i < i1; i++) {
      this.chars[i] = ' ';
      this.widths[i] = 1;
      this.styles[i] = style;
    }
  }

  /** Blanks every cell. */
  clear(style = 0): void {
    this.chars.fill(' ');
    this.widths.fill(1);
    this.styles.fill(style);
  }

  /** Moves rows top..bottom up by one (the top row is lost) and blanks the bottom row with `style`. */
  scrollUp(style: number, top = 0, bottom = this.rows - 1): void {
    const c = this.cols;
    this.chars.copyWithin(top * c, (top + 1) * c, (bottom + 1) * c);
    this.widths.copyWithin(top * c, (top + 1) * c, (bottom + 1) * c);
    this.styles.copyWithin(top * c, (top + 1) * c, (bottom + 1) * c);
    this.blank(bottom, 0, c, style);
  }

  /** Moves rows top..bottom down by one (the bottom row is lost) and blanks the top row with `style`. */
  scrollDown(style: number, top = 0, bottom = this.rows - 1): void {
    const c = this.cols;
    this.chars.copyWithin((top + 1) * c, top * c, bottom * c);
    this.widths.copyWithin((top + 1) * c, top * c, bottom * c);
    this.styles.copyWithin((top + 1) * c, top * c, bottom * c);
    this.blank(top, 0, c, style);
  }

  /** A copy of row y's cells (as a terminal keeps a row that scrolled off the top). */
  row(y: number): GridRow {
    const o = y * this.cols;
    return { chars: this.chars.slice(o, o + this.cols), widths: this.widths.slice(o, o + this.cols), styles: this.styles.slice(o, o + this.cols) };
  }

  /** Moves every row down by one (the bottom row is lost) and puts `row` on top, cut or blank-padded to this width. */
  pushDown(row: GridRow): void {
    this.scrollDown(0);
    const w = Math.min(this.cols, row.chars.length);
    for (let x = 0; x < w; x++) {
      this.chars[x] = row.chars[x];
      this.widths[x] = row.widths[x];
      this.styles[x] = row.styles[x];
    }
    if (w > 0 && this.widths[w - 1] === 2 && w === this.cols) this.blank(0, w - 1, w, this.styles[w - 1]);
  }

  /** Changes the size, keeping what fits at the top left; a wide character cut in half at the new edge is blanked. */
  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    const next = new Grid(cols, rows);
    const w = Math.min(cols, this.cols);
    for (let y = 0; y < Math.min(rows, this.rows); y++) {
      for (let x = 0; x < w; x++) {
        const from = y * this.cols + x;
        const to = y * cols + x;
        next.chars[to] = this.chars[from];
        next.widths[to] = this.widths[from];
        next.styles[to] = this.styles[from];
      }
      if (w > 0 && next.widths[y * cols + w - 1] === 2 && w === cols) next.blank(y, w - 1, w, next.styles[y * cols + w - 1]);
    }
    this.cols = cols;
    this.rows = rows;
    this.chars = next.chars;
    this.widths = next.widths;
    this.styles = next.styles;
  }

  /** Copies every cell of `other` (the same size) into this grid. */
  copyFrom(other: Grid): void {
    if (other.cols !== this.cols || other.rows !== this.rows) this.resize(other.cols, other.rows);
    for (let i = 0; i < other.chars.length; i++) this.chars[i] = other.chars[i];
    this.widths.set(other.widths);
    this.styles.set(other.styles);
  }

  /** The text of row y with trailing blanks removed (for tests and debugging). */
  rowText(y: number): string {
    let s = '';
    for (let x = 0; x < this.cols; x++) s += this.chars[y * this.cols + x];
    return s.trimEnd();
  }
}
