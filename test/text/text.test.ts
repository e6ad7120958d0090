import { describe, expect, it } from 'vitest';
import { cutToWidth, fitsWidth, fittingLength, padEndTo, padStartTo, textWidth, wordLines, wrap } from '../../src/text/index.js';
import { start } from '../app/helpers.js';
import { lines } from '../ui/render.js';

describe('text measured in terminal columns', () => {
  it.each([
    ['ANN', 3],
    ['李小龙', 6],
    ['김민준', 6],
    ['ＡＢＣＤＥ', 10],
    ['🎲🎲🎲', 6],
    ['e\u0301va', 3],
    ['Дмитрий', 7],
    ['', 0],
    // As string-width (and so Ink) measures them: one grapheme of two columns, not the sum of their code points.
    ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}', 2],
    ['\u{1F1EB}\u{1F1F7}', 2],
    ['\u2764\uFE0F', 2],
    ['\u{1F44D}\u{1F3FD}', 2],
    ['X\u200BY', 2],
  ])('%s takes %i columns', (text, width) => {
    expect(textWidth(text)).toBe(width);
  });

  it('cuts between graphemes, never inside a ZWJ sequence or a flag', () => {
    expect(cutToWidth('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}AB', 3)).toBe('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}A');
    expect(cutToWidth('\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}', 3)).toBe('\u{1F1EB}\u{1F1F7}');
    expect(cutToWidth('e\u0301e\u0301', 1)).toBe('e\u0301');
  });

  it('cuts and pads by columns, never splitting a wide character', () => {
    expect(cutToWidth('李小龙', 5)).toBe('李小');
    expect(padStartTo('李小龙', 8)).toBe('  李小龙');
    expect(padStartTo('李小龙', 5)).toBe(' 李小');
    expect(padEndTo('🎲x', 5)).toBe('🎲x  ');
  });

  it('lays words into lines by columns; a longer word gets a line of its own, uncut', () => {
    expect(wordLines('the computer is thinking', 12)).toEqual(['the computer', 'is thinking']);
    expect(wordLines('李小龙 plays', 9)).toEqual(['李小龙', 'plays']);
    expect(wordLines('a enormously b', 5)).toEqual(['a', 'enormously', 'b']);
  });

  it.each([
    ['by columns, a wide name counting two a character', '李小龙 and 김민준 play', 11, {}, ['李小龙 and', '김민준 play']],
    ['a ZWJ sequence is one character of two columns', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} x y z', 5, {}, ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467} x', 'y z']],
    ['the lines after the first indented', '  Aces  the ones count', 12, { indent: 8 }, ['  Aces  the', '        ones', '        count']],
    ['after a list separator in the last quarter', 'a: 1, b: 2; c: 3, d: 4', 14, { after: [';', ','] }, ['a: 1, b: 2;', 'c: 3, d: 4']],
    ['a long word cut at the width', 'abcdefghijklmnop', 10, { long: 'cut' }, ['abcdefghij', 'klmnop']],
    ['a long wide word cut between characters', '李小龙李小龙', 5, { long: 'cut' }, ['李小', '龙李', '小龙']],
  ] as const)('one wrapper: %s', (_what, text, width, options, expected) => {
    expect(wrap(text, width, options)).toEqual(expected);
  });
});

describe('wide names on the screen', () => {
  it('the chart with CJK, fullwidth and emoji names fits 80 columns, each name whole where it fits (a wide one cut)', () => {
    const ls = lines(start({ players: 4, names: ['李小龙', 'ＡＢＣＤＥ', '🎲🎲🎲', '김민준'] }));
    expect(Math.max(...ls.map(textWidth))).toBeLessThanOrEqual(80);
    expect(ls[2]).toMatch(/李小龙 +ＡＢＣ… +🎲🎲🎲 +김민준/);
    expect(ls[3]).toMatch(/^ Aces /);
  });
});

/**
 * Fitting reads a text once (issue 25): fittingLength reads no further than the room, plain ASCII without the
 * segmenter, and never splits a letter from the marks after it, even where the plain run ends or a window's edge falls.
 */
describe('the longest start of a text that fits', () => {
  it.each<[string, string, number, number]>([
    ['plain text', 'hello world', 5, 5],
    ['plain text that fits', 'hello', 9, 5],
    ['no room', 'hello', 0, 0],
    ['a mark after the last plain letter that fits', 'abce\u0301f', 4, 5],
    ['a mark after the first letter that does not fit', 'abcde\u0301', 4, 4],
    ['a wide character that would stick out', 'ab李', 3, 2],
    ['a letter of ten thousand marks', 'a' + '\u0301'.repeat(10_000) + 'bc', 2, 10_002],
    ['a ZWJ sequence whole', 'A\u{1F468}\u200D\u{1F469}\u200D\u{1F467}B', 3, 9],
  ])('%s', (_what, text, width, length) => {
    expect(fittingLength(text, width)).toBe(length);
    expect(fitsWidth(text, width)).toBe(length === text.length);
    expect(textWidth(cutToWidth(text, width))).toBeLessThanOrEqual(Math.max(0, width));
  });

  it('agrees with string-width on every start of a mixed text', () => {
    const text = 'Zoë e\u0301va 李小龙 ＡＢ 🎲\u2764\ufe0f a' + '\u0301'.repeat(300) + ' 🇫🇷 end';
    for (let width = 0; width <= textWidth(text) + 1; width++) {
      const n = fittingLength(text, width);
      expect(textWidth(text.slice(0, n))).toBeLessThanOrEqual(width);
      if (n < text.length) expect(textWidth(text.slice(0, n + [...new Intl.Segmenter().segment(text.slice(n))][0].segment.length))).toBeGreaterThan(width);
    }
  });
});
