import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Face } from './dice.js';

/** The random generator's whole state as plain JSON (xoroshiro128+ from pure-rand). */
export type RngState = readonly number[];

/** The generator state for a seed (any 32-bit integer). */
export function seedRng(seed: number): RngState {
  return xoroshiro128plus(seed | 0).getState();
}

/** True when value looks like a generator state this module made: four 32-bit words, not all zero (xoroshiro128+ stays at zero forever). */
export function isRngState(value: unknown): value is RngState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((v) => Number.isInteger(v) && v >= -0x80000000 && v <= 0xffffffff) &&
    value.some((v) => v !== 0)
  );
}

/** Rolls `count` dice from `state`; returns the faces and the next state, leaving `state` untouched. */
export function rollDice(state: RngState, count: number): { faces: Face[]; rng: RngState } {
  const gen = xoroshiro128plusFromState(state);
  const faces: Face[] = [];
  for (let i = 0; i < count; i++) faces.push(uniformInt(gen, 1, 6) as Face);
  return { faces, rng: gen.getState() };
}

/** A fresh seed from the clock and Math.random, for games started without --seed. */
export function randomSeed(): number {
  return (Date.now() ^ Math.floor(Math.random() * 0x100000000)) >>> 0;
}
