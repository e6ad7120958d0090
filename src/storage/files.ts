import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The file-system calls the storage layer makes; tests pass a copy with one call failing. */
export type FileSystem = Pick<
  typeof fs,
  'mkdirSync' | 'openSync' | 'writeSync' | 'fsyncSync' | 'closeSync' | 'renameSync' | 'unlinkSync' | 'readSync' | 'fstatSync' | 'existsSync' | 'readdirSync'
>;

/** Node's own file system. */
export const realFs: FileSystem = fs;

/** The promise-based file-system calls writeFileAtomicAsync makes; tests pass a copy that is slow, counts or fails. */
export type AsyncFileSystem = Pick<typeof fsp, 'mkdir' | 'open' | 'rename' | 'unlink'>;

/** Node's own promise-based file system. */
export const realFsAsync: AsyncFileSystem = fsp;

/** Success, or a one-line message on what went wrong. */
export type WriteResult = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** What a read found: the text, no file at all, or why it could not be read. */
export type ReadResult =
  | { readonly kind: 'text'; readonly text: string; readonly modified?: Date }
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly error: string };

/** The largest file the game reads; anything bigger is not one of its files. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A plain-words reason for a file-system error. */
export function describeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the disk is read-only',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOTDIR: 'a file stands where a folder should be',
    EEXIST: 'a file stands where a folder should be',
    EISDIR: 'a folder stands where the file should be',
    EIO: 'an input/output error',
    EFBIG: 'the file-size limit (ulimit -f) is reached',
  };
  const reason = code !== undefined ? reasons[code] : undefined;
  const detail = e instanceof Error ? e.message : String(e);
  return reason ? `${reason} (${detail})` : detail;
}

/** The error of a write that was called off before its rename because newer content was written first. */
export const SUPERSEDED = 'superseded: newer content was written first';

/** A temporary file name next to `file`, unique to this process and this write. */
function tempPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
}

/**
 * Writes `text` to `file` so that a reader sees the old file or the new one, never half of one:
 * a temporary file in the same folder, flushed to disk, renamed over the old one, then the folder flushed.
 * Creates the folder. Never throws: a read-only or full disk is an error value and the old file stays as it was.
 */
export function writeFileAtomic(file: string, text: string, io: FileSystem = realFs): WriteResult {
  const dir = path.dirname(file);
  const temp = tempPath(file);
  let fd: number | undefined;
  try {
    io.mkdirSync(dir, { recursive: true });
    fd = io.openSync(temp, 'wx', 0o644);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    while (done < bytes.length) done += io.writeSync(fd, bytes, done, bytes.length - done);
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    io.renameSync(temp, file);
  } catch (e) {
    if (fd !== undefined) {
      try {
        io.closeSync(fd);
      } catch {
        // already failing; the temporary file is removed below
      }
    }
    try {
      io.unlinkSync(temp);
    } catch {
      // never created
    }
    return { ok: false, error: describeError(e) };
  }
  syncFolder(dir, io);
  return { ok: true };
}

/** Test hooks and the last-moment check of writeFileAtomicAsync. */
export interface AsyncWriteOptions {
  /** The file system; Node's by default. */
  readonly io?: AsyncFileSystem;
  /**
   * Asked with the temporary file's path once it is written and closed, right before the rename is issued (in the same
   * tick): false removes the temporary file and renames nothing (the result is SUPERSEDED). A caller that later must
   * overtake a rename it allowed deletes that temporary file: then the rename fails, or had already landed.
   */
  readonly beforeRename?: (temp: string) => boolean;
}

/**
 * The asynchronous twin of writeFileAtomic: the same steps (folder, temporary file, write, flush, rename, folder flush)
 * off the main thread. Never rejects: a read-only or full disk is an error value and the old file stays as it was.
 */
export async function writeFileAtomicAsync(file: string, text: string, options: AsyncWriteOptions = {}): Promise<WriteResult> {
  const io = options.io ?? realFsAsync;
  const dir = path.dirname(file);
  const temp = tempPath(file);
  let handle: fsp.FileHandle | undefined;
  try {
    await io.mkdir(dir, { recursive: true });
    handle = await io.open(temp, 'wx', 0o644);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    while (done < bytes.length) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
    await handle.sync();
    const closing = handle;
    handle = undefined;
    await closing.close();
    if (options.beforeRename && !options.beforeRename(temp)) {
      await quietly(() => io.unlink(temp));
      return { ok: false, error: SUPERSEDED };
    }
    await io.rename(temp, file);
  } catch (e) {
    const open = handle;
    if (open !== undefined) await quietly(() => open.close());
    // never created, or already removed: either way nothing is left behind
    await quietly(() => io.unlink(temp));
    return { ok: false, error: describeError(e) };
  }
  await syncFolderAsync(dir, io);
  return { ok: true };
}

/** Flushes a folder's entries (the rename) to disk where the platform allows it; Windows cannot open folders. */
function syncFolder(dir: string, io: FileSystem): void {
  let fd: number | undefined;
  try {
    fd = io.openSync(dir, 'r');
    io.fsyncSync(fd);
  } catch {
    // not supported here: the rename is still atomic, only its durability on power loss is weaker
  } finally {
    if (fd !== undefined) {
      try {
        io.closeSync(fd);
      } catch {
        // nothing more to do
      }
    }
  }
}

/** syncFolder off the main thread. */
async function syncFolderAsync(dir: string, io: AsyncFileSystem): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await io.open(dir, 'r');
    await handle.sync();
  } catch {
    // not supported here (see syncFolder)
  } finally {
    const open = handle;
    if (open !== undefined) await quietly(() => open.close());
  }
}

/** Runs a clean-up step whose failure changes nothing (the write has already failed, or succeeded). */
async function quietly(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch {
    // nothing more to do
  }
}

/** What stands at a path when it is not a regular file, in words. */
function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Reads a small text file; a missing file and an unreadable one are told apart, and nothing throws.
 * Only a regular file is read: it is opened without blocking (a FIFO would wait for a writer forever), then checked
 * with fstat; and never more than MAX_FILE_BYTES are read, even from a file that grows while it is read.
 */
export function readTextFile(file: string, io: FileSystem = realFs): ReadResult {
  let fd: number | undefined;
  try {
    fd = io.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = io.fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'unreadable', error: 'a folder stands where the file should be' };
    if (!stat.isFile()) return { kind: 'unreadable', error: `it is ${kindOf(stat)}, not a regular file` };
    if (stat.size > MAX_FILE_BYTES) return { kind: 'unreadable', error: `it is ${stat.size} bytes, too large: the game reads files of at most ${MAX_FILE_BYTES} bytes` };
    const bytes = Buffer.alloc(MAX_FILE_BYTES + 1);
    let done = 0;
    while (done < bytes.length) {
      const n = io.readSync(fd, bytes, done, bytes.length - done, done);
      if (n === 0) break;
      done += n;
    }
    if (done > MAX_FILE_BYTES) return { kind: 'unreadable', error: `it is more than ${MAX_FILE_BYTES} bytes, too large: the game reads files of at most that` };
    return { kind: 'text', text: bytes.subarray(0, done).toString('utf8'), ...(stat.mtime instanceof Date ? { modified: stat.mtime } : {}) };
  } catch (e) {
    // ENOTDIR: a regular file stands where a folder of the path should be, so there is no file to read (or move aside).
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', error: describeError(e) };
  } finally {
    if (fd !== undefined) {
      try {
        io.closeSync(fd);
      } catch {
        // nothing more to do
      }
    }
  }
}

/** The temporary files writeFileAtomic names: `.NAME.PID.RANDOM.tmp`. */
const TEMP_NAME = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/;

/** True when a process with this id is running (one we may not signal counts as running). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files that writes of processes no longer running left in `dir` (a SIGKILL between writing
 * and renaming). Those of running processes, this one included, are left alone. Returns the files removed; never throws.
 */
export function removeStaleTemps(dir: string, io: FileSystem = realFs, alive: (pid: number) => boolean = processAlive): string[] {
  let names: string[];
  try {
    names = io.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || alive(pid)) continue;
    const file = path.join(dir, name);
    try {
      io.unlinkSync(file);
      removed.push(file);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

/** A timestamp fit for a file name: 2026-11-29T13-04-05Z. */
export function fileStamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

/**
 * Moves a damaged file aside as `FILE.corrupt-2026-11-29T13-04-05Z` (with -2, -3... when that name is taken), never deleting it.
 * Returns the new path, or null when it could not be moved.
 */
export function moveAside(file: string, now: Date, io: FileSystem = realFs): string | null {
  const stem = `${file}.corrupt-${fileStamp(now)}`;
  for (let n = 1; n < 100; n++) {
    const target = n === 1 ? stem : `${stem}-${n}`;
    if (io.existsSync(target)) continue;
    try {
      io.renameSync(file, target);
      return target;
    } catch {
      return null;
    }
  }
  return null;
}

/** Deletes a file if it is there; true when it is gone afterwards. */
export function removeFile(file: string, io: FileSystem = realFs): boolean {
  try {
    io.unlinkSync(file);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Deletes a file if it is there, off the main thread; true when it is gone afterwards. Never rejects. */
export async function removeFileAsync(file: string, io: AsyncFileSystem = realFsAsync): Promise<boolean> {
  try {
    await io.unlink(file);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Test hooks: the clock for timestamps and the file systems; all default to the real ones. */
export interface StorageOptions {
  readonly now?: Date;
  readonly io?: FileSystem;
  /** The promise-based file system, for the asynchronous saves. */
  readonly asyncIo?: AsyncFileSystem;
}
