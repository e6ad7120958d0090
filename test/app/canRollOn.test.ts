import { describe, expect, it } from 'vitest';
import { canRollOn } from '../../src/app/index.js';
import { noRollsLeft, press, start } from './helpers.js';

describe('canRollOn: the rolling ended early by the person, with rolls left', () => {
  const solo = () => start({ players: 1, takeBack: true });
  it.each([
    ['while rolling', () => solo(), false],
    ['after i (MSX) at roll 1', () => press(solo(), 'i'), true],
    ['after the third roll', () => press(solo(), 'space', 'space'), false],
    ['the same dice with no rolls left', () => noRollsLeft(press(solo(), 'i')), false],
    ['after rolling on', () => press(solo(), 'i', 'i'), false],
    ['after a box scored early is taken back (--take-back)', () => press(solo(), 'i', 'right', 'u'), false],
    ['Spectrum, after 0', () => press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), '0'), true],
  ] as const)('%s: %s', (_what, make, want) => {
    expect(canRollOn(make())).toBe(want);
  });
});
