import { cardTotal, getRuleSet, isCardComplete, scoreOptions, seedRng, type RuleSet } from '../../engine/index.js';
import { indexOfFaces } from '../dice/multisets.js';
import { chooseMove } from '../play/policy.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { KEEP_LEVEL, distributionFile, finalDistribution, readDistributions, type DistributionTable } from '../distribution/distributionTable.js';
import { difference, meanOf } from '../distribution/scoreStats.js';
import { readSomeDistributions } from '../distribution/partialRead.js';
import { stateIndex, stateOfCard } from '../strategy/state.js';
import type { StrategyTable } from '../strategy/table.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import type { WinGoal, WinTurnSpec } from './winGoal.js';
import { WinSolver, winDecision, winTargetUtility, winUtility, type WinTurn } from './winPlay.js';
import type { Decision, Position } from '../play/moves.js';

/*
 * A win seat's turn work (asked of the chances' process: chances/child.ts's 'win' question): the other seats'
 * final-score distributions (mean-optimal play from their cards) and the WinSolver's values for this turn and every
 * later one (its memo), sent back so that the game's thread decides each roll of the turn from them at once
 * (solverFromReply, then winDecision).
 */

/** The win work's answer: the utility as a table of totals, the solver's memo, the turn's values, milliseconds taken. */
export interface WinReply {
  readonly key: string;
  /** The game ends with this turn (a target match's last round): u applies to the total after it. */
  readonly lastTurn: boolean;
  /** u(total) for totals utilityLo, utilityLo + 1, ...; below: the first; above: the last. */
  readonly utilityLo: number;
  readonly utility: Float64Array;
  readonly memo: Float64Array;
  readonly turn: WinTurn;
  /** The fresh game's distribution used (a target match), to be handed to the next turn's job. */
  readonly fresh?: ScoreDistribution;
  readonly ms: { readonly distributions: number; readonly solve: number };
}

/** The most further games a target match's utility looks at (each a convolution over the difference of two games). */
const MAX_FURTHER_GAMES = 8;

/** The distribution of a + b for independent a and b, chances below 1e-15 at the ends dropped. */
function sum(a: ScoreDistribution, b: ScoreDistribution): ScoreDistribution {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    if (a.p[i] === 0) continue;
    for (let j = 0; j < b.p.length; j++) p[i + j] += a.p[i] * b.p[j];
  }
  let lo = 0;
  let hi = p.length - 1;
  while (lo < hi && p[lo] < 1e-15) lo++;
  while (hi > lo && p[hi] < 1e-15) hi--;
  return { lo: a.lo + b.lo + lo, p: p.slice(lo, hi + 1) };
}

/**
 * The utility of the win seat's final total for its goal: the game (winUtility: above every other final) or a
 * target match (winTargetUtility, the further games taken as n fresh games each, n the games the leader would
 * still need at a fresh game's mean, at least 1 and at most MAX_FURTHER_GAMES).
 */
export function goalUtility(goal: WinGoal, seat: number, others: readonly { readonly seat: number; readonly final: ScoreDistribution }[], mineNow: number, fresh?: ScoreDistribution): (total: number) => number {
  if (goal.kind === 'game') return winUtility(others.map((o) => o.final));
  // The last turn of a target match: the others' totals are known; the highest total over the match wins.
  if (goal.lastTurn) return winUtility(others.map((o) => ({ lo: goal.before[o.seat] - goal.before[seat] + o.final.lo, p: Float64Array.of(1) })));
  if (!fresh) throw new Error('a target match needs the distribution of a fresh game');
  const mu = meanOf(fresh);
  const lead = Math.max(goal.before[seat] + mineNow, ...others.map((o) => goal.before[o.seat] + meanOf(o.final)));
  const n = Math.max(1, Math.min(MAX_FURTHER_GAMES, Math.ceil((goal.target - lead) / mu)));
  const one = difference(fresh, fresh);
  let ahead = one;
  for (let i = 1; i < n; i++) ahead = sum(ahead, one);
  return winTargetUtility(
    goal.before[seat],
    others.map((o) => ({ before: goal.before[o.seat], final: o.final })),
    goal.target,
    ahead,
  );
}

/** The most points a turn's start can still add (every box's best, bonuses included), with room to spare. */
const MAX_GAIN = 2000;

/** A win seat's turn work, in this thread: see WinReply. `dist` is needed only for a card with few boxes filled. */
export function winTurnWork(table: StrategyTable, spec: WinTurnSpec, fresh?: ScoreDistribution, dist?: DistributionTable): WinReply {
  const rules = getRuleSet(spec.rules);
  const start = performance.now();
  const lastTurn = spec.goal.kind === 'target' && spec.goal.lastTurn === true;
  const early = !lastTurn && spec.cards.some((c, seat) => seat !== spec.seat && Object.keys(c.boxes).length <= KEEP_LEVEL);
  if (!dist && (early || (spec.goal.kind === 'target' && !lastTurn && !fresh))) {
    // Only the other seats' distributions (and the fresh game's), streamed from the cache file: the whole table is
    // tens of megabytes, and a worker's memory does not shrink once grown.
    const file = distributionFile(spec.rules);
    const wanted = new Set(spec.cards.flatMap((c, seat) => (seat !== spec.seat && Object.keys(c.boxes).length <= KEEP_LEVEL ? [stateIndex(table.tables, stateOfCard(table.tables, c))] : [])));
    dist = readSomeDistributions(table.tables, file, wanted) ?? readDistributions(table.tables, file) ?? undefined;
    if (!dist) throw new Error('no distribution table (yahtzee solve --distribution)');
  }
  fresh ??= dist?.fresh;
  // In a target match's last turn the others' cards are as they end: their totals now.
  const others = spec.cards.flatMap((c, seat) =>
    seat === spec.seat ? [] : [{ seat, final: lastTurn || isCardComplete(rules, c) ? { lo: cardTotal(rules, c), p: Float64Array.of(1) } : finalDistribution(table, dist, c) }],
  );
  const card = spec.cards[spec.seat];
  const points = cardTotal(rules, card);
  const u = goalUtility(spec.goal, spec.seat, others, points, fresh);
  const utility = new Float64Array(MAX_GAIN + 1);
  for (let i = 0; i <= MAX_GAIN; i++) utility[i] = u(points + i);
  const tabled = tableUtility(points, utility);
  const made = performance.now();
  const solver = new WinSolver(table.tables, tabled, undefined, lastTurn);
  const turn = solver.turn(stateOfCard(table.tables, card), points);
  return { key: spec.key, lastTurn, utilityLo: points, utility, memo: solver.memoEntries(), turn, fresh: spec.goal.kind === 'target' ? fresh : undefined, ms: { distributions: made - start, solve: performance.now() - made } };
}

/** u from its table of totals (as WinReply holds it). */
function tableUtility(lo: number, table: Float64Array): (total: number) => number {
  return (total) => table[Math.max(0, Math.min(table.length - 1, total - lo))];
}

/** The WinSolver and the turn's values from a worker's answer: winDecision then needs no more turn work. */
export function solverFromReply(t: RuleTables, reply: WinReply): { readonly solver: WinSolver; readonly turn: WinTurn } {
  return { solver: new WinSolver(t, tableUtility(reply.utilityLo, reply.utility), reply.memo, reply.lastTurn), turn: reply.turn };
}

/** The chance to win of a decision in this position of the turn (`turn` from the turn's start, as winDecision has it). */
export function winValueOf(solver: WinSolver, rules: RuleSet, position: Position, turn: WinTurn, decision: Decision): number {
  const { card, dice, rollsLeft } = position;
  if (decision.kind === 'keep') return (rollsLeft === 1 ? turn.keep1 : turn.keep2)[indexOfFaces(decision.keep)];
  const now = scoreOptions(rules, card, dice);
  const b = now.boxes.findIndex((o) => o.box === decision.box);
  return solver.afterScore(stateOfCard(solver.t, card), cardTotal(rules, card), b, now.boxes[b].points, now.yahtzeeBonus);
}

/**
 * The win seat's decision for any position of the turn the chances' process's answer is for: winDecision's, unless the
 * mean-optimal decision has the same chance to win (within 1e-12), which it then plays. So it leaves mean-optimal
 * play only for a higher chance to win, and where the win is already sure (or lost) it still plays for points.
 */
export function winChooser(table: StrategyTable, reply: WinReply): (position: Position) => Decision {
  const { solver, turn } = solverFromReply(table.tables, reply);
  const rules = getRuleSet(table.rules);
  return (p) => {
    const best = winDecision(solver, rules, p.card, p.dice, p.rollsLeft, turn);
    const mean = chooseMove(table, 'optimal', p, MEAN_RNG).decision;
    return winValueOf(solver, rules, p, turn, mean) >= winValueOf(solver, rules, p, turn, best) - 1e-12 ? mean : best;
  };
}

/** The generator handed to the mean-optimal choice (which draws nothing from it). */
const MEAN_RNG = seedRng(0);
