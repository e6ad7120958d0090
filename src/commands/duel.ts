import { getRuleSet, randomSeed, type RuleSetId } from '../engine/index.js';
import { interval95, playDuel, type DuelRecord, type DuelStrategy } from '../solver/win/duel.js';
import type { StrategyTable } from '../solver/index.js';
import { UsageError } from './errors.js';
import { parseRules } from './parse.js';
import { tableWithProgress, terminalProgress } from './solve.js';

/** Options of `yahtzee simulate --duel A,B`. */
export interface DuelCommandOptions {
  duel?: string;
  games?: string;
  rules?: string;
  seed?: string;
  json?: boolean;
}

/** The most games one duel plays (each a two-seat game, the win strategy's last turns solved exactly). */
export const MAX_DUEL_GAMES = 100_000;

const STRATEGIES: readonly DuelStrategy[] = ['win', 'optimal'];

function whole(flag: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}${value === undefined ? '' : ` (got "${value}")`}`);
  }
  return Number(value);
}

/** The two strategies of --duel A,B. */
export function parseDuel(text: string): [DuelStrategy, DuelStrategy] {
  const parts = text.split(',').map((s) => s.trim().toLowerCase());
  if (parts.length !== 2 || !parts.every((p) => (STRATEGIES as readonly string[]).includes(p))) {
    throw new UsageError(`--duel takes two strategies separated by a comma, each win or optimal, such as win,optimal (got "${text}")`);
  }
  return parts as [DuelStrategy, DuelStrategy];
}

/** What a duel needs besides its options (injectable for tests). */
export interface DuelDeps {
  table: (rules: RuleSetId) => Promise<StrategyTable>;
  play: typeof playDuel;
}

const DEFAULT_DEPS: DuelDeps = { table: async (rules) => (await tableWithProgress(rules)).table, play: playDuel };

/** `yahtzee simulate --duel A,B --games N`: two-seat games of A against B, each side's wins with a 95% interval. */
export async function duelCommand(opts: DuelCommandOptions, deps: DuelDeps = DEFAULT_DEPS): Promise<string> {
  const [a, b] = parseDuel(opts.duel ?? '');
  const games = whole('--games', opts.games, 1, MAX_DUEL_GAMES);
  const rules = parseRules(opts.rules);
  const seed = opts.seed !== undefined ? whole('--seed', opts.seed, 0, 0xffffffff) : randomSeed();
  const table = await deps.table(rules);
  const progress = terminalProgress(`Playing ${games} duels`);
  const start = performance.now();
  let record: DuelRecord;
  try {
    record = await deps.play(table, a, b, games, seed, (done) => progress.onProgress?.(done, games));
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - start) / 1000;
  const sides = [a, b].map((strategy, i) => ({ strategy, wins: record.wins[i], share: record.wins[i] / games, interval95: interval95(record.wins[i], games) }));
  if (opts.json) return JSON.stringify({ rules, seed, games, players: sides, ties: record.ties, seconds });
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  return [
    `${games} two-seat game${games === 1 ? '' : 's'} of the ${getRuleSet(rules).title}, ${a} against ${b}, seed ${seed} (seats swapped every other game; ${seconds.toFixed(1)} s):`,
    ...sides.map((s, i) => `  ${`${s.strategy}${a === b ? ` (${i === 0 ? 'first' : 'second'})` : ''}`.padEnd(16)} wins ${String(s.wins).padStart(6)}  ${pct(s.share)} (95% interval ${pct(s.interval95[0])} to ${pct(s.interval95[1])})`),
    `  ${'ties'.padEnd(16)}      ${String(record.ties).padStart(6)}  ${pct(record.ties / games)}`,
  ].join('\n');
}
