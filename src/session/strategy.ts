import type { WinAnswer } from '../app/computer.js';
import type { Card, RuleSetId } from '../engine/index.js';
import type { StrategyTable } from '../solver/index.js';
import type { ChancesOutcome, ChancesProgress, ChancesClient } from '../solver/chances/client.js';
import type { ChancesTurn } from '../solver/chances/messages.js';
import type { MatchSoFar } from '../solver/chances/matchChances.js';
import type { WinTurnSpec } from '../solver/win/winGoal.js';

/** Where the app gets a rule set's strategy table (for the computer, hints and the review). */
export interface StrategySource {
  /** The table if it is at hand already (no waiting). */
  readonly cached: (rules: RuleSetId) => StrategyTable | undefined;
  /** Loads or computes the table off this thread, reporting progress (states done, states in all). */
  readonly load: (rules: RuleSetId, onProgress: (done: number, total: number) => void) => Promise<StrategyTable>;
  /**
   * A win seat's turn work in the chances' process (rejects, with the reason, when that cannot be done); without it a
   * win seat plays mean-optimally.
   */
  readonly winTurn?: (table: StrategyTable, spec: WinTurnSpec) => Promise<WinAnswer>;
  /** Readies the process for a win seat's next turn, while the seat before it plays (winTurn then uses it). */
  readonly winWarm?: () => void;
  /**
   * Each seat's chance to win from these cards (every seat playing optimally from its own), worked out off this thread,
   * with the strategy table this thread has if any (shared, not copied); never rejects (a failure is an outcome).
   * Absent: the chances are not available. With `turn`, that seat from the dice on its table; with `match` (two
   * seats in a match of games), each seat's chance to win the match too.
   */
  readonly chances?: (rules: RuleSetId, cards: readonly Card[], onProgress: ChancesProgress, turn?: ChancesTurn, match?: MatchSoFar) => Promise<ChancesOutcome>;
}

/** The solver's entry points a strategy source uses (the solver module, loaded when first wanted; tests give a fake). */
export type SolverModule = Pick<typeof import('../solver/index.js'), 'getCachedTable' | 'loadOrSolveReport' | 'defaultThreads' | 'cacheDir'>;

/** The solver's entry point for a win seat's choices (tests give a fake). */
export type WinModule = Pick<typeof import('../solver/index.js'), 'winChooser'>;

/**
 * Where a win seat's turn work runs (the chances' process, so that the chances and the win seats share one), or why
 * there is none.
 */
export type WinProcess = Pick<ChancesClient, 'win' | 'warm'>;

/**
 * The win seats' turn work in the chances' child process (`chances`, loaded when first wanted): readied ahead of the
 * turn when winWarm is called (while the seat before plays), else started when the turn begins; a fresh game's
 * distribution kept for a target match.
 */
export function winTurns(chances: () => Promise<WinProcess | string>, loadWin: () => Promise<WinModule> = () => import('../solver/index.js')): Required<Pick<StrategySource, 'winTurn' | 'winWarm'>> {
  const fresh = new Map<RuleSetId, NonNullable<Awaited<ReturnType<WinProcess['win']>>['fresh']>>();
  // A solver that cannot load: the turn says why.
  const winWarm = (): void => void chances().then((t) => (typeof t === 'string' ? undefined : t.warm()));
  const winTurn = async (table: StrategyTable, spec: WinTurnSpec): Promise<WinAnswer> => {
    const [solver, t] = await Promise.all([loadWin(), chances()]);
    if (typeof t === 'string') throw new Error(t);
    const reply = await t.win(table, spec, fresh.get(spec.rules));
    if (reply.fresh && !fresh.has(spec.rules)) fresh.set(spec.rules, reply.fresh);
    return { key: reply.key, decide: solver.winChooser(table, reply) };
  };
  return { winTurn, winWarm };
}

/** The strategy source of a game session, and whether a table is still being computed. */
export interface SessionStrategy extends StrategySource {
  /** True while a table is being loaded or computed (worker threads that would keep the process alive). */
  readonly busy: () => boolean;
  /**
   * Stops the chances' child process, and with it the process it started to make the distribution table: a game
   * that has ended must not wait for a table nobody will read.
   */
  readonly close: () => void;
}

/**
 * The strategy table from the cache, or computed in worker threads (at least two, so never on this thread: the screen
 * and the keys stay live while it is computed), those of a child process where one can be started (LoadOptions.apart:
 * their memory leaves with it). The solver is loaded when a table is first wanted, after the first frame (a chunk of
 * its own when bundled). A cache that cannot be written is one line through `tell`, and the table is used from memory.
 */
export function solverStrategy(
  tell: (line: string) => void,
  loadSolver: () => Promise<SolverModule> = () => import('../solver/index.js'),
  loadChances: () => Promise<{ ChancesClient: new () => ChancesClient }> = () => import('../solver/chances/client.js'),
): SessionStrategy {
  let solver: SolverModule | undefined;
  let computing = 0;
  let client: Promise<ChancesClient | string> | undefined;
  // The chances to win and the win seats' turn work in one child process, started when first wanted; a client that
  // cannot load is an outcome.
  const chancesClient = () =>
    (client ??= loadChances().then(
      (m) => new m.ChancesClient(),
      (e: unknown) => `the solver could not be loaded (${e instanceof Error ? e.message : String(e)})`,
    ));
  return {
    ...winTurns(chancesClient),
    chances: async (rules, cards, onProgress, turn, match) => {
      const t = await chancesClient();
      return typeof t === 'string' ? { kind: 'failed', error: t } : t.ask(rules, cards, onProgress, turn, match);
    },
    busy: () => computing > 0,
    // Nothing waits for the child's end (close never rejects); a child never started is not started now.
    close: () => void client?.then((t) => (typeof t === 'string' ? undefined : t.close())),
    cached: (rules) => solver?.getCachedTable(rules),
    load: async (rules, onProgress) => {
      computing++;
      try {
        solver ??= await loadSolver();
        const report = await solver.loadOrSolveReport(rules, {
          onProgress,
          threads: Math.max(2, solver.defaultThreads() - 1),
          apart: {},
          // Progress stays at 0 while another copy makes the table: the player is told why.
          onWait: (_words, owner) => tell(`Another yahtzee (process ${owner.pid}) is making the strategy table: it is used once made`),
        });
        if (report.source === 'computed' && report.saved === false) tell(`The strategy table is used from memory: it could not be cached (in ${solver.cacheDir()})`);
        return report.table;
      } finally {
        computing--;
      }
    },
  };
}
