import type { ScoreDistribution } from './distribution.js';

/** The percentiles a distribution summary gives. */
export const PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99] as const;

/** The scores whose chance of being reached a summary gives. */
export const THRESHOLDS = [200, 250, 300, 400] as const;

/** A distribution of final scores, summed up. */
export interface DistributionSummary {
  readonly mean: number;
  readonly sd: number;
  /** For each of PERCENTILES: the smallest score s with P(final <= s) >= p%. */
  readonly percentiles: readonly { readonly p: number; readonly score: number }[];
  /** The chance of a final score of at least each of THRESHOLDS. */
  readonly atLeast: readonly { readonly score: number; readonly chance: number }[];
  /** The lowest and highest scores with a chance. */
  readonly min: number;
  readonly max: number;
}

/** The same distribution moved `by` points up (the points already on a card). */
export function shifted(d: ScoreDistribution, by: number): ScoreDistribution {
  return { lo: d.lo + by, p: d.p };
}

/**
 * The distribution of a - b for independent a and b: one game's points less another's (a match's chances, a win
 * seat's target match).
 */
export function difference(a: ScoreDistribution, b: ScoreDistribution): ScoreDistribution {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  const bLast = b.p.length - 1;
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i];
    if (x === 0) continue;
    for (let j = 0; j <= bLast; j++) p[i + bLast - j] += x * b.p[j];
  }
  return { lo: a.lo - (b.lo + bLast), p };
}

/** The mean of a distribution. */
export function meanOf(d: ScoreDistribution): number {
  let m = 0;
  for (let i = 0; i < d.p.length; i++) m += d.p[i] * (d.lo + i);
  return m;
}

/** The smallest score s with P(score <= s) >= q (q in 0..1; a hair of rounding slack). */
export function quantile(d: ScoreDistribution, q: number): number {
  let c = 0;
  for (let i = 0; i < d.p.length; i++) {
    c += d.p[i];
    if (c >= q - 1e-12) return d.lo + i;
  }
  return d.lo + d.p.length - 1;
}

/** P(score >= s). */
export function chanceAtLeast(d: ScoreDistribution, s: number): number {
  let c = 0;
  for (let i = Math.max(0, s - d.lo); i < d.p.length; i++) c += d.p[i];
  return c;
}

/** Mean, standard deviation, percentiles and tail chances of a distribution. */
export function summarizeDistribution(d: ScoreDistribution): DistributionSummary {
  const mean = meanOf(d);
  let v = 0;
  for (let i = 0; i < d.p.length; i++) v += d.p[i] * (d.lo + i - mean) ** 2;
  return {
    mean,
    sd: Math.sqrt(v),
    percentiles: PERCENTILES.map((p) => ({ p, score: quantile(d, p / 100) })),
    atLeast: THRESHOLDS.map((score) => ({ score, chance: chanceAtLeast(d, score) })),
    min: d.lo,
    max: d.lo + d.p.length - 1,
  };
}

/** The distribution as [score, chance] pairs, every score with a chance above 0, ascending. */
export function distributionPairs(d: ScoreDistribution): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < d.p.length; i++) if (d.p[i] > 0) out.push([d.lo + i, d.p[i]]);
  return out;
}

/** The chance in bins of `width` points (from a multiple of width), over the scores from the 0.1th to the 99.9th percentile. */
export function binned(d: ScoreDistribution, width = 20): { from: number; to: number; chance: number }[] {
  const a = Math.floor(quantile(d, 0.001) / width) * width;
  const b = quantile(d, 0.999);
  const bins: { from: number; to: number; chance: number }[] = [];
  for (let from = a; from <= b; from += width) {
    let c = 0;
    for (let s = from; s < from + width; s++) {
      const i = s - d.lo;
      if (i >= 0 && i < d.p.length) c += d.p[i];
    }
    bins.push({ from, to: from + width, chance: c });
  }
  return bins;
}
