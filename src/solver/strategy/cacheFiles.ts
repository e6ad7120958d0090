import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from '../../storage/files.js';

/*
 * Reading and writing the solver's cache files (the strategy tables, cache.ts, and the distribution tables,
 * distributionTable.ts): only regular files of a sane size are read, and a file is written whole or not at all
 * (a temporary file, then a rename), the temporary files that killed writers left behind being removed first.
 */

/** The temporary files writeCacheFile names: `NAME.bin.PID.TIME.tmp`, for the strategy and distribution tables. */
const TEMP = /^(?:strategy|distribution)-[a-z-]+\.bin\.(\d+)\.\d+\.tmp$/;

/**
 * Removes the temporary cache files (megabytes each) that writes of processes no longer running left in `dir` (killed
 * while writing). Those of running processes are left alone; returns the files removed. Never throws.
 */
export function removeStaleTemps(dir: string, alive: (pid: number) => boolean = processAlive): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP.exec(name);
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue;
    try {
      rmSync(path.join(dir, name), { force: true });
      removed.push(path.join(dir, name));
    } catch {
      // not ours to remove
    }
  }
  return removed;
}

/**
 * A cache file's bytes, whole: 'missing' when it cannot be opened, 'corrupt' when it is not a regular file, its size is
 * outside [min, max], or a read fails. A FIFO is opened without waiting for a writer and never read, and a link to
 * /dev/zero or a huge file is refused by its size before a byte is read.
 */
export function readCacheFile(file: string, size: { readonly min: number; readonly max: number }): Buffer | 'missing' | 'corrupt' {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return 'missing';
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size < size.min || stat.size > size.max) return 'corrupt';
    const bytes = Buffer.allocUnsafe(stat.size);
    for (let done = 0; done < bytes.length; ) {
      const n = readSync(fd, bytes, done, bytes.length - done, done);
      if (n === 0) return 'corrupt';
      done += n;
    }
    return bytes;
  } catch {
    return 'corrupt';
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a cache file atomically (the bytes `encode` gives to a temporary file, then a rename), after removing the
 * stale temporary files of its folder; false when that was not possible (a file where the folder should be, a full or
 * read-only disk, bytes that cannot be made). Never throws.
 */
export function writeCacheFile(file: string, encode: () => Uint8Array): boolean {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    removeStaleTemps(path.dirname(file));
    writeFileSync(temp, encode());
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // no temporary file could be made there either (ENOTDIR: the folder is a file)
    }
    return false;
  }
}
