/**
 * Exit codes for the ways out of the game on a signal, 128 + its number: Ctrl-C or SIGINT 130, SIGHUP 129, SIGTERM
 * 143, and the others whose default would end the process with the terminal still raw and nothing saved (a CPU-time
 * limit's SIGXCPU, a stray timer's SIGALRM, a profiler's SIGPROF and the like). SIGPIPE is ignored; so are SIGXFSZ
 * and SIGUSR1, which would start Node's debugger (cli.ts).
 */
export const SIGNAL_EXIT = {
  SIGINT: 130,
  SIGHUP: 129,
  SIGTERM: 143,
  SIGQUIT: 131,
  SIGUSR2: 140,
  SIGALRM: 142,
  SIGXCPU: 152,
  SIGVTALRM: 154,
  SIGPROF: 155,
  SIGIO: 157,
  // The same signal as SIGIO: Node emits it under either name, so both are listened to.
  SIGPOLL: 157,
  SIGPWR: 158,
} as const;

/** A signal the game leaves on (saving first). */
export type ExitSignal = keyof typeof SIGNAL_EXIT;

/** The exit code after a crash (an uncaught exception or unhandled rejection): EX_SOFTWARE. */
export const CRASH_EXIT = 70;

/** The exit code when another copy of the game holds the state folder. */
export const LOCKED_EXIT = 1;
