import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SolveJob } from '../strategy/threadJobs.js';
import { startWithin } from './addressSpace.js';
import { workerEntry } from './entry.js';
import type { WorkerJob } from './jobThread.js';

/*
 * Worker threads for the solver's jobs: how many, starting one on a job, hearing from it, and the progress of the
 * work they share.
 */

/** Progress of a long job: units done out of total. */
export type ProgressListener = (done: number, total: number) => void;

/** Threads to use by default: one per core. */
export function defaultThreads(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, 8));
}

// The workers get no node flags of their own: those of the main thread (--input-type, -e, loaders) can stop them.
/**
 * Starts a solver worker thread on a job (jobThread.ts); throws KernelMemoryError where the address space has no room
 * for it (addressSpace.ts).
 */
export function startWorker(job: WorkerJob): Worker {
  return startWithin(kernelsOf(job), () => new Worker(workerEntry(), { workerData: job, execArgv: [] }));
}

/**
 * The WebAssembly kernels a job's worker makes: a distribution pass's outcomes and mix, a solve's turn (a worker that
 * prepares, or waits, stays for the solve when the table must be solved); none to write a cache file or to simulate.
 */
function kernelsOf(job: WorkerJob): number {
  if (job.task === 'distribution' || job.task === 'final') return 2;
  return job.task === 'save' || job.task === 'simulate' ? 0 : 1;
}

/** How the workers started by `watched` ended (an error, or an exit), so that a wait begun later still hears of it. */
const endings = new WeakMap<Worker, Error>();

/** A worker that may sit idle before anything waits for its messages: its end is remembered for nextMessage. */
export function watched(w: Worker): Worker {
  w.once('error', (e) => endings.set(w, e));
  w.once('exit', (code) => endings.has(w) || endings.set(w, new Error(`a solver worker stopped (exit code ${code})`)));
  return w;
}

/**
 * Starts a strategy-table worker thread (strategyThread.ts, which loads only the table's code) on a job, as
 * startWorker.
 */
export function startStrategyThread(job: SolveJob): Worker {
  return startWithin(kernelsOf(job), () => new Worker(workerEntry('strategyThread'), { workerData: job, execArgv: [] }));
}

/** Waits for one message from a worker; rejects when it fails or exits first. */
export function nextMessage(w: Worker): Promise<unknown> {
  const ended = endings.get(w);
  if (ended) return Promise.reject(ended);
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      cleanup();
      resolve(m);
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`a solver worker stopped (exit code ${code})`));
    };
    const cleanup = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
  });
}

/** Reports progress ten times a second while a job runs; the function returned stops it (with a last report). */
export function progressTimer(read: () => number, total: number, onProgress?: ProgressListener): () => void {
  if (!onProgress) return () => {};
  onProgress(0, total);
  const timer = setInterval(() => onProgress(read(), total), 100);
  return () => {
    clearInterval(timer);
    onProgress(read(), total);
  };
}

/** Runs a job that replies once in a worker thread: its reply, or null when the worker could not start or failed. */
export async function replyOf(job: WorkerJob): Promise<unknown> {
  let w: Worker | undefined;
  try {
    w = startWorker(job);
    return await nextMessage(w);
  } catch {
    return null;
  } finally {
    await w?.terminate();
  }
}
