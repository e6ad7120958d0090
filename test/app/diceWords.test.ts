import { describe, expect, it } from 'vitest';
import { computerKeepWords, diceNamingOf, faceKeepLabels, keepLabels, keptWords, type DiceNaming } from '../../src/app/diceWords.js';
import { getLayout } from '../../src/app/keymaps/index.js';
import type { Face } from '../../src/engine/index.js';

const DICE: Face[] = [6, 6, 5, 2, 6];
/** Every set of dice (0-4) that can be kept: the 32 subsets. */
const SUBSETS = Array.from({ length: 32 }, (_, bits) => [0, 1, 2, 3, 4].filter((i) => (bits >> i) & 1));
// Two digits or two die letters side by side read as a number or a word, not as dice.
const PACKED = /\d\d|[A-E]{2}/;

describe('the dice in words, one way per layout', () => {
  it('names the layouts: MSX by its keys, the Spectrum by its letters', () => {
    expect(diceNamingOf(getLayout('msx'))).toBe('keys');
    expect(diceNamingOf(getLayout('spectrum'))).toBe('letters');
  });

  const levels: [string, DiceNaming, number[], string[]][] = [
    ['MSX, three kept', 'keys', [0, 1, 2], ['keep 6 6 5: mark 1 2 3, reroll 2 dice', 'keep 6 6 5: mark 1 2 3', 'mark 1 2 3']],
    ['Spectrum, three held', 'letters', [0, 1, 2], ['hold 6 6 5: A B C, reroll 2 dice', 'hold 6 6 5: A B C', 'hold A B C']],
    ['MSX, one kept: "die"', 'keys', [3], ['keep 2: mark 4, reroll 4 dice', 'keep 2: mark 4', 'mark 4']],
    ['Spectrum, four held', 'letters', [0, 2, 3, 4], ['hold 6 5 2 6: A C D E, reroll 1 die', 'hold 6 5 2 6: A C D E', 'hold A C D E']],
    ['MSX, nothing kept', 'keys', [], ['reroll all 5 dice', 'reroll all dice', 'reroll all']],
    ['Spectrum, nothing held', 'letters', [], ['reroll all 5 dice', 'reroll all dice', 'reroll all']],
    ['MSX, all five kept', 'keys', [0, 1, 2, 3, 4], ['keep all five: score now', 'score now']],
  ];
  it.each(levels)('every level, longest first: %s', (_what, naming, kept, want) => {
    expect(keepLabels(naming, DICE, kept)).toEqual(want);
  });

  it('the faces stand in the order of the dice, each above the die that keeps it', () => {
    expect(keepLabels('keys', [1, 5, 5, 4, 1], [0, 1, 2, 4])[1]).toBe('keep 1 5 5 1: mark 1 2 3 5');
  });

  it.each<DiceNaming>(['keys', 'letters'])('%s: no packed dice at any level, each level shorter, the shortest fits a 30-column panel line with its score', (naming) => {
    for (const kept of SUBSETS) {
      const labels = keepLabels(naming, DICE, kept);
      for (const label of labels) expect(label).not.toMatch(PACKED);
      for (let i = 1; i < labels.length; i++) expect(labels[i].length).toBeLessThan(labels[i - 1].length);
      // "1 " before it, " 249.9" after it.
      expect(2 + labels.at(-1)!.length + 6).toBeLessThanOrEqual(30);
      // Whenever dice are named, the shortest wording still names them all.
      if (kept.length > 0 && kept.length < 5) expect(labels.at(-1)!.split(' ').slice(1)).toHaveLength(kept.length);
    }
  });

  it('by faces alone, where the dice are not on screen (the review): the layout\'s word, the faces in order', () => {
    expect(faceKeepLabels('keys', [6, 4, 4])).toEqual(['keep 4 4 6, reroll 2 dice', 'keep 4 4 6']);
    expect(faceKeepLabels('letters', [6])).toEqual(['hold 6, reroll 4 dice', 'hold 6']);
    expect(faceKeepLabels('letters', [])[0]).toBe('reroll all 5 dice');
    expect(keptWords('keys', [6, 1, 1])).toBe('kept 1 1 6, rerolled 2 dice');
    expect(keptWords('letters', [3, 3, 3, 3])).toBe('held 3 3 3 3, rerolled 1 die');
    expect(keptWords('keys', [])).toBe('rerolled all 5 dice');
  });

  it("the computer's holds: the faces, then the dice as the layout names them, then how many it rolls", () => {
    const hold = [true, false, true, false, true];
    expect(computerKeepWords('keys', DICE, hold)).toBe('keeps 6 5 6: marks 1 3 5, rolls 2 dice');
    expect(computerKeepWords('letters', DICE, hold)).toBe('holds 6 5 6: A C E, rolls 2 dice');
    expect(computerKeepWords('keys', DICE, [false, false, false, true, false])).toBe('keeps 2: marks 4, rolls 4 dice');
    expect(computerKeepWords('letters', DICE, [false, false, false, false, false])).toBe('rolls all five dice');
    for (const kept of SUBSETS) {
      const words = computerKeepWords('keys', DICE, [0, 1, 2, 3, 4].map((i) => kept.includes(i)));
      expect(words).not.toMatch(PACKED);
    }
  });
});
