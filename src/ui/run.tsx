import type { PlayOptions } from '../commands/playOptions.js';

/** Starts the interactive game (being built: issue 3). */
export async function runGame(_options: PlayOptions): Promise<void> {
  process.stderr.write('yahtzee: the interactive game is not built yet\n');
  process.exitCode = 1;
}
