import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { KernelMemoryError } from '../wasm/wasmBytes.js';

/*
 * Room in the address space for a worker thread. A new thread's V8 isolate that cannot reserve its address space
 * (under a limit such as ulimit -v) ends the whole process with a fatal error that JavaScript cannot catch, so under
 * a limit a worker is started only when the room it will take is there; else its start throws KernelMemoryError,
 * which the callers handle as any worker that cannot start (the work done here instead, or said in one line).
 */

const GIB = 2 ** 30;

/** A worker thread's own room (its isolate's reservations), with a margin: the figure is Node 20's on x64. */
export const THREAD_BYTES = 0.75 * GIB;

/**
 * A WebAssembly kernel's room: V8 reserves its memory's whole guarded range up front, and its compiled code more
 * (the measurements are in the commit that set this figure).
 */
export const KERNEL_BYTES = 10.5 * GIB;

/** The address-space limit (RLIMIT_AS) and the address space in use, in bytes. */
export interface AddressSpace {
  readonly limit: number;
  readonly used: number;
}

/** The soft "Max address space" limit in /proc/self/limits' text, in bytes; null when unlimited or not there. */
export function limitIn(limits: string): number | null {
  const m = /^Max address space\s+(\d+)/m.exec(limits);
  return m ? Number(m[1]) : null;
}

/** The address space in use (VmSize) in /proc/self/status' text, in bytes; null when not there. */
export function usedIn(status: string): number | null {
  const m = /^VmSize:\s+(\d+)\s*kB/m.exec(status);
  return m ? Number(m[1]) * 1024 : null;
}

/** The figures of this process, or null where there is no limit or it cannot be read (not Linux). */
function readSpace(): AddressSpace | null {
  try {
    const limit = limitIn(readFileSync('/proc/self/limits', 'utf8'));
    const used = limit === null ? null : usedIn(readFileSync('/proc/self/status', 'utf8'));
    return limit === null || used === null ? null : { limit, used };
  } catch {
    return null;
  }
}

/**
 * A worker's room counted until it exits, even the part of it already in use: how much of its room a running worker
 * has taken cannot be seen, and what it takes later (its kernels) must not be the room of one started after it.
 */
let claimed = 0;

/** Whether there is no limit, known once the first worker is started (a limit is set before a process starts). */
let unlimited = false;

/**
 * Starts a worker (`start`) that makes `kernels` WebAssembly kernels, if the room it needs is there; else throws
 * KernelMemoryError. Without a limit it only starts it. `space` reads the figures (tests give their own).
 */
export function startWithin(kernels: number, start: () => Worker, space: () => AddressSpace | null = readSpace): Worker {
  if (unlimited) return start();
  const s = space();
  if (s === null) {
    unlimited = space === readSpace;
    return start();
  }
  const need = THREAD_BYTES + kernels * KERNEL_BYTES;
  const free = s.limit - s.used - claimed;
  if (free < need) throw new KernelMemoryError(`the solver could not have the memory it computes in (a worker thread needs ${gib(need)} GiB of address space, ${gib(Math.max(0, free))} GiB are left: is it limited, as by ulimit -v?)`);
  const w = start();
  claimed += need;
  w.once('exit', () => (claimed -= need));
  return w;
}

function gib(bytes: number): string {
  return (bytes / GIB).toFixed(1);
}
