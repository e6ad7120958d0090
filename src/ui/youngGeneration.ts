import diagnostics from 'node:diagnostics_channel';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';

const FLAG = '--semi-space-growth-factor=1';

/**
 * The old generation's growth between full collections, in percent of what survived the last (V8's
 * --heap-growing-percent; by default it may grow to 4 times that in a program as idle as this one).
 */
export const OLD_GROWTH_PERCENT = 25;

function apply(): void {
  v8.setFlagsFromString(FLAG);
  v8.setFlagsFromString(`--heap-growing-percent=${OLD_GROWTH_PERCENT}`);
}

function onWorker(message: unknown): void {
  const worker = (message as { worker?: Worker } | null)?.worker;
  worker?.once('online', apply);
}

let kept = false;

/**
 * Keeps V8's young generation at its first size (1 MiB semi-spaces) for the rest of the process, as
 * `node --max-semi-space-size=1` would; the launcher cannot pass node flags (a `#!/usr/bin/env node` line takes none).
 * A frame makes about half a megabyte of garbage, and what survives a scavenge makes V8 double the young generation,
 * up to 16 MiB semi-spaces in a long game: some 25 MiB more memory for no gain in a program that waits on keys.
 * V8 reads the growth factor each time it would grow, so setting it works after start, but it puts any factor under 2
 * back to 2 whenever an isolate starts: hence again as each worker thread comes online (Node's `worker_threads`
 * diagnostics channel tells of each new worker; in between, a scavenge may still double it once). Node 22's V8 does
 * the same. Returns whether the flag was set (false if it was already).
 *
 * With so small a young generation more of a frame's objects live long enough to be moved to the old generation,
 * where they wait for a full collection; V8 lets the old generation grow to up to 4 times what survived the last one
 * before the next (measured in the game: 25 to 53 MiB of old generation between two, 20 MiB of it alive), so its
 * growth is kept to OLD_GROWTH_PERCENT (at least V8's minimum step of some megabytes): a full collection about every
 * ten seconds of play, in a thread that waits on keys (V8 reads it at each full collection, so setting it after
 * start works, for every thread).
 */
export function keepYoungGenerationSmall(): boolean {
  if (kept) return false;
  kept = true;
  apply();
  diagnostics.subscribe('worker_threads', onWorker);
  return true;
}
