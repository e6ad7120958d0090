import { fork, type ChildProcess } from 'node:child_process';
import type { RuleSetId } from '../engine/index.js';
import { processEntry } from './workerEntry.js';

/*
 * The distribution table made in a child process (distributionChild.ts) for the game's odds worker: the whole-game
 * pass holds several hundred megabytes for a few seconds, once per machine and rule set. In a process of its own that
 * memory goes when the process ends, instead of staying in the game's (whose allocators keep what they once had).
 */

/** What the child process says: its progress, that the cache file is written, the table's bytes where it could not be, or why it failed. */
export type DistributionChildMessage =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'saved'; readonly peakBytes: number }
  | { readonly kind: 'table'; readonly bytes: Uint8Array; readonly peakBytes: number }
  | { readonly kind: 'failed'; readonly error: string };

/**
 * How the child's work ended: the table written to its cache file, or its bytes (the file could not be written), each
 * with the child's peak memory; or no child could be started at all (the caller may then make the table itself).
 */
export type DistributionChildOutcome =
  | { readonly kind: 'saved'; readonly peakBytes: number }
  | { readonly kind: 'table'; readonly bytes: Uint8Array; readonly peakBytes: number }
  | { readonly kind: 'not-started'; readonly error: string };

/** Starts the child process with its arguments (rule set, cache file); replaced in tests. */
export type StartChild = (args: readonly string[]) => ChildProcess;

/**
 * Starts distributionChild.ts in `env` (which locates the strategy table's cache) with an IPC channel that carries
 * typed arrays, none of this process's node flags, and nothing of the terminal (the game owns it).
 */
export function startDistributionChild(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const entry = processEntry('distributionChild');
  return fork(entry.file, [...args], { execArgv: [...entry.execArgv], env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

/**
 * Makes the distribution table of `rules` in a child process, which writes it to `file`; progress as it comes.
 * Rejects when the child fails, dies or ends without the table (an out-of-memory kill, a signal); resolves
 * 'not-started' when no process could be started.
 */
export function distributionsInChild(rules: RuleSetId, file: string, onProgress: (done: number, total: number) => void, start: StartChild = startDistributionChild): Promise<DistributionChildOutcome> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = start([rules, file]);
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
    child.on('message', (m: DistributionChildMessage) => {
      if (m.kind === 'progress') onProgress(m.done, m.total);
      else if (m.kind === 'saved') settle(() => resolve({ kind: 'saved', peakBytes: m.peakBytes }));
      else if (m.kind === 'table') settle(() => resolve({ kind: 'table', bytes: m.bytes, peakBytes: m.peakBytes }));
      else settle(() => reject(new Error(`the distribution table could not be made: ${m.error}`)));
    });
    child.once('error', (e) => settle(() => (spawned ? reject(e) : resolve({ kind: 'not-started', error: e.message }))));
    child.once('exit', (code, signal) => settle(() => reject(new Error(`the process making the distribution table stopped (${signal ?? `exit code ${code}`})`))));
  });
}
