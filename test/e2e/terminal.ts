import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { fileURLToPath } from 'node:url';
import { sleep, waitForScreen } from '../support/wait.js';

/**
 * The built launcher the end-to-end tests and benchmarks run: bin/yahtzee.js, or the one YAHTZEE_E2E_BIN names (a
 * copy of a build, say, so that a build running at the same time cannot change the binary under the tests).
 */
export const BIN = process.env.YAHTZEE_E2E_BIN || fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));

// The keys' table lives in test/support/keys.ts; test/e2e/signals.test.ts still imports it from here.
export { KEYS } from '../support/keys.js';

/** How a spawned program ended. */
export interface Exit {
  readonly exitCode: number;
  readonly signal?: number;
}

/** Begin and end of a synchronized update (DEC mode 2026): Ink wraps each frame in them on a terminal. */
const SYNC_BEGIN = '\u001B[?2026h';
const SYNC_END = '\u001B[?2026l';

/**
 * Environment variables that make Ink believe it runs in CI, where it draws nothing until the app exits: they are
 * left out of the child's environment (unless a test passes them in `env` itself).
 */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'];

/**
 * The headless xterm reads UTF-8, so the child gets a UTF-8 locale whatever the machine's is (a test can pass
 * another in `env`): the locale variables of this process are left out, and LANG is C.UTF-8.
 */
const LOCALE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'];

/** How long the program must have written nothing before a screen without frame marks is read as whole. */
const QUIET_MS = 15;
/** The longest a screen read waits for that quiet (a program that draws all the time, an animation, never is). */
const QUIET_MAX_MS = 200;

/** A program running in a real pseudo-terminal, with a headless xterm rebuilding its screen. */
export class TerminalSession {
  readonly term: InstanceType<typeof xterm.Terminal>;
  readonly proc: pty.IPty;
  /** Everything the program wrote, escape sequences included. */
  output = '';
  /** Bytes written since the last call to takeBytes(). */
  private bytes = 0;
  readonly exited: Promise<Exit>;
  private pending: Promise<void> = Promise.resolve();
  /** True while the data handed to the xterm so far ends inside a synchronized update (a frame half drawn). */
  private inFrame = false;
  /** The end of the data parsed so far, to find a sync sequence split across two chunks. */
  private tail = '';
  private done = false;
  /** When the program last wrote (Date.now()). */
  private lastData = 0;

  /** True once the program has ended. */
  get hasExited(): boolean {
    return this.done;
  }

  constructor(args: readonly string[], opts: { cols?: number; rows?: number; env?: Record<string, string>; command?: string } = {}) {
    const cols = opts.cols ?? 80;
    const rows = opts.rows ?? 24;
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !CI_VARIABLES.includes(k) && !LOCALE_VARIABLES.includes(k)) env[k] = v;
    env.LANG = 'C.UTF-8';
    this.proc = pty.spawn(opts.command ?? process.execPath, opts.command ? [...args] : [BIN, ...args], {
      // node-pty sets TERM to this name, whatever env says.
      name: opts.env?.TERM ?? 'xterm-256color',
      cols,
      rows,
      cwd: process.cwd(),
      env: { ...env, ...opts.env },
    });
    this.proc.onData((d) => {
      this.lastData = Date.now();
      this.output += d;
      this.bytes += Buffer.byteLength(d);
      this.pending = this.pending.then(
        () =>
          new Promise<void>((res) =>
            this.term.write(d, () => {
              this.noteFrames(d);
              res();
            }),
          ),
      );
    });
    this.exited = new Promise((resolve) =>
      this.proc.onExit((e) => {
        this.done = true;
        resolve({ exitCode: e.exitCode, signal: e.signal });
      }),
    );
  }

  /** Follows the synchronized-update marks in the data just parsed. */
  private noteFrames(d: string): void {
    const text = this.tail + d;
    const begin = text.lastIndexOf(SYNC_BEGIN);
    const end = text.lastIndexOf(SYNC_END);
    if (begin >= 0 || end >= 0) this.inFrame = begin > end;
    this.tail = text.slice(-(SYNC_BEGIN.length - 1));
  }

  /** Types keys into the program. */
  write(keys: string): void {
    this.proc.write(keys);
  }

  /** Resizes the pseudo-terminal (the program gets SIGWINCH) and the xterm that rebuilds its screen. */
  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** The screen as the xterm holds it now, one line per row, trailing spaces trimmed. */
  private text(): string {
    const buf = this.term.buffer.active;
    const lines: string[] = [];
    // Blanks at the end of a line are trimmed whether erased or written as spaces: both look the same.
    for (let y = 0; y < this.term.rows; y++) lines.push((buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '').trimEnd());
    return lines.join('\n');
  }

  /**
   * The screen as text, one line per row, trailing spaces trimmed. When the output so far ends in the middle of a
   * frame, it waits (up to a few seconds) for the frame's end, so a half-drawn frame is not read. A short update
   * carries no frame marks (the game wraps only long ones in a synchronized update), and the pseudo-terminal may hand
   * it over in two reads: so it also waits (up to QUIET_MAX_MS) until the program has written nothing for QUIET_MS.
   */
  async screen(): Promise<string> {
    const start = Date.now();
    const deadline = start + 3000;
    for (;;) {
      await this.pending;
      const now = Date.now();
      const quiet = now - this.lastData >= QUIET_MS || now - start >= QUIET_MAX_MS;
      if ((!this.inFrame && quiet) || this.done || now > deadline) return this.text();
      await sleep(5);
    }
  }

  /** Waits until `test` holds for the screen; throws with `what` and the screen when `ms` pass first. */
  async waitUntil(test: (screen: string) => boolean, what: string, ms = 10000): Promise<string> {
    return waitForScreen(() => this.screen(), test, { timeout: ms, what });
  }

  /** Waits until the screen matches `pattern`; throws with the screen when `ms` pass first. */
  async waitFor(pattern: string | RegExp, ms = 10000): Promise<string> {
    return waitForScreen(() => this.screen(), pattern, { timeout: ms });
  }

  /** Waits for the program to end; throws with the screen when `ms` pass first. */
  async waitForExit(ms = 10000): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.screen().then((s) => reject(new Error(`the program did not exit within ${ms} ms; screen:\n${s}`)));
      }, ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Bytes the program wrote since the last call. */
  takeBytes(): number {
    const b = this.bytes;
    this.bytes = 0;
    return b;
  }

  /** Ends the program if it still runs, and frees the terminal. */
  dispose(): void {
    try {
      this.proc.kill();
    } catch {
      // already gone
    }
    this.term.dispose();
  }
}
