import { describe, expect, it } from 'vitest';
import { keyName, typedChar, type KeyInfo } from '../../src/input/index.js';

describe('keyName turns what Ink hands over into one key name', () => {
  const cases: [string, string, KeyInfo, string | null][] = [
    ['a letter is itself', 'a', {}, 'a'],
    ['a capital letter keeps its case', 'A', { shift: true } as KeyInfo, 'A'],
    ['a digit is itself', '5', {}, '5'],
    ['the space bar is "space"', ' ', {}, 'space'],
    ['Return is "enter"', '\r', { return: true }, 'enter'],
    ['a line feed is "enter" too', '\n', {}, 'enter'],
    ['DEL (what most terminals send for Backspace) is "backspace"', '', { delete: true }, 'backspace'],
    ['Ctrl-H is "backspace"', '', { backspace: true }, 'backspace'],
    ['Escape is "escape"', '', { escape: true, meta: true }, 'escape'],
    ['the up arrow is "up"', '', { upArrow: true }, 'up'],
    ['the down arrow is "down"', '', { downArrow: true }, 'down'],
    ['the right arrow is "right"', '', { rightArrow: true }, 'right'],
    ['the left arrow is "left"', '', { leftArrow: true }, 'left'],
    ['Ctrl-C is "ctrl-c"', 'c', { ctrl: true }, 'ctrl-c'],
    ['another control key is nothing', 'd', { ctrl: true }, null],
    ['a meta key is nothing', 'x', { meta: true }, null],
    ['pasted text is nothing', 'abc', {}, null],
    ['an empty input with no flags is nothing', '', {}, null],
  ];
  it.each(cases)('%s', (_what, input, key, want) => {
    expect(keyName(input, key)).toBe(want);
  });
});

describe('typedChar', () => {
  it.each([
    ['space', ' '],
    ['a', 'a'],
    ['7', '7'],
    ['enter', null],
    ['up', null],
  ])('%s types %j', (name, want) => {
    expect(typedChar(name)).toBe(want);
  });
});
