import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { AsyncFileSystem, FileSystem } from '../../src/storage/files.js';

/** An error as Node raises it for a failed file-system call. */
export function fsError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * A disk that fills up: the synchronous and asynchronous file systems share a budget of `bytes`; a write that would
 * go past it writes what fits and then fails with ENOSPC, as a full disk does. `free(n)` makes room again.
 */
export function fullDisk(bytes: number): { io: FileSystem; asyncIo: AsyncFileSystem; free: (n?: number) => void; written: () => number } {
  let left = bytes;
  let total = 0;
  const take = (want: number): number => {
    const n = Math.min(want, left);
    if (n <= 0) throw fsError('ENOSPC', 'no space left on device, write');
    left -= n;
    total += n;
    return n;
  };
  const io: FileSystem = {
    ...fs,
    writeSync: ((fd: number, buffer: Buffer, offset?: number, length?: number) => {
      const from = offset ?? 0;
      return fs.writeSync(fd, buffer, from, take(length ?? buffer.length - from));
    }) as FileSystem['writeSync'],
  };
  const asyncIo: AsyncFileSystem = {
    ...fsp,
    open: (async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args);
      const write = handle.write.bind(handle) as (b: Buffer, o: number, l: number) => Promise<{ bytesWritten: number; buffer: Buffer }>;
      return Object.assign(handle, { write: (b: Buffer, o = 0, l = b.length - o) => write(b, o, take(l)) });
    }) as AsyncFileSystem['open'],
  };
  return { io, asyncIo, free: (n = Infinity) => (left = n), written: () => total };
}
