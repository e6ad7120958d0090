import { Command, CommanderError } from 'commander';
import { UsageError } from './commands/errors.js';
import { parsePlayFlags, type RawPlayFlags } from './commands/playOptions.js';
import { scoreCommand, type ScoreCommandOptions } from './commands/score.js';
import { registerSolverCommands } from './commands/solverCommands.js';
import { registerStorageCommands } from './commands/storageCommands.js';
import { VERSION } from './version.js';

/** Exit code for a mistake in what the user typed (bad flag, bad value, no terminal). */
export const USAGE_EXIT = 2;

function fail(message: string): never {
  process.stderr.write(`yahtzee: ${message}\n`);
  process.exit(USAGE_EXIT);
}

function addPlayFlags(cmd: Command): Command {
  return cmd
    .option('-l, --layout <layout>', 'keyboard layout: msx or spectrum', 'msx')
    .option('-r, --rules <rules>', 'rule set: official, free-joker, spectrum or brazilian', 'official')
    .option('-p, --players <n>', 'number of players, 1-4')
    .option('-n, --names <names>', 'player names, separated by commas')
    .option('--seed <n>', 'seed for the dice, for a game that can be replayed')
    .option('--games <n>', 'a match of a fixed number of games')
    .option('--target <score>', 'a match: first to this total score')
    .option('--computer <n>', 'the last N seats are computer players')
    .option('--strength <level>', 'computer strength: optimal, strong or casual', 'optimal')
    .option('--practice', 'practice mode: hints always on, undo allowed')
    .option('--resume', 'resume the saved game at once')
    .option('--new', 'start a new game even if one is saved')
    .option('--no-animation', 'no dice animation')
    .option('--no-color', 'no colours (NO_COLOR is respected too)');
}

async function play(flags: RawPlayFlags): Promise<void> {
  const options = parsePlayFlags(flags, process.env);
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    fail('the game needs an interactive terminal (stdin and stdout must be a terminal); try "yahtzee --help" for the commands that print text');
  }
  const { runGame } = await import('./ui/run.js');
  await runGame(options);
}

/** Builds the command line: the game by default, and the plain-text subcommands. */
export function buildProgram(): Command {
  const program = new Command('yahtzee')
    .description('Yahtzee in the terminal, with the MSX and ZX Spectrum keyboard layouts')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(run "yahtzee --help" for the options)')
    .enablePositionalOptions()
    .exitOverride();
  addPlayFlags(program).action((flags: RawPlayFlags) => play(flags));
  addPlayFlags(program.command('play').description('play a game (the default)')).action((flags: RawPlayFlags) => play(flags));
  program
    .command('score')
    .description('what five dice score in each box, given the boxes already filled')
    .argument('<dice>', 'five dice, such as 2,3,4,4,4')
    .option('-r, --rules <rules>', 'rule set: official, free-joker, spectrum or brazilian', 'official')
    .option('-c, --card <boxes>', 'boxes already filled, such as yahtzee=50,fives=15')
    .option('--json', 'print JSON')
    .action((dice: string, opts: ScoreCommandOptions) => {
      process.stdout.write(scoreCommand(dice, opts) + '\n');
    });
  registerSolverCommands(program);
  registerStorageCommands(program);
  return program;
}

/** Runs the CLI with these arguments (without node and the script). */
export async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  program.configureOutput({ writeErr: (s) => process.stderr.write(s) });
  for (const cmd of program.commands) cmd.exitOverride();
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') process.exit(0);
      process.exit(USAGE_EXIT);
    }
    throw e;
  }
}

await main(process.argv.slice(2));
