import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { printable } from '../engine/names.js';
import { isTerminalGone } from '../session/hangup.js';
import type { ScoresCommandOptions } from './scores.js';

/** Asks one question on the terminal (stdin, prompt on stderr); Ctrl-C, Ctrl-D or a terminal gone answers "no". */
function askOnTerminal(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    let answered = false;
    rl.on('SIGINT', () => rl.close());
    // A terminal going away fails a read: no answer can come. Any other read error is a bug.
    rl.on('error', (e: NodeJS.ErrnoException) => {
      if (!isTerminalGone(e)) throw e;
      rl.close();
    });
    rl.on('close', () => {
      if (!answered) {
        process.stderr.write('\n');
        resolve('');
      }
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}

/** Adds `scores` to the command line: high scores and statistics per rule set, and clearing them. */
export function registerStorageCommands(program: Command): void {
  program
    .command('scores')
    .description('high scores and statistics for each rule set')
    .option('-r, --rules <rules>', 'only this rule set: official, free-joker, spectrum or brazilian')
    .option('--json', 'print JSON')
    .option('--clear', 'clear the high scores (of every rule set, or of the one given with --rules)')
    .option('-y, --yes', 'with --clear: clear without asking')
    .action(async (opts: ScoresCommandOptions) => {
      // Storage is loaded only when the command runs, so starting the game does not pay for it.
      const [{ scoresCommand }, { storageDirs }] = await Promise.all([import('./scores.js'), import('../storage/paths.js')]);
      const outcome = await scoresCommand(opts, { dirs: storageDirs(), interactive: process.stdin.isTTY === true, ask: askOnTerminal });
      if (outcome.out !== '') process.stdout.write(outcome.out + '\n');
      // The lines name files, whose paths come from the environment: shown, never sent (src/engine/names.ts).
      for (const line of outcome.errors) process.stderr.write(`yahtzee: ${printable(line)}\n`);
      if (outcome.code !== 0) process.exitCode = outcome.code;
    });
}
