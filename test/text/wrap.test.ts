import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forTerminal, textWidth, wordLines, wrap } from '../../src/text/index.js';

const words = (lines: readonly string[]) => lines.join(' ').split(' ').filter((w) => w !== '');

describe('the word wrapper keeps a short word or a number with its line', () => {
  it.each([
    ['a number stays with the word before it', 'ANN reached 300 in round 12', 24, ['ANN reached 300 in', 'round 12']],
    ['a figure stays with its words', 'the dice gave you +23.4, your choices cost you 13.7: 254.6 expected, 272 scored', 46, ['the dice gave you +23.4, your choices cost', 'you 13.7: 254.6 expected, 272 scored']],
    ['no last line of one word', 'loading the strategy table…', 20, ['loading the', 'strategy table…']],
    ['no last line of one number', 'PLAYER 1 reached 300 in round 1', 30, ['PLAYER 1 reached 300 in', 'round 1']],
  ])('%s', (_what, text, width, want) => {
    expect(wrap(text, width)).toEqual(want);
  });

  it('breaks before a number when the words before it leave no other place to break', () => {
    expect(wordLines('abcdefghij 12345', 12)).toEqual(['abcdefghij', '12345']);
  });

  it('at every width: the same words in the same order, no line too wide, and no line of one word or one number that the word before could join', () => {
    const word = fc.oneof(fc.constantFrom('a', 'in', 'round', 'expected,', 'cost', 'you', 'the', 'strategy', 'table…'), fc.integer({ min: 0, max: 999 }).map(String), fc.constantFrom('13.7:', '+23.4,', '254.6'));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 16 }), fc.integer({ min: 10, max: 80 }), (ws, width) => {
        const text = ws.join(' ');
        const lines = wrap(text, width);
        expect(words(lines)).toEqual(ws);
        for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(width);
        const isNumber = (w: string) => /^[+-]?\d/.test(w);
        const last = lines[lines.length - 1];
        const before = lines[lines.length - 2] ?? '';
        const previous = before.slice(before.lastIndexOf(' ') + 1);
        // A lone last word that the word before could join, unless that word is a number (which stays with its own).
        if (!last.includes(' ') && before.includes(' ') && !isNumber(previous)) expect(textWidth(`${previous} ${last}`)).toBeGreaterThan(width);
        // Never a line broken before a number when the line before had another place to break.
        for (let i = 1; i < lines.length; i++) {
          if (isNumber(lines[i])) expect(lines[i - 1].split(' ').slice(1).every(isNumber)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('forTerminal: text printed for a terminal of some width', () => {
  it('wraps each line at words (blank lines kept), joined with the newline asked for; not a terminal or under 20 columns: as it is', () => {
    const text = 'yahtzee: this terminal (TERM=dumb) cannot move the cursor\n\nsee "yahtzee --help"';
    expect(forTerminal(text, 30)).toBe('yahtzee: this terminal\n(TERM=dumb) cannot move\nthe cursor\n\nsee "yahtzee --help"');
    expect(forTerminal('a b c d e f g h i j k l m n o p q r s t u', 20, '\r\n')).toBe('a b c d e f g h i j\r\nk l m n o p q r s\r\nt u');
    expect(forTerminal(text, 0)).toBe(text);
    expect(forTerminal('x\ny', 10, '\r\n')).toBe('x\r\ny');
  });
});
