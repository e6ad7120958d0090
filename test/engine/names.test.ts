import { describe, expect, it } from 'vitest';
import { NAME_COLUMNS, checkName, isNameChar, nameColumns, printable, printableLines, shownName } from '../../src/engine/index.js';

describe('the names rule accepts printable names up to 10 columns wide', () => {
  it.each<[string, string, number]>([
    ['plain letters', 'ANN', 3],
    ['a space inside', 'CPU 2', 5],
    ['an accent', 'Zé', 2],
    ['a combining accent (no column of its own)', 'e\u0301va', 3],
    ['wide characters, two columns each', '李小龙', 6],
    ['fullwidth letters', 'ＡＢＣＤＥ', 10],
    ['emoji', '🎲🎲🎲', 6],
    ['an emoji with a variation selector', '♥\ufe0f', 2],
    ['ten columns', 'WWWWWWWWWW', 10],
  ])('%s: %j', (_what, name, columns) => {
    expect(checkName(name)).toBeNull();
    expect(nameColumns(name)).toBe(columns);
  });
});

describe('the names rule refuses the rest, with the reason', () => {
  it.each<[string, unknown, RegExp]>([
    ['not text', 7, /not text/],
    ['empty', '', /empty/],
    ['spaces only', '   ', /empty/],
    ['a space at the end', 'ANN ', /starts or ends with a space/],
    ['ESC (a colour code)', 'A\u001b[31m', /holds U\+001B/],
    ['BEL', 'A\u0007', /holds U\+0007/],
    ['DEL', 'A\u007f', /holds U\+007F/],
    ['a C1 CSI', 'A\u009b2J', /holds U\+009B/],
    ['a C1 next line', 'A\u0085', /holds U\+0085/],
    ['a right-to-left override', '\u202eANN', /holds U\+202E/],
    ['a zero-width space', 'A\u200bB', /holds U\+200B/],
    ['a zero-width joiner', 'A\u200dB', /holds U\+200D/],
    ['a byte order mark', '\ufeffANN', /holds U\+FEFF/],
    ['a no-break space', 'A\u00a0B', /holds U\+00A0/],
    ['a line separator', 'A\u2028B', /holds U\+2028/],
    ['a private-use character', 'A\ue000', /holds U\+E000/],
    ['a lone surrogate', 'A\ud800', /holds U\+D800/],
    ['a tab', 'A\tB', /holds U\+0009/],
    ['combining marks only', '\u0301\u0301', /nothing visible/],
    ['eleven columns', 'ABCDEFGHIJK', /11 columns wide, more than 10/],
    ['six wide characters', '李小龙李小龙', /12 columns wide, more than 10/],
  ])('%s', (_what, name, reason) => {
    expect(checkName(name)).toMatch(reason);
  });

  it('takes a wider limit when asked (saved games: 20 columns)', () => {
    expect(checkName('李'.repeat(10), 20)).toBeNull();
    expect(checkName('李'.repeat(10))).toMatch(/20 columns wide, more than 10/);
    expect(NAME_COLUMNS).toBe(10);
  });
});

describe('text on the way out', () => {
  it('shows what a name may not hold as \\u{..} and keeps the rest', () => {
    expect(printable('\u001b]0;pwned\u0007')).toBe('\\u{1b}]0;pwned\\u{7}');
    expect(printable('A\u202eB\u009b')).toBe('A\\u{202e}B\\u{9b}');
    expect(printable('李 é 🎲')).toBe('李 é 🎲');
    expect(printableLines('a\u001b\nb')).toBe('a\\u{1b}\nb');
  });

  it('shows a name by the rule: a good one as it is, any other made printable', () => {
    expect(shownName('ANN')).toBe('ANN');
    expect(shownName('A\u001b[2J')).toBe('A\\u{1b}[2J');
  });

  it('isNameChar is the rule for one character', () => {
    expect(['a', 'Z', '7', ' ', '李', '\u0301', '!', '€'].every(isNameChar)).toBe(true);
    expect(['\u001b', '\u0000', '\u009b', '\u200b', '\u202e', '\u00a0', '\n'].some(isNameChar)).toBe(false);
  });
});
