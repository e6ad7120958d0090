import pty from 'node-pty';
import xterm from '@xterm/headless';
import { fileURLToPath } from 'node:url';

/** The built launcher the end-to-end tests and benchmarks run. */
export const BIN = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));

/** Named keys as a terminal sends them. */
export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  backspace: '\u007F',
  escape: '\u001B',
  ctrlC: '\u0003',
  space: ' ',
} as const;

/** How a spawned program ended. */
export interface Exit {
  readonly exitCode: number;
  readonly signal?: number;
}

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

  constructor(args: readonly string[], opts: { cols?: number; rows?: number; env?: Record<string, string>; command?: string } = {}) {
    const cols = opts.cols ?? 80;
    const rows = opts.rows ?? 24;
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    this.proc = pty.spawn(opts.command ?? process.execPath, opts.command ? [...args] : [BIN, ...args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: process.cwd(),
      env: { ...process.env, ...opts.env } as Record<string, string>,
    });
    this.proc.onData((d) => {
      this.output += d;
      this.bytes += Buffer.byteLength(d);
      this.pending = this.pending.then(() => new Promise<void>((res) => this.term.write(d, res)));
    });
    this.exited = new Promise((resolve) => this.proc.onExit((e) => resolve({ exitCode: e.exitCode, signal: e.signal })));
  }

  /** Types keys into the program. */
  write(keys: string): void {
    this.proc.write(keys);
  }

  /** The screen as text, one line per row, trailing spaces trimmed. */
  async screen(): Promise<string> {
    await this.pending;
    const buf = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.term.rows; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  /** Waits until the screen matches `pattern`; throws with the screen when `ms` pass first. */
  async waitFor(pattern: string | RegExp, ms = 10000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const s = await this.screen();
      if (typeof pattern === 'string' ? s.includes(pattern) : pattern.test(s)) return s;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${s}`);
      await new Promise((r) => setTimeout(r, 15));
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
