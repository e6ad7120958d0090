import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { DISTRIBUTION_VERSION, distributionHeader, type DistributionTable } from './distributionTable.js';
import type { RuleTables } from '../strategy/ruleTables.js';

/*
 * The few distributions a turn's chances need, read from the distribution table's cache file without holding the
 * whole table (tens of megabytes) in memory: the file is hashed as it streams past in small chunks, and only the
 * fresh game's distribution and the states asked for are kept. It reads format 1 of distributionTable.ts's file
 * only (that module writes and owns it); any other file is left to readDistributions, which reads it whole.
 */

/** The file format this reader knows (distributionTable.ts's DISTRIBUTION_VERSION when it was written). */
const KNOWN_FORMAT = 1;
const CHUNK = 1 << 20;

interface Header {
  readonly start: number;
  readonly freshLo: number;
  readonly freshLength: number;
  readonly states: number;
  readonly entries: number;
  readonly sha256: string;
}

function header(t: RuleTables, fd: number, size: number): Header | null {
  const head = Buffer.alloc(Math.min(4096, size));
  const n = readSync(fd, head, 0, head.length, 0);
  const found = distributionHeader(t, head.subarray(0, n));
  if (!found || found.header.format !== KNOWN_FORMAT) return null;
  const { header: h, end } = found;
  const whole = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
  if (!whole(h.freshLength) || !Number.isInteger(h.freshLo) || !whole(h.states) || !whole(h.entries) || typeof h.sha256 !== 'string') return null;
  const start = end + 1;
  if (start % 8 !== 0 || size !== start + h.freshLength * 8 + h.states * 12 + h.entries * 4) return null;
  return { start, freshLo: h.freshLo as number, freshLength: h.freshLength, states: h.states, entries: h.entries, sha256: h.sha256 };
}

/**
 * A distribution table holding only the fresh game's distribution and those of `wanted` states (a state the file
 * does not hold is left out), read from the cache file `file`; null when the file is missing, damaged, stale, of
 * another format, or not this machine's byte order (readDistributions and loadDistributions then take over).
 */
export function readSomeDistributions(t: RuleTables, file: string, wanted: ReadonlySet<number>): DistributionTable | null {
  if (DISTRIBUTION_VERSION !== KNOWN_FORMAT || endianness() !== 'LE') return null;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return null;
    const h = header(t, fd, stat.size);
    if (h === null) return null;
    const freshBytes = h.freshLength * 8;
    const indexBytes = h.states * 12;
    // The fresh distribution and the index are small: kept whole as they pass; of the data, the wanted ranges.
    const front = new Uint8Array(freshBytes + indexBytes);
    const hash = createHash('sha256');
    const chunk = new Uint8Array(CHUNK);
    let ranges: { state: number; lo: number; from: number; len: number }[] | null = null;
    let data = new Float32Array(0);
    let wantedBytes = new Uint8Array(0);
    for (let at = 0; at < stat.size - h.start; ) {
      const n = readSync(fd, chunk, 0, Math.min(CHUNK, stat.size - h.start - at), h.start + at);
      if (n <= 0) return null;
      const bytes = chunk.subarray(0, n);
      hash.update(bytes);
      if (at < front.length) front.set(bytes.subarray(0, Math.min(n, front.length - at)), at);
      if (ranges === null && at + n >= front.length) {
        const index = new Int32Array(front.buffer, freshBytes, h.states * 3);
        ranges = [];
        let offset = 0;
        let total = 0;
        for (let i = 0; i < h.states; i++) {
          const len = index[i * 3 + 2];
          if (len < 1 || offset + len > h.entries) return null;
          if (wanted.has(index[i * 3])) {
            ranges.push({ state: index[i * 3], lo: index[i * 3 + 1], from: offset, len });
            total += len;
          }
          offset += len;
        }
        if (offset !== h.entries) return null;
        data = new Float32Array(total);
        wantedBytes = new Uint8Array(data.buffer);
      }
      if (ranges !== null) {
        // This chunk's part of the data section, in bytes from the data's start.
        const chunkFrom = at - front.length;
        let into = 0;
        for (const r of ranges) {
          const from = Math.max(r.from * 4, chunkFrom);
          const to = Math.min((r.from + r.len) * 4, chunkFrom + n);
          if (from < to) wantedBytes.set(bytes.subarray(from - chunkFrom, to - chunkFrom), into + (from - r.from * 4));
          into += r.len * 4;
        }
      }
      at += n;
    }
    if (ranges === null || hash.digest('hex') !== h.sha256) return null;
    const kept = new Map<number, { lo: number; offset: number; len: number }>();
    let offset = 0;
    for (const r of ranges) {
      kept.set(r.state, { lo: r.lo, offset, len: r.len });
      offset += r.len;
    }
    const fresh = new Float64Array(front.buffer.slice(0, freshBytes));
    return { rules: t.rules, fresh: { lo: h.freshLo, p: fresh }, kept, data };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
