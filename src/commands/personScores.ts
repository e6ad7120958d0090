import { existsSync } from 'node:fs';
import type { RuleSetId } from '../engine/rules/index.js';
import type { ScoreDistribution } from '../solver/distribution/distribution.js';
import { padEndTo, textWidth, wordLines, plural } from '../text/index.js';
import { GOOD_LOSS_PER_DECISION, type PersonFigures } from '../storage/personFigures.js';

/** The distribution of a fresh game's final score under optimal play, or why it is not at hand (a sentence). */
export type OptimalScores = ScoreDistribution | string;

/** Finds a rule set's optimal distribution for `yahtzee scores` (the default reads the cache only; tests give their own). */
export type FindOptimal = (rules: RuleSetId) => Promise<OptimalScores>;

/**
 * The fresh game's distribution from the cache of `env`, when both the strategy table and the distribution table are
 * cached there (a read of a second or so); otherwise the way to compute it: `scores` starts no computation of its own.
 */
export function cachedOptimal(env: NodeJS.ProcessEnv = process.env): FindOptimal {
  return async (rules) => {
    const [{ cacheFile }, { distributionFile }] = await Promise.all([import('../solver/strategy/cache.js'), import('../solver/distribution/distributionTable.js')]);
    if (!existsSync(cacheFile(rules, env)) || !existsSync(distributionFile(rules, env))) {
      return `the distribution of optimal play is not computed yet: \`yahtzee solve --rules ${rules} --distribution\` computes it (once, some seconds)`;
    }
    const { loadDistributions } = await import('../solver/workers/distributionSolve.js');
    return (await loadDistributions(rules, { env })).distributions.fresh;
  };
}

/** One bin of a person's histogram: their share of games and the optimal player's chance there. */
export interface PersonBin {
  readonly from: number;
  readonly to: number;
  readonly games: number;
  /** The chance of a final score in the bin under optimal play, or null when the distribution is not at hand. */
  readonly optimal: number | null;
}

const BIN = 20;

/** The chance of a score from `from` to `to - 1`. */
function chanceIn(d: ScoreDistribution, from: number, to: number): number {
  let c = 0;
  for (let s = Math.max(from, d.lo); s < to && s - d.lo < d.p.length; s++) c += d.p[s - d.lo];
  return c;
}

/** The smallest score s with P(score <= s) >= q. */
function quantileOf(d: ScoreDistribution, q: number): number {
  let c = 0;
  for (let i = 0; i < d.p.length; i++) {
    c += d.p[i];
    if (c >= q - 1e-12) return d.lo + i;
  }
  return d.lo + d.p.length - 1;
}

/** A person's final scores in 20-point bins over their scores and, when at hand, optimal play's from its 0.5th to its 99.5th percentile. */
export function personBins(totals: readonly number[], optimal: OptimalScores): PersonBin[] {
  const d = typeof optimal === 'string' ? null : optimal;
  const lows = [...totals, ...(d ? [quantileOf(d, 0.005)] : [])];
  const highs = [...totals, ...(d ? [quantileOf(d, 0.995)] : [])];
  if (lows.length === 0) return [];
  const bins: PersonBin[] = [];
  for (let from = Math.floor(Math.min(...lows) / BIN) * BIN; from <= Math.max(...highs); from += BIN) {
    bins.push({ from, to: from + BIN, games: totals.filter((t) => t >= from && t < from + BIN).length, optimal: d ? chanceIn(d, from, from + BIN) : null });
  }
  return bins;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * A person's figures over their last games in words, in lines of at most `width`: games and average, then over the
 * reviewed ones the loss per decision and the luck; with `gloss`, what a good player's is (Verhoeff's measure, said
 * once).
 */
export function personLines(p: PersonFigures, width = 78, gloss = true): string[] {
  const average = p.totals.reduce((s, t) => s + t, 0) / Math.max(1, p.games);
  const head = p.games === 1 ? `${p.name}, last game: ${p.totals[0]}` : `${p.name}, last ${p.games} games: average ${average.toFixed(1)}`;
  if (p.lossPerDecision === null || p.luckPerGame === null) return [`${head}; no game of theirs was reviewed yet`];
  const luck = p.luckPerGame >= 0 ? `+${p.luckPerGame.toFixed(1)}` : p.luckPerGame.toFixed(1);
  const figures =
    `over the ${plural(p.reviewed, 'reviewed game')}: ${p.lossPerDecision.toFixed(3)} points lost per decision` +
    `${gloss ? ` (a good player loses under ${GOOD_LOSS_PER_DECISION})` : ''}, the dice ${luck} a game`;
  return [head, ...wordLines(figures, width - 2).map((l) => `  ${l}`)];
}

/**
 * A person's final scores beside the distribution of optimal play, one 20-point bin a line: their share of games (#)
 * and the optimal chance (*), each as a percentage and a bar on one scale; their bins alone when optimal play's is not at hand.
 */
export function personHistogram(p: PersonFigures, optimal: OptimalScores, width = 24): string[] {
  const bins = personBins(p.totals, optimal);
  const share = (b: PersonBin) => b.games / Math.max(1, p.games);
  const most = Math.max(1e-9, ...bins.map(share), ...bins.map((b) => b.optimal ?? 0));
  const bar = (x: number, mark: string) => mark.repeat(Math.round((x / most) * width));
  const label = (b: PersonBin) => `${b.from}-${b.to - 1}`;
  const lw = Math.max(5, ...bins.map((b) => label(b).length));
  const theirs = textWidth(p.name) + 4 <= width + 7 ? `${p.name} (#)` : 'theirs (#)';
  const head = `${'score'.padStart(lw)} | ${typeof optimal === 'string' ? theirs : `${padEndTo(theirs, width + 7)} | optimal play (*)`}`;
  const rows = bins.map((b) => {
    const mine = `${pct(share(b)).padStart(6)} ${bar(share(b), '#')}`;
    return (b.optimal === null ? `${label(b).padStart(lw)} | ${mine}` : `${label(b).padStart(lw)} | ${mine.padEnd(width + 7)} | ${pct(b.optimal).padStart(6)} ${bar(b.optimal, '*')}`).trimEnd();
  });
  return [head, ...rows];
}

/** The "by person" section of a rule set in `yahtzee scores`: each person's figures and histogram, and why optimal play's distribution is missing if it is. */
export function peopleText(people: readonly PersonFigures[], optimal: OptimalScores): string {
  if (people.length === 0) return '';
  // The histograms' scale is named only where there is one (a person with one game has a line, not a chart).
  const charts = people.some((p) => p.games > 1);
  const lines = [`  By person, over their last games${charts ? ' (final scores per 20 points)' : ''}:`];
  if (typeof optimal === 'string') lines.push(...wordLines(`(${optimal})`, 76).map((l) => `  ${l}`));
  // One game is its score, said above: a histogram would be one bar among the rows of optimal play.
  // What Verhoeff calls a good player is said at the first person with reviewed games, not again at each.
  let glossed = false;
  for (const p of people) {
    const here: boolean = !glossed && p.lossPerDecision !== null;
    glossed ||= here;
    lines.push('', ...personLines(p, 78, here).map((l) => `  ${l}`), ...(p.games > 1 ? personHistogram(p, optimal).map((l) => `    ${l}`) : []));
  }
  return lines.join('\n');
}
