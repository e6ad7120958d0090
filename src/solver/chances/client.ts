import { fork, type ChildProcess } from 'node:child_process';
import { EMPTY_CARD, type Card, type RuleSetId } from '../../engine/index.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { cardKey, type ChancesQuestion, type ChancesReply, type ChancesStage, type ChancesTurn, type WinQuestion } from './messages.js';
import type { StrategyTable } from '../strategy/table.js';
import type { WinTurnSpec } from '../win/winGoal.js';
import type { WinReply } from '../win/turnWork.js';
import type { MatchChances, MatchSoFar } from './matchChances.js';
import { processEntry } from '../workers/entry.js';

/** What became of a question to the chances' process: the chances, why there are none, or dropped for a newer one. */
export type ChancesOutcome =
  | { readonly kind: 'answer'; readonly win: readonly number[]; readonly tie: number; readonly match?: MatchChances }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'dropped' };

/** Progress while the chances' process makes a table it needs (the strategy table, then the distribution table). */
export type ChancesProgress = (stage: ChancesStage, done: number, total: number) => void;

/**
 * Starts the chances' child process (child.ts) in `env`, which locates the strategy table's cache it reads: none of
 * this process's node flags, nothing of the terminal (the game owns it), and an IPC channel that carries typed arrays.
 */
export function startChancesChild(env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const entry = processEntry('chancesChild');
  return fork(entry.file, [], { execArgv: [...entry.execArgv], env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

/** How many final distributions (about 10 KB each) are kept for later questions. */
const KEPT_FINALS = 32;

/**
 * How long a question may wait with no word from the child before it is taken for stuck (stopped, or its own child
 * stopped): the work answers within seconds, and the making of a table says its progress at each percent.
 */
export const SILENCE_MS = 30_000;

/** How many times a child that could not start, died or went silent is replaced by a new one, at a later question. */
const RESTARTS = 2;

/** How long a child let go of has to end by itself (letting go of a table's lock) before it is killed. */
const GRACE_MS = 1000;

type Asked =
  | { readonly kind: 'chances'; readonly resolve: (outcome: ChancesOutcome) => void; readonly onProgress?: ChancesProgress; readonly turn: boolean }
  | { readonly kind: 'win'; readonly resolve: (reply: WinReply) => void; readonly reject: (e: Error) => void };

/**
 * Each seat's chance to win, and the win seats' turn work, worked out in one child process (chances/child.ts: one
 * for both, never one each), started when asked and ended once every question asked is answered, unless a win seat's
 * turn is coming (`warm`) or the last question followed a turn roll by roll (`turn`: the child holds that turn's
 * distributions for its next roll, so with the chances on it lives through the game). In a process of its own their
 * memory is not the game's, and all of it goes when the chances are no longer wanted; a child that dies (killed for
 * its memory, say) takes nothing of the game with it. Asking for the chances never throws or rejects: a child that
 * cannot start or that fails is an outcome 'failed' (for that question and every later one), never a crash, never a
 * figure; a win seat's turn work then rejects with the reason. A child silent for SILENCE_MS while a question is
 * open is such a failure too, and killed. A later question starts a new child, RESTARTS times at most: one killed
 * for its memory does not end the chances for the rest of the session (a hosted table's). The child keeps this
 * process alive only while a question is open.
 */
export class ChancesClient {
  private child: ChildProcess | null = null;
  /** Why no question is asked of a child now: closed, or a child failed (`failed`, then `restarts` of them so far). */
  private broken: string | null = null;
  private failed = false;
  private restarts = 0;
  private nextId = 1;
  private readonly asked = new Map<number, Asked>();
  /** A win seat's turn is coming: the child stays when it has answered everything, ready for that turn's work. */
  private held = false;
  /**
   * Final distributions from earlier answers, by cardKey, the last used last (a Map keeps the order keys were first
   * set in, so each use sets its key anew): a turn changes one card, the others are sent back.
   */
  private readonly finals = new Map<string, ScoreDistribution>();
  /** Runs out when the child has said nothing for `silenceMs` while a question is open. */
  private silence: NodeJS.Timeout | null = null;

  /**
   * A chances client; `start` starts its child process when it is first needed (tests give failing ones), which is
   * taken for stuck after `silenceMs` with a question open and nothing heard.
   */
  constructor(
    private readonly start: () => ChildProcess = startChancesChild,
    private readonly silenceMs = SILENCE_MS,
  ) {}

  /**
   * Each seat's chance to win from these cards, every seat playing optimally from its own, by the whole-game strategy
   * table the child reads from the cache (or makes, where there is none). With `turn`, that seat from the dice on its
   * table: the child then stays after answering, holding the turn's distributions for the next roll (until a question
   * from the start of a turn). With `match` (two seats in a match of games), each seat's chance to win the match too;
   * the fresh game's distribution it needs is kept here with the others and sent back.
   */
  ask(rules: RuleSetId, cards: readonly Card[], onProgress?: ChancesProgress, turn?: ChancesTurn, match?: MatchSoFar): Promise<ChancesOutcome> {
    this.revive();
    if (this.broken !== null) return Promise.resolve({ kind: 'failed', error: this.broken });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.asked.set(id, { kind: 'chances', resolve, onProgress, turn: turn !== undefined });
      const wanted = match !== undefined && match.gamesAfter > 0 ? [...cards, EMPTY_CARD] : cards;
      const known = [...new Set(wanted.map((c) => cardKey(rules, c)))].flatMap((k) => {
        const d = this.finals.get(k);
        if (d === undefined) return [];
        this.keep(k, d);
        return [[k, d] as const];
      });
      const q: ChancesQuestion = { id, rules, cards: [...cards], known, ...(turn !== undefined ? { turn } : {}), ...(match !== undefined ? { match } : {}) };
      this.post(q);
    });
  }

  /**
   * A win seat's turn work (win/turnWork.ts's winTurnWork) in the child, after the questions asked before it; rejects
   * with the reason when the child cannot start or fails, or the work cannot be done (the seat then plays
   * mean-optimally). The child reads a whole-game table from the cache as it does for the chances; a table of part
   * of a game goes with the question. `fresh`: a fresh game's distribution (a target match).
   */
  win(table: StrategyTable, spec: WinTurnSpec, fresh?: ScoreDistribution): Promise<WinReply> {
    this.held = false;
    this.revive();
    if (this.broken !== null) return Promise.reject(new Error(this.broken));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.asked.set(id, { kind: 'win', resolve, reject });
      const part = table.baseMask !== 0 ? { values: table.values } : {};
      const q: WinQuestion = { kind: 'win', id, rules: table.rules, baseMask: table.baseMask, ...part, spec, ...(fresh !== undefined ? { fresh } : {}) };
      this.post(q);
    });
  }

  /**
   * A win seat's turn is coming (the seat before it plays): the child is started now if it is not running, and
   * stays until that turn's work is asked (`win`), so that the work starts at once.
   */
  warm(): void {
    this.revive();
    if (this.broken !== null) return;
    this.held = true;
    this.ensure();
  }

  /** Whether the child process is running (for the tests). */
  get running(): boolean {
    return this.child !== null;
  }

  /** Stops the child; questions still open are dropped (a win seat's turn work rejects), later ones fail. */
  async close(): Promise<void> {
    const c = this.child;
    this.child = null;
    this.held = false;
    this.broken = 'the chances are no longer worked out';
    this.failed = false;
    for (const q of this.asked.values()) {
      if (q.kind === 'chances') q.resolve({ kind: 'dropped' });
      else q.reject(new Error(this.broken));
    }
    this.asked.clear();
    this.listen();
    if (c !== null) await ended(c);
  }

  /**
   * A message for the child, started first if it is not running (a child that cannot start is a failure); the child
   * keeps this process alive until every question is answered (`hear` lets go).
   */
  private post(message: ChancesQuestion | WinQuestion): void {
    this.ensure();
    const c = this.child;
    if (c === null) return;
    hold(c, true);
    // A child that has gone is heard of through its 'exit' (or 'error'), which fails what is open.
    if (c.connected) c.send(message);
    this.listen();
  }

  /** Starts the wait for the child's next word while a question is open (again at each word), else stops it. */
  private listen(): void {
    if (this.silence !== null) clearTimeout(this.silence);
    this.silence = null;
    if (this.asked.size === 0 || this.child === null) return;
    const c = this.child;
    this.silence = setTimeout(() => {
      if (this.child !== c) return;
      this.fail(`the chances' process gave no answer for ${Math.round(this.silenceMs / 1000)} s`);
      void ended(c, true);
    }, this.silenceMs);
    // The child keeps this process alive while a question is open; the wait alone does not.
    this.silence.unref();
  }

  /** The child running: started now if it is not. */
  private ensure(): void {
    if (this.child !== null) return;
    try {
      this.started(this.start());
    } catch (e) {
      this.fail(`the chances' process could not start (${e instanceof Error ? e.message : String(e)})`);
    }
  }

  private started(c: ChildProcess): void {
    c.on('message', (reply: ChancesReply) => this.hear(reply));
    c.on('error', (e: Error) => {
      if (this.child === c) this.fail(`the chances' process failed (${e.message})`);
      void ended(c, true);
    });
    c.on('exit', (code, signal) => {
      if (this.child === c) this.fail(`the chances' process stopped (${signal ?? `exit code ${code}`})`);
    });
    this.child = c;
    // An idle child (kept for a turn's next roll, or warm for a win seat) must not keep this process alive.
    hold(c, false);
  }

  private hear(reply: ChancesReply): void {
    const q = this.asked.get(reply.id);
    if (q === undefined) return;
    this.listen();
    if (reply.kind === 'progress') {
      if (q.kind === 'chances') q.onProgress?.(reply.stage, reply.done, reply.total);
      return;
    }
    this.asked.delete(reply.id);
    this.listen();
    // Nothing more to ask, no win seat's turn coming and no turn's distributions held for its next roll: the child
    // goes, and all its memory with it; the next question starts a new one, which takes a moment and reads the table.
    if (this.asked.size === 0 && !this.held && !(q.kind === 'chances' && q.turn)) this.retire();
    else if (this.asked.size === 0 && this.child !== null) hold(this.child, false);
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
    const c = this.child;
    this.child = null;
    // Nothing waits for the end of a child no longer used.
    if (c !== null) void ended(c);
  }

  /** After a child's failure, a new one for the next question, while restarts are left. */
  private revive(): void {
    if (this.broken === null || !this.failed || this.restarts >= RESTARTS) return;
    this.broken = null;
    this.failed = false;
    this.restarts++;
  }

  private fail(error: string): void {
    this.broken = error;
    this.failed = true;
    this.child = null;
    this.held = false;
    for (const q of this.asked.values()) {
      if (q.kind === 'chances') q.resolve({ kind: 'failed', error });
      else q.reject(new Error(error));
    }
    this.asked.clear();
    this.listen();
  }
}

/** Whether a child keeps this process alive: its process and its IPC channel both. */
function hold(c: ChildProcess, alive: boolean): void {
  if (alive) {
    c.ref();
    c.channel?.ref();
  } else {
    c.unref();
    c.channel?.unref();
  }
}

/**
 * Ends a child, `now` (killed) or by letting go of its channel: it then ends by itself, letting go of what it holds
 * (a table's lock), or is killed after GRACE_MS (stopped, say). Resolves when it has gone; nothing of it keeps this
 * process alive meanwhile.
 */
function ended(c: ChildProcess, now = false): Promise<void> {
  hold(c, false);
  if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    c.once('exit', () => resolve());
    if (now || !c.connected) {
      c.kill('SIGKILL');
      return;
    }
    const kill = setTimeout(() => c.kill('SIGKILL'), GRACE_MS);
    kill.unref();
    c.once('exit', () => clearTimeout(kill));
    c.disconnect();
  });
}
