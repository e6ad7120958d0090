import { cardTotal, scoreOptions, type Card, type Dice, type RuleSet } from '../../engine/index.js';
import { turnFromScores } from '../strategy/core.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { holdFor, type Decision } from '../play/moves.js';
import { FACES_OF, FIVE_ALIKE, KEEP_COUNT, ROLL_COUNT, properKeepsOf, rollIndex } from '../dice/multisets.js';
import { stateIndex, stateOfCard, type SolverState } from '../strategy/state.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { FACE_COUNT } from '../outcomes/turnOutcomes.js';

/*
 * Play for the win: the choice that maximises the chance of finishing strictly above every other seat, each of them
 * playing mean-optimally from their card (so each has a known final-score distribution, independent of ours). That
 * chance is the expected value of u(my final total), u(s) = P(every other final < s), so the state needs the points
 * already scored: W(state, points) by backward induction over the later states and point totals that the rest of
 * the game can reach (a memo, filled on demand). Affordable for the last few turns: see WIN_EXACT_OPEN.
 */

export { WIN_EXACT_OPEN } from './winGoal.js';

/** u(s) = P(every other seat's final score < s): the chance that a final total of s wins outright. */
export function winUtility(others: readonly ScoreDistribution[]): (total: number) => number {
  const lo = Math.min(...others.map((d) => d.lo));
  const hi = Math.max(...others.map((d) => d.lo + d.p.length - 1));
  const below = new Float64Array(hi - lo + 2);
  below.fill(1);
  for (const d of others) {
    let c = 0;
    const mine = new Float64Array(hi - lo + 2);
    for (let s = lo; s <= hi + 1; s++) {
      mine[s - lo] = c;
      const i = s - d.lo;
      if (i >= 0 && i < d.p.length) c += d.p[i];
    }
    for (let k = 0; k < below.length; k++) below[k] *= mine[k];
  }
  return (total) => (total <= lo ? 0 : total > hi ? below[below.length - 1] : below[total - lo]);
}

/**
 * The utility of a "first to a set score" match (src/engine/match.ts: the match ends after the round in which a
 * seat's total over the match reaches the target, and the highest total over the match wins): u(s) = the chance of
 * winning the match when this game ends with s points on the win seat's card. `mine` is the win seat's total over the
 * finished games; each other seat has its total over them (`before`) and its final score of this game (`final`, its
 * distribution under mean-optimal play from its card, independent of the win seat's). Assumed: this game runs to its
 * full cards (the end after a round in which the target is crossed is not modelled, except the match's last turn:
 * see WinGoal's lastTurn, with winUtility over the known totals instead). Then with m = mine + s:
 * - m >= target: the match ends with this game, won when m is above every other total: prod_j P(before_j + X_j < m);
 * - m < target: won only if nobody reaches the target and the match goes on; from there the further games are taken
 *   as `further`: the difference of the win seat's and one other seat's points over them (`ahead` below), each other
 *   seat counted apart (the seats' shared dependence on the win seat's own further games is not): u(s) =
 *   prod_j sum_x P(X_j = x) [before_j + x < target] P(m - before_j - x + D > 0), D ~ `ahead`.
 * With no `ahead` (no further game can come), the second case is 0.
 */
export function winTargetUtility(mine: number, others: readonly { readonly before: number; readonly final: ScoreDistribution }[], target: number, ahead?: ScoreDistribution): (total: number) => number {
  // P(D > -d) for every whole d: the chance to come out ahead from a lead of d.
  const dLo = ahead ? ahead.lo : 0;
  const above = ahead ? new Float64Array(ahead.p.length + 1) : new Float64Array(1);
  if (ahead) for (let i = ahead.p.length - 1; i >= 0; i--) above[i] = above[i + 1] + ahead.p[i];
  /** P(d + D > 0). */
  const winFrom = (d: number): number => {
    if (!ahead) return 0;
    const i = 1 - d - dLo; // the first D with d + D >= 1
    return i <= 0 ? 1 : i >= ahead.p.length ? 0 : above[i];
  };
  const cache = new Map<number, number>();
  return (total) => {
    const have = cache.get(total);
    if (have !== undefined) return have;
    const m = mine + total;
    let u = 1;
    for (const o of others) {
      let part = 0;
      for (let i = 0; i < o.final.p.length; i++) {
        const p = o.final.p[i];
        if (p === 0) continue;
        const theirs = o.before + o.final.lo + i;
        if (m >= target) part += theirs < m ? p : 0;
        else if (theirs < target) part += p * winFrom(m - theirs);
      }
      u *= part;
    }
    cache.set(total, u);
    return u;
  };
}

/** The turn's values for one state and points total: s0 (roll scored now), keep1, keep2 (keep with 1 or 2 rolls left). */
export interface WinTurn {
  readonly score: Float64Array;
  readonly keep1: Float64Array;
  readonly keep2: Float64Array;
  readonly value: number;
}

/** The exact win-maximising values W(state, points) for a rule set and the other seats' distributions. */
export class WinSolver {
  private readonly memo = new Map<number, number>();
  private readonly u: (total: number) => number;
  /** Turn solves done (each a whole turn over rolls and keeps). */
  turns = 0;

  /** With the other seats' final-score distributions, or directly a utility of the final total (for tests). */
  constructor(
    readonly t: RuleTables,
    others: readonly ScoreDistribution[] | ((total: number) => number),
    /** Values worked out before (memoEntries of another solver with the same utility, e.g. a worker's). */
    memo?: Float64Array,
    /** The game ends with this turn (a target match's last round): u applies to the total after it. */
    readonly lastTurn = false,
  ) {
    this.u = typeof others === 'function' ? others : winUtility(others);
    if (memo) for (let i = 0; i + 1 < memo.length; i += 2) this.memo.set(memo[i], memo[i + 1]);
  }

  /** The values worked out so far, as [key, value] pairs (for a solver built elsewhere with the same utility). */
  memoEntries(): Float64Array {
    const out = new Float64Array(this.memo.size * 2);
    let i = 0;
    for (const [k, v] of this.memo) {
      out[i++] = k;
      out[i++] = v;
    }
    return out;
  }

  private key(s: number, points: number): number {
    return s * 8192 + points;
  }

  /** The chance to win from the start of a turn in state s with `points` on the card, playing for the win from here. */
  value(s: SolverState, points: number): number {
    const t = this.t;
    if (s.mask === (1 << t.boxCount) - 1) return this.u(points);
    const k = this.key(stateIndex(t, s), points);
    const have = this.memo.get(k);
    if (have !== undefined) return have;
    const v = this.turn(s, points).value;
    this.memo.set(k, v);
    return v;
  }

  /** W after scoring `pts` (+ extra bonus) in box b from state s with `points`: the next turn's start. */
  afterScore(s: SolverState, points: number, b: number, pts: number, extra: number): number {
    const t = this.t;
    let nu = s.up;
    let gain = pts + extra;
    if (t.upperSize > 1 && t.upperFace[b] > 0) {
      nu = Math.min(t.threshold, s.up + pts);
      if (s.up < t.threshold && nu >= t.threshold) gain += t.upperBonus;
    }
    if (this.lastTurn) return this.u(points + gain);
    const nf = b === t.yahtzeeBox ? (t.flagSize > 1 && pts === t.yahtzeeFull ? 1 : 0) : s.flag;
    return this.value({ mask: s.mask | (1 << b), up: nu, flag: nf }, points + gain);
  }

  /** Every roll's and keep's chance to win for the turn starting in state s with `points` (fresh arrays). */
  turn(s: SolverState, points: number): WinTurn {
    const t = this.t;
    this.turns++;
    const n = t.boxCount;
    const score = new Float64Array(KEEP_COUNT).fill(-Infinity);
    // Not shared scratch space: afterScore solves later turns (recursively) before this one is done.
    const tmp = new Float64Array(6);
    for (let b = 0; b < n; b++) {
      if (s.mask & (1 << b)) continue;
      const face = t.upperFace[b];
      if (face > 0) {
        for (let k = 0; k <= 5; k++) tmp[k] = this.afterScore(s, points, b, k * face, 0);
        const fc = (face - 1) * ROLL_COUNT;
        for (let r = 0; r < ROLL_COUNT; r++) {
          const v = tmp[FACE_COUNT[fc + r]];
          if (v > score[r]) score[r] = v;
        }
      } else {
        // The box's points take few values: each once.
        const seen = new Map<number, number>();
        for (let r = 0; r < ROLL_COUNT; r++) {
          const pts = t.points[b * ROLL_COUNT + r];
          let v = seen.get(pts);
          if (v === undefined) {
            v = this.afterScore(s, points, b, pts, 0);
            seen.set(pts, v);
          }
          if (v > score[r]) score[r] = v;
        }
      }
    }
    if (t.yahtzeeBox >= 0 && s.mask & (1 << t.yahtzeeBox)) {
      for (let f = 1; f <= 6; f++) {
        const allowed = t.jokerAllowed[s.mask * 6 + f - 1] & ~s.mask;
        const extra = s.flag ? t.jokerBonus[f - 1] : 0;
        let best = -Infinity;
        for (let b = 0; b < n; b++) if (allowed & (1 << b)) best = Math.max(best, this.afterScore(s, points, b, t.jokerPoints[(f - 1) * n + b], extra));
        score[FIVE_ALIKE[f]] = best;
      }
    }
    return turnFromScores(score);
  }
}

/**
 * The win strategy's decision for these dice: the box or keep of the highest chance to win (boxes first on a tie),
 * with `turn` the WinSolver's values of this turn (from the turn's start state and points).
 */
export function winDecision(solver: WinSolver, rules: RuleSet, card: Card, dice: Dice, rollsLeft: number, turn: WinTurn): Decision {
  const t = solver.t;
  const s = stateOfCard(t, card);
  const points = cardTotal(rules, card);
  const now = scoreOptions(rules, card, dice);
  let best: Decision | undefined;
  let bestValue = -Infinity;
  now.boxes.forEach((o, b) => {
    if (!o.allowed) return;
    const v = solver.afterScore(s, points, b, o.points, now.yahtzeeBonus);
    if (v > bestValue) {
      bestValue = v;
      best = { kind: 'score', box: o.box };
    }
  });
  if (rollsLeft > 0) {
    const values = rollsLeft === 1 ? turn.keep1 : turn.keep2;
    for (const k of properKeepsOf(rollIndex(dice))) {
      if (values[k] > bestValue) {
        bestValue = values[k];
        const keep = [...FACES_OF[k]];
        best = { kind: 'keep', keep, hold: holdFor(dice, keep) };
      }
    }
  }
  return best!;
}
