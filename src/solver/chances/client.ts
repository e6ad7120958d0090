import { Worker } from 'node:worker_threads';
import { EMPTY_CARD, type Card, type RuleSetId } from '../../engine/index.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { cardKey, type ChancesReply, type ChancesStage, type ChancesTurn, type WinQuestion } from './messages.js';
import type { StrategyTable } from '../strategy/table.js';
import type { WinTurnSpec } from '../win/winGoal.js';
import type { WinReply } from '../win/turnWork.js';
import type { MatchChances, MatchSoFar } from './matchChances.js';
import { workerEntry } from '../workers/entry.js';
import { startWithin } from '../workers/addressSpace.js';

/** What became of a question to the chances' thread: the chances, why there are none, or dropped for a newer question. */
export type ChancesOutcome =
  | { readonly kind: 'answer'; readonly win: readonly number[]; readonly tie: number; readonly match?: MatchChances }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'dropped' };

/** Progress while the chances' thread makes a table it needs (the strategy table, then the distribution table). */
export type ChancesProgress = (stage: ChancesStage, done: number, total: number) => void;

/**
 * Starts the chances' worker thread, with no node flags of its own (those of the main thread, --input-type, -e,
 * loaders, can stop it); it makes the distributions' two kernels, and does not start where they have no room.
 */
export function startChancesThread(): Worker {
  return startWithin(2, () => new Worker(workerEntry('chancesThread'), { execArgv: [] }));
}

/** How many final distributions (about 10 KB each) are kept for later questions. */
const KEPT_FINALS = 32;

type Asked =
  | { readonly kind: 'chances'; readonly resolve: (outcome: ChancesOutcome) => void; readonly onProgress?: ChancesProgress; readonly turn: boolean }
  | { readonly kind: 'win'; readonly resolve: (reply: WinReply) => void; readonly reject: (e: Error) => void };

/**
 * Each seat's chance to win, and the win seats' turn work, worked out in one worker thread (chances/thread.ts:
 * one isolate for both, never one each), started when asked and ended once every question asked is answered, unless
 * a win seat's turn is coming (`warm`) or the last question followed a turn roll by roll (`turn`: the worker holds
 * that turn's distributions for its next roll, so with the chances on it lives through the game). Asking for the
 * chances never throws or rejects: a worker that cannot start or that fails is an outcome 'failed' (for that question
 * and every later one), never a crash, never a figure; a win seat's turn work then rejects with the reason. The
 * worker keeps the process alive only while a question is open.
 */
export class ChancesClient {
  private worker: Worker | null = null;
  private broken: string | null = null;
  private nextId = 1;
  private readonly asked = new Map<number, Asked>();
  /** A win seat's turn is coming: the worker stays when it has answered everything, ready for that turn's work. */
  private held = false;
  /**
   * Final distributions from earlier answers, by cardKey, the last used last (a Map keeps the order keys were first
   * set in, so each use sets its key anew): a turn changes one card, the others are sent back.
   */
  private readonly finals = new Map<string, ScoreDistribution>();

  /** A chances client; `start` starts its worker thread when it is first needed (tests give a failing one). */
  constructor(private readonly start: () => Worker = startChancesThread) {}

  /**
   * Each seat's chance to win from these cards, every seat playing optimally from its own. `table`, the whole-game
   * strategy table this thread has, is shared with the worker when its values are in shared memory (else the worker
   * reads the cache itself). With `turn`, that seat from the dice on its table: the worker then stays after
   * answering, holding the turn's distributions for the next roll (until a question from the start of a turn). With
   * `match` (two seats in a match of games), each seat's chance to win the match too; the fresh game's distribution
   * it needs is kept here with the others and sent back.
   */
  ask(rules: RuleSetId, cards: readonly Card[], onProgress?: ChancesProgress, table?: StrategyTable, turn?: ChancesTurn, match?: MatchSoFar): Promise<ChancesOutcome> {
    if (this.broken !== null) return Promise.resolve({ kind: 'failed', error: this.broken });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.asked.set(id, { kind: 'chances', resolve, onProgress, turn: turn !== undefined });
      const values = table !== undefined && table.rules === rules && table.baseMask === 0 && table.values.buffer instanceof SharedArrayBuffer ? table.values : undefined;
      const wanted = match !== undefined && match.gamesAfter > 0 ? [...cards, EMPTY_CARD] : cards;
      const known = [...new Set(wanted.map((c) => cardKey(rules, c)))].flatMap((k) => {
        const d = this.finals.get(k);
        if (d === undefined) return [];
        this.keep(k, d);
        return [[k, d] as const];
      });
      this.post({ id, rules, cards: [...cards], known, ...(values !== undefined ? { values } : {}), ...(turn !== undefined ? { turn } : {}), ...(match !== undefined ? { match } : {}) });
    });
  }

  /**
   * A win seat's turn work (win/turnWork.ts's winTurnWork) in the worker, after the questions asked before it; rejects
   * with the reason when the worker cannot start or fails, or the work cannot be done (the seat then plays
   * mean-optimally). `fresh`: a fresh game's distribution (a target match).
   */
  win(table: StrategyTable, spec: WinTurnSpec, fresh?: ScoreDistribution): Promise<WinReply> {
    this.held = false;
    if (this.broken !== null) return Promise.reject(new Error(this.broken));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.asked.set(id, { kind: 'win', resolve, reject });
      const q: WinQuestion = { kind: 'win', id, tables: table.tables, values: table.values, baseMask: table.baseMask, rules: table.rules, spec, ...(fresh !== undefined ? { fresh } : {}) };
      this.post(q);
    });
  }

  /**
   * A win seat's turn is coming (the seat before it plays): the worker is started now if it is not running, and
   * stays until that turn's work is asked (`win`), so that the work starts at once.
   */
  warm(): void {
    if (this.broken !== null) return;
    this.held = true;
    this.ensure();
  }

  /** Whether the worker thread is running (for the tests). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Stops the worker; questions still open are dropped (a win seat's turn work rejects), later ones fail. */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.held = false;
    this.broken = 'the chances are no longer worked out';
    for (const q of this.asked.values()) {
      if (q.kind === 'chances') q.resolve({ kind: 'dropped' });
      else q.reject(new Error(this.broken));
    }
    this.asked.clear();
    await w?.terminate();
  }

  /**
   * A message for the worker, started first if it is not running (a worker that cannot start is a failure); the
   * worker keeps the process alive until every question is answered (`hear` lets go).
   */
  private post(message: unknown): void {
    this.ensure();
    this.worker?.ref();
    this.worker?.postMessage(message);
  }

  /** The worker running: started now if it is not. */
  private ensure(): void {
    if (this.worker !== null) return;
    try {
      this.started(this.start());
    } catch (e) {
      this.fail(`the worker thread could not start (${e instanceof Error ? e.message : String(e)})`);
    }
  }

  private started(w: Worker): void {
    w.on('message', (reply: ChancesReply) => this.hear(reply));
    w.on('error', (e: Error) => {
      if (this.worker === w) this.fail(`the worker thread failed (${e.message})`);
      // Nothing waits for the end: the 'exit' listener hears it.
      void w.terminate();
    });
    w.on('exit', (code: number) => {
      if (this.worker === w) this.fail(`the worker thread stopped (exit code ${code})`);
    });
    this.worker = w;
    // Unref'd after the listeners, which ref its port again: an idle worker (kept for a turn's next roll, or warm for
    // a win seat) must not keep the process alive.
    w.unref();
  }

  private hear(reply: ChancesReply): void {
    const q = this.asked.get(reply.id);
    if (q === undefined) return;
    if (reply.kind === 'progress') {
      if (q.kind === 'chances') q.onProgress?.(reply.stage, reply.done, reply.total);
      return;
    }
    this.asked.delete(reply.id);
    // Nothing more to ask, no win seat's turn coming and no turn's distributions held for its next roll: the worker
    // goes, and its memory with it (the garbage of the distributions it made); the next question starts a new one,
    // which takes a moment and the shared strategy table.
    if (this.asked.size === 0 && !this.held && !(q.kind === 'chances' && q.turn)) this.retire();
    else if (this.asked.size === 0) this.worker?.unref();
    if (q.kind === 'win') {
      if (reply.kind === 'win') q.resolve(reply.reply);
      else q.reject(new Error(reply.kind === 'failed' ? reply.error : 'the turn work was dropped'));
      return;
    }
    if (reply.kind === 'win') return;
    if (reply.kind === 'answer') {
      for (const [k, d] of reply.made) this.keep(k, d);
      for (const k of this.finals.keys()) if (this.finals.size > KEPT_FINALS) this.finals.delete(k);
      q.resolve({ kind: 'answer', win: reply.win, tie: reply.tie, ...(reply.match !== undefined ? { match: reply.match } : {}) });
    }
    else if (reply.kind === 'failed') q.resolve({ kind: 'failed', error: reply.error });
    else q.resolve({ kind: 'dropped' });
  }

  /** A final distribution made or used now: the newest of those kept, so that it is the last to go. */
  private keep(key: string, final: ScoreDistribution): void {
    this.finals.delete(key);
    this.finals.set(key, final);
  }

  private retire(): void {
    const w = this.worker;
    this.worker = null;
    // Nothing waits for the end of a worker no longer used (terminate never rejects).
    void w?.terminate();
  }

  private fail(error: string): void {
    this.broken = error;
    this.worker = null;
    this.held = false;
    for (const q of this.asked.values()) {
      if (q.kind === 'chances') q.resolve({ kind: 'failed', error });
      else q.reject(new Error(error));
    }
    this.asked.clear();
  }
}
