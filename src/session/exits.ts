/** Exit codes for the ways out of the game: Ctrl-C or SIGINT 130, SIGHUP 129, SIGTERM 143 (128 + the signal). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGHUP: 129, SIGTERM: 143 } as const;

/** A signal the game leaves on (saving first). */
export type ExitSignal = keyof typeof SIGNAL_EXIT;

/** The exit code after a crash (an uncaught exception or unhandled rejection): EX_SOFTWARE. */
export const CRASH_EXIT = 70;

/** The exit code when another copy of the game holds the state folder. */
export const LOCKED_EXIT = 1;
