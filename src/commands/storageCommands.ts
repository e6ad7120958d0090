import type { Command } from 'commander';

/** Adds `scores` to the command line (filled in by the storage work, issue 5). */
export function registerStorageCommands(_program: Command): void {}
