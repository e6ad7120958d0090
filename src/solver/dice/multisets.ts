import type { Dice, Face } from '../../engine/index.js';

/*
 * Dice as multisets: the order of the dice never matters to the value of a position, so the solver works on the
 * 462 multisets of 0 to 5 faces. Index layout, by size: the 252 rolls (5 dice) first, then the 126 of size 4, 56
 * of size 3, 21 of size 2, 6 of size 1, and the empty keep last. A multiset's children (one more die) always have
 * a smaller index, its parents (one die less) a larger one, so the layers below are single passes.
 */

/** The number of distinct rolls of five dice. */
export const ROLL_COUNT = 252;

/** The number of distinct keeps (multisets of 0 to 5 dice). */
export const KEEP_COUNT = 462;

/** The index of the empty keep (reroll everything). */
export const EMPTY_KEEP = KEEP_COUNT - 1;

const KEY_BASE = 6;
const KEY_SPACE = KEY_BASE ** 6;

function keyOf(counts: readonly number[]): number {
  let key = 0;
  for (let f = 6; f >= 1; f--) key = key * KEY_BASE + counts[f];
  return key;
}

function multisetsOfSize(size: number): number[][] {
  const out: number[][] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const rec = (face: number, left: number): void => {
    if (face === 6) {
      counts[6] = left;
      out.push([...counts]);
      return;
    }
    for (let c = left; c >= 0; c--) {
      counts[face] = c;
      rec(face + 1, left - c);
    }
  };
  rec(1, size);
  return out.sort((a, b) => compareFaces(facesOf(a), facesOf(b)));
}

function facesOf(counts: readonly number[]): Face[] {
  const faces: Face[] = [];
  for (let f = 1; f <= 6; f++) for (let c = 0; c < counts[f]; c++) faces.push(f as Face);
  return faces;
}

function compareFaces(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

const FACTORIAL = [1, 1, 2, 6, 24, 120];

const all: number[][] = [];
for (let size = 5; size >= 0; size--) all.push(...multisetsOfSize(size));

/** Face counts of each multiset, index 1-6 (index 0 unused), as a flat array: COUNTS[i * 7 + face]. */
export const COUNTS = new Uint8Array(KEEP_COUNT * 7);

/** The sorted faces of each multiset. */
export const FACES_OF: readonly (readonly Face[])[] = all.map(facesOf);

/** The size (number of dice) of each multiset. */
export const SIZE = new Uint8Array(KEEP_COUNT);

/** CHILD[i * 6 + f - 1]: the multiset with one more die showing f (-1 for rolls, which are full). */
export const CHILD = new Int16Array(KEEP_COUNT * 6).fill(-1);

/** PARENTS[PARENT_START[i] .. PARENT_START[i + 1]): the distinct multisets with one die of `i` removed. */
export const PARENT_START = new Int32Array(KEEP_COUNT + 1);

const KEY_INDEX = new Int16Array(KEY_SPACE).fill(-1);

/** See PARENT_START. */
export const PARENTS: Int16Array = (() => {
  const byKey = KEY_INDEX;
  all.forEach((c, i) => {
    byKey[keyOf(c)] = i;
    SIZE[i] = c.reduce((s, x) => s + x, 0);
    for (let f = 1; f <= 6; f++) COUNTS[i * 7 + f] = c[f];
  });
  const parents: number[] = [];
  all.forEach((c, i) => {
    PARENT_START[i] = parents.length;
    for (let f = 1; f <= 6; f++) {
      const more = [...c];
      more[f]++;
      if (SIZE[i] < 5) CHILD[i * 6 + f - 1] = byKey[keyOf(more)];
      if (c[f] > 0) {
        const less = [...c];
        less[f]--;
        parents.push(byKey[keyOf(less)]);
      }
    }
  });
  PARENT_START[KEEP_COUNT] = parents.length;
  return Int16Array.from(parents);
})();

/** Multisets with the same size and number of parents (distinct faces), for bestKeeps' unrolled loops. */
export interface ParentGroup {
  /** How many parents each member has (0 to 5). */
  readonly parents: number;
  /** The members. */
  readonly members: Int32Array;
  /** The parents of member k at parentsOf[k * parents ...]. */
  readonly parentsOf: Int32Array;
}

/** Every multiset in groups, smallest size first, so that a multiset's parents are done before it. */
export const PARENT_GROUPS: readonly ParentGroup[] = (() => {
  const groups: ParentGroup[] = [];
  for (let size = 0; size <= 5; size++) {
    for (let d = 0; d <= 5; d++) {
      const members: number[] = [];
      const parentsOf: number[] = [];
      for (let i = 0; i < KEEP_COUNT; i++) {
        if (SIZE[i] !== size || PARENT_START[i + 1] - PARENT_START[i] !== d) continue;
        members.push(i);
        for (let j = PARENT_START[i]; j < PARENT_START[i + 1]; j++) parentsOf.push(PARENTS[j]);
      }
      if (members.length > 0) groups.push({ parents: d, members: Int32Array.from(members), parentsOf: Int32Array.from(parentsOf) });
    }
  }
  return groups;
})();

/** The chance of each roll when all five dice are thrown: 5! / (c1! ... c6!) / 6^5. */
export const ROLL_PROBABILITY: Float64Array = (() => {
  const p = new Float64Array(ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) {
    let ways = FACTORIAL[5];
    for (let f = 1; f <= 6; f++) ways /= FACTORIAL[COUNTS[r * 7 + f]];
    p[r] = ways / 6 ** 5;
  }
  return p;
})();

/** The roll index of five alike of face f (f = 1..6). */
export const FIVE_ALIKE: readonly number[] = [0, 1, 2, 3, 4, 5, 6].map((f) => (f === 0 ? -1 : indexOfFaces([f, f, f, f, f] as Face[])));

/** The multiset index of 0 to 5 faces, in any order. */
export function indexOfFaces(faces: readonly Face[]): number {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) counts[f]++;
  return KEY_INDEX[keyOf(counts)];
}

/** The roll index of five dice. */
export function rollIndex(dice: Dice): number {
  return indexOfFaces(dice);
}

/** Every keep that is a sub-multiset of roll `r` with fewer than five dice (what can be held before a reroll). */
export function properKeepsOf(r: number): number[] {
  const out: number[] = [];
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    let fits = true;
    for (let f = 1; f <= 6 && fits; f++) fits = COUNTS[i * 7 + f] <= COUNTS[r * 7 + f];
    if (fits) out.push(i);
  }
  return out;
}
