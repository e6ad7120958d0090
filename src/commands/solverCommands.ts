import type { Command } from 'commander';
import type { AdviseCommandOptions } from './advise.js';
import type { OddsCommandOptions } from './odds.js';
import type { SimulateCommandOptions } from './simulate.js';
import type { SolveCommandOptions } from './solve.js';
import { oneCard } from './parse.js';

// The solver is loaded only when one of its commands runs, so starting the game does not pay for it.
const solveCommand = async (opts: SolveCommandOptions & { distribution?: boolean }) =>
  opts.distribution ? (await import('./distribution.js')).solveDistributionCommand(opts) : (await import('./solve.js')).solveCommand(opts);
const adviseCommand = async (opts: AdviseCommandOptions & { distribution?: boolean }) =>
  opts.distribution ? (await import('./distribution.js')).adviseDistributionCommand(opts) : (await import('./advise.js')).adviseCommand(opts);
const oddsCommand = async (opts: OddsCommandOptions) => (await import('./odds.js')).oddsCommand(opts);
const collect = (value: string, previous: string[]) => [...previous, value];
const simulateCommand = async (opts: SimulateCommandOptions & { duel?: string }) =>
  opts.duel !== undefined ? (await import('./duel.js')).duelCommand(opts) : (await import('./simulate.js')).simulateCommand(opts);

const RULES_HELP = 'rule set: official, free-joker, spectrum or brazilian';

/** Adds `solve`, `advise`, `odds` and `simulate` to the command line. */
export function registerSolverCommands(program: Command): void {
  program
    .command('solve')
    .description('compute (or load from the cache) the optimal strategy; prints what a fresh game is worth')
    .option('-r, --rules <rules>', RULES_HELP, 'official')
    .option('--distribution', 'the whole final-score distribution: sd, percentiles, tail chances, a histogram')
    .option('--json', 'print JSON')
    .action(async (opts: SolveCommandOptions) => {
      process.stdout.write((await solveCommand(opts)) + '\n');
    });
  program
    .command('advise')
    .description('optimal advice: what a card is worth, or every choice for some dice ranked best first')
    .option('-r, --rules <rules>', RULES_HELP, 'official')
    .option('-c, --card <boxes>', 'boxes already filled, such as yahtzee=50,fives=15', oneCard)
    .option('-d, --dice <dice>', 'five dice, such as 6,6,6,6,1')
    .option('--rolls-left <n>', 'rolls left after these dice: 2, 1 or 0')
    .option('-l, --layout <layout>', 'keyboard layout whose keys name the dice to keep: msx or spectrum', 'msx')
    .option('--distribution', 'the final-score distribution from the start of a turn with that card')
    .option('--json', 'print JSON')
    .action(async (opts: AdviseCommandOptions) => {
      process.stdout.write((await adviseCommand(opts)) + '\n');
    });
  program
    .command('odds')
    .description("each player's exact chance to win (and of a shared top score), all playing optimally from their cards")
    .option('-r, --rules <rules>', RULES_HELP, 'official')
    .option('-p, --players <n>', 'that many players with fresh cards, 2-4')
    .option('-c, --card <boxes>', 'one player\'s card, as advise takes it ("-" for an empty card); given once per player, in seat order', collect, [])
    .option('-n, --names <names>', 'the players\' names, separated by commas (alone: that many players with fresh cards)')
    .option('-d, --dice <dice>', 'the first player\'s dice in the middle of their turn, such as 6,6,6,2,1 (with --rolls-left)')
    .option('--rolls-left <n>', 'the first player\'s rolls left after these dice: 2, 1 or 0')
    .option('--json', 'print JSON')
    .action(async (opts: OddsCommandOptions) => {
      process.stdout.write((await oddsCommand(opts)) + '\n');
    });
  program
    .command('simulate')
    .description('play many one-player games with a computer strategy; statistics and a histogram')
    .requiredOption('-g, --games <n>', 'how many games (required)')
    .option('-r, --rules <rules>', RULES_HELP, 'official')
    .option('-s, --strategy <level>', 'optimal, strong or casual', 'optimal')
    .option('--duel <a,b>', 'two-seat games instead: strategy a against b (win or optimal), each side\'s wins with a 95% interval')
    .option('--seed <n>', 'seed, for the same games again')
    .option('--json', 'print JSON')
    .action(async (opts: SimulateCommandOptions) => {
      process.stdout.write((await simulateCommand(opts)) + '\n');
    });
}
