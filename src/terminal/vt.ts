/**
 * A small terminal emulator: it reads what Ink writes (text, SGR colours, cursor moves, erases, scrolling) and keeps
 * the screen that output would leave on a terminal, the way xterm draws it. It is the picture the screen differ
 * copies onto the real terminal.
 */
import { CONTINUATION, Grid, type GridRow } from './grid.js';
import type { StyleTable } from './style.js';
import { textWidth } from '../text/width.js';
import { charWidth } from './width.js';

const ESC = 0x1b;
/** Rows kept of what scrolled off the top (xterm keeps 1000 by default). */
const SCROLLBACK = 1000;

/** One string per code point of the basic plane, made once: frames repeat the same few characters. */
const charStrings: string[] = [];
const charString = (cp: number): string => (cp < 0x10000 ? (charStrings[cp] ??= String.fromCharCode(cp)) : String.fromCodePoint(cp));

/** Regional indicators (two make a flag) and emoji skin-tone modifiers: they may join the character before them. */
const joinsEmoji = (cp: number): boolean => (cp >= 0x1f1e6 && cp <= 0x1f1ff) || (cp >= 0x1f3fb && cp <= 0x1f3ff);

const segmenter = new Intl.Segmenter();
/** True when the text is one grapheme (user-perceived character). */
const oneGrapheme = (text: string): boolean => {
  const it = segmenter.segment(text)[Symbol.iterator]();
  it.next();
  return it.next().done === true;
};

/** Private modes the emulator keeps to itself: they change how the screen is drawn, or are its own business. */
const OWN_MODES = new Set([6, 7, 25, 47, 69, 1047, 1048, 1049, 2026]);

/** The terminal state the emulator rebuilds from a stream of output. */
export class VirtualTerminal {
  readonly grid: Grid;
  /** Cursor column, 0..cols: cols means "past the last column", where the next character wraps (as in xterm). */
  x = 0;
  /** Cursor row, 0..rows-1. */
  y = 0;
  /** Current style id. */
  pen = 0;
  /** Whether the cursor is shown (DECTCEM). */
  cursorVisible = true;
  /** Inside a synchronized update (DEC mode 2026): the picture is half drawn. */
  synchronizing = false;
  /** Sequences that do not touch the screen (keyboard and mouse modes, titles) to pass on to the real terminal. */
  passOn: string[] = [];
  /** The saved cursor (DECSC); its row counts from the top of everything drawn, so it follows scrolling. */
  private saved = { x: 0, y: 0, pen: 0 };
  /** Lines scrolled off the top so far. */
  private scrolled = 0;
  /**
   * The last rows scrolled off the top (the oldest first), as a terminal's scrollback keeps them: a window that gains
   * rows shows them again. Dropped once the writer moves past the top of the screen or clears the scrollback.
   */
  private history: GridRow[] = [];
  /** The start of an escape sequence cut off at the end of the last write. */
  private carry = '';

  /**
   * @param newlineReturns whether a line feed also returns to the first column, as on a terminal whose tty turns
   *   "\n" into "\r\n" (the ONLCR flag, on by default and kept on in raw mode by Node): Ink relies on it.
   * @param wraps whether text reaching the right edge wraps onto the next row (as on a terminal); when false it is
   *   cut at the edge, so that every line written takes one row, as Ink counts them when it erases its last frame.
   */
  constructor(
    private readonly styles: StyleTable,
    cols: number,
    rows: number,
    private readonly newlineReturns = true,
    private readonly wraps = true,
  ) {
    this.grid = new Grid(Math.max(1, cols), Math.max(1, rows));
  }

  /**
   * Changes the screen size like a terminal window (as xterm does): content stays at the left; a window that loses
   * rows loses those below the cursor first, then scrolls the top ones off, so the cursor's row stays on screen; a
   * window that gains rows with the cursor on its bottom row shows rows that had scrolled off again, above.
   */
  resize(cols: number, rows: number): void {
    rows = Math.max(1, rows);
    const before = this.grid.rows;
    const cursorAtBottom = this.y === before - 1;
    for (let lift = this.y - (rows - 1); lift > 0; lift--) {
      this.scrollUp();
      this.y--;
    }
    this.grid.resize(Math.max(1, cols), rows);
    const back = cursorAtBottom ? Math.min(this.history.length, rows - before) : 0;
    for (let k = 0; k < back; k++) {
      this.grid.pushDown(this.history.pop() as GridRow);
      this.y++;
      this.scrolled--;
    }
    this.x = Math.min(this.x, this.grid.cols - 1);
    this.y = Math.min(this.y, this.grid.rows - 1);
  }

  /** Feeds output to the emulator. */
  write(data: string): void {
    const s = this.carry + data;
    this.carry = '';
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === ESC) {
        const end = this.escape(s, i);
        if (end < 0) {
          this.carry = s.slice(i);
          return;
        }
        i = end;
      } else if (c < 0x20 || c === 0x7f) {
        this.control(c);
        i++;
      } else {
        if (c >= 0xd800 && c <= 0xdbff && i + 1 === n) {
          // The first half of a surrogate pair: wait for the second.
          this.carry = s.slice(i);
          return;
        }
        const cp = s.codePointAt(i) as number;
        i += cp > 0xffff ? 2 : 1;
        if (cp >= 0x80 && cp < 0xa0) continue;
        this.print(cp);
      }
    }
  }

  /** Handles the escape sequence at s[i]; returns the index after it, or -1 when it is incomplete. */
  private escape(s: string, i: number): number {
    if (i + 1 >= s.length) return -1;
    const k = s.charCodeAt(i + 1);
    if (k === 0x5b) {
      // CSI: parameters 0x30-0x3f, intermediates 0x20-0x2f, final 0x40-0x7e
      let j = i + 2;
      while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x3f) j++;
      const paramEnd = j;
      while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
      if (j >= s.length) return -1;
      const final = s.charCodeAt(j);
      if (final < 0x40 || final > 0x7e) return j; // malformed: drop what was read
      this.csi(s.slice(i + 2, paramEnd), s.slice(paramEnd, j), s[j], s.slice(i, j + 1));
      return j + 1;
    }
    if (k === 0x5d || k === 0x50 || k === 0x5f || k === 0x5e || k === 0x58) {
      // OSC, DCS, APC, PM, SOS: up to BEL (OSC only) or ST
      let j = i + 2;
      for (; j < s.length; j++) {
        const d = s.charCodeAt(j);
        if (d === 0x07 && k === 0x5d) break;
        if (d === ESC) {
          if (j + 1 >= s.length) return -1;
          if (s.charCodeAt(j + 1) === 0x5c) {
            j++;
            break;
          }
        }
      }
      if (j >= s.length) return -1;
      // Hyperlinks (OSC 8) would mark cells; other OSCs (titles) do not touch the screen.
      if (k === 0x5d && !s.startsWith('8;', i + 2)) this.passOn.push(s.slice(i, j + 1));
      return j + 1;
    }
    // ESC, intermediates, final
    let j = i + 1;
    while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
    if (j >= s.length) return -1;
    if (j === i + 1) {
      switch (s[j]) {
        case '7':
          this.saveCursor();
          break;
        case '8':
          this.restoreCursor();
          break;
        case 'D':
          this.lineFeed();
          break;
        case 'E':
          this.x = 0;
          this.lineFeed();
          break;
        case 'M':
          this.reverseIndex();
          break;
        case 'c':
          this.reset();
          break;
      }
    }
    return j + 1;
  }

  private control(c: number): void {
    switch (c) {
      case 0x08: // BS
        this.x = Math.min(this.x, this.grid.cols - 1);
        if (this.x > 0) this.x--;
        break;
      case 0x09: // HT: next tab stop (every 8 columns)
        if (this.x < this.grid.cols) this.x = Math.min(this.grid.cols - 1, (Math.floor(this.x / 8) + 1) * 8);
        break;
      case 0x0a: // LF, VT, FF
      case 0x0b:
      case 0x0c:
        if (this.newlineReturns) this.x = 0;
        this.lineFeed();
        break;
      case 0x0d: // CR
        this.x = 0;
        break;
    }
  }

  private lineFeed(): void {
    if (this.y === this.grid.rows - 1) this.scrollUp();
    else this.y++;
    if (this.x >= this.grid.cols) this.x--;
  }

  /** Scrolls the screen up one line, the new bottom line blanked with the current background. */
  private scrollUp(): void {
    this.history.push(this.grid.row(0));
    if (this.history.length > SCROLLBACK) this.history.shift();
    this.grid.scrollUp(this.styles.eraseOf(this.pen));
    this.scrolled++;
  }

  private reverseIndex(): void {
    this.restrict();
    if (this.y === 0) {
      this.grid.scrollDown(this.styles.eraseOf(this.pen));
      this.history = [];
    } else this.y--;
  }

  /**
   * A move up by n that would pass the top row: the writer means the rows above the screen (as Ink does when it
   * erases a frame taller than the screen, line by line upwards), so they are no longer part of its picture and do
   * not come back when the window gains rows.
   */
  private upPastTop(n: number): void {
    if (n > this.y) this.history = [];
  }

  private saveCursor(): void {
    this.saved = { x: this.x, y: this.y + this.scrolled, pen: this.pen };
  }

  private restoreCursor(): void {
    this.x = Math.min(this.saved.x, this.grid.cols - 1);
    this.y = Math.min(Math.max(this.saved.y - this.scrolled, 0), this.grid.rows - 1);
    this.pen = this.saved.pen;
  }

  private reset(): void {
    this.grid.clear();
    this.history = [];
    this.x = 0;
    this.y = 0;
    this.pen = 0;
    this.cursorVisible = true;
    this.saved = { x: 0, y: 0, pen: 0 };
  }

  /** Writes one printable code point at the cursor, wrapping and scrolling as xterm does. */
  private print(cp: number): void {
    const g = this.grid;
    const cols = g.cols;
    const w = charWidth(cp);
    if (w === 0 || joinsEmoji(cp)) {
      // A combining mark, a variation selector, an emoji modifier or the second half of a flag joins the character
      // before the cursor (a code point of width 0 with nothing before it is dropped).
      if (this.joinPrevious(cp) || w === 0) return;
    }
    // Not wrapping: what does not fit before the right edge is dropped.
    if (!this.wraps && this.x + w > cols) return;
    let row = this.y * cols;
    // Writing over the right half of a wide character blanks its left half.
    if (this.x > 0 && this.x < cols && g.widths[row + this.x - 1] === 2) g.blank(this.y, this.x - 1, this.x, this.pen);
    if (this.x + w > cols) {
      g.blank(this.y, this.x, cols, this.pen);
      this.x = 0;
      if (this.y === g.rows - 1) this.scrollUp();
      else this.y++;
      row = this.y * cols;
    }
    const at = row + this.x;
    g.chars[at] = charString(cp);
    g.widths[at] = w;
    g.styles[at] = this.pen;
    if (w === 2) {
      g.chars[at + 1] = '';
      g.widths[at + 1] = CONTINUATION;
      g.styles[at + 1] = this.pen;
    }
    this.x += w;
    // Writing over the left half of a wide character blanks its right half.
    if (this.x < cols && g.widths[row + this.x] === CONTINUATION) g.blank(this.y, this.x, this.x + 1, this.pen);
  }

  /**
   * Joins cp to the character before the cursor when the two make one grapheme (for width 0, always), and gives the
   * cell the width Ink lays that grapheme out in (string-width: a flag, an emoji with a modifier or with U+FE0F take
   * two columns). False when cp begins a character of its own.
   */
  private joinPrevious(cp: number): boolean {
    const g = this.grid;
    const cols = g.cols;
    if (this.x === 0) return false;
    let at = this.y * cols + this.x - 1;
    if (g.widths[at] === CONTINUATION && this.x >= 2) at--;
    const text = g.chars[at] + charString(cp);
    if (charWidth(cp) !== 0 && !oneGrapheme(text)) return false;
    g.chars[at] = text;
    const col = at - this.y * cols;
    if (g.widths[at] === 1 && col + 1 < cols && textWidth(text) === 2) {
      // The character becomes two columns wide: its right half takes the next cell (the cursor stands there).
      g.blank(this.y, col + 1, col + 2, g.styles[at]);
      g.widths[at] = 2;
      g.chars[at + 1] = '';
      g.widths[at + 1] = CONTINUATION;
      g.styles[at + 1] = g.styles[at];
      this.x = col + 2;
      if (this.x < cols && g.widths[at + 2] === CONTINUATION) g.blank(this.y, this.x, this.x + 1, this.pen);
    }
    return true;
  }

  /** Clamps the cursor into the screen (a pending wrap ends) before a relative move. */
  private restrict(): void {
    this.x = Math.min(Math.max(0, this.x), this.grid.cols - 1);
    this.y = Math.min(Math.max(0, this.y), this.grid.rows - 1);
  }

  private setCursor(x: number, y: number): void {
    this.x = x;
    this.y = y;
    this.restrict();
  }

  private csi(params: string, intermediates: string, final: string, whole: string): void {
    const prefix = params.length > 0 && params.charCodeAt(0) >= 0x3c ? params[0] : '';
    const body = prefix ? params.slice(1) : params;
    if (prefix || intermediates) {
      this.privateCsi(prefix, body, intermediates, final, whole);
      return;
    }
    if (final === 'm') {
      this.pen = this.styles.applySgr(this.pen, body);
      return;
    }
    const ps = body === '' ? [] : body.split(';').map((p) => Number.parseInt(p, 10) || 0);
    const n = Math.max(1, ps[0] ?? 0);
    const g = this.grid;
    switch (final) {
      case 'A':
        this.restrict();
        this.upPastTop(n);
        this.setCursor(this.x, this.y - n);
        break;
      case 'B':
      case 'e':
        this.restrict();
        this.setCursor(this.x, this.y + n);
        break;
      case 'C':
      case 'a':
        this.restrict();
        this.setCursor(this.x + n, this.y);
        break;
      case 'D':
        this.restrict();
        this.setCursor(this.x - n, this.y);
        break;
      case 'E':
        this.restrict();
        this.setCursor(0, this.y + n);
        break;
      case 'F':
        this.restrict();
        this.upPastTop(n);
        this.setCursor(0, this.y - n);
        break;
      case 'G':
      case '`':
        this.setCursor(n - 1, this.y);
        break;
      case 'd':
        this.setCursor(this.x, n - 1);
        break;
      case 'H':
      case 'f':
        this.setCursor(Math.max(1, ps[1] ?? 0) - 1, n - 1);
        break;
      case 'J': {
        this.x = Math.min(this.x, g.cols);
        const erase = this.styles.eraseOf(this.pen);
        const mode = ps[0] ?? 0;
        if (mode === 0) {
          g.blank(this.y, this.x, g.cols, erase);
          for (let y = this.y + 1; y < g.rows; y++) g.blank(y, 0, g.cols, erase);
        } else if (mode === 1) {
          g.blank(this.y, 0, this.x + 1, erase);
          for (let y = 0; y < this.y; y++) g.blank(y, 0, g.cols, erase);
        } else if (mode === 2) {
          for (let y = 0; y < g.rows; y++) g.blank(y, 0, g.cols, erase);
        } else if (mode === 3) {
          this.history = [];
        }
        break;
      }
      case 'K': {
        this.x = Math.min(this.x, g.cols);
        const erase = this.styles.eraseOf(this.pen);
        const mode = ps[0] ?? 0;
        if (mode === 0) g.blank(this.y, this.x, g.cols, erase);
        else if (mode === 1) g.blank(this.y, 0, this.x + 1, erase);
        else if (mode === 2) g.blank(this.y, 0, g.cols, erase);
        break;
      }
      case '@':
        this.restrict();
        g.insertCells(this.y, this.x, n, this.styles.eraseOf(this.pen));
        break;
      case 'P':
        this.restrict();
        g.deleteCells(this.y, this.x, n, this.styles.eraseOf(this.pen));
        break;
      case 'X':
        this.restrict();
        g.blank(this.y, this.x, this.x + n, this.styles.eraseOf(this.pen));
        break;
      case 'S':
        for (let k = 0; k < Math.min(n, g.rows); k++) g.scrollUp(this.styles.eraseOf(this.pen));
        break;
      case 'T':
        // xterm blanks the new lines with the default style here, not the current background.
        for (let k = 0; k < Math.min(n, g.rows); k++) g.scrollDown(0);
        break;
      case 's':
        this.saveCursor();
        break;
      case 'u':
        this.restoreCursor();
        break;
      default:
      // Other controls (inserted or deleted lines, scroll regions, reports) are not part of what Ink writes: dropped.
    }
  }

  /** CSI sequences with a private prefix or intermediates: the cursor and sync modes, and modes to pass on. */
  private privateCsi(prefix: string, body: string, intermediates: string, final: string, whole: string): void {
    if (prefix === '?' && !intermediates && (final === 'h' || final === 'l')) {
      const on = final === 'h';
      const rest: number[] = [];
      for (const p of body.split(';')) {
        const mode = Number.parseInt(p, 10);
        if (mode === 25) this.cursorVisible = on;
        else if (mode === 2026) this.synchronizing = on;
        else if (!OWN_MODES.has(mode)) rest.push(mode);
      }
      if (rest.length > 0) this.passOn.push(`\u001B[?${rest.join(';')}${final}`);
      return;
    }
    // The kitty keyboard protocol (`CSI > flags u`, `CSI < u`, `CSI ? u`, `CSI = flags ; mode u`).
    if (final === 'u' && !intermediates) this.passOn.push(whole);
  }
}
