import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import path from 'node:path';
import { cardTotal, getRuleSet, isCardComplete, type Card, type RuleSetId } from '../../engine/index.js';
import { cacheDir, rulesHash } from '../strategy/cache.js';
import { readCacheFile, writeCacheFile } from '../strategy/cacheFiles.js';
import { TurnSolver } from '../strategy/core.js';
import { TAIL_EPSILON, distributionPass, remainingDistribution, rootDistribution, type ScoreDistribution } from './distribution.js';
import type { DistributionStore } from './distributionStore.js';
import { shifted } from './scoreStats.js';
import { popcount, stateIndex } from '../strategy/state.js';
import { stateFor, type StrategyTable } from '../strategy/table.js';
import type { RuleTables } from '../strategy/ruleTables.js';

/*
 * The distribution table of a rule set: the fresh game's final-score distribution (double precision) and the
 * remaining-score distributions of every state with at most KEEP_LEVEL boxes filled (single precision), the ones a
 * pass from a card would take seconds for. Later cards are solved on the spot (remainingDistribution): a quarter of a
 * second or less. Cached in `distribution-RULES.bin` beside the strategy tables:
 *   YAHTZEE-DISTRIBUTION {"format":1,...}<spaces>\n, then the fresh distribution as float64s, then
 *   [state, lo, length] int32 triples, then the kept states' chances as float32s, all little-endian.
 */

/** States with at most this many boxes filled are kept in the distribution table. */
export const KEEP_LEVEL = 3;

/** Bumped whenever what the distribution table holds changes. */
export const DISTRIBUTION_VERSION = 1;

const MAGIC = 'YAHTZEE-DISTRIBUTION ';
const MAX_FILE = 256 * 1024 * 1024;

/** The kept distributions of a rule set under its mean-optimal policy. */
export interface DistributionTable {
  readonly rules: RuleSetId;
  /** The final score of a fresh game. */
  readonly fresh: ScoreDistribution;
  /** The kept states by state index: where their chances are in `data`. */
  readonly kept: ReadonlyMap<number, { readonly lo: number; readonly offset: number; readonly len: number }>;
  readonly data: Float32Array;
}

/** The cache file of a rule set's distribution table. */
export function distributionFile(rules: RuleSetId, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(cacheDir(env), `distribution-${rules}.bin`);
}

/** What the distribution table depends on: the strategy table's inputs, this format, the tail cut and the levels kept. */
export function distributionHash(t: RuleTables): string {
  return createHash('sha256').update(JSON.stringify({ table: rulesHash(t), v: DISTRIBUTION_VERSION, eps: TAIL_EPSILON, keep: KEEP_LEVEL })).digest('hex');
}

/** A kept state's distribution. */
export function keptDistribution(d: DistributionTable, state: number): ScoreDistribution | undefined {
  const k = d.kept.get(state);
  return k && { lo: k.lo, p: Float64Array.from(d.data.subarray(k.offset, k.offset + k.len)) };
}

/**
 * The distribution of the final score (the points on the card now, plus what is still to come under optimal play)
 * from the start of a turn with this card: from the distribution table for a fresh or early card (at most
 * KEEP_LEVEL boxes filled), else computed now from the strategy table (which may be a sub-game's from the card on).
 */
export function finalDistribution(table: StrategyTable, dist: DistributionTable | undefined, card: Card): ScoreDistribution {
  const rules = getRuleSet(table.rules);
  const s = stateFor(table, card);
  const total = cardTotal(rules, card);
  if (isCardComplete(rules, card)) return { lo: total, p: Float64Array.of(1) };
  if (popcount(s.mask) <= KEEP_LEVEL) {
    if (!dist) throw new Error('the distribution from a card this early needs the distribution table');
    const kept = s.mask === 0 ? dist.fresh : keptDistribution(dist, stateIndex(table.tables, s));
    if (!kept) throw new Error('the distribution table does not hold this card');
    return shifted(kept, total);
  }
  return shifted(remainingDistribution(table.tables, table.values, s), total);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const bytesOf = (a: Float64Array | Int32Array | Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The bytes of a distribution table's cache file. */
export function encodeDistributions(t: RuleTables, d: DistributionTable): Buffer {
  if (endianness() !== 'LE') throw new Error('the distribution cache is written on little-endian machines only');
  const entries = [...d.kept.entries()].sort((a, b) => a[0] - b[0]);
  const index = new Int32Array(entries.length * 3);
  const data = new Float32Array(entries.reduce((s, [, k]) => s + k.len, 0));
  let at = 0;
  entries.forEach(([state, k], i) => {
    index.set([state, k.lo, k.len], i * 3);
    data.set(d.data.subarray(k.offset, k.offset + k.len), at);
    at += k.len;
  });
  const payload = Buffer.concat([bytesOf(d.fresh.p), bytesOf(index), bytesOf(data)]);
  const header = { format: DISTRIBUTION_VERSION, rules: t.rules, hash: distributionHash(t), freshLo: d.fresh.lo, freshLength: d.fresh.p.length, states: entries.length, entries: data.length, sha256: sha256(payload) };
  let line = MAGIC + JSON.stringify(header);
  line = line.padEnd(Math.ceil((line.length + 1) / 8) * 8 - 1, ' ') + '\n';
  return Buffer.concat([Buffer.from(line, 'latin1'), payload]);
}

/**
 * The header line of a distribution cache file (its first bytes, up to 4 KiB) and where it ends, or null when it is
 * not one for these rules (no magic, not JSON, other rules or another hash). Its format is for the caller to check.
 */
export function distributionHeader(t: RuleTables, bytes: Uint8Array): { readonly header: Record<string, unknown>; readonly end: number } | null {
  const end = bytes.indexOf(0x0a);
  if (end < 0 || end > 4096) return null;
  const line = Buffer.from(bytes.subarray(0, end)).toString('latin1');
  if (!line.startsWith(MAGIC)) return null;
  let h: unknown;
  try {
    h = JSON.parse(line.slice(MAGIC.length));
  } catch {
    return null;
  }
  if (h === null || typeof h !== 'object') return null;
  const header = h as Record<string, unknown>;
  return header.rules === t.rules && header.hash === distributionHash(t) ? { header, end } : null;
}

/** The distribution table in a cache file's bytes, or null when they are not one for these rules (stale or damaged). */
export function decodeDistributions(t: RuleTables, bytes: Uint8Array): DistributionTable | null {
  const found = distributionHeader(t, bytes);
  if (!found || found.header.format !== DISTRIBUTION_VERSION) return null;
  const { header: h, end } = found;
  const whole = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
  if (!whole(h.freshLength) || !Number.isInteger(h.freshLo) || !whole(h.states) || !whole(h.entries) || endianness() !== 'LE') return null;
  const start = end + 1;
  const size = h.freshLength * 8 + h.states * 12 + h.entries * 4;
  if (start % 8 !== 0 || bytes.length !== start + size) return null;
  const payload = bytes.subarray(start);
  if (sha256(payload) !== h.sha256) return null;
  // The tables are read in place where the payload is aligned for them (a file read whole: its buffer is its own),
  // else from a copy: a second copy of tens of megabytes is memory the game would hold for nothing.
  let buffer: ArrayBufferLike = bytes.buffer;
  let base = bytes.byteOffset + start;
  if (base % 8 !== 0) {
    buffer = new ArrayBuffer(size);
    new Uint8Array(buffer).set(payload);
    base = 0;
  }
  const fresh = new Float64Array(buffer, base, h.freshLength);
  const index = new Int32Array(buffer, base + h.freshLength * 8, h.states * 3);
  const data = new Float32Array(buffer, base + h.freshLength * 8 + h.states * 12, h.entries);
  const kept = new Map<number, { lo: number; offset: number; len: number }>();
  let at = 0;
  for (let i = 0; i < h.states; i++) {
    const len = index[i * 3 + 2];
    if (len < 1 || at + len > h.entries) return null;
    kept.set(index[i * 3], { lo: index[i * 3 + 1], offset: at, len });
    at += len;
  }
  if (at !== h.entries) return null;
  return { rules: t.rules, fresh: { lo: h.freshLo as number, p: fresh }, kept, data };
}

/** Reads a distribution table's cache file; null when there is none to trust (only a regular file of a sane size is read: readCacheFile). */
export function readDistributions(t: RuleTables, file: string): DistributionTable | null {
  const bytes = readCacheFile(file, { min: 1, max: MAX_FILE });
  return typeof bytes === 'string' ? null : decodeDistributions(t, bytes);
}

/** Writes a distribution table's cache file (a temp file, then a rename: writeCacheFile); false when that was not possible. Never throws. */
export function writeDistributions(t: RuleTables, d: DistributionTable, file: string): boolean {
  return writeCacheFile(file, () => encodeDistributions(t, d));
}

/** The distribution table from a finished pass's store (which kept the states with at most KEEP_LEVEL boxes filled). */
export function tableFromStore(t: RuleTables, values: Float64Array, store: DistributionStore): DistributionTable {
  const solver = new TurnSolver(t);
  const kept = new Map<number, { lo: number; offset: number; len: number }>();
  let entries = 0;
  const states: number[] = [];
  for (let mask = 0; mask < 1 << t.boxCount; mask++) {
    if (popcount(mask) > KEEP_LEVEL) continue;
    for (let flag = 0; flag < solver.flagsOf(mask); flag++) {
      for (const up of solver.reachableUps(mask)) {
        const s = stateIndex(t, { mask, up, flag });
        states.push(s);
        entries += store.lengthOf(s);
      }
    }
  }
  const data = new Float32Array(entries);
  let at = 0;
  for (const s of states) {
    const d = store.get(s);
    data.set(d.p, at);
    kept.set(s, { lo: d.lo, offset: at, len: d.p.length });
    at += d.p.length;
  }
  return { rules: t.rules, fresh: rootDistribution(t, values, store, { mask: 0, up: 0, flag: 0 }), kept, data };
}

/** Computes a rule set's distribution table in this thread (tens of seconds: the parallel pass is quicker). */
export function solveDistributionsHere(t: RuleTables, values: Float64Array, onStates?: (done: number) => void): DistributionTable {
  return tableFromStore(t, values, distributionPass(t, values, KEEP_LEVEL, onStates));
}

/** The points on a card now (bonuses included), for the rule set of a table. */
export function cardPoints(table: StrategyTable, card: Card): number {
  return cardTotal(getRuleSet(table.rules), card);
}
