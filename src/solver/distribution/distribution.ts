import { TurnSolver } from '../strategy/core.js';
import { levelsFrom } from '../strategy/solve.js';
import { popcount, stateCount, stateIndex, type SolverState } from '../strategy/state.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { KERNEL_BYTES, LIST_MAX, MAX_PAGES, OUT_MAX, SRC_MAX, arenaKernel, mixKernel, type ArenaKernel, type MixKernel } from '../wasm/mixKernel.js';
import { ROLL_COUNT } from '../dice/multisets.js';
import { TurnOutcomes, type TurnOutcomeList } from '../outcomes/turnOutcomes.js';

/*
 * The exact distribution of the points still to come under the mean-optimal policy of a strategy table, by
 * backward induction over the turn-start states of the table: each state's distribution is the mix, over how its
 * turn ends (turnOutcomes.ts), of the next state's distribution shifted by the points the turn adds. Only two levels
 * (boxes filled) are held at a time. Chances below TAIL_EPSILON at either end of a state's distribution are dropped
 * (the mass so lost is far below 1e-9 in all: see `mass` of the result).
 */

/** Chances below this at the ends of a state's distribution are dropped. */
export const TAIL_EPSILON = 1e-15;

/** A distribution of whole scores: p[i] is the chance of lo + i. */
export interface ScoreDistribution {
  readonly lo: number;
  readonly p: Float64Array;
}

const ZERO: ScoreDistribution = { lo: 0, p: Float64Array.of(1) };

/** The distribution without the chances below TAIL_EPSILON at its two ends. */
export function trimmed(lo: number, p: Float64Array): ScoreDistribution {
  let a = 0;
  let b = p.length - 1;
  while (a < b && p[a] < TAIL_EPSILON) a++;
  while (b > a && p[b] < TAIL_EPSILON) b--;
  return a === 0 && b === p.length - 1 ? { lo, p } : { lo: lo + a, p: p.slice(a, b + 1) };
}

/** Bytes of a WebAssembly memory page. */
const PAGE = 65536;

/**
 * `bytes` of zeroed memory mapped straight from the system (a WebAssembly memory) rather than taken from malloc, whose
 * arenas keep what a worker thread frees (its next allocations are reused, the process's memory does not go down):
 * this is unmapped when collected or when its thread ends. An ordinary ArrayBuffer where WebAssembly cannot give it.
 */
export function mappedBuffer(bytes: number): ArrayBuffer {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  try {
    return new WebAssembly.Memory({ initial: pages, maximum: pages }).buffer;
  } catch {
    return new ArrayBuffer(bytes);
  }
}

/**
 * A pass's arena: one shared WebAssembly memory that holds the chunks of its stores (every thread's) and each thread's
 * mixing kernel (arenaKernel), which then reads the distributions where they are. Its parts are taken from the next
 * free byte on (arenaTake: a counter at byte 0, so that threads take theirs at once), the memory growing as needed;
 * its first page holds nothing else, so that a chunk at byte 0 of its buffer is known not to be in it. Undefined where
 * such memory cannot be had.
 */
export function chunkArena(): WebAssembly.Memory | undefined {
  try {
    const arena = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
    arenaReset(arena);
    return arena;
  } catch {
    return undefined;
  }
}

/** Frees every part of the arena (nothing of it may be read or written again), its memory kept for what is taken next. */
export function arenaReset(arena: WebAssembly.Memory): void {
  Atomics.store(new Uint32Array(arena.buffer, 0, 1), 0, PAGE);
}

/** The byte offset of `bytes` of the arena's memory taken for this thread (zeroed if never used before), or -1 when it is full. */
export function arenaTake(arena: WebAssembly.Memory, bytes: number): number {
  const top = new Uint32Array(arena.buffer, 0, 1);
  const size = Math.ceil(bytes / 16) * 16;
  let at = Atomics.load(top, 0);
  for (;;) {
    if (at + size >= MAX_PAGES * PAGE) return -1;
    const was = Atomics.compareExchange(top, 0, at, at + size);
    if (was === at) break;
    at = was;
  }
  try {
    while (arena.buffer.byteLength < at + size) arena.grow(Math.ceil((at + size - arena.buffer.byteLength) / PAGE));
  } catch {
    return -1;
  }
  return at;
}

/** This thread's arena for passes from cards, when made (null: not yet, undefined: it cannot be). */
let cardArena: WebAssembly.Memory | null | undefined = null;
/** Whether a pass from cards holds it. */
let cardArenaTaken = false;

/**
 * This thread's arena for a pass from cards, emptied (arenaReset): the pass's store gives it back when released.
 * Undefined while another such pass holds it (their calls may overlap) or where it cannot be had.
 */
export function takeCardArena(): WebAssembly.Memory | undefined {
  if (cardArenaTaken) return undefined;
  if (cardArena === null) cardArena = chunkArena();
  if (!cardArena) return undefined;
  cardArenaTaken = true;
  arenaReset(cardArena);
  return cardArena;
}

/** Gives this thread's card arena back (what was in it is not read again). */
export function giveBackCardArena(): void {
  cardArenaTaken = false;
}

/** Float32s per chunk of a DistributionStore (1 MiB): small enough that a level's last chunk in each thread wastes little, and that early release frees memory soon. */
export const CHUNK = 1 << 18;

/** Where each state's distribution is in a DistributionStore (shared memory, so that worker threads fill it together). */
export interface StoreIndex {
  readonly lo: Int32Array;
  readonly len: Int32Array;
  /** The chunk's number; -1 for the end of the game (surely 0 more points). */
  readonly chunkOf: Int32Array;
  readonly offset: Int32Array;
}

/** A fresh index for `states` states: in shared memory for worker threads, else in memory of this thread's own (mappedBuffer). */
export function storeIndex(states: number, shared = true): StoreIndex {
  if (shared) {
    const make = () => new Int32Array(new SharedArrayBuffer(states * 4));
    return { lo: make(), len: make(), chunkOf: make(), offset: make() };
  }
  // One mapping for the four.
  const buffer = mappedBuffer(states * 16);
  const part = (i: number) => new Int32Array(buffer, i * states * 4, states);
  return { lo: part(0), len: part(1), chunkOf: part(2), offset: part(3) };
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
 * The order of the whole game's pass: each level's masks ascending by a key in which the upper boxes are the high
 * bits, and for each mask the position, in the next level solved (one box fewer), of the last mask that reads its
 * states (NEVER for the kept levels, at most `keep` boxes filled). Once every mask up to there is computed, the
 * mask's chances can be written over (DistributionStore's early release): in this order a pass holds 205 MiB of
 * chances at the most for the official rules instead of two whole levels' 379 MiB (the masks holding the most states,
 * those with upper boxes filled, come last in a level, and are read by the last ones of the level after).
 */
export interface PassOrder extends PassRelease {
  /** The masks level by level, the most boxes filled first. */
  readonly levels: readonly Int32Array[];
}

/** The whole game's pass order (PassOrder) for these rules, the levels with at most `keep` boxes filled kept. */
export function wholePassOrder(t: RuleTables, keep: number): PassOrder {
  const n = t.boxCount;
  const boxes = Array.from({ length: n }, (_, b) => b);
  const keyBits = [...boxes.filter((b) => !(t.upperFace[b] > 0)), ...boxes.filter((b) => t.upperFace[b] > 0)];
  const key = new Int32Array(1 << n);
  for (let m = 0; m < 1 << n; m++) keyBits.forEach((b, i) => (key[m] |= ((m >> b) & 1) << i));
  const byLevel: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let m = 0; m < 1 << n; m++) byLevel[popcount(m)].push(m);
  const position = new Int32Array(1 << n);
  for (const level of byLevel) {
    level.sort((a, b) => key[a] - key[b]);
    level.forEach((m, i) => (position[m] = i));
  }
  const lastReader = new Int32Array(1 << n).fill(NEVER);
  for (let m = 1; m < 1 << n; m++) {
    if (popcount(m) <= keep) continue;
    let last = -1;
    for (let b = 0; b < n; b++) if (m & (1 << b)) last = Math.max(last, position[m & ~(1 << b)]);
    lastReader[m] = last;
  }
  return { levels: byLevel.reverse().map((l) => Int32Array.from(l)), lastReader, perMask: t.upperSize * t.flagSize };
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
  /** Where chunk c is in the arena (a byte offset), -1 when it is not there. */
  readonly chunkByte: number[] = [];
  /** This thread's kernel in the arena, when the store has one. */
  readonly kernel: ArenaKernel | null;
  private readonly arena: WebAssembly.Memory | undefined;
  private readonly spare: Float32Array[];
  private onRelease: (() => void) | undefined;
  private made: [number, Float32Array][] = [];
  private current = -1;
  private used: number;
  private ids = 0;
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
   * Chunks of `chunkSize` float32s, in shared memory unless `shared` is false (a pass in one thread: mappedBuffer). With `slots`,
   * the index holds only some states (storeSlots), else every state of the rule set at its state index. With `arena`
   * (chunkArena: the same one in every thread's store of the pass), its chunks are made in it, and every chunk added
   * must come from it or be at byte 0 of its buffer. `onRelease` is called when it is first released. With `release`
   * (the whole game's pass in PassOrder), this thread's chunks of the level before are written over as soon as every
   * state that reads them is computed (releaseUpTo), not only once the level is done.
   */
  constructor(
    index: StoreIndex,
    private readonly newId: () => number = () => this.ids++,
    options: { chunkSize?: number; shared?: boolean; slots?: StoreSlots; spare?: Float32Array[]; arena?: WebAssembly.Memory; onRelease?: () => void; release?: PassRelease } = {},
  ) {
    this.early = options.release;
    const at = options.arena ? arenaTake(options.arena, KERNEL_BYTES) : -1;
    this.kernel = at >= 0 ? arenaKernel(options.arena!, at) : null;
    this.arena = this.kernel ? options.arena : undefined;
    this.onRelease = options.onRelease;
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

  /** Bytes of the arena taken so far: its high-water mark, as chunks written over are not taken again (0 without an arena). */
  arenaBytes(): number {
    return this.arena ? Atomics.load(new Uint32Array(this.arena.buffer, 0, 1), 0) : 0;
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
      this.chunkByte[this.current] = this.byteOf(c);
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
    const k = this.kernel;
    const into = this.chunkByte[this.current];
    if (k && p === k.out && into >= 0) k.demote(k.outByte + a * 8, n, into + at * 4);
    else c.set(p.subarray(a, b + 1), at);
    this.lo[s] = lo + a;
    this.chunkOf[s] = this.current;
    this.offset[s] = at;
    this.len[s] = n;
    this.used += n;
  }

  /** A new chunk of `length` float32s: in the arena if there is one and it can grow, else shared memory or mappedBuffer. */
  private newChunk(length: number): Float32Array {
    const at = this.arena ? arenaTake(this.arena, length * 4) : -1;
    // Else (no arena, or it is full) an ordinary chunk, which the kernel mixes from a copy.
    if (at >= 0) return new Float32Array(this.arena!.buffer, at, length);
    return new Float32Array(this.shared ? new SharedArrayBuffer(length * 4) : mappedBuffer(length * 4), 0, length);
  }

  /** Where chunk c is in the arena, or -1 (no arena, or a chunk at byte 0 of its buffer: never one of the arena's). */
  private byteOf(c: Float32Array): number {
    return this.kernel && c.byteOffset > 0 ? c.byteOffset : -1;
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
    for (const [id, c] of chunks) {
      this.chunks[id] = c;
      this.chunkByte[id] = this.byteOf(c);
    }
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
    // Once only: a second release must not give back an arena that another pass has taken since.
    const onRelease = this.onRelease;
    this.onRelease = undefined;
    onRelease?.();
  }

  /** State s's distribution as float64s. */
  get(state: number): ScoreDistribution {
    const s = this.slot(state);
    const len = this.len[s];
    if (len === 0) throw new Error(`distribution of state ${state} was not computed`);
    const c = this.chunkOf[s];
    if (c < 0) return ZERO;
    const chunk = this.chunks[c];
    if (!chunk) throw new Error(`distribution of state ${state} was dropped`);
    return { lo: this.lo[s], p: Float64Array.from(chunk.subarray(this.offset[s], this.offset[s] + len)) };
  }
}

/**
 * Mixes the next states' distributions of a turn's outcomes (shifted by their points) into acc, from score `lo`;
 * returns [lo, hi] of the mix (untrimmed), which is in acc.p. The outcomes that lead to the same state are mixed
 * one after the other (by the WebAssembly kernel, mixKernel.ts, where there is one: in one call where the store's
 * chunks are in its arena, else state by state from a copy), else up to three in one sweep of its chances; either
 * way each chance of the mix gets its terms in the same order, so they agree bit for bit.
 */
function mixInto(store: DistributionStore, list: TurnOutcomeList, acc: MixScratch): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  const { gain, p: w, count } = list;
  const sLo = store.lo;
  const sLen = store.len;
  const order = acc.order;
  // The next states' slots in the store, in `next` from here on.
  const next = acc.slots;
  for (let j = 0; j < count; j++) next[j] = store.slot(list.next[j]);
  for (let j = 0; j < count; j++) {
    const s = next[j];
    const a = sLo[s] + gain[j];
    const b = a + sLen[s] - 1;
    if (a < lo) lo = a;
    if (b > hi) hi = b;
    // Insertion by next state: the outcomes of one state end up side by side.
    let k = j;
    while (k > 0 && next[order[k - 1]] > s) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = j;
  }
  const size = hi - lo + 1;
  const arena = store.kernel;
  if (arena && size <= OUT_MAX && count <= LIST_MAX && mixInArena(arena, store, list, next, order, lo, size)) {
    acc.p = arena.out;
    return [lo, hi];
  }
  const kernel = acc.kernel;
  if (kernel && size <= OUT_MAX) {
    acc.p = kernel.out;
    if (mixWithKernel(kernel, store, list, next, order, lo, size)) return [lo, hi];
  }
  if (acc.own.length < size) acc.own = new Float64Array(Math.max(size, 2 * acc.own.length));
  const out = acc.own;
  acc.p = out;
  out.fill(0, 0, size);
  for (let g = 0; g < count; ) {
    const s = next[order[g]];
    let e = g + 1;
    while (e < count && next[order[e]] === s) e++;
    const base = sLo[s] - lo;
    const c = store.chunkOf[s];
    if (c < 0) {
      for (let k = g; k < e; k++) out[base + gain[order[k]]] += w[order[k]];
      g = e;
      continue;
    }
    const chunk = store.chunks[c]!;
    const from = store.offset[s];
    const end = from + sLen[s];
    // out[a + q] gets w * chunk[q], for q in [from, end).
    let k = g;
    for (; k + 2 < e; k += 3) {
      const j0 = order[k];
      const j1 = order[k + 1];
      const j2 = order[k + 2];
      const a0 = base + gain[j0] - from;
      const a1 = base + gain[j1] - from;
      const a2 = base + gain[j2] - from;
      const w0 = w[j0];
      const w1 = w[j1];
      const w2 = w[j2];
      for (let q = from; q < end; q++) {
        const x = chunk[q];
        out[a0 + q] += w0 * x;
        out[a1 + q] += w1 * x;
        out[a2 + q] += w2 * x;
      }
    }
    if (k + 1 < e) {
      const j0 = order[k];
      const j1 = order[k + 1];
      const a0 = base + gain[j0] - from;
      const a1 = base + gain[j1] - from;
      const w0 = w[j0];
      const w1 = w[j1];
      for (let q = from; q < end; q++) {
        const x = chunk[q];
        out[a0 + q] += w0 * x;
        out[a1 + q] += w1 * x;
      }
    } else if (k < e) {
      const j0 = order[k];
      const a0 = base + gain[j0] - from;
      const w0 = w[j0];
      for (let q = from; q < end; q++) out[a0 + q] += w0 * chunk[q];
    }
    g = e;
  }
  return [lo, hi];
}

/** Mixes as mixInto does, with the WebAssembly kernel; false (nothing mixed) when a state's chances do not fit in it. */
function mixWithKernel(kernel: MixKernel, store: DistributionStore, list: TurnOutcomeList, next: Int32Array, order: Int32Array, lo: number, size: number): boolean {
  const { gain, p: w, count } = list;
  const sLo = store.lo;
  const sLen = store.len;
  if (count > LIST_MAX) return false;
  for (let j = 0; j < count; j++) if (sLen[next[j]] > SRC_MAX) return false;
  const out = kernel.out;
  const src = kernel.src;
  const { mixList, listI32, listF64, listByte, srcByte } = kernel;
  out.fill(0, 0, size);
  for (let g = 0; g < count; ) {
    const s = next[order[g]];
    let e = g + 1;
    while (e < count && next[order[e]] === s) e++;
    const base = sLo[s] - lo;
    const c = store.chunkOf[s];
    if (c < 0) {
      for (let k = g; k < e; k++) out[base + gain[order[k]]] += w[order[k]];
    } else {
      const from = store.offset[s];
      const len = sLen[s];
      src.set(store.chunks[c]!.subarray(from, from + len));
      // The group's outcomes in the kernel's list, mixed in one call.
      for (let k = g, e4 = 0; k < e; k++, e4 += 4) {
        listI32[e4] = (base + gain[order[k]]) * 8;
        listF64[(e4 >> 1) + 1] = w[order[k]];
      }
      mixList(srcByte, len, listByte, e - g);
    }
    g = e;
  }
  return true;
}

/**
 * Mixes as mixInto does, with the store's kernel in its arena, which reads the chunks in place: every outcome in one
 * list, in mixInto's order, mixed in one call. False (nothing mixed) when a chunk is not in the arena.
 */
function mixInArena(kernel: ArenaKernel, store: DistributionStore, list: TurnOutcomeList, next: Int32Array, order: Int32Array, lo: number, size: number): boolean {
  const { gain, p: w, count } = list;
  const { lo: sLo, len: sLen, chunkOf, offset, chunkByte } = store;
  const { listI32, listF64, outByte } = kernel;
  for (let k = 0, e = 0; k < count; k++, e += 6) {
    const j = order[k];
    const s = next[j];
    const c = chunkOf[s];
    if (c < 0) {
      listI32[e] = kernel.oneByte;
      listI32[e + 1] = 1;
    } else {
      const at = chunkByte[c];
      if (at < 0) return false;
      listI32[e] = at + offset[s] * 4;
      listI32[e + 1] = sLen[s];
    }
    listI32[e + 2] = outByte + (sLo[s] - lo + gain[j]) * 8;
    listF64[(e >> 1) + 2] = w[j];
  }
  kernel.mixAll(kernel.listByte, count, outByte, size);
  return true;
}

/** Scratch space of mixInto: the mix is left in p (the kernel's memory or `own`). */
interface MixScratch {
  p: Float64Array;
  own: Float64Array;
  readonly order: Int32Array;
  readonly slots: Int32Array;
  readonly kernel: MixKernel | null;
}

/** The states of a mask to compute: for each flag, its upper totals (ascending); those below `dead` share one distribution (they can no longer earn the bonus). */
interface MaskStates {
  readonly byFlag: readonly { readonly flag: number; readonly ups: ArrayLike<number> }[];
  readonly dead: number;
}

/**
 * The states of a mask: every state, or with `froms` only those that a game from one of these states with fewer
 * boxes filled can reach (from each, its upper total plus what the boxes filled since can add, and its Yahtzee flag
 * once its Yahtzee box is filled).
 */
function statesOf(t: RuleTables, solver: TurnSolver, mask: number, froms?: readonly SolverState[]): MaskStates {
  const dead = t.upperSize > 1 ? t.threshold - solver.upperStillPossible(mask) : 0;
  const both = solver.flagsOf(mask) === 2 ? [0, 1] : [0];
  if (!froms) {
    const ups = solver.reachableUps(mask);
    return { byFlag: both.map((flag) => ({ flag, ups })), dead };
  }
  const y = t.yahtzeeBox;
  const ups: Set<number>[] = [new Set(), new Set()];
  for (const from of froms) {
    if ((mask & from.mask) !== from.mask || mask === from.mask) continue;
    const flags = y >= 0 && from.mask & (1 << y) ? [from.flag] : both;
    const added = t.upperSize > 1 ? solver.reachableUps(mask & ~from.mask) : Int32Array.of(0);
    for (const flag of flags) for (const a of added) ups[flag].add(t.upperSize > 1 ? Math.min(t.threshold, from.up + a) : 0);
  }
  const byFlag = [0, 1].filter((flag) => ups[flag].size > 0).map((flag) => ({ flag, ups: Int32Array.from([...ups[flag]].sort((a, b) => a - b)) }));
  return { byFlag, dead };
}

/**
 * Computes the distributions of every state of `masks` into the store (with `froms`, only the states games from them
 * can reach), the later states being there already. Returns the states computed.
 */
export function solveDistributionMasks(
  t: RuleTables,
  values: Float64Array,
  store: DistributionStore,
  masks: ArrayLike<number>,
  count: number,
  take: () => number,
  how: { readonly scratch: PassScratch; readonly onState?: () => void; readonly froms?: readonly SolverState[]; readonly onMaskDone?: (i: number) => void },
): number {
  const { scratch, onState, froms, onMaskDone } = how;
  const full = (1 << t.boxCount) - 1;
  let computed = 0;
  for (;;) {
    const i = take();
    if (i >= count) break;
    const mask = masks[i];
    const { byFlag, dead } = statesOf(t, scratch.solver, mask, froms);
    // The states to compute (two at a time below), and those that share one of theirs.
    const todo = scratch.todo;
    let n = 0;
    const shares: [state: number, from: number][] = [];
    for (const { flag, ups } of byFlag) {
      let deadState = -1;
      for (let u = 0; u < ups.length; u++) {
        const up = ups[u];
        const at = stateIndex(t, { mask, up, flag });
        if (mask === full) {
          store.setEnd(at);
          continue;
        }
        if (up < dead && deadState >= 0) {
          shares.push([at, deadState]);
          continue;
        }
        todo[3 * n] = up;
        todo[3 * n + 1] = flag;
        todo[3 * n + 2] = at;
        n++;
        if (up < dead) deadState = at;
      }
    }
    for (let k = 0; k < n; k += 2) {
      const last = k + 1 === n;
      const up0 = todo[3 * k];
      const flag0 = todo[3 * k + 1];
      const lists = last ? [scratch.turns.outcomes(values, mask, up0, flag0)] : scratch.turns.outcomesTwo(values, mask, up0, flag0, todo[3 * k + 3], todo[3 * k + 4]);
      for (let j = 0; j < lists.length; j++) {
        const [lo, hi] = mixInto(store, lists[j], scratch.acc);
        const p = scratch.acc.p;
        let a = 0;
        let b = hi - lo;
        while (a < b && p[a] < TAIL_EPSILON) a++;
        while (b > a && p[b] < TAIL_EPSILON) b--;
        store.put(todo[3 * (k + j) + 2], lo, p, a, b);
        computed++;
        onState?.();
      }
    }
    for (const [at, from] of shares) store.share(at, from);
    onMaskDone?.(i);
  }
  return computed;
}

/** One thread's calculators and scratch space for a distribution pass. */
export class PassScratch {
  readonly solver: TurnSolver;
  readonly turns: TurnOutcomes;
  readonly acc: MixScratch;
  /** A mask's states to compute: (up, flag, state index) each. */
  readonly todo: Int32Array;
  constructor(t: RuleTables) {
    this.todo = new Int32Array(3 * t.upperSize * t.flagSize);
    const own = new Float64Array(4096);
    this.acc = { p: own, own, order: new Int32Array(ROLL_COUNT), slots: new Int32Array(ROLL_COUNT), kernel: mixKernel() };
    this.solver = new TurnSolver(t);
    this.turns = new TurnOutcomes(t);
  }
}

/**
 * The chunks of passes from a card, kept for the next such pass in this thread: a question about several cards makes
 * several passes, and chunks left to the garbage collector (outside the V8 heap, so it runs late) would add up. Used
 * when this thread's card arena (cardChunks), which the passes take first, is held by another pass.
 */
const FROM_CARD_SPARE: Float32Array[] = [];

/**
 * Where a pass from cards in this thread takes its chunks: this thread's card arena (its chunks spare only for the
 * pass: the next one empties the arena) when it is free, else FROM_CARD_SPARE.
 */
export function cardChunks(spare: Float32Array[] = FROM_CARD_SPARE): { arena?: WebAssembly.Memory; spare: Float32Array[]; onRelease?: () => void } {
  const arena = takeCardArena();
  return arena ? { arena, spare: [], onRelease: giveBackCardArena } : { spare };
}

/**
 * The distributions of the states of a pass in this thread: the whole game's (every state, in PassOrder, its chunks
 * released early, those of the states with at most `keep` boxes filled kept), or with `from` only the later states a
 * game from there can reach (level by level: each level's chunks dropped once the level before it is done).
 */
export function distributionPass(t: RuleTables, values: Float64Array, keep = -1, onStates?: (done: number) => void, from?: SolverState): DistributionStore {
  // A pass from a card holds a few megabytes: chunks in this thread's card arena (cardChunks), else ordinary memory.
  // The whole game's holds hundreds, in an arena of its own.
  const slots = from ? storeSlots(t, from.mask) : undefined;
  const order = from ? undefined : wholePassOrder(t, keep);
  const store = slots
    ? new DistributionStore(storeIndex(slots.size, false), undefined, { shared: false, slots, ...cardChunks() })
    : new DistributionStore(storeIndex(stateCount(t)), undefined, { arena: chunkArena(), release: order });
  const scratch = new PassScratch(t);
  let previous: number[] = [];
  let previousLevel = Infinity;
  let done = 0;
  for (const level of order?.levels ?? levelsFrom(t.boxCount, from!.mask)) {
    const filled = popcount(level[0]);
    if (from && filled <= popcount(from.mask)) break;
    store.startLevel();
    let i = 0;
    // In this thread the masks before the one just done are all done.
    const onMaskDone = order && ((k: number) => store.releaseUpTo(k + 1));
    done += solveDistributionMasks(t, values, store, level, level.length, () => i++, { scratch, froms: from && [from], onMaskDone });
    onStates?.(done);
    const made = store.takeMade().map(([id]) => id);
    if (previousLevel > keep) store.drop(previous, new Set(previous));
    previous = made;
    previousLevel = filled;
  }
  return store;
}

/**
 * State `from`'s distribution in double precision, mixed again from the later states of the store (which holds
 * them in single precision).
 */
export function rootDistribution(t: RuleTables, values: Float64Array, store: DistributionStore, from: SolverState): ScoreDistribution {
  if (from.mask === (1 << t.boxCount) - 1) return ZERO;
  const scratch = new PassScratch(t);
  const list = scratch.turns.outcomes(values, from.mask, from.up, from.flag);
  const [lo, hi] = mixInto(store, list, scratch.acc);
  return trimmed(lo, scratch.acc.p.slice(0, hi - lo + 1));
}

/**
 * The distribution of the points still to come from the start of a turn in state `from`, under the policy of the
 * strategy table `values` (which must cover every state whose filled boxes include from's), computed in this
 * thread. Upper and Yahtzee bonuses to come are part of the points.
 */
export function remainingDistribution(t: RuleTables, values: Float64Array, from: SolverState): ScoreDistribution {
  if (from.mask === (1 << t.boxCount) - 1) return ZERO;
  // Every later state, then the one asked for in double precision.
  const store = distributionPass(t, values, -1, undefined, from);
  const root = rootDistribution(t, values, store, from);
  store.release();
  return root;
}

/**
 * One pass for several cards: every later state that a game from any of them can reach, each computed once however
 * many of the cards reach it (a state's distribution does not depend on the points already scored). The states hold
 * what the cards' own passes (remainingDistribution) would, bit for bit.
 */
export interface SharedPass {
  readonly froms: readonly SolverState[];
  /** The slots of the masks that include some card's filled boxes and more. */
  readonly slots: StoreSlots;
  /** The masks to solve, level by level, the most boxes filled first. */
  readonly levels: readonly Int32Array[];
  /** Per level, true when some card has this many boxes filled (so the level after it, which its root reads, is kept). */
  readonly rootLevel: readonly boolean[];
  /** The states it computes. */
  readonly states: number;
}

/** The states statesOf gives, counted as a pass computes them (upper totals that can no longer earn the bonus share one). */
function statesComputed({ byFlag, dead }: MaskStates): number {
  let n = 0;
  for (const { ups } of byFlag) {
    let live = 0;
    for (let u = 0; u < ups.length; u++) if (ups[u] >= dead) live++;
    n += live + (live < ups.length ? 1 : 0);
  }
  return n;
}

/**
 * The shared pass from these card states (none of them the end of the game). Each level's masks are in order of the
 * states they hold, most first, so that threads taking them in turn end a level at about the same time.
 */
export function sharedPass(t: RuleTables, froms: readonly SolverState[]): SharedPass {
  const solver = new TurnSolver(t);
  const full = (1 << t.boxCount) - 1;
  const per = t.upperSize * t.flagSize;
  const rank = new Int32Array(1 << t.boxCount).fill(-1);
  const byLevel: [mask: number, states: number][][] = Array.from({ length: t.boxCount + 1 }, () => []);
  let n = 0;
  let states = 0;
  for (let mask = 0; mask <= full; mask++) {
    if (!froms.some((f) => (mask & f.mask) === f.mask && mask !== f.mask)) continue;
    rank[mask] = n++;
    const k = mask === full ? 0 : statesComputed(statesOf(t, solver, mask, froms));
    states += k;
    byLevel[popcount(mask)].push([mask, k]);
  }
  const levels = byLevel
    .filter((l) => l.length > 0)
    .map((l) => Int32Array.from(l.sort((x, y) => y[1] - x[1] || x[0] - y[0]).map(([mask]) => mask)))
    .reverse();
  const rootLevel = byLevel.map((_, filled) => froms.some((f) => popcount(f.mask) === filled));
  return { froms, slots: { rank, per, size: n * per }, levels, rootLevel, states };
}

/** A shared pass in this thread: its store (this thread's card arena, else ordinary memory: cardChunks), for rootDistribution. */
export function sharedPassHere(t: RuleTables, values: Float64Array, pass: SharedPass): DistributionStore {
  const store = new DistributionStore(storeIndex(pass.slots.size, false), undefined, { shared: false, slots: pass.slots, ...cardChunks() });
  const scratch = new PassScratch(t);
  let previous: number[] = [];
  for (const level of pass.levels) {
    store.startLevel();
    let i = 0;
    solveDistributionMasks(t, values, store, level, level.length, () => i++, { scratch, froms: pass.froms });
    const made = store.takeMade().map(([id]) => id);
    if (!pass.rootLevel[popcount(level[0])]) store.drop(previous, new Set(previous));
    previous = made;
  }
  return store;
}

