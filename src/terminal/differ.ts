/**
 * The screen differ: it remembers what the real terminal shows and, given the screen wanted next, writes only the
 * cells that changed — cursor moves, the SGR state they need and their characters — picking the shortest way to
 * get from one changed run to the next (a move, or reprinting the unchanged cells between them). A line whose end
 * became blank is erased in one go (EL), and a line whose text moved sideways is shifted in one go (ICH/DCH).
 * Only sequences every VT102-style terminal has are used; erasing and inserting happen with the default colours, so
 * terminals without background colour erase draw the same.
 */
import { CONTINUATION, Grid } from './grid.js';
import { sgrChange, sgrReset, type StyleTable } from './style.js';
import { isSureWidth } from './width.js';

/** Where the cursor should be after an update, and whether it is shown. */
export interface CursorState {
  readonly x: number;
  readonly y: number;
  readonly visible: boolean;
}

const HIDE_CURSOR = '\u001B[?25l';
const SHOW_CURSOR = '\u001B[?25h';
const ERASE_LINE_RIGHT = '\u001B[K';

const count = (n: number): string => (n === 1 ? '' : String(n));

/** A row's changed stretch must be at least this long before shifting it sideways is tried. */
const MIN_SHIFT_SPAN = 12;
/** The longest sideways shift tried. */
const MAX_SHIFT = 24;
/** Cells a shift must save to pay for itself (the move, the pen and the insert or delete sequence). */
const SHIFT_COST = 8;

/** Writes the difference between what a terminal shows and a wanted screen. */
export class ScreenDiffer {
  /** What the real terminal shows (meaningful while `known`). */
  private readonly actual: Grid;
  private known = false;
  /** The real cursor; -1 when not known (x is unknown after writing in the last column, or a doubtful width). */
  private cx = -1;
  private cy = -1;
  /** The real terminal's SGR state (meaningful while `penKnown`). */
  private pen = 0;
  private penKnown = false;
  /** Whether the real cursor is shown; null while not known. */
  private shown: boolean | null = null;
  private out = '';

  constructor(
    private readonly styles: StyleTable,
    cols: number,
    rows: number,
  ) {
    this.actual = new Grid(cols, rows);
  }

  /** Forgets what the terminal shows (after a resize, or when something else wrote to it): the next update redraws all. */
  invalidate(): void {
    this.known = false;
    this.cx = -1;
    this.cy = -1;
    this.penKnown = false;
    this.shown = null;
  }

  /**
   * The terminal's state besides its cells (the cursor, the pen, whether the cursor shows), or null while it is not
   * known: two differs that have just drawn the same screen and say the same here send the same from then on.
   */
  syncState(): string | null {
    return this.known ? `${this.cx},${this.cy},${this.penKnown ? this.pen : '?'},${this.shown}` : null;
  }

  /** The output that makes the terminal show `target` (drawn at the top left), with the cursor as `cursor` says. */
  update(target: Grid, cursor: CursorState): string {
    this.out = '';
    if (!this.known || target.cols !== this.actual.cols || target.rows !== this.actual.rows) this.clearAll(target);
    for (let y = 0; y < target.rows; y++) this.row(target, y);
    if (cursor.visible) {
      this.moveTo(Math.min(cursor.x, target.cols - 1), Math.min(cursor.y, target.rows - 1));
      if (this.shown !== true) this.out += SHOW_CURSOR;
      this.shown = true;
    } else if (this.shown !== false) {
      this.out = HIDE_CURSOR + this.out;
      this.shown = false;
    }
    const body = this.out;
    this.out = '';
    return body;
  }

  /** Clears the real screen and the model of it. */
  private clearAll(target: Grid): void {
    this.out += (this.penKnown && this.pen === 0 ? '' : '\u001B[m') + '\u001B[H\u001B[2J';
    this.actual.resize(target.cols, target.rows);
    this.actual.clear(0);
    this.known = true;
    this.cx = 0;
    this.cy = 0;
    this.pen = 0;
    this.penKnown = true;
  }

  private same(t: Grid, i: number): boolean {
    const a = this.actual;
    return t.chars[i] === a.chars[i] && t.styles[i] === a.styles[i] && t.widths[i] === a.widths[i];
  }

  /**
   * When the text of row y moved sideways (a word inserted or removed before it), shifts it on the terminal with one
   * insert (ICH) or delete (DCH) of characters, so that only the new characters need writing. Only rows of plain
   * narrow characters, and only when it saves enough.
   */
  private shift(t: Grid, y: number): void {
    const cols = t.cols;
    const o = y * cols;
    const a = this.actual;
    let p = 0;
    while (p < cols && this.same(t, o + p)) p++;
    let q = cols - 1;
    while (q > p && this.same(t, o + q)) q--;
    if (q - p < MIN_SHIFT_SPAN) return;
    // Nothing but blanks on the terminal there (the first frame, a new line): nothing to shift.
    let blank = true;
    for (let x = p; x < cols && blank; x++) blank = a.chars[o + x] === ' ' && a.styles[o + x] === 0;
    if (blank) return;
    for (let x = p; x < cols; x++) {
      if (t.widths[o + x] !== 1 || a.widths[o + x] !== 1 || !isSureWidth(t.chars[o + x]) || !isSureWidth(a.chars[o + x])) return;
    }
    if (p > 0 && a.widths[o + p - 1] === 2) return;
    // Where the row's trailing blanks begin: they cost one erase to the end of the line, however many are wrong.
    let tail = cols;
    while (tail > p && t.styles[o + tail - 1] === 0 && t.chars[o + tail - 1] === ' ') tail--;
    // About what writing the row costs after shifting it by k (k > 0: k blanks inserted at p; k < 0: -k cells
    // deleted at p), in cells.
    const misses = (k: number): number => {
      let n = 0;
      let tailWrong = false;
      for (let x = p; x < cols; x++) {
        const from = k > 0 ? (x < p + k ? -1 : x - k) : x - k < cols ? x - k : -1;
        const i = o + x;
        const wrong = from < 0 ? t.chars[i] !== ' ' || t.styles[i] !== 0 : t.chars[i] !== a.chars[o + from] || t.styles[i] !== a.styles[o + from];
        if (!wrong) continue;
        if (x < tail) n++;
        else tailWrong = true;
      }
      return n + (tailWrong ? ERASE_LINE_RIGHT.length : 0);
    };
    let best = 0;
    let fewest = misses(0) - SHIFT_COST;
    const most = Math.min(MAX_SHIFT, q - p);
    for (let k = 1; k <= most; k++) {
      // tmux 3.3 garbles an insert of more cells than stay on the line after it: never ask for one.
      const shifts = 2 * k <= cols - p ? [k, -k] : [-k];
      for (const shift of shifts) {
        const m = misses(shift);
        if (m < fewest) {
          fewest = m;
          best = shift;
        }
      }
    }
    if (best === 0) return;
    this.moveTo(p, y);
    this.setPen(0);
    this.out += best > 0 ? `\u001B[${count(best)}@` : `\u001B[${count(-best)}P`;
    if (best > 0) a.insertCells(y, p, best, 0);
    else a.deleteCells(y, p, -best, 0);
  }

  /** Brings row y up to date. */
  private row(t: Grid, y: number): void {
    this.shift(t, y);
    const cols = t.cols;
    const o = y * cols;
    const tw = t.widths;
    const aw = this.actual.widths;
    // Runs of changed cells [a, b), widened so that no wide character, old or new, is cut at their edges.
    const runs: number[] = [];
    for (let x = 0; x < cols; ) {
      if (this.same(t, o + x)) {
        x++;
        continue;
      }
      let a = x;
      let b = x + 1;
      while (a > 0 && (tw[o + a] === CONTINUATION || aw[o + a] === CONTINUATION)) a--;
      while (b < cols && (!this.same(t, o + b) || tw[o + b] === CONTINUATION || aw[o + b] === CONTINUATION)) b++;
      if (runs.length > 0 && a <= runs[runs.length - 1]) runs[runs.length - 1] = b;
      else runs.push(a, b);
      x = b;
    }
    if (runs.length === 0) return;
    // Join two runs when reprinting the unchanged cells between them is no longer than moving over them.
    const segs: number[] = [runs[0], runs[1]];
    for (let k = 2; k < runs.length; k += 2) {
      const end = segs[segs.length - 1];
      if (this.bridgeCost(t, o, end, runs[k]) <= this.jumpCost(t, o, end, runs[k])) segs[segs.length - 1] = runs[k + 1];
      else segs.push(runs[k], runs[k + 1]);
    }
    // Blank default-style cells at the end of the row can be erased in one go.
    let tail = cols;
    while (tail > 0 && t.styles[o + tail - 1] === 0 && t.chars[o + tail - 1] === ' ') tail--;
    for (let k = 0; k < segs.length; k += 2) {
      const a = segs[k];
      const b = segs[k + 1];
      const last = k + 2 === segs.length;
      const stop = last && b - Math.max(a, tail) > ERASE_LINE_RIGHT.length ? Math.max(a, tail) : b;
      this.moveTo(a, y);
      this.print(t, y, a, stop);
      if (stop < b) {
        this.moveTo(stop, y);
        this.setPen(0);
        this.out += ERASE_LINE_RIGHT;
        this.actual.blank(y, stop, cols, 0);
      }
    }
  }

  /** Bytes to reprint the unchanged cells [from, to) of a row and switch to the style of the cell at `to`. */
  private bridgeCost(t: Grid, o: number, from: number, to: number): number {
    let pen = t.styles[o + from - 1];
    let n = 0;
    for (let x = from; x < to; x++) {
      const i = o + x;
      if (t.widths[i] === CONTINUATION) continue;
      if (!isSureWidth(t.chars[i])) return Infinity;
      n += sgrChange(this.styles.get(pen), this.styles.get(t.styles[i])).length + Buffer.byteLength(t.chars[i]);
      pen = t.styles[i];
    }
    return n + sgrChange(this.styles.get(pen), this.styles.get(t.styles[o + to])).length;
  }

  /** Bytes to move the cursor over cells [from, to) and switch to the style of the cell at `to`. */
  private jumpCost(t: Grid, o: number, from: number, to: number): number {
    const move = `\u001B[${count(to - from)}C`.length;
    return move + sgrChange(this.styles.get(t.styles[o + from - 1]), this.styles.get(t.styles[o + to])).length;
  }

  /** Prints cells [a, b) of row y (the cursor stands at a) and records them as shown. */
  private print(t: Grid, y: number, a: number, b: number): void {
    const cols = t.cols;
    const o = y * cols;
    const act = this.actual;
    for (let x = a; x < b; x++) {
      const i = o + x;
      act.chars[i] = t.chars[i];
      act.widths[i] = t.widths[i];
      act.styles[i] = t.styles[i];
      if (t.widths[i] === CONTINUATION) continue;
      if (this.cx !== x || this.cy !== y) this.moveTo(x, y);
      this.setPen(t.styles[i]);
      const ch = t.chars[i];
      this.out += ch;
      const next = x + t.widths[i];
      // After the last column the terminal waits to wrap; after a character of doubtful width, where it stands is not sure.
      this.cx = next < cols && isSureWidth(ch) ? next : -1;
    }
  }

  private setPen(id: number): void {
    if (this.penKnown && this.pen === id) return;
    const to = this.styles.get(id);
    this.out += this.penKnown ? sgrChange(this.styles.get(this.pen), to) : sgrReset(to);
    this.pen = id;
    this.penKnown = true;
  }

  /** Moves the real cursor to (x, y) by the shortest sequence. */
  private moveTo(x: number, y: number): void {
    if (this.cx === x && this.cy === y) return;
    let best = x === 0 && y === 0 ? '\u001B[H' : `\u001B[${y + 1}${x === 0 ? '' : `;${x + 1}`}H`;
    // A tty sends "\n" on as "\r\n": two bytes.
    const cost = (s: string) => s.length + (s.endsWith('\n') ? s.length - s.indexOf('\n') : 0);
    let bestCost = best.length;
    const consider = (s: string) => {
      const c = cost(s);
      if (c < bestCost) {
        best = s;
        bestCost = c;
      }
    };
    if (this.cy >= 0) {
      const dy = y - this.cy;
      const vertical = dy === 0 ? '' : dy > 0 ? `\u001B[${count(dy)}B` : `\u001B[${count(-dy)}A`;
      if (x === 0) {
        consider('\r' + vertical);
        if (dy > 0) consider('\r' + '\n'.repeat(dy));
      } else {
        const column = `\u001B[${x + 1}G`;
        consider(vertical + column);
        consider(vertical + '\r' + `\u001B[${count(x)}C`);
        if (this.cx >= 0) {
          const dx = x - this.cx;
          if (dx === 0) consider(vertical);
          else if (dx > 0) consider(vertical + `\u001B[${count(dx)}C`);
          else {
            consider(vertical + `\u001B[${count(-dx)}D`);
            consider(vertical + '\b'.repeat(-dx));
          }
        }
      }
    }
    this.out += best;
    this.cx = x;
    this.cy = y;
  }
}
