import type { RuleSetId } from '../../engine/index.js';
import { readCachedTable, type CacheMiss } from './cache.js';
import { statesToSolve } from './solve.js';
import { buildRuleTables, ruleTables, type JokerHalf, type RuleTables } from './ruleTables.js';

/** What loading a rule set's strategy table starts from. */
export interface Prepared {
  readonly tables: RuleTables;
  /** The values from the cache file, or why it could not be used. */
  readonly cached: Float64Array | CacheMiss;
  /** The states a solve computes (for its progress), when there are no cached values; else 0. */
  readonly states: number;
}

/**
 * Builds the rule set's tables and reads its cache file: the slow part of loading a table (a few tenths of a second,
 * mostly the rule tables' 25,000 scoreOptions calls), which loadOrSolve has a worker thread do. With `half`, only
 * that half of the Joker entries (another thread builds the rest; a cache file would not check out, and is not expected).
 */
export function prepare(rules: RuleSetId, file: string, half: JokerHalf = 'all'): Prepared {
  // Tables missing half their Joker entries are not kept as this thread's: they are completed elsewhere.
  const tables = half === 'all' ? ruleTables(rules) : buildRuleTables(rules, half);
  const cached = readCachedTable(tables, file);
  return { tables, cached, states: typeof cached === 'string' ? statesToSolve(tables, 0) : 0 };
}
