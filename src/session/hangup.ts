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
