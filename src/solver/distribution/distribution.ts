import { TurnSolver } from '../strategy/core.js';
import { popcount, stateCount, stateIndex, type SolverState } from '../strategy/state.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { mixKernel, type MixKernel } from '../wasm/mixKernel.js';
import { DistributionStore, storeIndex, storeSlots, passOrder, type StoreSlots } from './distributionStore.js';
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


/**
 * Mixes the next states' distributions of a turn's outcomes (shifted by their points) into the kernel's mix (acc.p),
 * from score `lo`; returns [lo, hi] of the mix (untrimmed). The outcomes that lead to the same state are mixed one
 * after the other, in one call of the kernel (mixKernel.ts) from a copy of the state's chances, so each chance of
 * the mix gets its terms in a fixed order.
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
  const kernel = acc.kernel;
  const { out, src, mixList, listI32, listF64, listByte, srcByte } = kernel;
  // A game's points are far fewer than the kernel holds, and a turn's outcomes fewer than its list's room.
  if (size > out.length || count > kernel.listMax) throw new RangeError(`the mixing kernel has no room for ${size} chances of ${count} outcomes`);
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
      if (len > src.length) throw new RangeError(`the mixing kernel has no room for ${len} chances`);
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
  return [lo, hi];
}

/** Scratch space of mixInto: the mix is left in p (the kernel's memory). */
interface MixScratch {
  readonly p: Float64Array;
  readonly order: Int32Array;
  readonly slots: Int32Array;
  readonly kernel: MixKernel;
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

/** One thread's calculators and scratch space for a distribution pass (passScratch gives this thread's). */
class PassScratch {
  readonly solver: TurnSolver;
  readonly turns: TurnOutcomes;
  readonly acc: MixScratch;
  /** A mask's states to compute: (up, flag, state index) each. */
  readonly todo: Int32Array;
  constructor(t: RuleTables) {
    this.todo = new Int32Array(3 * t.upperSize * t.flagSize);
    const kernel = mixKernel();
    this.acc = { p: kernel.out, order: new Int32Array(ROLL_COUNT), slots: new Int32Array(ROLL_COUNT), kernel };
    this.solver = new TurnSolver(t);
    this.turns = new TurnOutcomes(t);
  }
}

const scratches = new WeakMap<RuleTables, PassScratch>();

/**
 * This thread's scratch space for passes under these rule tables, made on first use and kept: each pass and each root
 * mixed again reuses it, where a new one each time would leave its kernels' WebAssembly memories to the garbage
 * collector, which runs late for memory outside the V8 heap.
 */
export function passScratch(t: RuleTables): PassScratch {
  let s = scratches.get(t);
  if (s === undefined) {
    s = new PassScratch(t);
    scratches.set(t, s);
  }
  return s;
}

/**
 * The chunks of passes from a card, kept for the next such pass in this thread: a question about several cards makes
 * several passes, and chunks left to the garbage collector (outside the V8 heap, so it runs late) would add up.
 */
const FROM_CARD_SPARE: Float32Array[] = [];

/**
 * The distributions of the states of a pass in this thread, in PassOrder, each chunk written over once the states
 * that read it are computed: the whole game's (every state, those with at most `keep` boxes filled kept), or with
 * `from` only the later states a game from there can reach (those with one box more than `from` kept, which its root
 * and its turn's ends read).
 */
export function distributionPass(t: RuleTables, values: Float64Array, keep = -1, onStates?: (done: number) => void, from?: SolverState): DistributionStore {
  // A pass from a card holds some megabytes (its chunks kept for the next such pass); the whole game's hundreds.
  const slots = from ? storeSlots(t, from.mask) : undefined;
  const order = from ? passOrder(t, popcount(from.mask) + 1, from.mask) : passOrder(t, keep);
  const store = slots
    ? new DistributionStore(storeIndex(slots.size, false), undefined, { shared: false, slots, spare: FROM_CARD_SPARE, release: order })
    : new DistributionStore(storeIndex(stateCount(t)), undefined, { release: order });
  const scratch = passScratch(t);
  let previous: number[] = [];
  let previousLevel = Infinity;
  let done = 0;
  for (const level of order.levels) {
    const filled = popcount(level[0]);
    if (from && filled <= popcount(from.mask)) break;
    store.startLevel();
    let i = 0;
    // In this thread the masks before the one just done are all done.
    const onMaskDone = (k: number) => store.releaseUpTo(k + 1);
    done += solveDistributionMasks(t, values, store, level, level.length, () => i++, { scratch, froms: from && [from], onMaskDone });
    onStates?.(done);
    const made = store.takeMade().map(([id]) => id);
    if (from || previousLevel > keep) store.drop(previous, new Set(previous));
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
  const scratch = passScratch(t);
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

/** A shared pass in this thread: its store (its chunks from `spare`), for rootDistribution. */
export function sharedPassHere(t: RuleTables, values: Float64Array, pass: SharedPass, spare: Float32Array[] = FROM_CARD_SPARE): DistributionStore {
  const store = new DistributionStore(storeIndex(pass.slots.size, false), undefined, { shared: false, slots: pass.slots, spare });
  const scratch = passScratch(t);
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
