import { popcount } from '../strategy/state.js';
import type { RuleTables } from '../strategy/ruleTables.js';

/*
 * Where a distribution pass keeps the distributions of the states it has computed (distribution.ts): float32 chances
 * in chunks, found by state index, the chunks of states no longer read written over by the next ones.
 */

export const CHUNK = 1 << 18;

/** Where each state's distribution is in a DistributionStore (shared memory, so that worker threads fill it together). */
export interface StoreIndex {
  readonly lo: Int32Array;
  readonly len: Int32Array;
  /** The chunk's number; -1 for the end of the game (surely 0 more points). */
  readonly chunkOf: Int32Array;
  readonly offset: Int32Array;
}

/** A fresh index for `states` states: in shared memory for worker threads, else in memory of this thread's own. */
export function storeIndex(states: number, shared = true): StoreIndex {
  const make = () => new Int32Array(shared ? new SharedArrayBuffer(states * 4) : new ArrayBuffer(states * 4));
  return { lo: make(), len: make(), chunkOf: make(), offset: make() };
}

/** A store index that holds only the states whose masks have `rank`s: state s at rank[mask] * per + the rest. */
export interface StoreSlots {
  readonly rank: Int32Array;
  /** States per mask (upper totals times flags). */
  readonly per: number;
  /** Slots in all. */
  readonly size: number;
}

/** The slots of the states whose filled boxes include `base` (a pass from a card needs no others). */
export function storeSlots(t: RuleTables, base: number): StoreSlots {
  const per = t.upperSize * t.flagSize;
  const rank = new Int32Array(1 << t.boxCount).fill(-1);
  const free = ((1 << t.boxCount) - 1) & ~base;
  let n = 0;
  for (let sub = 0; ; sub = (sub - free) & free) {
    rank[base | sub] = n++;
    if (sub === free) break;
  }
  return { rank, per, size: n * per };
}

/** A mask's last reader when its chunks are never released early (a kept level). */
export const NEVER = 0x7fffffff;

/** What a store needs for early release: each mask's last reader (PassOrder) and the states per mask in the state index. */
export interface PassRelease {
  readonly lastReader: Int32Array;
  readonly perMask: number;
}

/**
 * The order of a pass: each level's masks ascending by a key in which the upper boxes are the high bits, and for each
 * mask the position, in the next level solved (one box fewer), of the last mask that reads its states (NEVER for the
 * kept levels, at most `keep` boxes filled). Once every mask up to there is computed, the mask's chances can be
 * written over (DistributionStore's early release): in this order the whole game's pass holds 205 MiB of chances at
 * the most for the official rules instead of two whole levels' 379 MiB (the masks holding the most states, those
 * with upper boxes filled, come last in a level, and are read by the last ones of the level after).
 */
export interface PassOrder extends PassRelease {
  /** The masks level by level, the most boxes filled first. */
  readonly levels: readonly Int32Array[];
}

/** The order (PassOrder) of a pass over the masks that include `base` (0: the whole game's), those with at most `keep` boxes filled kept. */
export function passOrder(t: RuleTables, keep: number, base = 0): PassOrder {
  const n = t.boxCount;
  const boxes = Array.from({ length: n }, (_, b) => b);
  const keyBits = [...boxes.filter((b) => !(t.upperFace[b] > 0)), ...boxes.filter((b) => t.upperFace[b] > 0)];
  const key = new Int32Array(1 << n);
  for (let m = 0; m < 1 << n; m++) keyBits.forEach((b, i) => (key[m] |= ((m >> b) & 1) << i));
  const byLevel: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let m = 0; m < 1 << n; m++) if ((m & base) === base) byLevel[popcount(m)].push(m);
  const position = new Int32Array(1 << n);
  for (const level of byLevel) {
    level.sort((a, b) => key[a] - key[b]);
    level.forEach((m, i) => (position[m] = i));
  }
  const lastReader = new Int32Array(1 << n).fill(NEVER);
  for (const m of byLevel.flat()) {
    if (m === base || popcount(m) <= keep) continue;
    let last = -1;
    for (let b = 0; b < n; b++) if (m & ~base & (1 << b)) last = Math.max(last, position[m & ~(1 << b)]);
    lastReader[m] = last;
  }
  return { levels: byLevel.reverse().filter((l) => l.length > 0).map((l) => Int32Array.from(l)), lastReader, perMask: t.upperSize * t.flagSize };
}

/**
 * The distributions of many states, as float32 chances in chunks of shared memory, found by state index: state s
 * holds len[s] chances from score lo[s], at offset[s] of chunk chunkOf[s]. Each thread writes its own chunks (numbered
 * by `newId`, unique across the threads) and reads everyone's.
 */
export class DistributionStore {
  readonly lo: Int32Array;
  readonly len: Int32Array;
  readonly chunkOf: Int32Array;
  readonly offset: Int32Array;
  readonly chunks: (Float32Array | undefined)[] = [];
  private readonly spare: Float32Array[];
  private made: [number, Float32Array][] = [];
  private current = -1;
  private used: number;
  private ids = 0;
  private allocated = 0;
  private readonly chunkSize: number;
  private readonly shared: boolean;
  private readonly slots: StoreSlots | undefined;
  /** Early release (PassOrder): each mask's last reader, the states per mask, each chunk's latest reader (by id). */
  private readonly early: PassRelease | undefined;
  private readonly expiry: number[] = [];
  /** This thread's chunks made since the level began, and those of the level before still waiting for their readers (by expiry). */
  private levelMade: number[] = [];
  private waiting: number[] = [];

  /**
   * Chunks of `chunkSize` float32s, in shared memory unless `shared` is false (a pass in one thread). With `slots`,
   * the index holds only some states (storeSlots), else every state of the rule set at its state index. Chunks no
   * longer read are kept in `spare` and written over by the next ones. With `release`
   * (the whole game's pass in PassOrder), this thread's chunks of the level before are written over as soon as every
   * state that reads them is computed (releaseUpTo), not only once the level is done.
   */
  constructor(
    index: StoreIndex,
    private readonly newId: () => number = () => this.ids++,
    options: { chunkSize?: number; shared?: boolean; slots?: StoreSlots; spare?: Float32Array[]; release?: PassRelease } = {},
  ) {
    this.early = options.release;
    this.spare = options.spare ?? [];
    this.chunkSize = options.chunkSize ?? CHUNK;
    this.shared = options.shared ?? true;
    this.slots = options.slots;
    this.used = this.chunkSize;
    this.lo = index.lo;
    this.len = index.len;
    this.chunkOf = index.chunkOf;
    this.offset = index.offset;
  }

  /** Where state s is in the index. */
  slot(s: number): number {
    const m = this.slots;
    if (!m) return s;
    const mask = Math.floor(s / m.per);
    return m.rank[mask] * m.per + (s - mask * m.per);
  }

  /** How many chances state s holds (0: not computed). */
  lengthOf(s: number): number {
    return this.len[this.slot(s)];
  }

  /** Marks state s as the end of the game. */
  setEnd(state: number): void {
    const s = this.slot(state);
    this.lo[s] = 0;
    this.chunkOf[s] = -1;
    this.len[s] = 1;
  }

  /** Makes state s share state from's distribution. */
  share(state: number, fromState: number): void {
    const s = this.slot(state);
    const from = this.slot(fromState);
    this.lo[s] = this.lo[from];
    this.chunkOf[s] = this.chunkOf[from];
    this.offset[s] = this.offset[from];
    this.len[s] = this.len[from];
  }

  /** Stores p[a..b] (the chances of lo + a .. lo + b) as state s's distribution. */
  put(state: number, lo: number, p: Float64Array, a: number, b: number): void {
    const s = this.slot(state);
    const n = b - a + 1;
    const size = this.chunkSize;
    if (this.used + n > size) {
      // A chunk of a level no longer needed is written over rather than left to the garbage collector.
      const length = Math.max(size, n);
      const c = (n <= size ? this.spare.pop() : undefined) ?? this.newChunk(length);
      this.current = this.newId();
      this.chunks[this.current] = c;
      this.made.push([this.current, c]);
      this.used = 0;
      if (this.early) {
        this.expiry[this.current] = -1;
        this.levelMade.push(this.current);
      }
    }
    if (this.early) {
      const last = this.early.lastReader[Math.floor(state / this.early.perMask)];
      if (last > this.expiry[this.current]) this.expiry[this.current] = last;
    }
    const c = this.chunks[this.current]!;
    const at = this.used;
    c.set(p.subarray(a, b + 1), at);
    this.lo[s] = lo + a;
    this.chunkOf[s] = this.current;
    this.offset[s] = at;
    this.len[s] = n;
    this.used += n;
  }

  /** Bytes of the chunks made so far (those written over are not made again): the store's high-water mark. */
  allocatedBytes(): number {
    return this.allocated;
  }

  /** A new chunk of `length` float32s, in shared memory or not. */
  private newChunk(length: number): Float32Array {
    this.allocated += length * 4;
    return new Float32Array(this.shared ? new SharedArrayBuffer(length * 4) : new ArrayBuffer(length * 4));
  }

  /**
   * Starts a new chunk for what is put next, so that a level's chunks hold only its states. With early release, the
   * chunks still waiting from the level before last are free now (every state that reads them is computed), and this
   * thread's chunks of the level just done wait for the readers in the level that begins.
   */
  startLevel(): void {
    this.used = this.chunkSize;
    if (!this.early) return;
    this.releaseUpTo(NEVER);
    this.waiting = this.levelMade.sort((a, b) => this.expiry[a] - this.expiry[b]);
    this.levelMade = [];
  }

  /**
   * With early release: this thread's chunks of the level before whose last reader comes before position `done` of
   * the level being solved (every mask there up to `done` is computed, by every thread) are written over by what it
   * puts next. Chunks of kept levels (NEVER) stay.
   */
  releaseUpTo(done: number): void {
    let k = 0;
    for (; k < this.waiting.length && this.expiry[this.waiting[k]] < done; k++) {
      const id = this.waiting[k];
      const c = this.chunks[id];
      if (c && c.length === this.chunkSize) this.spare.push(c);
      this.chunks[id] = undefined;
    }
    if (k > 0) this.waiting.splice(0, k);
  }

  /** The chunks this thread made since the last call, with their numbers. */
  takeMade(): [number, Float32Array][] {
    const m = this.made;
    this.made = [];
    return m;
  }

  /** Adds chunks another thread made. */
  add(chunks: readonly [number, Float32Array][]): void {
    for (const [id, c] of chunks) this.chunks[id] = c;
  }

  /** Drops chunks: the states in them must not be read again (this thread's own are reused). */
  drop(ids: readonly number[], own: ReadonlySet<number> = new Set()): void {
    for (const id of ids) {
      const c = this.chunks[id];
      if (c && c.length === this.chunkSize && own.has(id)) this.spare.push(c);
      this.chunks[id] = undefined;
    }
  }

  /** Drops every chunk (the store is not read again): its own go to its spares, for another store that shares them. */
  release(): void {
    const ids = this.chunks.flatMap((c, id) => (c ? [id] : []));
    this.drop(ids, new Set(ids));
  }

  /** State s's distribution as float64s: p[i] the chance of lo + i more points. */
  get(state: number): { lo: number; p: Float64Array } {
    const s = this.slot(state);
    const len = this.len[s];
    if (len === 0) throw new Error(`distribution of state ${state} was not computed`);
    const c = this.chunkOf[s];
    if (c < 0) return { lo: 0, p: Float64Array.of(1) };
    const chunk = this.chunks[c];
    if (!chunk) throw new Error(`distribution of state ${state} was dropped`);
    return { lo: this.lo[s], p: Float64Array.from(chunk.subarray(this.offset[s], this.offset[s] + len)) };
  }
}

