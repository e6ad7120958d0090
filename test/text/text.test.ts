import { describe, expect, it } from 'vitest';
import { cutToWidth, padEndTo, padStartTo, textWidth, wordLines } from '../../src/text/index.js';
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
  ])('%s takes %i columns', (text, width) => {
    expect(textWidth(text)).toBe(width);
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
});

describe('wide names on the screen', () => {
  it('the chart with CJK, fullwidth and emoji names fits 80 columns', () => {
    const ls = lines(start({ players: 4, names: ['李小龙', 'ＡＢＣＤＥ', '🎲🎲🎲', '김민준'] }));
    expect(Math.max(...ls.map(textWidth))).toBeLessThanOrEqual(80);
    expect(ls[2]).toContain('李小龙  ＡＢＣ…   🎲🎲🎲   김민준');
  });
});
