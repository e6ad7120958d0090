/**
 * A stand-in stdout for Ink: Ink writes its frames here as to a terminal; an emulator rebuilds the screen they mean,
 * and the screen differ writes to the real terminal only the cells that changed.
 */
import { EventEmitter } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { ScreenDiffer } from './differ.js';
import { StyleTable } from './style.js';
import { Grid } from './grid.js';
import { VirtualTerminal } from './vt.js';

/** The parts of the real terminal stream the differ uses (process.stdout has them). */
export interface TerminalStream {
  write(data: string, callback?: (error?: Error | null) => void): boolean;
  readonly columns?: number;
  readonly rows?: number;
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
  readonly writable?: boolean;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

/** Options of a DiffStdout. */
export interface DiffStdoutOptions {
  /** Updates longer than this many characters are wrapped in a synchronized update (DEC mode 2026). Default 1024. */
  readonly syncAbove?: number;
  /**
   * False: the real stream only gives the size, and the screen is drawn only on the terminals given to `show` (one
   * frame for several guests of a hosted table). Default true.
   */
  readonly drawOnReal?: boolean;
}

/** A terminal the screen is drawn on. */
export interface ScreenViewer {
  write(data: string, callback?: (error?: Error | null) => void): unknown;
}

/**
 * A viewer's own last line: drawn (its styles as escape sequences) over the frame's last line that is not blank, or
 * null for the frame as it is. One frame then serves screens that differ in that line alone.
 */
export type LastLine = () => string | null;

const SYNC_BEGIN = '\u001B[?2026h';
const SYNC_END = '\u001B[?2026l';

type WriteCallback = (error?: Error | null) => void;

/** A terminal-like stream that turns whole frames written to it into cell-level updates of the real terminal. */
export class DiffStdout extends EventEmitter {
  /** Ink draws for a terminal only when this is true. */
  readonly isTTY = true;
  /** Ink waits for an empty write's callback on exit when this is defined. */
  readonly writableLength = 0;
  private readonly styles = new StyleTable();
  private readonly vt: VirtualTerminal;
  /** The terminals that show this screen, each with the differ that knows what it shows (shared by terminals in step). */
  private readonly viewers = new Map<ScreenViewer, ScreenDiffer>();
  /** The viewers with a last line of their own, and the line each was last sent (sharing a differ needs the same). */
  private readonly lastLines = new Map<ScreenViewer, { readonly line: LastLine; sent: string | null }>();
  /** The real terminal as a viewer (null when it only gives the size). */
  private readonly own: ScreenViewer | null;
  private readonly decoder = new StringDecoder('utf8');
  private readonly syncAbove: number;
  private listening = false;
  private flushQueued = false;

  constructor(
    private readonly real: TerminalStream,
    options: DiffStdoutOptions = {},
  ) {
    super();
    this.syncAbove = options.syncAbove ?? 1024;
    // Ink counts a frame's lines to erase it before the next one; a line wider than the screen (a frame laid out for
    // the old width, drawn as the terminal narrows) must not wrap onto a second row, or that count misses a row and
    // the top of the screen is left stale. So lines are cut at the edge here: the next frame fits again.
    this.vt = new VirtualTerminal(this.styles, this.columns, this.rows, true, false);
    // The real terminal's own write, taken at the start: other writes to the stream can then be held off the screen.
    this.own = options.drawOnReal !== false ? { write: real.write.bind(real) } : null;
    if (this.own !== null) this.viewers.set(this.own, this.newDiffer());
    // Follow the real terminal's size only while someone here listens for it, so nothing is left attached after Ink.
    this.on('newListener', (event: string) => {
      if (event === 'resize' && !this.listening) {
        this.listening = true;
        this.real.on('resize', this.onResize);
      }
    });
    this.on('removeListener', (event: string) => {
      if (event === 'resize' && this.listening && this.listenerCount('resize') === 0) {
        this.listening = false;
        this.real.off('resize', this.onResize);
      }
    });
  }

  /** The real terminal's width (80 when it does not say). */
  get columns(): number {
    return this.real.columns || 80;
  }

  /** The real terminal's height (24 when it does not say). */
  get rows(): number {
    return this.real.rows || 24;
  }

  /** True once the real terminal's stream is destroyed. */
  get destroyed(): boolean {
    return this.real.destroyed ?? false;
  }

  /** True once the real terminal's stream has ended. */
  get writableEnded(): boolean {
    return this.real.writableEnded ?? false;
  }

  /** False once the real terminal's stream no longer takes writes. */
  get writable(): boolean {
    return this.real.writable ?? true;
  }

  /** Takes output meant for a terminal; the changes reach the real one at once (or at the end of a synchronized update). */
  write(chunk: string | Uint8Array, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean {
    const cb = typeof encoding === 'function' ? encoding : callback;
    this.vt.write(typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    if (!this.vt.synchronizing) this.flush(cb);
    else {
      // The end of the update normally follows in the same tick; draw anyway should it never come.
      if (!this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => {
          if (this.flushQueued) this.flush();
        });
      }
      if (cb) process.nextTick(cb);
    }
    return true;
  }

  /**
   * Redraws the whole screen: forgets what the real terminal shows and paints it afresh from the last frame (Ctrl-L,
   * after the terminal was resized or the game resumed, or after something else wrote to the terminal).
   */
  redraw(viewer?: ScreenViewer): void {
    if (viewer === undefined) for (const differ of this.viewers.values()) differ.invalidate();
    // A differ of its own: the one it had may be shared with terminals that need no redraw.
    else if (this.viewers.has(viewer)) this.viewers.set(viewer, this.newDiffer());
    if (!this.vt.synchronizing) this.flush();
  }

  /**
   * Shows this screen on another terminal too (a guest of a hosted table): painted whole at once, then kept up to date
   * with the others, each terminal sent only what changed on it. Returns the way to stop showing it there. The
   * screen's size stays the real terminal's: a viewer of another size must be shown another screen.
   */
  show(viewer: ScreenViewer, lastLine?: LastLine): () => void {
    this.viewers.set(viewer, this.newDiffer());
    this.setLastLine(viewer, lastLine);
    return () => {
      this.viewers.delete(viewer);
      this.lastLines.delete(viewer);
    };
  }

  /** Sends the viewers what changed (a last line of their own may change with no new frame). */
  refresh(): void {
    if (!this.vt.synchronizing) this.flush();
  }

  /** Gives the real terminal a last line of its own (the host of a table, while the game's keys are not the host's). */
  setOwnLastLine(lastLine: LastLine | undefined): void {
    if (this.own !== null) this.setLastLine(this.own, lastLine);
  }

  /** Gives a viewer shown this screen a last line of its own (LastLine), or the frame's again (undefined). */
  setLastLine(viewer: ScreenViewer, lastLine: LastLine | undefined): void {
    if (!this.viewers.has(viewer)) return;
    if (lastLine === undefined) this.lastLines.delete(viewer);
    else this.lastLines.set(viewer, { line: lastLine, sent: null });
    if (!this.vt.synchronizing) this.flush();
  }

  /** Rings the terminal's bell: it goes out with the frame's changes, and leaves the picture of the screen as it was. */
  bell(): void {
    this.vt.passOn.push('\u0007');
    if (!this.vt.synchronizing) this.flush();
  }

  /** Writes to the real terminal whatever changed since the last flush. */
  flush(callback?: WriteCallback): void {
    this.flushQueued = false;
    const passOn = this.vt.passOn.join('');
    this.vt.passOn = [];
    const cursor = { x: this.vt.x, y: this.vt.y, visible: this.vt.cursorVisible };
    let called = false;
    const updates = new Map<ScreenDiffer, { readonly line: string | null; readonly update: string }>();
    const screens = new Map<string, Grid>();
    for (const [viewer, shared] of this.viewers) {
      const own = this.lastLines.get(viewer);
      const line = own?.line() ?? null;
      let differ = shared;
      let done = updates.get(differ);
      // A differ shared with a terminal sent another last line: this one goes on with a differ of its own.
      if (done !== undefined && done.line !== line) {
        differ = this.newDiffer();
        this.viewers.set(viewer, differ);
        done = undefined;
      }
      if (done === undefined) {
        done = { line, update: differ.update(line === null ? this.vt.grid : this.withLastLine(line, screens), cursor) };
        updates.set(differ, done);
      }
      if (own !== undefined) own.sent = line;
      const update = done.update;
      // The sequences passed on as they are (the bell, a title, modes) are the real terminal's own; others get cells.
      let out = (viewer === this.own ? passOn : '') + update;
      if (out.length > this.syncAbove) out = SYNC_BEGIN + out + SYNC_END;
      if (out === '' && (!callback || called)) continue;
      viewer.write(out, called ? undefined : callback);
      called = true;
    }
    if (callback && !called) process.nextTick(callback);
    this.share();
  }

  /**
   * Terminals shown this screen whose differs are now in the same state share one from here on, so that a frame is
   * worked out once for all of them (the real terminal keeps its own: what is passed on goes to it alone).
   */
  private share(): void {
    const byState = new Map<string, ScreenDiffer>();
    for (const [viewer, differ] of this.viewers) {
      const synced = viewer === this.own ? null : differ.syncState();
      if (synced === null) continue;
      // Terminals in step show the same cells only if they were sent the same last line.
      const state = `${this.lastLines.get(viewer)?.sent ?? ''}\u0000${synced}`;
      const first = byState.get(state);
      if (first === undefined) byState.set(state, differ);
      else if (first !== differ) this.viewers.set(viewer, first);
    }
  }

  /** The frame with `line` over its last line that is not blank (made once a flush for each line). */
  private withLastLine(line: string, made: Map<string, Grid>): Grid {
    const known = made.get(line);
    if (known !== undefined) return known;
    const frame = this.vt.grid;
    const out = new Grid(frame.cols, frame.rows);
    out.chars = frame.chars.slice();
    out.widths = frame.widths.slice();
    out.styles = frame.styles.slice();
    let y = frame.rows - 1;
    while (y > 0 && frame.chars.slice(y * frame.cols, (y + 1) * frame.cols).every((c) => c === ' ')) y--;
    const drawn = new VirtualTerminal(this.styles, frame.cols, 1, true, false);
    drawn.write(line);
    const o = y * frame.cols;
    for (let x = 0; x < frame.cols; x++) {
      out.chars[o + x] = drawn.grid.chars[x];
      out.widths[o + x] = drawn.grid.widths[x];
      out.styles[o + x] = drawn.grid.styles[x];
    }
    made.set(line, out);
    return out;
  }

  private newDiffer(): ScreenDiffer {
    return new ScreenDiffer(this.styles, this.vt.grid.cols, this.vt.grid.rows);
  }

  private readonly onResize = (): void => {
    this.vt.resize(this.columns, this.rows);
    for (const differ of this.viewers.values()) differ.invalidate();
    // Ink redraws for the new size (at once or on its next frame); whatever it has not drawn yet is redrawn here.
    this.emit('resize');
    if (!this.vt.synchronizing) this.flush();
  };
}
