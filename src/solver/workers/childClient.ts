import { fork, type ChildProcess } from 'node:child_process';
import type { RuleSetId } from '../../engine/index.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { processEntry } from './entry.js';

/*
 * The game's one-time tables made in a child process (child.ts): the strategy table (its solve's worker threads)
 * and the distribution table (a pass that holds some 400 MiB for a few seconds), once per machine and rule set. In a
 * process of its own that memory goes when the process ends, instead of staying in the game's (whose allocators keep
 * what they once had). The child writes the cache file, which the game then reads.
 */

/**
 * What the child process says: its progress, that the cache file is written, the table where it could not be (the
 * distribution table's file bytes; the strategy table's values and rule tables), or why it failed.
 */
export type SolverChildMessage =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'saved'; readonly peakBytes: number }
  | { readonly kind: 'table'; readonly bytes: Uint8Array; readonly peakBytes: number }
  | { readonly kind: 'values'; readonly values: Float64Array; readonly tables: RuleTables; readonly peakBytes: number }
  | { readonly kind: 'failed'; readonly error: string };

/**
 * How the child's work ended: the table written to its cache file, or sent back (the file could not be written), each
 * with the child's peak memory; or no child could be started at all (the caller may then make the table itself).
 */
export type SolverChildOutcome = Exclude<SolverChildMessage, { kind: 'progress' } | { kind: 'failed' }> | { readonly kind: 'not-started'; readonly error: string };

/** Starts the child process with its arguments (task, rule set, then the task's own); replaced in tests. */
export type StartChild = (args: readonly string[]) => ChildProcess;

/**
 * Starts child.ts in `env` (which locates the cache) with an IPC channel that carries typed arrays, none of
 * this process's node flags, and nothing of the terminal (the game owns it).
 */
export function startSolverChild(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const entry = processEntry('child');
  return fork(entry.file, [...args], { execArgv: [...entry.execArgv], env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

/**
 * Runs the child process on `args` (child.ts: task, rule set, then the task's own), progress as it comes.
 * Rejects when the child fails, dies or ends without the table (an out-of-memory kill, a signal); resolves
 * 'not-started' when no process could be started.
 */
function runSolverChild(args: readonly string[], onProgress: (done: number, total: number) => void, start: StartChild): Promise<SolverChildOutcome> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = start(args);
    } catch (e) {
      resolve({ kind: 'not-started', error: e instanceof Error ? e.message : String(e) });
      return;
    }
    let spawned = false;
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
    };
    child.once('spawn', () => (spawned = true));
    child.on('message', (m: SolverChildMessage) => {
      if (m.kind === 'progress') onProgress(m.done, m.total);
      else if (m.kind === 'failed') settle(() => reject(new Error(`the ${args[0]} table could not be made: ${m.error}`)));
      else settle(() => resolve(m));
    });
    child.once('error', (e) => settle(() => (spawned ? reject(e) : resolve({ kind: 'not-started', error: e.message }))));
    child.once('exit', (code, signal) => settle(() => reject(new Error(`the process making the ${args[0]} table stopped (${signal ?? `exit code ${code}`})`))));
  });
}

/** Makes the distribution table of `rules` in a child process, which writes it to `file` (runSolverChild's outcomes). */
export function distributionsInChild(rules: RuleSetId, file: string, onProgress: (done: number, total: number) => void, start: StartChild = startSolverChild): Promise<SolverChildOutcome> {
  return runSolverChild(['distribution', rules, file], onProgress, start);
}

/** Solves the strategy table of `rules` in a child process on `threads` threads, which writes its cache file (runSolverChild's outcomes). */
export function strategyInChild(rules: RuleSetId, threads: number, onProgress: (done: number, total: number) => void, start: StartChild = startSolverChild): Promise<SolverChildOutcome> {
  return runSolverChild(['strategy', rules, String(threads)], onProgress, start);
}
