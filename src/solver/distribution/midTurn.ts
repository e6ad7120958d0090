import { cardTotal, getRuleSet, type Card, type Dice } from '../../engine/index.js';
import { ROLL_COUNT, rollIndex } from '../dice/multisets.js';
import { TurnOutcomes } from '../outcomes/turnOutcomes.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { popcount, type SolverState } from '../strategy/state.js';
import { stateFor, type StrategyTable } from '../strategy/table.js';
import { distributionPass, trimmed, type ScoreDistribution } from './distribution.js';
import { KEEP_LEVEL, keptDistribution, type DistributionTable } from './distributionTable.js';
import { shifted } from './scoreStats.js';

/*
 * The distribution of the final score from the middle of a turn: some dice on the table and 0-2 rolls left, the rest
 * of the turn played as the strategy table says (turnOutcomes.ts's outcomesAfter), then the game from the state the
 * turn ends in. The states a turn can end in are found once a turn (turnEnds); each roll is then one mix of theirs.
 */

/** The distributions of the points to come from each state a turn can end in (the next turn's start), by state index. */
export type TurnEnds = ReadonlyMap<number, ScoreDistribution>;

/** One outcome calculator per rule tables (its scratch space and kernel are reused from roll to roll). */
const calculators = new WeakMap<RuleTables, TurnOutcomes>();

function outcomesOf(t: RuleTables): TurnOutcomes {
  let c = calculators.get(t);
  if (c === undefined) {
    c = new TurnOutcomes(t);
    calculators.set(t, c);
  }
  return c;
}

/** Every state a turn from `from` can end in, whatever the dice (each final roll's box under the table's policy). */
export function turnEndStates(t: RuleTables, values: Float64Array, from: SolverState): Set<number> {
  const turns = outcomesOf(t);
  const out = new Set<number>();
  for (let r = 0; r < ROLL_COUNT; r++) {
    const list = turns.outcomesAfter(values, from.mask, from.up, from.flag, r, 0);
    for (let j = 0; j < list.count; j++) out.add(list.next[j]);
  }
  return out;
}

/**
 * The distributions of the states a turn from `from` (not the end of the game) can end in: from the distribution
 * table `dist` while they have at most KEEP_LEVEL boxes filled, else from a pass from `from` (as remainingDistribution
 * makes, then let go).
 */
export function turnEnds(t: RuleTables, values: Float64Array, from: SolverState, dist?: DistributionTable): TurnEnds {
  if (from.mask === (1 << t.boxCount) - 1) throw new RangeError('every box is filled: there is no turn to play');
  const states = turnEndStates(t, values, from);
  const out = new Map<number, ScoreDistribution>();
  if (popcount(from.mask) + 1 <= KEEP_LEVEL) {
    if (!dist) throw new Error('the chances in a turn this early need the distribution table');
    for (const s of states) {
      const d = keptDistribution(dist, s);
      if (!d) throw new Error('the distribution table does not hold a state this turn can end in');
      out.set(s, d);
    }
    return out;
  }
  const store = distributionPass(t, values, -1, undefined, from);
  for (const s of states) out.set(s, store.get(s));
  store.release();
  return out;
}

/**
 * The distribution of the points still to come (this turn's included) from state `from` with the dice `roll` (a roll
 * index) and `rollsLeft` rolls left, in double precision from the turn's ends.
 */
export function midTurnRemaining(t: RuleTables, values: Float64Array, from: SolverState, ends: TurnEnds, roll: number, rollsLeft: 0 | 1 | 2): ScoreDistribution {
  const list = outcomesOf(t).outcomesAfter(values, from.mask, from.up, from.flag, roll, rollsLeft);
  let lo = Infinity;
  let hi = -Infinity;
  const of = (j: number) => {
    const d = ends.get(list.next[j]);
    if (d === undefined) throw new Error('a state this turn can end in has no distribution');
    return d;
  };
  for (let j = 0; j < list.count; j++) {
    const d = of(j);
    lo = Math.min(lo, d.lo + list.gain[j]);
    hi = Math.max(hi, d.lo + list.gain[j] + d.p.length - 1);
  }
  const p = new Float64Array(hi - lo + 1);
  for (let j = 0; j < list.count; j++) {
    const d = of(j);
    const base = d.lo + list.gain[j] - lo;
    const w = list.p[j];
    for (let i = 0; i < d.p.length; i++) p[base + i] += w * d.p[i];
  }
  return trimmed(lo, p);
}

/** What a player's chance in the middle of a turn is from: their card, the dice on the table and the rolls left. */
export interface MidTurn {
  readonly card: Card;
  readonly dice: Dice;
  readonly rollsLeft: 0 | 1 | 2;
}

/**
 * The final score's distribution (the card's points now plus what is to come) from the middle of a turn, under the
 * strategy table's play; `ends` from turnEnds for this card (made here when not given).
 */
export function midTurnFinal(table: StrategyTable, dist: DistributionTable | undefined, at: MidTurn, ends?: TurnEnds): ScoreDistribution {
  const s = stateFor(table, at.card);
  const e = ends ?? turnEnds(table.tables, table.values, s, dist);
  return shifted(midTurnRemaining(table.tables, table.values, s, e, rollIndex(at.dice), at.rollsLeft), cardTotal(getRuleSet(table.rules), at.card));
}
