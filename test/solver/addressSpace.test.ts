import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { KERNEL_BYTES, THREAD_BYTES, limitIn, startWithin, usedIn } from '../../src/solver/workers/addressSpace.js';

const GIB = 2 ** 30;

/** A stand-in for a worker thread: only its 'exit' matters here. */
function fakeWorker(): Worker {
  return new EventEmitter() as unknown as Worker;
}

describe('the address space a worker thread needs (addressSpace.ts)', () => {
  it('reads the soft limit and the size in use from /proc/self/limits and /proc/self/status', () => {
    const limits = 'Limit                     Soft Limit           Hard Limit           Units     \nMax stack size            8388608              unlimited            bytes     \nMax address space         12288000000          unlimited            bytes     \n';
    expect(limitIn(limits)).toBe(12_288_000_000);
    expect(limitIn(limits.replace('12288000000 ', 'unlimited   '))).toBeNull();
    expect(usedIn('Name:\tnode\nVmPeak:\t 11000000 kB\nVmSize:\t  728236 kB\nVmRSS:\t 50000 kB\n')).toBe(728236 * 1024);
    expect(usedIn('Name:\tnode\n')).toBeNull();
  });

  it('starts a worker where its thread and kernels have room, and refuses one where they have not', () => {
    let started = 0;
    const start = () => (started++, fakeWorker());
    // 12 GB, 10.9 GiB in use (the game with its screen layout): no room for a thread (0.75 GiB).
    const game = { limit: 12e9, used: 10.9 * GIB };
    expect(() => startWithin(0, start, () => game)).toThrow(expect.objectContaining({ name: 'KernelMemoryError', message: expect.stringMatching(/^the solver could not have the memory it computes in \(a worker thread needs 0\.8 GiB of address space, 0\.3 GiB are left: is it limited, as by ulimit -v\?\)$/) }));
    // 2 GB, 0.7 GiB in use (a command): a thread has room, a thread with a kernel has not.
    const command = { limit: 2e9, used: 0.7 * GIB };
    expect(() => startWithin(1, start, () => command)).toThrow(/needs 11\.3 GiB/);
    expect(started).toBe(0);
    const w = startWithin(0, start, () => command);
    expect(started).toBe(1);
    w.emit('exit', 0);
    // Without a limit it only starts it.
    startWithin(2, start, () => null);
    expect(started).toBe(2);
  });

  it('counts the room of the workers it started until they exit', () => {
    const space = { limit: 0.7 * GIB + 2 * (THREAD_BYTES + KERNEL_BYTES), used: 0.7 * GIB };
    const first = startWithin(1, fakeWorker, () => space);
    const second = startWithin(1, fakeWorker, () => space);
    // Both have claimed all the room, though their kernels are not in `used` yet.
    expect(() => startWithin(0, fakeWorker, () => space)).toThrow(/KernelMemory|the solver could not have/);
    first.emit('exit', 0);
    const third = startWithin(1, fakeWorker, () => space);
    second.emit('exit', 0);
    third.emit('exit', 0);
  });
});
