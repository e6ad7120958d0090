/**
 * Lock files: one game per state folder (game.lock), one high-score update at a time (scores.lock), and any other
 * "one process at a time" the game needs. Node has no flock, so a lock is a file whose holder can be proved alive:
 *
 * - On the holder's own machine, boot and pid namespace (Linux tells all three), by its pid AND that process's start
 *   time: a pid in use again by another process (a restarted container's pid 1, or the new game's own pid) has
 *   another start time, so the lock of a game killed with SIGKILL is stale at once. A game suspended with SIGSTOP or
 *   Ctrl-Z keeps its lock: it is still open, and would write its save once woken.
 * - Anywhere else (another machine on a shared folder, another pid namespace, a system without /proc), by the file's
 *   age: the holder touches it every REFRESH_MS, and a lock not touched for STALE_MS is stale.
 *
 * A lock file that proves nothing (a pid alone, as earlier versions wrote, or damaged) is stale. A lock file appears
 * complete or not at all (written aside, then linked into place), so there is no half-written lock to wait for.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printable } from '../engine/names.js';
import { describeError, moveAside, processAlive } from './files.js';

/** The lock file of the game in play, in the state folder: one game per folder. */
export const GAME_LOCK = 'game.lock';

/** The lock file held while the high scores are read, changed and written, in the data folder. */
export const SCORES_LOCK = 'scores.lock';

/** How often a holder touches its lock file, in ms. */
export const REFRESH_MS = 5_000;

/** The age (ms) after which a lock file its holder no longer touches is stale: several missed touches. */
export const STALE_MS = 30_000;

/** What a lock file says about its holder. */
export interface LockOwner {
  readonly pid: number;
  /** The machine's name. */
  readonly host: string;
  /** Linux's boot id, so that a lock from before a reboot (whose pid may be in use again) is known to be stale. */
  readonly boot: string | null;
  /** The pid namespace (Linux), so that a pid is only looked up in the namespace it belongs to. */
  readonly pids?: string | null;
  /** The holder's start time (Linux: clock ticks after boot), so that a pid in use again is told from the holder. */
  readonly started?: string | null;
  /** When the lock was taken (ISO 8601). */
  readonly since: string;
  /** A random token naming this one taking of the lock. */
  readonly token?: string;
}

/** What trying to take a lock found: taken (release gives it back), held by a live holder, or not possible. */
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

/** A file of /proc, or null where there is none. */
function procText(file: string, read: (f: string) => string = (f) => fs.readFileSync(f, 'utf8')): string | null {
  try {
    return read(file).trim() || null;
  } catch {
    return null;
  }
}

const thisBoot = procText('/proc/sys/kernel/random/boot_id');
const thisPidSpace = procText('/proc/self/ns/pid', fs.readlinkSync);

/** A process's start time (field 22 of /proc/PID/stat, after the command name in parentheses), or null. */
function startedOf(pid: number): string | null {
  const stat = procText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** What stands at a lock's path. */
type Found =
  | { readonly kind: 'missing' }
  /** Something the game did not write: not a regular file, or a file that is not a lock of this version. */
  | { readonly kind: 'other'; readonly regular: boolean; readonly sign: string }
  | { readonly kind: 'lock'; readonly owner: LockOwner & { readonly token: string }; readonly ageMs: number; readonly sign: string };

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Reads what stands at `file`, never following a symlink nor waiting on a FIFO. `sign` tells one file from its successors. */
function inspect(file: string): Found {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  } catch (e) {
    // A symlink (ELOOP), or a file this user may not read: something the game did not write, told apart by its inode.
    if (errorCode(fileError(e)) === 'ENOENT') return { kind: 'missing' };
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: 'missing' };
    return { kind: 'other', regular: false, sign: `${stat.ino}` };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { kind: 'other', regular: false, sign: `${stat.ino}` };
    const buffer = Buffer.alloc(2048);
    const text = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    const sign = `${stat.ino}:${text}`;
    let v: Partial<Record<keyof LockOwner, unknown>> = {};
    try {
      v = JSON.parse(text) as typeof v;
    } catch {
      // not JSON: damaged
    }
    const { pid, host, boot, pids, started, since, token } = v ?? {};
    if (Number.isSafeInteger(pid) && isText(host) && isTextOrNull(boot) && isTextOrNull(pids) && isTextOrNull(started) && isText(since) && isText(token)) {
      return { kind: 'lock', owner: { pid: pid as number, host, boot, pids, started, since, token }, ageMs: Date.now() - stat.mtimeMs, sign };
    }
    return { kind: 'other', regular: true, sign };
  } finally {
    fs.closeSync(fd);
  }
}

/** True when the lock's holder is proved alive (see the top of this file). */
function isHeld(owner: LockOwner, ageMs: number, options: LockOptions): boolean {
  const fresh = ageMs < STALE_MS;
  const boot = options.boot !== undefined ? options.boot : thisBoot;
  if (owner.host !== os.hostname()) return fresh;
  if (boot !== null && owner.boot !== null && owner.boot !== boot) return false;
  // Another pid namespace (another container on this folder): its pids mean nothing here.
  if ((owner.pids ?? null) !== thisPidSpace) return fresh;
  if (owner.pid === (options.pid ?? process.pid)) return false;
  if (!(options.alive ?? processAlive)(owner.pid)) return false;
  const now = startedOf(owner.pid);
  if (owner.started != null && now !== null) return owner.started === now;
  return fresh;
}

/** Writes `owner` to a file of its own next to `file` and links it into place: the lock appears whole or not at all. */
function create(file: string, owner: LockOwner & { readonly token: string }): 'taken' | 'exists' {
  // Named as writeFileAtomic names its temporary files, so that one left by a copy killed here is cleared as theirs are.
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${owner.pid}.${owner.token}.tmp`);
  const fd = fs.openSync(temp, 'wx', 0o644);
  try {
    try {
      fs.writeSync(fd, JSON.stringify(owner) + '\n');
    } finally {
      fs.closeSync(fd);
    }
    fs.linkSync(temp, file);
    return 'taken';
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return 'exists';
    throw e;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** The guard of a stale lock's clearing is held for a moment: one older than this was left by a copy that died. */
const GUARD_STALE_MS = 1_000;

/**
 * Clears a stale lock. Only under `FILE.takeover` (taken with O_EXCL, held for a moment) is it looked at again and
 * removed if it is still the very file judged stale, so two copies clearing it at once never remove a fresh lock.
 * A regular file is deleted; anything else (a FIFO, a symlink, a folder) is moved aside, never deleted nor followed.
 * Returns false when another copy is clearing it this moment.
 */
function clearStale(file: string, sign: string, regular: boolean): boolean {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = fs.openSync(guard, 'wx', 0o644);
  } catch (e) {
    if (errorCode(e) !== 'EEXIST') throw e;
    const stat = fs.statSync(guard, { throwIfNoEntry: false });
    if (stat !== undefined && Date.now() - stat.mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    return false;
  }
  fs.closeSync(fd);
  try {
    const now = inspect(file);
    if (now.kind === 'missing' || now.sign !== sign) return true;
    if (regular) fs.unlinkSync(file);
    else if (moveAside(file, new Date()) === null) throw Object.assign(new Error(`${file} is not a lock file and could not be moved aside`), { code: 'ENOTLOCK' });
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/** The code of a file-system error, or undefined for anything else. */
function errorCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** Rethrows what is not a file-system error (a bug), and gives back the one that is. */
function fileError(e: unknown): unknown {
  if (errorCode(e) === undefined) throw e;
  return e;
}

/** Keeps the lock file fresh until `stop`: touched every REFRESH_MS while it is still this lock. */
function keepFresh(file: string, token: string): () => void {
  const timer = setInterval(() => {
    try {
      const found = inspect(file);
      if (found.kind !== 'lock' || found.owner.token !== token) {
        clearInterval(timer);
        return;
      }
      const now = new Date();
      fs.utimesSync(file, now, now);
    } catch (e) {
      // A disk gone read-only or away: touched again next time, or the lock goes stale as a dead game's does.
      fileError(e);
    }
  }, REFRESH_MS);
  // The lock never keeps the program running.
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Takes an exclusive lock file. A lock whose holder is not proved alive (see the top of this file) is cleared and
 * taken. Never throws: a read-only or full disk is 'failed'. Release stops the touching and removes the file if it is
 * still this lock.
 */
export function takeLock(file: string, options: LockOptions = {}): LockResult {
  const pid = options.pid ?? process.pid;
  const token = randomBytes(8).toString('hex');
  const owner = {
    pid,
    host: os.hostname(),
    boot: options.boot !== undefined ? options.boot : thisBoot,
    pids: thisPidSpace,
    started: startedOf(pid),
    since: new Date().toISOString(),
    token,
  };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (let attempt = 0; attempt < 100; attempt++) {
      if (create(file, owner) === 'taken') {
        const stop = keepFresh(file, token);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          stop();
          try {
            const now = inspect(file);
            if (now.kind === 'lock' && now.owner.token === token) fs.unlinkSync(file);
          } catch (e) {
            // Left behind (a disk gone read-only): it proves no holder once this process is gone.
            fileError(e);
          }
        };
        return { kind: 'taken', release };
      }
      const found = inspect(file);
      if (found.kind === 'lock' && isHeld(found.owner, found.ageMs, options)) return { kind: 'held', owner: found.owner, file };
      if (found.kind !== 'missing' && !clearStale(file, found.sign, found.kind === 'lock' || found.regular)) pause(10);
    }
  } catch (e) {
    return { kind: 'failed', error: describeError(fileError(e)), file };
  }
  return { kind: 'failed', error: 'the lock file keeps changing', file };
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
    if (Date.now() >= until) return { ok: false, error: `another yahtzee (${holder(lock.owner)}) kept ${printable(file)} locked; if no yahtzee is running, remove that file` };
    pause(20);
  }
}

/**
 * Takes the lock file `file`, waiting up to `waitMs` while a live holder has it, without blocking the thread: for
 * work of seconds, such as a table being made by one copy while the others wait to read its file. Gives what the
 * last try found (held, when the wait ran out).
 */
export async function waitForLock(file: string, waitMs: number, options: LockOptions = {}): Promise<LockResult> {
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = takeLock(file, options);
    if (lock.kind !== 'held' || Date.now() >= until) return lock;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The holder of a lock in words: its process, and its machine when that is not this one. Text from the file is made printable. */
function holder(owner: LockOwner): string {
  return `process ${owner.pid}${owner.host !== os.hostname() ? ` on ${printable(owner.host)}` : ''}`;
}

/** The sentence for a player whose game folder (holding GAME_LOCK) is in use by another copy of the game. */
export function lockHeldMessage(owner: LockOwner, folder: string): string {
  const shown = printable(folder);
  return (
    `a game is open in another terminal (${holder(owner)}), using ${shown}. Nothing was changed: that game goes on there. ` +
    `Finish or quit it there, or play a separate game with its own folder: YAHTZEE_HOME=<another folder> yahtzee. ` +
    `If no game is open there, remove ${printable(path.join(folder, GAME_LOCK))}`
  );
}
