/**
 * Exit codes for the ways out of the game on a signal, 128 + its number: Ctrl-C or SIGINT 130, SIGHUP 129, SIGTERM
 * 143, and SIGQUIT 131 and SIGUSR2 140, whose default would end the process with the terminal still raw and nothing
 * saved. (SIGUSR1 starts Node's debugger and SIGPIPE is ignored: neither ends the game.)
 */
export const SIGNAL_EXIT = { SIGINT: 130, SIGHUP: 129, SIGTERM: 143, SIGQUIT: 131, SIGUSR2: 140 } as const;

/** A signal the game leaves on (saving first). */
export type ExitSignal = keyof typeof SIGNAL_EXIT;

/** The exit code after a crash (an uncaught exception or unhandled rejection): EX_SOFTWARE. */
export const CRASH_EXIT = 70;

/** The exit code when another copy of the game holds the state folder. */
export const LOCKED_EXIT = 1;
