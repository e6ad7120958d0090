import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import path from 'node:path';
import type { RuleSetId } from '../../engine/index.js';
import { cacheFolder } from '../../storage/paths.js';
import { readCacheFile, writeCacheFile } from './cacheFiles.js';
import { stateCount } from './state.js';
import type { RuleTables } from './ruleTables.js';

/**
 * The cache file: one text line of header, then the table as little-endian float64s, starting on an 8-byte boundary.
 *   YAHTZEE-STRATEGY {"format":1,"rules":"official","rulesHash":"...","count":1048576,"sha256":"..."}<spaces>\n
 * The rule-set hash covers the solver's tables (so it changes when the engine's scoring or the rule set does) and
 * the solver version; the sha256 covers the payload. Anything that does not match is recomputed, never trusted.
 */
export const CACHE_FORMAT = 1;

/** Bumped whenever the solver's algorithm changes what it stores. */
export const SOLVER_VERSION = 1;

const MAGIC = 'YAHTZEE-STRATEGY ';

/** The folder for cached tables: $YAHTZEE_HOME/cache, else $XDG_CACHE_HOME/yahtzee, else the platform's cache folder. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return cacheFolder(env);
}

/** The cache file of a rule set's table. */
export function cacheFile(rules: RuleSetId, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(cacheDir(env), `strategy-${rules}.bin`);
}

/** A hash of everything the table depends on: the rule set's scoring tables, the solver version, the layout. */
export function rulesHash(t: RuleTables): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ v: SOLVER_VERSION, rules: t.rules, boxIds: t.boxIds, y: t.yahtzeeBox, full: t.yahtzeeFull, thr: t.threshold, ub: t.upperBonus, U: t.upperSize, F: t.flagSize }));
  for (const a of [t.upperFace, t.points, t.jokerPoints, t.jokerAllowed, t.jokerBonus]) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return h.digest('hex');
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The bytes of a cache file for these values. */
export function encodeTable(t: RuleTables, values: Float64Array): Buffer {
  if (endianness() !== 'LE') throw new Error('the table cache is written on little-endian machines only');
  const payload = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const header = { format: CACHE_FORMAT, rules: t.rules, rulesHash: rulesHash(t), count: values.length, sha256: sha256(payload) };
  let line = MAGIC + JSON.stringify(header);
  const padded = Math.ceil((line.length + 1) / 8) * 8;
  line = line.padEnd(padded - 1, ' ') + '\n';
  return Buffer.concat([Buffer.from(line, 'latin1'), payload]);
}

/** Why a cached table was not used. */
export type CacheMiss = 'missing' | 'stale' | 'corrupt';

/** The longest header line a cache file may have, its newline included (the header is looked for within this many bytes). */
const MAX_HEADER = 4096;

/** Where a cache file's payload starts and the hash it must have, from its first bytes; or why it cannot be trusted. */
function readHeader(t: RuleTables, head: Uint8Array): { readonly start: number; readonly sha256: unknown } | CacheMiss {
  const end = head.indexOf(0x0a);
  if (end < 0 || end >= MAX_HEADER) return 'corrupt';
  const line = Buffer.from(head.subarray(0, end)).toString('latin1');
  if (!line.startsWith(MAGIC)) return 'corrupt';
  let header: { format?: unknown; rules?: unknown; rulesHash?: unknown; count?: unknown; sha256?: unknown };
  try {
    header = JSON.parse(line.slice(MAGIC.length)) as typeof header;
  } catch {
    return 'corrupt';
  }
  if (header === null || typeof header !== 'object') return 'corrupt';
  if (header.format !== CACHE_FORMAT || header.rules !== t.rules || header.rulesHash !== rulesHash(t)) return 'stale';
  if (endianness() !== 'LE') return 'stale';
  const start = end + 1;
  if (header.count !== stateCount(t) || start % 8 !== 0) return 'corrupt';
  return { start, sha256: header.sha256 };
}

/** The values, if they have the header's hash and are all finite. */
function checked(values: Float64Array, sha: unknown): Float64Array | CacheMiss {
  if (sha256(new Uint8Array(values.buffer, values.byteOffset, values.byteLength)) !== sha) return 'corrupt';
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return 'corrupt';
  return values;
}

/** A table's values in shared memory (for the workers). */
const sharedValues = (t: RuleTables): Float64Array => new Float64Array(new SharedArrayBuffer(stateCount(t) * 8));

/** The values in a cache file's bytes (in shared memory, for the workers), or why they cannot be trusted. */
export function decodeTable(t: RuleTables, bytes: Uint8Array): Float64Array | CacheMiss {
  const header = readHeader(t, bytes.subarray(0, MAX_HEADER));
  if (typeof header === 'string') return header;
  if (bytes.length !== header.start + stateCount(t) * 8) return 'corrupt';
  const values = sharedValues(t);
  new Uint8Array(values.buffer).set(bytes.subarray(header.start));
  return checked(values, header.sha256);
}

/**
 * Reads a rule set's cached table from its cache file (cacheFile), or says why there is none to trust. Only a regular
 * file of the size a table of these rules can have is read (readCacheFile).
 */
export function readCachedTable(t: RuleTables, file: string): Float64Array | CacheMiss {
  const payload = stateCount(t) * 8;
  const bytes = readCacheFile(file, { min: payload + 1, max: payload + MAX_HEADER });
  return typeof bytes === 'string' ? bytes : decodeTable(t, bytes);
}

/**
 * Writes a table to its cache file (atomically: a temp file, then a rename; writeCacheFile); returns false when that
 * was not possible (a file where the folder should be, a full or read-only disk). Never throws.
 */
export function writeCachedTable(t: RuleTables, values: Float64Array, file: string): boolean {
  return writeCacheFile(file, () => encodeTable(t, values));
}
