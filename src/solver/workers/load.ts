import { existsSync } from 'node:fs';
import type { Card, RuleSetId } from '../../engine/index.js';
import { rankOptions } from '../play/advice.js';
import { cacheFile, type CacheMiss } from '../strategy/cache.js';
import { luckOfGame } from '../play/luck.js';
import { linkTableSolver, type TableSolver } from '../play/tableSolver.js';
import { prepareForSolve, saveOffThread, solveParallel } from './solveOnThreads.js';
import { defaultThreads, type ProgressListener } from './threads.js';
import { chooseMove } from '../play/policy.js';
import { reviewDecisions, totalLoss } from '../play/review.js';
import { solveInThread } from '../strategy/solve.js';
import { stateOfCard } from '../strategy/state.js';
import { makeTable, type StrategyTable } from '../strategy/table.js';
import { adoptRuleTables, ruleTables } from '../strategy/ruleTables.js';
import { startSolverChild, strategyInChild, type SolverChildOutcome, type StartChild } from './childClient.js';
import { makeTableOnce, type TableWait } from './tableLock.js';

/** Options of loadOrSolve. */
export interface LoadOptions {
  /** Called about ten times a second while a table is computed (states done, states in all). */
  readonly onProgress?: ProgressListener;
  /** Worker threads for computing (default: one per core); with 1, all the work is done in this thread. */
  readonly threads?: number;
  /** The environment that locates the cache folder (default process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * A table with no cache file is solved in a child process of its own (childClient.ts; the game: the solve's worker
   * threads and their memory leave with it), whose file is then read here; `start` starts it (tests). Solved here
   * as without it when no process can be started, or the child fails.
   */
  readonly apart?: { readonly start?: StartChild };
  /** Told once when another copy sharing the cache is making the table, which this one then waits for (tableLock.ts). */
  readonly onWait?: TableWait;
  /** The table's lock is held for this process (the child process its parent started under it): made without taking it. */
  readonly lockHeld?: boolean;
}

/** How a table was obtained. */
export interface LoadReport {
  readonly table: StrategyTable;
  /** From this process's memory, from the cache file, or computed now. */
  readonly source: 'memory' | 'cache' | 'computed';
  /** Why the cache file was not used, when the table was computed. */
  readonly reason?: CacheMiss;
  /** Whether a computed table was written to the cache. */
  readonly saved?: boolean;
  readonly threads?: number;
  readonly seconds: number;
}

const TABLE_SOLVER: TableSolver = { chooseMove, rankOptions, reviewDecisions, totalLoss, luckOfGame };

/** A table from solved values; code loaded before the solver reads it through tableSolver, linked here first. */
function tableOf(rules: RuleSetId, values: Float64Array, baseMask = 0): StrategyTable {
  linkTableSolver(TABLE_SOLVER);
  return makeTable(rules, values, baseMask);
}

const loaded = new Map<RuleSetId, StrategyTable>();
const pending = new Map<RuleSetId, Promise<LoadReport>>();

/** The whole-game table of a rule set if this process has it already. */
export function getCachedTable(rules: RuleSetId): StrategyTable | undefined {
  return loaded.get(rules);
}

/** Drops the tables this process holds (the cache files stay). */
export function forgetTables(): void {
  loaded.clear();
}

/** The whole-game table of a rule set: from memory, else the cache file if it checks out, else computed and cached. */
export async function loadOrSolveReport(rules: RuleSetId, options: LoadOptions = {}): Promise<LoadReport> {
  const start = performance.now();
  const have = loaded.get(rules);
  if (have) return { table: have, source: 'memory', seconds: (performance.now() - start) / 1000 };
  let job = pending.get(rules);
  if (!job) {
    job = load(rules, options, start).finally(() => pending.delete(rules));
    pending.set(rules, job);
  }
  return job;
}

async function load(rules: RuleSetId, options: LoadOptions, start: number): Promise<LoadReport> {
  const file = cacheFile(rules, options.env ?? process.env);
  const threads = options.threads ?? defaultThreads();
  if (options.lockHeld || existsSync(file)) return make(rules, file, threads, options, start);
  // No cache file: made by one copy of those sharing the cache, the others reading its file (null: the file is there).
  const made = await makeTableOnce<LoadReport | null>(file, () => (existsSync(file) ? null : undefined), () => make(rules, file, threads, options, start), { onWait: options.onWait });
  return made ?? loadHere(rules, file, threads, options, start);
}

/** The table from its cache file, else solved: in a child process (LoadOptions.apart) when there is no file, else here. */
async function make(rules: RuleSetId, file: string, threads: number, options: LoadOptions, start: number): Promise<LoadReport> {
  if (options.apart && !existsSync(file)) {
    const apart = await solveApart(rules, threads, options, start);
    if (apart === 'saved') {
      // Read here from the file the child wrote (as a cached table is).
      const report = await loadHere(rules, file, threads, options, start);
      return report.source === 'cache' ? { ...report, source: 'computed', reason: 'missing', saved: true, threads } : report;
    }
    if (apart) return apart;
  }
  return loadHere(rules, file, threads, options, start);
}

/**
 * The table solved in a child process (LoadOptions.apart): 'saved' when it wrote the cache file, the table when it
 * sent it instead (its file could not be written), undefined when no child could be started or it failed.
 */
async function solveApart(rules: RuleSetId, threads: number, options: LoadOptions, start: number): Promise<LoadReport | 'saved' | undefined> {
  let made: SolverChildOutcome;
  try {
    const env = options.env ?? process.env;
    made = await strategyInChild(rules, threads, options.onProgress ?? (() => {}), options.apart?.start ?? ((args) => startSolverChild(args, env)));
  } catch {
    return undefined;
  }
  if (made.kind === 'saved') return 'saved';
  if (made.kind !== 'values') return undefined;
  // In shared memory, as a table solved here is (the solver's worker threads read it in place).
  const values = new Float64Array(new SharedArrayBuffer(made.values.byteLength));
  values.set(made.values);
  adoptRuleTables(made.tables);
  const table = tableOf(rules, values);
  loaded.set(rules, table);
  return { table, source: 'computed', reason: 'missing', saved: false, threads, seconds: (performance.now() - start) / 1000 };
}

/**
 * The table from its cache file, else solved in this process (on worker threads, or in this thread with one thread).
 * With worker threads, this thread only waits: the rule tables are built, the cache file read and written, and the
 * table computed in workers; this thread takes what they made. With no cache file the solve's workers start at once
 * (prepareForSolve), and one of them writes the table once solved.
 */
async function loadHere(rules: RuleSetId, file: string, threads: number, options: LoadOptions, start: number): Promise<LoadReport> {
  const { prepared, crew } = await prepareForSolve(rules, file, threads);
  const t = adoptRuleTables(prepared.tables);
  const cached = prepared.cached;
  if (typeof cached !== 'string') {
    const table = tableOf(rules, cached);
    loaded.set(rules, table);
    return { table, source: 'cache', seconds: (performance.now() - start) / 1000 };
  }
  const run = await solveParallel(t, { threads, onProgress: options.onProgress, states: prepared.states, crew, saveTo: file });
  const table = tableOf(rules, run.values);
  loaded.set(rules, table);
  const saved = run.saved ?? (await saveOffThread(t, run.values, file, threads));
  return { table, source: 'computed', reason: cached, saved, threads: run.threads, seconds: (performance.now() - start) / 1000 };
}

/** The whole-game strategy table of a rule set (cache-aware; computing it takes a few seconds the first time). */
export async function loadOrSolve(rules: RuleSetId, options: LoadOptions = {}): Promise<StrategyTable> {
  return (await loadOrSolveReport(rules, options)).table;
}

/**
 * A table for the rest of the game from `card` only (every later position), solved in this thread, not cached.
 * Quick when few boxes are open: 2^open box combinations, each with its upper totals.
 */
export function solveSubgame(rules: RuleSetId, card: Card): StrategyTable {
  const t = ruleTables(rules);
  const base = stateOfCard(t, card).mask;
  return tableOf(rules, solveInThread(t, base), base);
}
