import { describe, expect, it } from 'vitest';
import { EMPTY_CARD } from '../../src/engine/index.js';
import { solverStrategy, type SolverModule } from '../../src/session/index.js';
import { winTurns } from '../../src/session/strategy.js';
import type { StrategyTable } from '../../src/solver/index.js';

const table = { rules: 'official' } as unknown as StrategyTable;

/** A solver that hands `table` over when `finish` is called, as computed and cached (or not: `saved`). */
function fakeSolver(saved: boolean) {
  let finish: () => void = () => undefined;
  let loaded = 0;
  const solver: SolverModule = {
    getCachedTable: () => (loaded > 0 ? table : undefined),
    defaultThreads: () => 1,
    cacheDir: () => '/cache',
    loadOrSolveReport: (async (_rules: string, options: { threads?: number }) => {
      expect(options.threads).toBe(2);
      await new Promise<void>((resolve) => (finish = resolve));
      loaded++;
      return { table, source: 'computed', saved };
    }) as unknown as SolverModule['loadOrSolveReport'],
  };
  return { solver, finish: () => finish() };
}

describe("the session's strategy source", () => {
  it.each([
    [true, []],
    [false, ['The strategy table is used from memory: it could not be cached (in /cache)']],
  ])('a table computed (cached: %s) comes back; a cache that cannot be written is one line', async (saved, lines) => {
    const told: string[] = [];
    const fake = fakeSolver(saved);
    const source = solverStrategy((line) => told.push(line), async () => fake.solver);
    expect(source.cached('official')).toBeUndefined();
    expect(source.busy()).toBe(false);
    const loading = source.load('official', () => undefined);
    expect(source.busy()).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    fake.finish();
    await expect(loading).resolves.toBe(table);
    expect(source.busy()).toBe(false);
    expect(source.cached('official')).toBe(table);
    expect(told).toEqual(lines);
  });

  it('while another copy makes the table, the game is told so in one line', async () => {
    const told: string[] = [];
    const owner = { pid: 4242 };
    const solver = {
      ...fakeSolver(true).solver,
      loadOrSolveReport: async (_rules: string, options: { onWait?: (words: string, who: unknown) => void }) => {
        options.onWait?.('another yahtzee (process 4242) is making the table…', owner);
        return { table, source: 'cache' };
      },
    } as unknown as SolverModule;
    const source = solverStrategy((line) => told.push(line), async () => solver);
    await expect(source.load('official', () => undefined)).resolves.toBe(table);
    expect(told).toEqual(['Another yahtzee (process 4242) is making the strategy table: it is used once made']);
  });

  it('a failed load is no longer busy and reaches the caller', async () => {
    const solver = { ...fakeSolver(true).solver, loadOrSolveReport: async () => Promise.reject(new Error('no workers')) } as unknown as SolverModule;
    const source = solverStrategy(() => undefined, async () => solver);
    await expect(source.load('official', () => undefined)).rejects.toThrow('no workers');
    expect(source.busy()).toBe(false);
  });
});

describe("the session's win seat turn work (winTurns)", () => {
  it("decides with winDecision from the worker's answer, and hands a target match's fresh distribution to the next turn", async () => {
    const { solveSubgame, solverFromReply, winChooser, winDecision } = await import('../../src/solver/index.js');
    const { winTurnWork } = await import('../../src/solver/win/turnWork.js');
    const { cardWithOpen, dice } = await import('../solver/helpers.js');
    const { getRuleSet } = await import('../../src/engine/index.js');
    const me = cardWithOpen('official', ['chance', 'fullHouse'], { sixes: 18 });
    const other = cardWithOpen('official', ['chance', 'fullHouse', 'yahtzee'], { fours: 12 });
    const t = solveSubgame('official', cardWithOpen('official', ['chance', 'fullHouse', 'yahtzee']));
    const fresh = { lo: 250, p: Float64Array.of(1) };
    const given: unknown[] = [];
    const ways: string[] = [];
    const thread = {
      win: async (tab: typeof t, spec: Parameters<typeof winTurnWork>[1], f?: Parameters<typeof winTurnWork>[2]) => {
        ways.push(`win ${spec.key}`);
        given.push(f);
        return { ...winTurnWork(tab, spec, f ?? fresh), ...(f ? {} : { fresh }) };
      },
      warm: () => void ways.push('warm'),
    };
    let loaded = 0;
    const turns = winTurns(async () => (loaded++, thread), async () => ({ winChooser }));
    const run = turns.winTurn;
    const spec = { key: 'a', rules: 'official' as const, seat: 0, cards: [me, other], goal: { kind: 'target' as const, target: 500, before: [100, 120] } };
    const answer = await run(t, spec);
    expect(answer.key).toBe('a');
    const { solver, turn } = solverFromReply(t.tables, winTurnWork(t, spec, fresh));
    const position = { card: me, dice: dice('6 6 6 2 2'), rollsLeft: 2 };
    expect(answer.decide(position)).toEqual(winDecision(solver, getRuleSet('official'), me, position.dice, 2, turn));
    await run(t, { ...spec, key: 'b' });
    expect(given).toEqual([undefined, fresh]);
    // Readied ahead of a turn, then the turn's work in the same thread.
    turns.winWarm();
    await new Promise((r) => setTimeout(r, 0));
    await run(t, { ...spec, key: 'c' });
    expect(ways).toEqual(['win a', 'win b', 'warm', 'win c']);
    expect(loaded).toBe(4);
  });

  it('a thread that cannot load: the turn rejects with the reason (the seat then plays mean-optimally), and readying it is harmless', async () => {
    const turns = winTurns(async () => 'the solver could not be loaded (no chunk)', async () => ({ winChooser: () => () => ({ kind: 'score', box: 'chance' }) }));
    turns.winWarm();
    await expect(turns.winTurn({ rules: 'official' } as never, { key: 'a', rules: 'official', seat: 0, cards: [], goal: { kind: 'game' } })).rejects.toThrow('the solver could not be loaded (no chunk)');
  });
});

describe("the session's chances to win", () => {
  it('asks the chances client, loaded once, with the rules and cards', async () => {
    const asked: unknown[][] = [];
    let made = 0;
    class FakeThread {
      constructor() {
        made++;
      }
      ask(...args: unknown[]) {
        asked.push(args);
        return Promise.resolve({ kind: 'answer', win: [0.5, 0.4], tie: 0.1 });
      }
    }
    const source = solverStrategy(() => undefined, undefined, async () => ({ ChancesClient: FakeThread as never }));
    const cards = [EMPTY_CARD, EMPTY_CARD];
    await expect(source.chances!('official', cards, () => undefined)).resolves.toEqual({ kind: 'answer', win: [0.5, 0.4], tie: 0.1 });
    await source.chances!('official', cards, () => undefined);
    expect(made).toBe(1);
    expect(asked.map((a) => a.slice(0, 2))).toEqual([['official', cards], ['official', cards]]);
  });

  it('close stops the chances\' process once started, and starts none when none was', async () => {
    let closed = 0;
    let made = 0;
    class FakeThread {
      constructor() {
        made++;
      }
      ask() {
        return Promise.resolve({ kind: 'answer', win: [0.5, 0.4], tie: 0.1 });
      }
      close() {
        closed++;
        return Promise.resolve();
      }
    }
    const load = async () => ({ ChancesClient: FakeThread as never });
    const idle = solverStrategy(() => undefined, undefined, load);
    idle.close();
    await new Promise((r) => setImmediate(r));
    expect([made, closed]).toEqual([0, 0]);
    const used = solverStrategy(() => undefined, undefined, load);
    await used.chances!('official', [EMPTY_CARD, EMPTY_CARD], () => undefined);
    used.close();
    await new Promise((r) => setImmediate(r));
    expect([made, closed]).toEqual([1, 1]);
  });

  it('a solver that cannot load: the chances are not available, said as an outcome', async () => {
    const source = solverStrategy(() => undefined, undefined, () => Promise.reject(new Error('no chunk')));
    await expect(source.chances!('official', [EMPTY_CARD, EMPTY_CARD], () => undefined)).resolves.toEqual({ kind: 'failed', error: 'the solver could not be loaded (no chunk)' });
  });
});
