import { holdWrites, redrawScreen, type Held } from '../terminal/index.js';
import { forTerminal } from '../text/index.js';

// Bracketed paste on with the game's screen: a paste then comes marked, and is refused whole (src/input/decode.ts).
const ALT_SCREEN_ON = '\u001b[?1049h\u001b[?2004h\u001b[H';
const ALT_SCREEN_OFF = '\u001b[?2004l\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/** Ctrl-Z: in raw mode the terminal sends it as a byte instead of stopping the program. */
const SUSPEND_KEY = '\u001a';

/** The part of stdin the game reads keys from (process.stdin). */
export type KeyStream = Omit<NodeJS.ReadStream, 'read'> & { read: (size?: number) => string | Buffer | null };

/**
 * The terminal while the game owns it: the alternate screen, raw mode given back on the way out, what others write
 * held until the game has left the screen, and Ctrl-Z / fg (the terminal put back and the process stopped, as any
 * full-screen program does; on SIGCONT raw mode and the alternate screen come back and the screen is redrawn).
 */
export class TerminalOwner {
  /** Where Ink draws the frames (the cell differ's stream, or undefined for Ink's own writer), for a full redraw. */
  renderStdout: unknown = undefined;
  /** Draws the current screen again in full where Ink's own writer draws it (see run.tsx draw). */
  repaint: (() => void) | null = null;
  private onScreen = false;
  private heldErr: Held | null = null;
  private heldOut: Held | null = null;
  private suspended: { raw: boolean } | null = null;
  /** The terminal's own write, taken before anything is held: the game's own lines always get through. */
  private readonly rawWrite: (text: string) => unknown;

  /** The terminal of `stdin`, `stdout` and `stderr` (the process's). */
  constructor(
    private readonly stdin: KeyStream,
    private readonly stdout: NodeJS.WriteStream,
    private readonly stderr: NodeJS.WriteStream,
  ) {
    this.rawWrite = stdout.write.bind(stdout);
  }

  /**
   * Writes lines for the shell, after the game: on a terminal each wrapped at words to its width (a terminal breaks a
   * long line wherever its edge falls, in the middle of a word or a file name).
   */
  say(text: string): void {
    this.write(forTerminal(text, this.stdout.isTTY ? this.stdout.columns : 0));
  }

  /** Writes to the terminal, past any hold; nothing when the terminal is gone. */
  write(text: string): void {
    if (text === '') return;
    try {
      this.rawWrite(text);
    } catch {
      // the terminal is gone
    }
  }

  /** Switches to the alternate screen: the game's from now on. */
  enter(): void {
    this.write(ALT_SCREEN_ON);
    this.onScreen = true;
  }

  /**
   * While the game is on the screen, what is written to stderr (a Node warning, a worker's message, console.error)
   * and, while the differ draws (`stdoutToo`), to stdout other than by it, is kept and shown after the game: written
   * among the game's cells, it would make the differ's picture of them false.
   */
  hold(stderr: NodeJS.WriteStream, stdout: NodeJS.WriteStream | null): void {
    this.heldErr = holdWrites(stderr);
    if (stdout !== null) this.heldOut = holdWrites(stdout);
  }

  /** Puts the terminal back (raw mode off, the main screen, the cursor shown); again: nothing. */
  restore(): void {
    if (!this.onScreen) return;
    this.onScreen = false;
    try {
      if (this.stdin.isTTY === true && this.stdin.isRaw) this.stdin.setRawMode(false);
    } catch {
      // the terminal is gone
    }
    this.write(ALT_SCREEN_OFF + SHOW_CURSOR);
  }

  /** Shows what was held while the game was on the screen (stdout as it was, stderr under a line that says so). */
  showHeld(): void {
    const err = this.heldErr?.release() ?? '';
    const out = this.heldOut?.release() ?? '';
    this.heldErr = null;
    this.heldOut = null;
    this.write(out);
    if (err !== '') {
      try {
        this.stderr.write(`yahtzee: written to the error stream while the game was on the screen:\n${err}${err.endsWith('\n') ? '' : '\n'}`);
      } catch {
        // the terminal is gone
      }
    }
  }

  /** Ctrl-Z or SIGTSTP: the terminal is put back and the process stops (until SIGCONT: resume). */
  readonly suspend = (): void => {
    if (this.suspended !== null || !this.onScreen) return;
    this.suspended = { raw: this.stdin.isTTY === true && this.stdin.isRaw };
    this.restore();
    process.kill(process.pid, 'SIGSTOP');
  };

  /** SIGCONT (fg): raw mode and the alternate screen come back and the whole screen is drawn again. */
  readonly resume = (): void => {
    // Stopped by us (Ctrl-Z), or from outside (SIGSTOP): either way the terminal may show anything now.
    const was = this.suspended ?? (this.onScreen ? { raw: this.stdin.isTTY === true && this.stdin.isRaw } : null);
    if (was === null) return;
    this.suspended = null;
    try {
      if (was.raw) this.stdin.setRawMode(true);
    } catch {
      // the terminal is gone; the next read or write tells
    }
    this.onScreen = true;
    this.write(ALT_SCREEN_ON);
    this.refreshSize();
    // The cell differ repaints from its picture; Ink's own writer (screen-reader mode) through the Repaint wrapper.
    if (!redrawScreen(this.renderStdout)) this.repaint?.();
  };

  /**
   * Reads the terminal's size again: a resize while the game was stopped signalled the shell in its place (the
   * foreground then), so Node's stream still has the old size. Node reads it on SIGWINCH, and says 'resize' if it changed.
   */
  private refreshSize(): void {
    if (this.stdout === process.stdout && process.stdout.isTTY) process.kill(process.pid, 'SIGWINCH');
  }

  /**
   * Keys pass through here before the game reads them (src/ui/useKeys.ts reads stdin): `see` gets each chunk read,
   * and Ctrl-Z alone in a read suspends (it is not a key of the game).
   */
  filterKeys(see: (text: string) => void): void {
    const stdin = this.stdin;
    const read = stdin.read.bind(stdin);
    stdin.read = (n?: number) => {
      for (;;) {
        const chunk = read(n);
        if (chunk === null) return null;
        let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        see(text);
        if (text.includes(SUSPEND_KEY)) {
          // Ctrl-Z pressed comes as a read of its own; in a longer one (a paste, a burst of bytes) it is dropped.
          if (text === SUSPEND_KEY) setImmediate(this.suspend);
          text = text.split(SUSPEND_KEY).join('');
        }
        if (text !== '') return typeof chunk === 'string' ? text : Buffer.from(text, 'utf8');
      }
    };
  }
}
