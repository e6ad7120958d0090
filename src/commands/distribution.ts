import { cardTotal, getRuleSet, isCardComplete, printable, type Card, type RuleSet, type RuleSetId } from '../engine/index.js';
import type { ScoreDistribution } from '../solver/distribution/distribution.js';
import { finalDistributions, loadDistributions, type DistributionReport } from '../solver/workers/distributionSolve.js';
import { KEEP_LEVEL, distributionFile, finalDistribution } from '../solver/distribution/distributionTable.js';
import type { StrategyTable } from '../solver/strategy/table.js';
import { binned, distributionPairs, summarizeDistribution } from '../solver/distribution/scoreStats.js';
import { adviceTable } from './advise.js';
import { UsageError } from './errors.js';
import { parseCard, parseRules, rulesFor } from './parse.js';
import { freshGameValue, terminalProgress } from './solve.js';

/** Loads or computes a rule set's strategy and distribution tables, with progress bars on a terminal. */
export async function distributionsWithProgress(rules: RuleSetId): Promise<DistributionReport> {
  const title = getRuleSet(rules).title;
  const table = terminalProgress(`Solving the ${title}`);
  const dist = terminalProgress(`Score distribution of the ${title}`);
  try {
    return await loadDistributions(rules, { onProgress: table.onProgress, onDistributionProgress: dist.onProgress });
  } finally {
    table.stop();
    dist.stop();
  }
}

/** How a card's final-score distribution is found: the rule set's tables (loaded or computed), or for a late card a quicker way. */
export type CardDistribution = (rules: RuleSet, card: Card) => Promise<ScoreDistribution>;

/** A card's final-score distribution under optimal play, from the rule set's distribution table (loaded or computed). */
export const cardDistribution: CardDistribution = async (rules, card) => {
  const r = await distributionsWithProgress(rules.id);
  return finalDistribution(r.table, r.distributions, card);
};

/** The number of boxes filled on a card. */
export function filledBoxes(rules: RuleSet, card: Card): number {
  return rules.boxes.filter((b) => card.boxes[b.id] !== undefined).length;
}

/** True when a card is late enough for its distribution to be computed on the spot, without the distribution table. */
export function lateCard(rules: RuleSet, card: Card): boolean {
  return filledBoxes(rules, card) > KEEP_LEVEL;
}

const pct = (x: number, places = 2) => `${(100 * x).toFixed(places)}%`;

/** The JSON fields of a distribution: sd, percentiles, tail chances and every score's chance. */
export function distributionFields(d: ScoreDistribution): { sd: number; percentiles: Record<string, number>; atLeast: Record<string, number>; distribution: [number, number][] } {
  const s = summarizeDistribution(d);
  return {
    sd: s.sd,
    percentiles: Object.fromEntries(s.percentiles.map((x) => [String(x.p), x.score])),
    atLeast: Object.fromEntries(s.atLeast.map((x) => [String(x.score), x.chance])),
    distribution: distributionPairs(d),
  };
}

/** A distribution as text: mean and sd, percentiles, tail chances and a histogram of 20-point bins. */
export function distributionLines(d: ScoreDistribution, width = 50): string[] {
  const s = summarizeDistribution(d);
  // The 0.1th to 99.9th percentile can reach bins whose share rounds to 0.0%: the rows run from the first to the last one that shows.
  const all = binned(d, 20);
  const shows = (b: { chance: number }) => pct(b.chance, 1) !== '0.0%';
  const first = all.findIndex(shows);
  const last = all.length - 1 - [...all].reverse().findIndex(shows);
  const bins = first < 0 ? all : all.slice(first, last + 1);
  const most = Math.max(...bins.map((b) => b.chance));
  const label = (b: { from: number; to: number }) => `${b.from}-${b.to - 1}`;
  const lw = Math.max(...bins.map((b) => label(b).length));
  return [
    `  mean ${s.mean.toFixed(4)}, standard deviation ${s.sd.toFixed(2)}, from ${s.min} to ${s.max}`,
    `  percentiles ${s.percentiles.map((x) => x.p).join(' ')}: ${s.percentiles.map((x) => x.score).join(' ')}`,
    `  chance of at least: ${s.atLeast.map((x) => `${x.score} ${pct(x.chance)}`).join(', ')}`,
    '',
    '  final score (chance per 20 points, from the 0.1th to the 99.9th percentile):',
    ...bins.map((b) => `  ${label(b).padStart(lw)} | ${pct(b.chance, 1).padStart(6)} ${'#'.repeat(Math.round((b.chance / most) * width))}`.trimEnd()),
  ];
}

/** Options of `yahtzee solve --distribution`. */
export interface SolveDistributionOptions {
  rules?: string;
  json?: boolean;
}

/** `yahtzee solve --distribution`: the final-score distribution of a fresh game under optimal play. */
export async function solveDistributionCommand(opts: SolveDistributionOptions, load: (rules: RuleSetId) => Promise<DistributionReport> = distributionsWithProgress): Promise<string> {
  const rules = parseRules(opts.rules);
  const r = await load(rules);
  const d = r.distributions.fresh;
  if (opts.json) {
    const { sd, percentiles, atLeast, distribution } = distributionFields(d);
    return JSON.stringify({ rules, expectedScore: freshGameValue(r.table), sd, percentiles, atLeast, distribution, seconds: r.seconds });
  }
  const how =
    r.source === 'computed'
      ? `computed in ${r.seconds.toFixed(2)} s${r.reason === 'unusable' ? ', as the cached file could not be used' : ''}${r.saved ? `, saved to ${printable(distributionFile(rules))}` : ' (could not be saved to the cache)'}`
      : `loaded from ${r.source === 'cache' ? printable(distributionFile(rules)) : 'memory'} in ${r.seconds.toFixed(2)} s`;
  return [`${getRuleSet(rules).title}: final score of a fresh game under optimal play`, ...distributionLines(d), '', `(distributions ${how})`].join('\n');
}

/** Options of `yahtzee advise --distribution`. */
export interface AdviseDistributionOptions {
  rules?: string;
  card?: string;
  dice?: string;
  rollsLeft?: string;
  json?: boolean;
}

/**
 * A card's final-score distribution the quick way where it can: a late card from the table advise would use (in
 * memory, cached, or the sub-game from the card on), an early one from the distribution table.
 */
export const quickCardDistribution: CardDistribution = async (rules, card) => {
  if (lateCard(rules, card)) return finalDistribution(await adviceTable(rules, card), undefined, card);
  return cardDistribution(rules, card);
};

/** How several cards' final-score distributions are found (in the order of the cards). */
export type CardsDistribution = (rules: RuleSet, cards: readonly Card[]) => Promise<ScoreDistribution[]>;

/**
 * Several cards' final-score distributions the quick way (quickCardDistribution's tables), the late cards' passes on
 * worker threads where there are several (finalDistributions): cards that need the distribution table all from the
 * rule set's tables, late ones grouped by the table advise would use for them.
 */
export const quickCardDistributions: CardsDistribution = async (rules, cards) => {
  if (!cards.every((c) => lateCard(rules, c))) {
    const r = await distributionsWithProgress(rules.id);
    return finalDistributions(r.table, r.distributions, cards);
  }
  const groups = new Map<StrategyTable, number[]>();
  for (const [i, card] of cards.entries()) {
    const table = await adviceTable(rules, card);
    groups.set(table, [...(groups.get(table) ?? []), i]);
  }
  const out: ScoreDistribution[] = [];
  for (const [table, at] of groups) {
    const ds = await finalDistributions(table, undefined, at.map((i) => cards[i]));
    at.forEach((i, k) => (out[i] = ds[k]));
  }
  return out;
};

/** `yahtzee advise --card ... --distribution`: the final-score distribution from the start of a turn with that card. */
export async function adviseDistributionCommand(opts: AdviseDistributionOptions, find: CardDistribution = quickCardDistribution): Promise<string> {
  const rules = rulesFor(opts.rules);
  const card = parseCard(rules, opts.card);
  if (opts.dice !== undefined || opts.rollsLeft !== undefined) throw new UsageError('--distribution is from the start of a turn: leave out --dice and --rolls-left');
  if (isCardComplete(rules, card)) throw new UsageError('every box of that card is filled: the game is over');
  const d = await find(rules, card);
  const total = cardTotal(rules, card);
  const s = summarizeDistribution(d);
  if (opts.json) {
    const { sd, percentiles, atLeast, distribution } = distributionFields(d);
    return JSON.stringify({ rules: rules.id, expectedRemaining: s.mean - total, expectedFinal: s.mean, sd, percentiles, atLeast, distribution });
  }
  return [`${rules.title}, ${total} points on the card: final score under optimal play`, ...distributionLines(d)].join('\n');
}
