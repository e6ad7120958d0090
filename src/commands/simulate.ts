import { EMPTY_CARD, getRuleSet, randomSeed, type RuleSetId, type Strength } from '../engine/index.js';
import { simulateParallel, turnStartValue, type HistogramBin, type ProgressListener, type SimulationSummary, type StrategyTable } from '../solver/index.js';
import { UsageError } from './errors.js';
import { parseRules } from './parse.js';
import { tableWithProgress, terminalProgress } from './solve.js';

/** Options of `yahtzee simulate`. */
export interface SimulateCommandOptions {
  games?: string;
  rules?: string;
  strategy?: string;
  seed?: string;
  json?: boolean;
}

/** The most games one simulate command plays. */
export const MAX_GAMES = 1_000_000;

const STRATEGIES: readonly Strength[] = ['optimal', 'strong', 'casual'];

/** What a simulation needs besides its options: the table, and how to play the games (injectable for tests). */
export interface SimulateDeps {
  table: (rules: RuleSetId) => Promise<StrategyTable>;
  play: typeof simulateParallel;
  progress: (label: string) => { onProgress?: ProgressListener; stop: () => void };
}

const DEFAULT_DEPS: SimulateDeps = {
  table: async (rules) => (await tableWithProgress(rules)).table,
  play: simulateParallel,
  progress: (label) => terminalProgress(label),
};

function whole(flag: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}${value === undefined ? '' : ` (got "${value}")`}`);
  }
  return Number(value);
}

/** A histogram as text: one bar per bin, scaled to `width` characters. */
export function drawHistogram(bins: readonly HistogramBin[], width = 50): string[] {
  const most = Math.max(1, ...bins.map((b) => b.count));
  const label = (b: HistogramBin) => `${b.from}-${b.to - 1}`;
  const lw = Math.max(...bins.map((b) => label(b).length));
  const cw = Math.max(...bins.map((b) => String(b.count).length));
  return bins.map((b) => `${label(b).padStart(lw)} | ${String(b.count).padStart(cw)} ${'#'.repeat(Math.round((b.count / most) * width))}`.trimEnd());
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `yahtzee simulate`: plays N one-player games with the engine on every core; statistics and a histogram. */
export async function simulateCommand(opts: SimulateCommandOptions, deps: SimulateDeps = DEFAULT_DEPS): Promise<string> {
  const games = whole('--games', opts.games, 1, MAX_GAMES);
  const rules = parseRules(opts.rules);
  const strategy = (opts.strategy ?? 'optimal').toLowerCase() as Strength;
  if (!STRATEGIES.includes(strategy)) throw new UsageError(`unknown strategy "${opts.strategy}": use optimal, strong or casual`);
  const seed = opts.seed !== undefined ? whole('--seed', opts.seed, 0, 0xffffffff) : randomSeed();
  const table = strategy === 'casual' ? undefined : await deps.table(rules);
  const progress = deps.progress(`Playing ${games} games`);
  const start = performance.now();
  let summary: SimulationSummary;
  try {
    summary = await deps.play({ rules, strategy, games, seed, table, onProgress: progress.onProgress });
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - start) / 1000;
  const solved = table ? turnStartValue(table, EMPTY_CARD) : undefined;
  if (opts.json) return JSON.stringify({ rules, strategy, seed, ...summary, solvedValue: solved ?? null, seconds });
  const lines = [
    `${games} game${games === 1 ? '' : 's'} of the ${getRuleSet(rules).title}, ${strategy} play, seed ${seed} (${seconds.toFixed(2)} s):`,
    `  mean ${summary.mean.toFixed(2)} (standard error ${summary.standardError.toFixed(2)}), standard deviation ${summary.sd.toFixed(2)}`,
    `  min ${summary.min}, max ${summary.max}`,
    `  upper bonus in ${pct(summary.upperBonusRate)} of games; a Yahtzee in ${pct(summary.yahtzeeRate)}, ${summary.yahtzeesPerGame.toFixed(3)} per game`,
  ];
  if (solved !== undefined) lines.push(`  optimal play is worth ${solved.toFixed(4)} on average`);
  lines.push('', 'final scores:', ...drawHistogram(summary.histogram).map((l) => `  ${l}`));
  return lines.join('\n');
}
