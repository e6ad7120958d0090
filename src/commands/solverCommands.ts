import type { Command } from 'commander';

/** Adds `solve`, `advise` and `simulate` to the command line (filled in by the solver work, issue 4). */
export function registerSolverCommands(_program: Command): void {}
