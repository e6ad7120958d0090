import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { dieLines } from '../../src/ui/dieArt.js';
import { ASCII_GLYPHS, toAscii } from '../../src/ui/glyphs.js';
import { localeIsUtf8 } from '../../src/ui/locale.js';

describe('toAscii', () => {
  it.each([
    ['a die not kept: + corners, - and | sides, o pips', dieLines(5, false), ['+-----+', '|o   o|', '|  o  |', '|o   o|', '+-----+']],
    ['a kept die: # corners and sides, = top and bottom', dieLines(2, true), ['#=====#', '#    o#', '#     #', '#o    #', '#=====#']],
  ])('%s', (_what, lines, ascii) => {
    expect(lines.map(toAscii)).toEqual(ascii);
  });

  it.each([
    ['the chart cursor', '▶Aces', '>Aces'],
    ['the MSX arrows', '↑↓ move  →/ENTER score  ←', '^v move  >/ENTER score  <'],
    ['the title separator', 'official rules  ·  game 1 of 3', 'official rules  -  game 1 of 3'],
    ['an ellipsis', 'computing the strategy table… 45%', 'computing the strategy table. 45%'],
    ['accented letters of the Brazilian rules', 'Sequência baixa, Aleatória, Configuração', 'Sequencia baixa, Aleatoria, Configuracao'],
    ['a wide character: one ? per column', 'ANN 日本', 'ANN ????'],
    ['escape sequences and plain ASCII: unchanged', '\u001b[1;33m YAHTZEE\u001b[m ~', '\u001b[1;33m YAHTZEE\u001b[m ~'],
  ])('%s', (_what, text, ascii) => {
    expect(toAscii(text)).toBe(ascii);
  });

  it('keeps every line the same width, so the layout does not move', () => {
    for (const text of ['╭─────╮ ╔═════╗', '│●   ●│ ║  ●  ║', '▶ Sequência 日本 …', ...Object.keys(ASCII_GLYPHS)]) {
      expect(stringWidth(toAscii(text)), text).toBe(stringWidth(text));
      expect(toAscii(text), text).toMatch(/^[\x20-\x7e]*$/);
    }
  });
});

describe('localeIsUtf8', () => {
  it.each([
    ['LANG=C.UTF-8', { LANG: 'C.UTF-8' }, 'linux', true],
    ['LANG=en_US.utf8', { LANG: 'en_US.utf8' }, 'linux', true],
    ['LANG=C', { LANG: 'C' }, 'linux', false],
    ['LANG=POSIX', { LANG: 'POSIX' }, 'darwin', false],
    ['LANG=de_DE.ISO-8859-1', { LANG: 'de_DE.ISO-8859-1' }, 'linux', false],
    ['LC_ALL=C wins over LANG', { LC_ALL: 'C', LC_CTYPE: 'en_US.UTF-8', LANG: 'en_US.UTF-8' }, 'linux', false],
    ['LC_CTYPE wins over LANG', { LC_CTYPE: 'C', LANG: 'en_US.UTF-8' }, 'linux', false],
    ['an empty LC_ALL counts as unset', { LC_ALL: '', LANG: 'en_US.UTF-8' }, 'linux', true],
    ['no locale at all: UTF-8 assumed', {}, 'linux', true],
    ['Windows', { LANG: 'C' }, 'win32', true],
  ] as const)('%s', (_what, env, platform, utf8) => {
    expect(localeIsUtf8(env, platform)).toBe(utf8);
  });
});
