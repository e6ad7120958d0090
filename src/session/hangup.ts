import { closeSync } from 'node:fs';
import { isatty } from 'node:tty';

/** The standard streams' file descriptors. */
const STDIO = [0, 1, 2] as const;

/**
 * Remembers which standard streams are a terminal now, at the start, and gives a function for the very end that closes
 * those that were and no longer are (the terminal hung up: its other end closed). Node restores the terminal settings
 * it found at the start when the process ends, and on a terminal that is gone it cannot: it aborts (an assertion and a
 * native stack). It skips a closed descriptor, so the game can end with its own exit code.
 */
export function hangupGuard(): () => void {
  const wasTerminal = STDIO.map((fd) => isatty(fd));
  return () => {
    for (const fd of STDIO) if (wasTerminal[fd] && !isatty(fd)) closeSync(fd);
  };
}

/**
 * Calls `hungUp` when a terminal goes away without a SIGHUP (it is not the controlling terminal). Its reads then end,
 * or, while the kernel is still closing it, fail with EIO: both are a hang-up. Any other read error is a bug and is
 * thrown on, to the crash handler. Gives back a function that stops listening.
 */
export function watchInputGone(input: Pick<NodeJS.EventEmitter, 'once' | 'off'>, hungUp: () => void): () => void {
  const failed = (error: NodeJS.ErrnoException) => {
    if (!isTerminalGone(error)) throw error;
    hungUp();
  };
  input.once('end', hungUp);
  input.once('error', failed);
  return () => {
    input.off('end', hungUp);
    input.off('error', failed);
  };
}

/** True for the read error of a terminal that is going away (EIO); any other is a bug. */
export function isTerminalGone(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EIO';
}
