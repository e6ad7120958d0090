import { getRuleSet, isCardComplete, type Card, type RuleSetId } from '../../engine/index.js';
import { TurnSolver, type TurnValues } from './core.js';
import { stateIndex, stateOfCard, type SolverState, type TableExtent } from './state.js';
import { ruleTables, type RuleTables } from './ruleTables.js';

/** A solved strategy: the expected remaining score at the start of every turn, for one rule set. */
export interface StrategyTable extends TableExtent {
  readonly rules: RuleSetId;
  /** Expected remaining score by stateIndex (upper bonus and Yahtzee bonuses to come included). */
  readonly values: Float64Array;
}

/** A table from solved values (used by the solver, the cache and the workers). */
export function makeTable(rules: RuleSetId, values: Float64Array, baseMask = 0): StrategyTable {
  return { rules, tables: ruleTables(rules), values, baseMask };
}

/** The card's solver state, after checking that its boxes belong to the table's rule set and the table covers it. */
export function stateFor(table: StrategyTable, card: Card): SolverState {
  const t = table.tables;
  for (const id in card.boxes) {
    const b = t.boxIds.indexOf(id);
    if (b < 0) throw new RangeError(`there is no box "${id}" in the ${table.rules} rules`);
    const face = t.upperFace[b];
    const pts = card.boxes[id];
    if (face > 0 && !(Number.isInteger(pts / face) && pts >= 0 && pts <= 5 * face)) throw new RangeError(`${id} cannot hold ${pts} points`);
  }
  const s = stateOfCard(table.tables, card);
  if ((s.mask & table.baseMask) !== table.baseMask) throw new RangeError('this strategy table was solved for a later position than this card');
  return s;
}

/** Expected remaining score (points still to come, bonuses included) at the start of a turn with this card. */
export function turnStartValue(table: StrategyTable, card: Card): number {
  const s = stateFor(table, card);
  if (isCardComplete(getRuleSet(table.rules), card)) return 0;
  return table.values[stateIndex(table.tables, s)];
}

const solvers = new WeakMap<RuleTables, TurnSolver>();
const turnMemo = new WeakMap<Float64Array, Map<number, TurnValues>>();
const TURN_MEMO_SIZE = 64;

/** The per-turn calculator for a table's rule set (one per rule set, reused). */
export function solverFor(table: StrategyTable): TurnSolver {
  let s = solvers.get(table.tables);
  if (!s) {
    s = new TurnSolver(table.tables);
    solvers.set(table.tables, s);
  }
  return s;
}

/** Every roll's and keep's value for the turn starting in state `s`; the last few turns are remembered. */
export function turnValues(table: StrategyTable, s: SolverState): TurnValues {
  let memo = turnMemo.get(table.values);
  if (!memo) {
    memo = new Map();
    turnMemo.set(table.values, memo);
  }
  const key = stateIndex(table.tables, s);
  let tv = memo.get(key);
  if (!tv) {
    if (memo.size >= TURN_MEMO_SIZE) memo.clear();
    tv = solverFor(table).turn(table.values, s.mask, s.up, s.flag);
    memo.set(key, tv);
  }
  return tv;
}
