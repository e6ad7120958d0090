import type { ScoreDistribution } from '../distribution/distribution.js';

/** Each player's chance to finish strictly highest, and the chance that the top is shared. */
export interface WinChances {
  readonly win: readonly number[];
  readonly tie: number;
}

/**
 * The chance of each player's final score being strictly the highest, the players' final scores being independent
 * with these distributions (each playing from their own card); the tie is what is left (the highest score shared).
 */
export function winChances(finals: readonly ScoreDistribution[]): WinChances {
  if (finals.length < 2) throw new RangeError('the chance to win needs at least two players');
  const lo = Math.min(...finals.map((d) => d.lo));
  const hi = Math.max(...finals.map((d) => d.lo + d.p.length - 1));
  const size = hi - lo + 1;
  // below[i][k]: P(player i's final < lo + k).
  const below = finals.map((d) => {
    const c = new Float64Array(size + 1);
    for (let k = 0; k < size; k++) {
      const i = lo + k - d.lo;
      c[k + 1] = c[k] + (i >= 0 && i < d.p.length ? d.p[i] : 0);
    }
    return c;
  });
  const win = finals.map((d, i) => {
    let w = 0;
    for (let j = 0; j < d.p.length; j++) {
      const k = d.lo + j - lo;
      let others = d.p[j];
      for (let o = 0; o < finals.length && others > 0; o++) if (o !== i) others *= below[o][k];
      w += others;
    }
    return w;
  });
  // P(the highest score is some score) is the product of the players' total chances (1 less what was trimmed or
  // rounded away): the tie is what of it no one has alone.
  const all = below.reduce((s, c) => s * c[size], 1);
  return { win, tie: Math.max(0, all - win.reduce((a, b) => a + b, 0)) };
}
