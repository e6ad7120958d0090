import { describe, expect, it } from 'vitest';
import { NAME_CODE_POINTS, NAME_COLUMNS, NAME_MARKS, SAVED_NAME_COLUMNS, checkName, checkNames, isNameChar, nameColumns, printable, printableLines, sameName, shownName } from '../../src/engine/index.js';

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
    ['the replacement character (bytes that were not UTF-8)', 'A\ufffd(B', /holds U\+FFFD, which stands for bytes that were not UTF-8/],
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

/**
 * Issue 25: a name is bounded by its length as well as its width, and holds nothing that draws nothing. A letter
 * with thousands of combining marks is one column wide, and measuring it at every key made the game hang; U+3164,
 * U+034F and a variation selector after a letter draw nothing, so "ANN" and "ANN\u3164" read the same.
 */
describe('the names rule bounds a name by its length', () => {
  it('allows a character with up to NAME_MARKS combining marks, and no more', () => {
    expect(NAME_MARKS).toBe(4);
    expect(checkName('a' + '\u0301'.repeat(NAME_MARKS))).toBeNull();
    expect(checkName('a' + '\u0301'.repeat(NAME_MARKS + 1))).toMatch(/more than 4 combining marks on one character/);
    expect(checkName('ab' + '\u0301'.repeat(NAME_MARKS + 1) + 'c')).toMatch(/more than 4 combining marks on one character/);
    expect(checkName('a' + '\u0301'.repeat(10_000))).toMatch(/more than 32 code points/);
  });

  it('allows at most NAME_CODE_POINTS code points, however narrow', () => {
    expect(NAME_CODE_POINTS).toBe(32);
    const heavy = 'e\u0301\u0302\u0303'; // one column, four code points
    expect(checkName(heavy.repeat(8))).toBeNull();
    expect(checkName(heavy.repeat(9))).toMatch(/36 code points long, more than 32/);
    expect(checkName('a'.repeat(1_000_000))).toMatch(/more than 32/);
    expect(checkName('a' + '\u0301'.repeat(1_000_000), SAVED_NAME_COLUMNS)).toMatch(/more than 32/);
  });

  it('refuses a name that starts with a combining mark (it would sit on whatever is drawn before it)', () => {
    expect(checkName('\u0301ANN')).toMatch(/starts with a combining mark/);
  });
});

describe('the names rule refuses characters that draw nothing', () => {
  it.each<[string, string, RegExp]>([
    ['a Hangul filler', 'ANN\u3164', /holds U\+3164, which draws nothing/],
    ['a Hangul choseong filler', '\u115fANN', /holds U\+115F, which draws nothing/],
    ['a halfwidth Hangul filler', 'A\uffa0NN', /holds U\+FFA0/],
    ['a combining grapheme joiner', 'ANN\u034f', /holds U\+034F, which draws nothing/],
    ['a variation selector after a letter', 'ANN\ufe0f', /holds U\+FE0F, which draws nothing/],
    ['a text variation selector after a digit', 'A1\ufe0e', /holds U\+FE0E/],
    ['a Mongolian variation selector', 'A\u180bNN', /holds U\+180B/],
    ['an ideographic variation selector', '李\u{e0100}', /holds U\+E0100/],
    ['a Khmer inherent vowel', 'A\u17b4', /holds U\+17B4/],
    ['an invisible plus (a format character)', 'A\u2064', /holds U\+2064/],
    ['a soft hyphen', 'AN\u00adN', /holds U\+00AD/],
    ['a left-to-right mark', 'ANN\u200e', /holds U\+200E/],
    ['a first-strong isolate', '\u2068ANN', /holds U\+2068/],
    ['a language tag', 'ANN\u{e0041}', /holds U\+E0041/],
  ])('%s', (_what, name, reason) => {
    expect(checkName(name)).toMatch(reason);
  });

  it('keeps a variation selector that picks the look of a pictograph', () => {
    expect(checkName('\u2764\ufe0f')).toBeNull();
    expect(checkName('\u263a\ufe0e')).toBeNull();
    expect(checkName('\u2764\ufe0f\ufe0f')).toMatch(/holds U\+FE0F/);
  });
});

describe('names that read the same', () => {
  it.each<[string, string]>([
    ['ANN', 'ann'],
    ['ANN', 'ＡＮＮ'],
    ['Zoë', 'Zoe\u0308'],
    ['ﬁ', 'fi'],
    ['가', '\u1100\u1161'],
    ['\u2764\ufe0f', '\u2764'],
    ['CPU 2', 'cpu  2'],
  ])('%j and %j', (a, b) => {
    expect(sameName(a, b)).toBe(true);
    expect(checkNames([a, b])).toMatch(/reads the same as/);
  });

  it('tells apart names that do not', () => {
    expect(sameName('ANN', 'ANNA')).toBe(false);
    expect(sameName('ANN', 'ÁNN')).toBe(false);
    expect(checkNames(['ANN', 'BOB', 'CY', 'DEE'])).toBeNull();
  });

  it('names the name that the rule refuses', () => {
    expect(checkNames(['ANN', 'ANN\u3164'])).toBe('"ANN\\u{3164}": the name holds U+3164, which draws nothing');
    expect(checkNames(['ANN', 'ann'])).toBe('"ann" reads the same as "ANN"');
  });
});
