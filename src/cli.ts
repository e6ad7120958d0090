import { Command, CommanderError } from 'commander';
import { UsageError } from './commands/errors.js';
import { registerHostCommand } from './commands/host.js';
import { guardOutput } from './commands/output.js';
import { oneCard } from './commands/parse.js';
import type { PlayOptions } from './app/options.js';
import { parsePlayFlags, type RawPlayFlags } from './commands/playOptions.js';
import { scoreCommand, type ScoreCommandOptions } from './commands/score.js';
import { registerSolverCommands } from './commands/solverCommands.js';
import { registerStorageCommands } from './commands/storageCommands.js';
import { printable } from './engine/names.js';
import { writeErrorLine } from './ui/errorLine.js';
import { NoFolderError } from './storage/paths.js';
import { ruleSetValuesHelp } from './engine/rules/values.js';
import { localeIsUtf8 } from './ui/locale.js';
import { VERSION } from './version.js';

/** Exit code for a mistake in what the user typed (bad flag, bad value, no terminal). */
export const USAGE_EXIT = 2;

/** The command's name as typed: "yahtzee", "yahtzee score". */
function commandPath(cmd: Command | undefined): string {
  const names: string[] = [];
  for (let c = cmd; c; c = c.parent ?? undefined) names.unshift(c.name());
  return names.length > 0 ? names.join(' ') : 'yahtzee';
}

/**
 * A mistake in what was typed, as one line for stderr, the same for commander's errors and the game's own:
 * `yahtzee: MESSAGE -- see "yahtzee CMD --help"`.
 */
export function usageLine(message: string, command = 'yahtzee'): string {
  const text = message
    .replace(/^error: /, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(' ');
  // The message echoes what was typed: control characters in it are shown, never sent (src/engine/names.ts).
  return `yahtzee: ${printable(text)} -- see "${command} --help"`;
}


function fail(message: string, cmd?: Command): never {
  writeErrorLine(usageLine(message, commandPath(cmd)));
  process.exit(USAGE_EXIT);
}

/** The play flags, none with a default here: parsePlayFlags gives them, and so tells a flag given from not. */
function addPlayFlags(cmd: Command): Command {
  return cmd
    .option('-l, --layout <layout>', 'keyboard layout: msx or spectrum (default: msx)')
    .option('-r, --rules <rules>', 'rule set: official, free-joker, spectrum or brazilian (default: official; spectrum with --layout spectrum)')
    .option('-p, --players <n>', 'number of players, 1-4')
    .option('-n, --names <names>', 'player names, separated by commas')
    .option('--seed <n>', 'seed for the dice, for a game that can be replayed')
    .option('--games <n>', 'a match of a fixed number of games')
    .option('--target <score>', 'a match: first to this total score')
    .option('--computer <n>', 'N computer players: the last N of the --players seats, or N more after the --names')
    .option('--strength <level>', 'computer strength: optimal, strong, casual or win (plays to win in its last turns) (default: optimal)')
    .option('--practice', 'practice mode: hints always on, undo allowed')
    .option('--resume', 'resume the saved game at once')
    .option('--new', 'start a new game even if one is saved')
    .option('--no-animation', 'no dice animation')
    .option('--sound', 'a short beep on a refused key and on a Yahtzee (remembered)')
    .option('--no-sound', 'no beeps (remembered)')
    .option('--take-back', 'take back a box just scored (remembered); a game with a box taken back is not recorded in the high scores')
    .option('--no-take-back', 'no taking back, as on the originals (remembered)')
    .option('--no-color', 'no colours; bold, dim and reverse stay (NO_COLOR too; FORCE_COLOR is honoured)')
    .option('--ascii', 'only ASCII characters (the default when the locale is not UTF-8, such as LANG=C)');
}

/**
 * True when a WebAssembly memory can be made. Each one reserves a large range of address space (its guard regions),
 * and Ink's layout engine (Yoga) is WebAssembly: under an address-space limit (ulimit -v) loading Ink would abort with
 * an Emscripten trace, so the game asks first.
 */
function layoutMemoryAvailable(): boolean {
  try {
    new WebAssembly.Memory({ initial: 1 });
    return true;
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
}

/** Stops the commands' watch on stdout and stderr (guardOutput): the game, on a terminal, watches them itself. */
let stopGuardingOutput = () => {};

async function play(flags: RawPlayFlags, start?: (options: PlayOptions) => Promise<void>): Promise<void> {
  const env = process.env;
  const options = parsePlayFlags(flags, env);
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    throw new UsageError('the game needs an interactive terminal (stdin and stdout must be a terminal); the other commands print text');
  }
  if (env.TERM === 'dumb') {
    throw new UsageError('this terminal (TERM=dumb) cannot move the cursor, which the game needs; play in a terminal such as xterm (the other commands print text)');
  }
  if (!layoutMemoryAvailable()) {
    writeErrorLine('yahtzee: the game cannot start: its screen layout (Yoga, in WebAssembly) needs about 10 GiB of address space and cannot have it (is there a limit such as ulimit -v?)');
    process.exitCode = 1;
    return;
  }
  stopGuardingOutput();
  const [{ runGame }, { default: chalk }] = await Promise.all([import('./ui/run.js'), import('chalk')]);
  // chalk (which Ink draws with) drops every style for --no-color or FORCE_COLOR=0; without colours the game still
  // marks the current player and the cursor with bold, dim and reverse (theme.ts leaves the colours out).
  if (chalk.level === 0) chalk.level = 1;
  // (A locale that is not UTF-8 made the output ASCII already, in main().)
  if (flags.ascii === true) (await import('./ui/glyphs.js')).asciiOnly(process.stdout);
  await (start ?? runGame)(options);
}

/** Builds the command line: the game by default, and the plain-text subcommands. */
export function buildProgram(): Command {
  const program = new Command('yahtzee')
    .description('Yahtzee in the terminal, with the MSX and ZX Spectrum keyboard layouts')
    .enablePositionalOptions()
    // `yahtzee help [command]`, although the program itself has an action (the game).
    .helpCommand('help [command]', 'show the help of a command')
    // Errors are printed by main(), on one line; subcommands inherit this as they are added.
    .configureOutput({ outputError: () => undefined });
  // `yahtzee scor` is a mistyped command, not an operand of the game: said so, with commander's suggestion.
  addPlayFlags(program).action((flags: RawPlayFlags) => (program.args.length > 0 ? unknownCommand(program) : play(flags)));
  addPlayFlags(program.command('play').description('play a game (the default)')).action((flags: RawPlayFlags) => play(flags));
  program
    .command('score')
    .description('what five dice score in each box, given the boxes already filled')
    .argument('<dice>', 'five dice, such as 2,3,4,4,4')
    .option('-r, --rules <rules>', 'rule set: official, free-joker, spectrum or brazilian', 'official')
    .option('-c, --card <boxes>', 'boxes already filled, such as yahtzee=50,fives=15', oneCard)
    .option('-l, --layout <layout>', 'keyboard layout whose option numbers to list: msx or spectrum', 'msx')
    .option('--json', 'print JSON')
    .action((dice: string, opts: ScoreCommandOptions) => {
      process.stdout.write(scoreCommand(dice, opts) + '\n');
    });
  // `yahtzee host`: the game served over SSH (src/table/), with the play flags and the game's terminal checks.
  registerHostCommand(addPlayFlags(program.command('host')), play);
  registerSolverCommands(program);
  registerStorageCommands(program);
  program.addHelpText('after', `\n${ruleSetValuesHelp()}`);
  // Only now (subcommands copy it as they are added): the program's operands reach its action, as a command's name.
  program.allowExcessArguments(true);
  // --version answers on every command alike.
  for (const cmd of [program, ...program.commands]) if (cmd.name() !== 'help') cmd.version(VERSION, '-v, --version');
  return program;
}

/** Commander's "unknown command 'X' (Did you mean Y?)" error, for the first operand of the program. */
function unknownCommand(program: Command): never {
  // Commander raises it itself only for a program without an action; the method is there, untyped (commander 14).
  (program as unknown as { unknownCommand(): never }).unknownCommand();
  throw new UsageError(`unknown command '${program.args[0]}'`);
}

/** Runs the CLI with these arguments (without node and the script). */
export async function main(argv: readonly string[]): Promise<void> {
  stopGuardingOutput = guardOutput();
  // A file-size limit (`ulimit -f`) kills a process with SIGXFSZ on the write that passes it; ignored, that write
  // fails with EFBIG instead, which every file of the game reports as a failed write (the game: "NOT saved", and why).
  process.on('SIGXFSZ', () => {});
  // SIGUSR1 would open Node's debugger on a local port with no password (code run as this user, by anyone on the
  // machine) and print over the screen: a listener of our own keeps it closed.
  process.on('SIGUSR1', () => {});
  const program = buildProgram();
  // Which command a mistake was made in, so that its message points to that command's --help.
  let current: Command = program;
  const failedIn = new WeakMap<CommanderError, Command>();
  for (const cmd of [program, ...program.commands]) {
    cmd.exitOverride((e) => {
      failedIn.set(e, cmd);
      throw e;
    });
  }
  program.hook('preAction', async (_program, action) => {
    current = action;
    // A terminal whose locale is not UTF-8 gets only ASCII: the game's screen, the commands' text and every message
    // (JSON stays as it is: it is data, and UTF-8 by definition).
    if (!localeIsUtf8(process.env)) {
      const { asciiOnly } = await import('./ui/glyphs.js');
      if (action.opts().json !== true) asciiOnly(process.stdout);
      asciiOnly(process.stderr);
    }
  });
  // `yahtzee help scor` is the same mistake as `yahtzee scor`.
  const args = argv[0] === 'help' && argv.length > 1 && !program.commands.some((c) => c.name() === argv[1]) ? argv.slice(1) : [...argv];
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (e) {
    if (e instanceof UsageError || e instanceof NoFolderError) fail(e.message, current);
    // The solver's memory not to be had (solver/wasm/wasmBytes.ts's KernelMemoryError, known by name so as not to
    // load the solver here).
    if (e instanceof Error && e.name === 'KernelMemoryError') {
      writeErrorLine(`yahtzee: ${e.message}`);
      process.exit(1);
    }
    if (e instanceof CommanderError) {
      // Not process.exit: the help or the version must reach the output first, or its failure be said (guardOutput).
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') {
        process.exitCode = e.exitCode;
        return;
      }
      fail(e.message, failedIn.get(e) ?? current);
    }
    throw e;
  }
}

await main(process.argv.slice(2));
