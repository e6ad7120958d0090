import { statSync } from 'node:fs';
import { STALE_MS, takeLock, type LockOptions, type LockOwner } from '../../storage/lock.js';

/*
 * One table made at a time per cache folder: copies of the game (or commands) that share a cache and all miss the
 * same table would each make it (a few hundred megabytes and a few seconds each, all at once). The first takes a lock
 * next to the table's cache file (storage/lock.ts: its holder proved alive) and makes it; the others wait, then read
 * the file it wrote. A holder that dies leaves a stale lock, taken over at once; one that lets go without a file
 * (a full disk) leaves the table to the next; one that stops touching its lock (suspended) is not waited for.
 */

/** The lock file of a cache file: `strategy-official.bin.lock` beside `strategy-official.bin`. */
export function tableLockFile(file: string): string {
  return `${file}.lock`;
}

/** How often a waiting copy looks at the lock again, in ms. */
const POLL_MS = 100;

/** What a waiting copy is told once, when it starts to wait: who is making the table. */
export type TableWait = (words: string, owner: LockOwner) => void;

/** Options of makeTableOnce. */
export interface TableOnceOptions {
  /** Called once when another live copy is found making the table, before waiting for it. */
  readonly onWait?: TableWait;
  /** The lock's test hooks. */
  readonly lock?: LockOptions;
}

/** True when the holder has not touched its lock for STALE_MS (suspended, or its thread held up): not waited for. */
function untouched(lockFile: string): boolean {
  const stat = statSync(lockFile, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs > STALE_MS;
}

/**
 * Gives `have()` once the table's cache file `file` holds it, else `make()`'s table, made holding the table's lock
 * (released however make ends, and when the process exits). While another live copy holds the lock, waits (onWait
 * once), then looks again: its file read, or the table made here if it let go without one. `have` is asked only
 * holding the lock (or where none can be taken: a read-only folder, where the table is made without one).
 */
export async function makeTableOnce<T>(file: string, have: () => T | undefined, make: () => Promise<T>, options: TableOnceOptions = {}): Promise<T> {
  const lockFile = tableLockFile(file);
  let told = false;
  for (;;) {
    const lock = takeLock(lockFile, options.lock);
    if (lock.kind === 'held' && !untouched(lockFile)) {
      if (!told) options.onWait?.(`another yahtzee (process ${lock.owner.pid}) is making the table…`, lock.owner);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    const release = lock.kind === 'taken' ? lock.release : () => {};
    process.once('exit', release);
    try {
      return have() ?? (await make());
    } finally {
      process.off('exit', release);
      release();
    }
  }
}
