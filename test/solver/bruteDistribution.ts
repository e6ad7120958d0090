import { cardTotal, isCardComplete, scoreCard, scoreOptions, type Card, type Face, type RuleSet } from '../../src/engine/index.js';

/*
 * An independent brute force of the final-score distribution under mean-optimal play: ordered dice, holds by
 * position, every reroll outcome enumerated one by one, the engine's scoreCard and cardTotal for the points, each
 * choice the one of the highest expected final total (found by the same enumeration), and the distribution of the
 * final total carried along as a map from score to chance. It shares no code with the solver; cards with one or two
 * open boxes only.
 */

type Dist = Map<number, number>;
export interface Outcome {
  ev: number;
  dist: Dist;
}

/** A sorted roll as one number (a memo key). */
export const code = (sorted: readonly number[]) => sorted.reduce((k, f) => k * 7 + f, 0);
export const sorted = (d: readonly number[]) => [...d].sort((a, b) => a - b);
function outcomes(k: number): number[][] {
  if (k === 0) return [[]];
  return outcomes(k - 1).flatMap((o) => [1, 2, 3, 4, 5, 6].map((f) => [...o, f]));
}
/** Every ordered outcome of rolling k dice, for k = 0..5. */
export const OUTCOMES = [0, 1, 2, 3, 4, 5].map(outcomes);

function mix(parts: readonly Outcome[]): Outcome {
  const dist: Dist = new Map();
  let ev = 0;
  for (const o of parts) {
    ev += o.ev / parts.length;
    for (const [s, p] of o.dist) dist.set(s, (dist.get(s) ?? 0) + p / parts.length);
  }
  return { ev, dist };
}

/**
 * The final total's distribution from the start of a turn with `card`, or with `from` from these dice (in any order)
 * and rolls left, each choice maximising the expected final total.
 */
export function bruteDist(rules: RuleSet, card: Card, memo = new Map<string, Outcome>(), from?: { readonly dice: readonly number[]; readonly rollsLeft: number }): Outcome {
  if (isCardComplete(rules, card)) {
    const total = cardTotal(rules, card);
    return { ev: total, dist: new Map([[total, 1]]) };
  }
  const key = JSON.stringify([Object.entries(card.boxes).sort(), card.yahtzeeBonuses]);
  const known = memo.get(key);
  if (known) return known;
  const best = new Map<number, Outcome>();
  const kept = new Map<number, Outcome>();
  const value = (d: readonly number[], rollsLeft: number): Outcome => {
    const k = code(d) * 3 + rollsLeft;
    const have = best.get(k);
    if (have) return have;
    let v: Outcome | undefined;
    for (const o of scoreOptions(rules, card, d as Face[]).boxes) {
      if (!o.allowed) continue;
      const next = scoreCard(rules, card, d as Face[], o.box);
      if ('error' in next) throw new Error(next.error);
      const r = bruteDist(rules, next, memo);
      if (!v || r.ev > v.ev + 1e-9) v = r;
    }
    if (rollsLeft > 0) {
      for (let hold = 0; hold < 31; hold++) {
        const r = reroll(sorted(d.filter((_, i) => hold & (1 << i))), rollsLeft - 1);
        if (r.ev > v!.ev + 1e-9) v = r;
      }
    }
    best.set(k, v!);
    return v!;
  };
  const reroll = (keep: number[], rollsLeft: number): Outcome => {
    const k = (code(keep) * 10 + keep.length) * 3 + rollsLeft;
    const have = kept.get(k);
    if (have) return have;
    const r = mix(OUTCOMES[5 - keep.length].map((o) => value(sorted([...keep, ...o]), rollsLeft)));
    kept.set(k, r);
    return r;
  };
  if (from) return value(sorted(from.dice), from.rollsLeft);
  const r = reroll([], 2);
  memo.set(key, r);
  return r;
}


/** Each side's chance to finish higher, and the tie, from two final-score distributions. */
export function bruteWinChances(da: Dist, db: Dist): { readonly winA: number; readonly winB: number; readonly tie: number } {
  let winA = 0;
  let winB = 0;
  let tie = 0;
  for (const [sa, pa] of da) {
    for (const [sb, pb] of db) {
      if (sa > sb) winA += pa * pb;
      else if (sb > sa) winB += pa * pb;
      else tie += pa * pb;
    }
  }
  return { winA, winB, tie };
}
