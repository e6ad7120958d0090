import { EventEmitter } from 'node:events';

/** The largest screen drawn for a guest: a bigger pty (10000x10000) gets the game in this much of its top left. */
export const MAX_COLUMNS = 500;
export const MAX_ROWS = 200;

/** The part of an SSH channel a guest's screen writes to. */
export interface GuestChannel {
  write(data: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  readonly destroyed?: boolean;
  readonly writable?: boolean;
}

/** A size from the client, as the screen takes it: 0 (not said) stays 0, which the screen reads as 80x24. */
function clamp(n: number, max: number): number {
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : 0;
}

/**
 * A guest's SSH channel as the terminal Ink and the screen differ draw on: its size from the pty and window-change
 * requests, and writes that never pile up. When the client stops reading, the channel's buffer fills: the frames
 * after that are dropped, and once it reads again `onCaughtUp` has the whole screen drawn anew, so a slow client
 * never holds up the game or the others.
 */
export class GuestTerminal extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;
  private stalled = false;
  private dropped = false;
  /** Draws the whole screen again after dropped frames (set by whoever draws). */
  onCaughtUp: () => void = () => undefined;

  constructor(
    private readonly channel: GuestChannel,
    columns: number,
    rows: number,
  ) {
    super();
    this.columns = clamp(columns, MAX_COLUMNS);
    this.rows = clamp(rows, MAX_ROWS);
  }

  get destroyed(): boolean {
    return this.channel.destroyed === true;
  }

  get writable(): boolean {
    return this.channel.writable !== false;
  }

  readonly writableEnded = false;

  write(data: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean {
    const cb = typeof encoding === 'function' ? encoding : typeof callback === 'function' ? callback : null;
    if (this.stalled) this.dropped = true;
    else if (this.writable && !this.destroyed && !this.channel.write(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'))) {
      this.stalled = true;
      this.channel.once('drain', () => {
        this.stalled = false;
        if (this.dropped) {
          this.dropped = false;
          this.onCaughtUp();
        }
      });
    }
    if (cb !== null) process.nextTick(cb);
    return true;
  }

  /** The client's window changed size. */
  resize(columns: number, rows: number): void {
    this.columns = clamp(columns, MAX_COLUMNS);
    this.rows = clamp(rows, MAX_ROWS);
    this.emit('resize');
  }
}
