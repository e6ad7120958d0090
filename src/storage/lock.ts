import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeError, processAlive } from './files.js';

/** The lock file of the game in play, in the state folder: one game per folder. */
export const GAME_LOCK = 'game.lock';

/** The lock file held while the high scores are read, changed and written, in the data folder. */
export const SCORES_LOCK = 'scores.lock';

/** What a lock file says about its holder. */
export interface LockOwner {
  readonly pid: number;
  /** The machine's name, so a lock of another machine (a shared folder) is never taken for stale. */
  readonly host: string;
  /** Linux's boot id, so a lock from before a reboot (whose pid may be in use again) is known to be stale. */
  readonly boot: string | null;
  /** When the lock was taken (ISO 8601). */
  readonly since: string;
}

/** What trying to take a lock found: taken (release gives it back), held by a running process, or not possible. */
export type LockResult =
  | { readonly kind: 'taken'; readonly release: () => void }
  | { readonly kind: 'held'; readonly owner: LockOwner; readonly file: string }
  | { readonly kind: 'failed'; readonly error: string; readonly file: string };

/** Test hooks of the locks. */
export interface LockOptions {
  /** Whether a process id is running (default: a signal 0). */
  readonly alive?: (pid: number) => boolean;
  /** The boot id of this boot (default: Linux's, or null elsewhere). */
  readonly boot?: string | null;
  /** The process taking the lock (default: this one). */
  readonly pid?: number;
}

/** This boot's id on Linux; null where there is none. */
function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const thisBoot = bootId();

/** The owner written in a lock file, or null when the file is not a lock this program wrote (damaged, half written). */
function readOwner(file: string): LockOwner | null | 'missing' {
  let text: string;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      if (!fs.fstatSync(fd).isFile()) return null;
      const buffer = Buffer.alloc(1024);
      text = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : null;
  }
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.since === 'string' && (v.boot === null || typeof v.boot === 'string')) return v as LockOwner;
  } catch {
    // not JSON
  }
  return null;
}

/** True when the holder of a lock is gone: a process of this machine and boot that is not running, or a lock from before a reboot. */
function isStale(owner: LockOwner, options: LockOptions): boolean {
  if (owner.host !== os.hostname()) return false;
  const boot = options.boot !== undefined ? options.boot : thisBoot;
  if (boot !== null && owner.boot !== null && owner.boot !== boot) return true;
  return !(options.alive ?? processAlive)(owner.pid);
}

/**
 * Takes an exclusive lock file (created with O_EXCL, holding the pid, host and boot id). A lock whose process is gone
 * (killed with SIGKILL, say) is stale and taken over; a damaged or empty one too, unless it is new (another process may
 * be writing it this very moment). Never throws. Release removes the file if it is still this process's.
 */
export function takeLock(file: string, options: LockOptions = {}): LockResult {
  const pid = options.pid ?? process.pid;
  const owner: LockOwner = { pid, host: os.hostname(), boot: options.boot !== undefined ? options.boot : thisBoot, since: new Date().toISOString() };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (e) {
    return { kind: 'failed', error: describeError(e), file };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(fd, JSON.stringify(owner) + '\n');
      } catch (e) {
        // A full disk: the empty lock file would look like one being written; it is not left behind.
        fs.closeSync(fd);
        fs.rmSync(file, { force: true });
        return { kind: 'failed', error: describeError(e), file };
      }
      fs.closeSync(fd);
      let released = false;
      return {
        kind: 'taken',
        release: () => {
          if (released) return;
          released = true;
          const now = readOwner(file);
          if (now !== 'missing' && now !== null && now.pid === pid && now.since === owner.since) {
            try {
              fs.unlinkSync(file);
            } catch {
              // gone already
            }
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { kind: 'failed', error: describeError(e), file };
    }
    const held = readOwner(file);
    if (held === 'missing') continue;
    if (held !== null && !isStale(held, options)) return { kind: 'held', owner: held, file };
    if (held === null && youngerThan(file, 2000)) {
      return { kind: 'held', owner: { pid: 0, host: os.hostname(), boot: null, since: new Date().toISOString() }, file };
    }
    // Stale: moved away under a name of its own first, then checked: if what was moved is not the stale lock but
    // a lock another process has just taken over, it is put back (link fails if a lock is there already).
    const aside = `${file}.stale.${pid}`;
    try {
      fs.renameSync(file, aside);
      const moved = readOwner(aside);
      const same = held === null ? moved === null : moved !== null && moved !== 'missing' && moved.pid === held.pid && moved.since === held.since;
      if (!same) {
        try {
          fs.linkSync(aside, file);
        } catch {
          // a newer lock is in place
        }
      }
      fs.unlinkSync(aside);
    } catch {
      // another process took it over first; try again
    }
  }
  return { kind: 'failed', error: 'the lock file keeps changing', file };
}

/** True when a file was changed less than `ms` ago. */
function youngerThan(file: string, ms: number): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < ms;
  } catch {
    return false;
  }
}

/** Sleeps this thread (a lock held for a moment by another process's high-score write). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `step` holding the lock file `file`, waiting up to `waitMs` for another process to let it go (the high scores'
 * read-modify-write takes milliseconds). Gives the step's result, or an error when the lock could not be had.
 */
export function withLock<T>(file: string, step: () => T, waitMs = 3000, options: LockOptions = {}): { ok: true; value: T } | { ok: false; error: string } {
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = takeLock(file, options);
    if (lock.kind === 'taken') {
      try {
        return { ok: true, value: step() };
      } finally {
        lock.release();
      }
    }
    if (lock.kind === 'failed') return { ok: false, error: lock.error };
    if (Date.now() >= until) return { ok: false, error: `another yahtzee (process ${lock.owner.pid}) kept ${file} locked` };
    pause(20);
  }
}

/** The sentence for a player whose game folder is in use by another copy of the game. */
export function lockHeldMessage(owner: LockOwner, folder: string): string {
  const who = owner.pid > 0 ? ` (process ${owner.pid}${owner.host !== os.hostname() ? ` on ${owner.host}` : ''})` : '';
  return `a game is open in another terminal${who}, using ${folder}. Nothing was changed: that game goes on there. Finish or quit it there, or play a separate game with its own folder: YAHTZEE_HOME=<another folder> yahtzee`;
}
