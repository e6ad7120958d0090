import type { ScoreDistribution } from '../distribution/distribution.js';
import { trimmed } from '../distribution/distribution.js';
import { difference } from '../distribution/scoreStats.js';
import FFT from 'fft.js';

/*
 * The chance to win a match of a number of games between two seats (engine/match.ts's matchOutcome: the most games
 * won alone, then the higher total over the games), each seat playing mean-optimally in every game, the games
 * independent. What decides it is W, seat 0's games won less seat 1's, and D, its points less seat 1's, at the end:
 * seat 0 wins when W > 0, or W = 0 and D > 0. W alone is a sum of signs (a small walk); D matters only where W ends
 * at 0, and there it is found in Fourier space, where the games still to come are one trinomial power per
 * frequency: (a z + t + c / z)^n, a and c the transforms of a fresh game's win and loss parts, t its chance of a
 * tie, z counting games won. Its coefficient of the z^m that brings W to 0 is a short polynomial in a·c.
 */

/** The match so far between two seats, from seat 0's side, and how many games are still to come after this one. */
export interface MatchSoFar {
  /** Games seat 0 won alone less those seat 1 won alone, over the finished games. */
  readonly gamesAhead: number;
  /** Seat 0's points less seat 1's, over the finished games. */
  readonly pointsAhead: number;
  /** The games still to come after the one in play. */
  readonly gamesAfter: number;
}

/** Each seat's chance to win the match, and the chance that it ends level on games won and on points. */
export interface MatchChances {
  readonly win: readonly [number, number];
  readonly tie: number;
}

/** The distribution of a - b for independent a and b, chances below 1e-15 at the ends dropped. */
export function gameDifference(a: ScoreDistribution, b: ScoreDistribution): ScoreDistribution {
  const d = difference(a, b);
  return trimmed(d.lo, d.p);
}

/** A game's difference cut at 0: the chance that seat 0 wins it, that it is a tie, that seat 1 wins it. */
function signs(d: ScoreDistribution): { readonly won: number; readonly tie: number; readonly lost: number } {
  let won = 0;
  let tie = 0;
  let lost = 0;
  for (let i = 0; i < d.p.length; i++) {
    const x = d.lo + i;
    if (x > 0) won += d.p[i];
    else if (x < 0) lost += d.p[i];
    else tie += d.p[i];
  }
  return { won, tie, lost };
}

/** The chances of seat 0's games won less seat 1's over n games of these signs: index n + k holds P(k). */
function walk(s: ReturnType<typeof signs>, n: number): Float64Array {
  let w = Float64Array.of(1);
  for (let g = 0; g < n; g++) {
    const next = new Float64Array(w.length + 2);
    for (let k = 0; k < w.length; k++) {
      next[k] += w[k] * s.lost;
      next[k + 1] += w[k] * s.tie;
      next[k + 2] += w[k] * s.won;
    }
    w = next;
  }
  return w;
}

/** ln(k!) for k up to n. */
function logFactorials(n: number): Float64Array {
  const f = new Float64Array(n + 1);
  for (let k = 2; k <= n; k++) f[k] = f[k - 1] + Math.log(k);
  return f;
}

/**
 * The real coefficients of the polynomial in u = a·c whose value, times a^j (or c^j for games lost), is the
 * coefficient of z^±j in (a z + t + c / z)^n: entry i is n! / ((i+j)! i! (n-j-2i)!) t^(n-j-2i), the i games lost
 * (won) with i + j won (lost) and the rest tied. Empty when j > n (W cannot come back to 0).
 */
function trinomialRow(n: number, j: number, tie: number, lf: Float64Array): Float64Array {
  if (j > n) return new Float64Array(0);
  const row = new Float64Array(Math.floor((n - j) / 2) + 1);
  for (let i = 0; i < row.length; i++) {
    const tied = n - j - 2 * i;
    row[i] = Math.exp(lf[n] - lf[i + j] - lf[i] - lf[tied]) * (tied === 0 ? 1 : tie ** tied);
  }
  return row;
}

/**
 * A game's difference laid out for a cyclic transform of n points and transformed: its win part as the real parts,
 * its loss part as the imaginary ones (interleaved, as fft.js has them), so that one transform gives both.
 */
function packed(fft: FFT, d: ScoreDistribution, n: number): Float64Array {
  const data = new Float64Array(2 * n);
  for (let i = 0; i < d.p.length; i++) {
    const x = d.lo + i;
    // A point's place is its value modulo n: the sums of wins and losses then land at their own values too.
    if (x > 0) data[2 * (x % n)] += d.p[i];
    else if (x < 0) data[2 * (((x % n) + n) % n) + 1] += d.p[i];
  }
  const out = new Float64Array(2 * n);
  fft.transform(out, data);
  return out;
}

/**
 * The chance that the match ends with W = 0, and what D then is: the chances of D > 0, D < 0 and D = 0. `now` is
 * the game in play's difference, `fresh` a fresh game's.
 */
function level(now: ScoreDistribution, fresh: ScoreDistribution, so: MatchSoFar): { readonly above: number; readonly below: number; readonly even: number } {
  const n = so.gamesAfter;
  const lo = now.lo + n * Math.min(0, fresh.lo);
  const hi = now.lo + now.p.length - 1 + n * Math.max(0, fresh.lo + fresh.p.length - 1);
  let size = 2;
  while (size < hi - lo + 1) size *= 2;
  const fft = new FFT(size);
  const f = packed(fft, fresh, size);
  const c = packed(fft, now, size);
  const ft = signs(fresh).tie;
  const ct = signs(now).tie;
  const lf = logFactorials(n);
  // This game won, tied or lost, the games after must bring W from gamesAhead + 1, + 0 or - 1 back to 0.
  const needs = [-so.gamesAhead - 1, -so.gamesAhead, -so.gamesAhead + 1];
  const rows = needs.map((m) => trinomialRow(n, Math.abs(m), ft, lf));
  // D's transform, interleaved.
  const h = new Float64Array(2 * size);
  const half = size / 2;
  const g = [0, 0, 0, 0, 0, 0];
  for (let j = 0; j <= half; j++) {
    const k = (size - j) % size;
    // The two real parts of a packed transform apart: A = (Z[j] + conj Z[-j]) / 2, C = (Z[j] - conj Z[-j]) / 2i.
    const ar = (f[2 * j] + f[2 * k]) / 2;
    const ai = (f[2 * j + 1] - f[2 * k + 1]) / 2;
    const cr = (f[2 * j + 1] + f[2 * k + 1]) / 2;
    const ci = (f[2 * k] - f[2 * j]) / 2;
    const ur = ar * cr - ai * ci;
    const ui = ar * ci + ai * cr;
    for (let r = 0; r < 3; r++) {
      const row = rows[r];
      let sr = 0;
      let si = 0;
      for (let i = row.length - 1; i >= 0; i--) {
        const t = sr * ur - si * ui + row[i];
        si = sr * ui + si * ur;
        sr = t;
      }
      // Times a^m for games won, c^|m| for games lost.
      const m = needs[r];
      const [br, bi] = m >= 0 ? [ar, ai] : [cr, ci];
      for (let e = Math.abs(m); e > 0 && row.length > 0; e--) {
        const t = sr * br - si * bi;
        si = sr * bi + si * br;
        sr = t;
      }
      g[2 * r] = sr;
      g[2 * r + 1] = si;
    }
    const nwr = (c[2 * j] + c[2 * k]) / 2;
    const nwi = (c[2 * j + 1] - c[2 * k + 1]) / 2;
    const nlr = (c[2 * j + 1] + c[2 * k + 1]) / 2;
    const nli = (c[2 * k] - c[2 * j]) / 2;
    h[2 * j] = nwr * g[0] - nwi * g[1] + ct * g[2] + nlr * g[4] - nli * g[5];
    h[2 * j + 1] = nwr * g[1] + nwi * g[0] + ct * g[3] + nlr * g[5] + nli * g[4];
    // D's chances are real: the other half of the spectrum is the conjugate of this one.
    if (j > 0 && j < half) {
      h[2 * (size - j)] = h[2 * j];
      h[2 * (size - j) + 1] = -h[2 * j + 1];
    }
  }
  // fft.js's inverse divides by the size: the chances of D come back as they are.
  const d = new Float64Array(2 * size);
  fft.inverseTransform(d, h);
  let above = 0;
  let below = 0;
  let even = 0;
  for (let i = 0; i < size; i++) {
    const points = so.pointsAhead + lo + ((((i - lo) % size) + size) % size);
    if (points > 0) above += d[2 * i];
    else if (points < 0) below += d[2 * i];
    else even += d[2 * i];
  }
  return { above, below, even: Math.max(0, even) };
}

/**
 * Each seat's chance to win the match: `now` the game in play's difference (seat 0's final less seat 1's,
 * gameDifference), `fresh` a fresh game's (the same for every game still to come), `so` the match so far.
 */
export function matchChances(now: ScoreDistribution, fresh: ScoreDistribution, so: MatchSoFar): MatchChances {
  const n = so.gamesAfter;
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`the games still to come must be a whole number, not ${n}`);
  const s = signs(now);
  const w = walk(signs(fresh), n);
  // P(W > 0) and P(W < 0) from the signs alone: this game's sign plus the walk of the games after.
  let ahead = 0;
  let behind = 0;
  for (const [sign, chance] of [[1, s.won], [0, s.tie], [-1, s.lost]] as const) {
    for (let k = -n; k <= n; k++) {
      const games = so.gamesAhead + sign + k;
      if (games > 0) ahead += chance * w[k + n];
      else if (games < 0) behind += chance * w[k + n];
    }
  }
  const { above, below, even } = Math.abs(so.gamesAhead) <= n + 1 ? level(now, fresh, so) : { above: 0, below: 0, even: 0 };
  // Out of the chance the distributions keep (their far tails are dropped), so that a match already decided is 100%.
  const kept = ahead + above + behind + below + even;
  const share = (x: number) => Math.min(1, Math.max(0, x / kept));
  return { win: [share(ahead + above), share(behind + below)], tie: share(even) };
}
