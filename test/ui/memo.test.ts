import { describe, expect, it } from 'vitest';
import { samePlainData } from '../../src/ui/memo.js';

const fn = () => 1;
class Thing {
  constructor(readonly n: number) {}
}

describe('samePlainData (whether a memoised component is drawn again)', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['equal numbers', 3, 3, true],
    ['different numbers', 3, 4, false],
    ['NaN and NaN', NaN, NaN, true],
    ['null and an empty object', null, {}, false],
    ['equal nested views made afresh', { rows: [{ label: 'Aces', cells: [{ kind: 'score', text: '3' }] }] }, { rows: [{ label: 'Aces', cells: [{ kind: 'score', text: '3' }] }] }, true],
    ['a cell that changed deep inside', { rows: [{ cells: [{ text: '3' }] }] }, { rows: [{ cells: [{ text: '4' }] }] }, false],
    ['arrays of different lengths', [1, 2], [1, 2, 3], false],
    ['an array and an object with the same entries', [1], { 0: 1 }, false],
    ['an extra key', { a: 1 }, { a: 1, b: undefined }, false],
    ['the same function', { on: fn }, { on: fn }, true],
    ['two functions that do the same', { on: () => 1 }, { on: () => 1 }, false],
    ['class instances with the same fields', new Thing(1), new Thing(1), false],
  ])('%s', (_name, a, b, same) => {
    expect(samePlainData(a, b)).toBe(same);
    expect(samePlainData(b, a)).toBe(same);
  });
});
