/**
 * A small terminal emulator: it reads what Ink writes (text, SGR colours, cursor moves, erases, scrolling) and keeps
 * the screen that output would leave on a terminal, the way xterm draws it. It is the picture the screen differ
 * copies onto the real terminal.
 */
import { CONTINUATION, Grid } from './grid.js';
import type { StyleTable } from './style.js';
import { charWidth } from './width.js';

const ESC = 0x1b;

/** One string per code point of the basic plane, made once: frames repeat the same few characters. */
const charStrings: string[] = [];
const charString = (cp: number): string => (cp < 0x10000 ? (charStrings[cp] ??= String.fromCharCode(cp)) : String.fromCodePoint(cp));

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

  /** Changes the screen size like a terminal window: content stays at the top left, the cursor stays on screen. */
  resize(cols: number, rows: number): void {
    this.grid.resize(Math.max(1, cols), Math.max(1, rows));
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
    this.grid.scrollUp(this.styles.eraseOf(this.pen));
    this.scrolled++;
  }

  private reverseIndex(): void {
    this.restrict();
    if (this.y === 0) this.grid.scrollDown(this.styles.eraseOf(this.pen));
    else this.y--;
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
    if (w === 0) {
      // A combining mark joins the character before the cursor.
      if (this.x === 0) return;
      let at = this.y * cols + this.x - 1;
      if (g.widths[at] === CONTINUATION && this.x >= 2) at--;
      g.chars[at] += charString(cp);
      return;
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
