/**
 * --names goes through the one names rule (src/engine/names.ts): issue 25 seated four players all shown as "ANN"
 * with `--names $'ANN,ANN\u3164,ANN\u034f,ANN\ufe0f'`, and a name of thousands of combining marks.
 */
import { describe, expect, it } from 'vitest';
import { parsePlayFlags } from '../../src/commands/playOptions.js';

describe('--names', () => {
  it.each<[string, string, RegExp]>([
    ['the same name twice', 'ANN,ANN', /--names "ANN" twice: two players cannot share a name/],
    ['the same name in another case', 'ANN,ann', /"ann" reads the same as "ANN"/],
    ['a name and its fullwidth form', 'ANN,ＡＮＮ', /reads the same as "ANN"/],
    ['a Hangul filler', 'ANN,ANN\u3164', /"ANN\\u\{3164\}": the name holds U\+3164, which draws nothing/],
    ['a combining grapheme joiner', 'ANN,ANN\u034f', /holds U\+034F/],
    ['a variation selector', 'ANN,ANN\ufe0f', /holds U\+FE0F/],
    ['three thousand marks', 'a' + '\u0301'.repeat(3000), /more than 32/],
    ['thirty thousand marks', 'a' + '\u0301'.repeat(30_000), /more than 32/],
  ])('refuses %s', (_what, names, message) => {
    expect(() => parsePlayFlags({ names })).toThrow(message);
  });

  it('takes four names that read differently', () => {
    expect(parsePlayFlags({ names: 'ANN,ANNA,ÁNN,李' }).names).toEqual(['ANN', 'ANNA', 'ÁNN', '李']);
  });

  it.each<[string, string[]]>([
    ['ANN,CPU,CPU', ['ANN', 'CPU 1', 'CPU 2']],
    ['cpu,CPU,Cpu', ['CPU 1', 'CPU 2', 'CPU 3']],
    ['ANN,SPECTRUM,BOB,SPECTRUM', ['ANN', 'SPECTRUM 1', 'BOB', 'SPECTRUM 2']],
    ['CPU,CPU 1', ['CPU 2', 'CPU 1']],
    // The numbers that names given later have are not given again.
    ['ANN,CPU,CPU,CPU 1', ['ANN', 'CPU 2', 'CPU 3', 'CPU 1']],
    ['CPU 2,CPU,CPU', ['CPU 2', 'CPU 1', 'CPU 3']],
  ])('numbers a computer named again, as the setup does: %s', (names, seated) => {
    expect(parsePlayFlags({ names }).names).toEqual(seated);
  });

  it.each<[string, string, string[]]>([
    ['ANN,CPU,CPU', '1', ['ANN', 'CPU 1', 'CPU 2', 'CPU 3']],
    ['CPU', '3', ['CPU 1', 'CPU 2', 'CPU 3', 'CPU 4']],
    ['ANN', '1', ['ANN', 'CPU']],
    ['ANN', '2', ['ANN', 'CPU 1', 'CPU 2']],
  ])('--names %s with --computer %s: the computer seats numbered with those named CPU', (names, computer, seated) => {
    expect(parsePlayFlags({ names, computer }).names).toEqual(seated);
  });
});
