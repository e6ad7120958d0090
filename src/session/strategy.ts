import type { WinAnswer } from '../app/computer.js';
import type { Card, RuleSetId } from '../engine/index.js';
import type { StrategyTable } from '../solver/index.js';
import type { OddsOutcome, OddsProgress, OddsThread } from '../solver/oddsThread.js';
import type { WinTurnSpec } from '../solver/winGoal.js';

/** Where the app gets a rule set's strategy table (for the computer, hints and the review). */
export interface StrategySource {
  /** The table if it is at hand already (no waiting). */
  readonly cached: (rules: RuleSetId) => StrategyTable | undefined;
  /** Loads or computes the table off this thread, reporting progress (states done, states in all). */
  readonly load: (rules: RuleSetId, onProgress: (done: number, total: number) => void) => Promise<StrategyTable>;
  /** A win seat's turn work in a worker thread (rejects, with the reason, when that cannot be done); without it a win seat plays mean-optimally. */
  readonly winTurn?: (table: StrategyTable, spec: WinTurnSpec) => Promise<WinAnswer>;
  /** Starts the worker for a win seat's next turn ahead of it, while the seat before it plays (winTurn then uses it). */
  readonly winWarm?: (table: StrategyTable) => void;
  /**
   * Each seat's chance to win from these cards (every seat playing optimally from its own), worked out off this thread,
   * with the strategy table this thread has if any (shared, not copied); never rejects (a failure is an outcome).
   * Absent: the chances are not available.
   */
  readonly odds?: (rules: RuleSetId, cards: readonly Card[], onProgress: OddsProgress, table?: StrategyTable) => Promise<OddsOutcome>;
}

/** The solver's entry points a strategy source uses (the solver module, loaded when first wanted; tests give a fake). */
export type SolverModule = Pick<typeof import('../solver/index.js'), 'getCachedTable' | 'loadOrSolveReport' | 'defaultThreads' | 'cacheDir'>;

/** The solver's entry points for a win seat's turn work (tests give a fake). */
export type WinModule = Pick<typeof import('../solver/index.js'), 'winTurnOffThread' | 'winChooser' | 'warmWinWorker'>;

/**
 * The win seats' turn work from the solver (loaded when first wanted): a worker thread per turn, started ahead of
 * the turn when winWarm is called (while the seat before plays), else when the turn begins; a fresh game's
 * distribution kept for a target match.
 */
export function winTurns(loadWin: () => Promise<WinModule> = () => import('../solver/index.js')): Required<Pick<StrategySource, 'winTurn' | 'winWarm'>> {
  const fresh = new Map<RuleSetId, NonNullable<Awaited<ReturnType<WinModule['winTurnOffThread']>>['fresh']>>();
  let warm: ReturnType<WinModule['warmWinWorker']> | null = null;
  let warming: Promise<void> | null = null;
  const winWarm = (table: StrategyTable): void => {
    if (warming) return;
    warming = loadWin()
      .then((solver) => {
        warm?.stop();
        warm = solver.warmWinWorker(table);
      })
      // A worker that cannot start: the turn starts its own (and says why if that fails too).
      .catch(() => undefined)
      .finally(() => (warming = null));
  };
  const winTurn = async (table: StrategyTable, spec: WinTurnSpec): Promise<WinAnswer> => {
    const solver = await loadWin();
    if (warming) await warming;
    const ready = warm?.rules === spec.rules ? warm : null;
    warm = null;
    const reply = ready ? await ready.run(spec, fresh.get(spec.rules)) : await solver.winTurnOffThread(table, spec, fresh.get(spec.rules));
    if (reply.fresh && !fresh.has(spec.rules)) fresh.set(spec.rules, reply.fresh);
    return { key: reply.key, decide: solver.winChooser(table, reply) };
  };
  return { winTurn, winWarm };
}

/** The strategy source of a game session, and whether a table is still being computed. */
export interface SessionStrategy extends StrategySource {
  /** True while a table is being loaded or computed (worker threads that would keep the process alive). */
  readonly busy: () => boolean;
}

/**
 * The strategy table from the cache, or computed in worker threads (at least two, so never on this thread: the screen
 * and the keys stay live while it is computed). The solver is loaded when a table is first wanted, after the first
 * frame (a chunk of its own when bundled). A cache that cannot be written is one line through `tell`, and the table is
 * used from memory.
 */
export function solverStrategy(
  tell: (line: string) => void,
  loadSolver: () => Promise<SolverModule> = () => import('../solver/index.js'),
  loadOdds: () => Promise<{ OddsThread: new () => OddsThread }> = () => import('../solver/oddsThread.js'),
): SessionStrategy {
  let solver: SolverModule | undefined;
  let computing = 0;
  let odds: Promise<OddsThread | string> | undefined;
  return {
    ...winTurns(),
    // The chances to win in a worker thread of their own, started when first wanted; one that cannot load is an outcome.
    odds: async (rules, cards, onProgress, table) => {
      odds ??= loadOdds().then(
        (m) => new m.OddsThread(),
        (e: unknown) => `the solver could not be loaded (${e instanceof Error ? e.message : String(e)})`,
      );
      const thread = await odds;
      return typeof thread === 'string' ? { kind: 'failed', error: thread } : thread.ask(rules, cards, onProgress, table);
    },
    busy: () => computing > 0,
    cached: (rules) => solver?.getCachedTable(rules),
    load: async (rules, onProgress) => {
      computing++;
      try {
        solver ??= await loadSolver();
        const report = await solver.loadOrSolveReport(rules, { onProgress, threads: Math.max(2, solver.defaultThreads() - 1) });
        if (report.source === 'computed' && report.saved === false) tell(`The strategy table is used from memory: it could not be cached (in ${solver.cacheDir()})`);
        return report.table;
      } finally {
        computing--;
      }
    },
  };
}
