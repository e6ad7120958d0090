import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyDecoder, decodeKeys, keyName, PASTE_WAIT_MS } from '../../src/input/index.js';
import { inkKeyNames } from '../fuzz/terminal.js';
import { KEYS, layoutName, type KeyName } from '../support/keys.js';

/** The key names the layouts would read from a piece of terminal input (null: an unknown key). */
const names = (raw: string) => decodeKeys(raw).map((k) => keyName(k.input, k.key));

describe('the key decoder names every key the layouts bind', () => {
  const cases: [string, string, (string | null)[]][] = [
    ['a letter', 'a', ['a']],
    ['typed text, one key a character', 'ANN\r', ['A', 'N', 'N', 'enter']],
    ['a wide character and an emoji', '李🎲', ['李', '🎲']],
    ['the arrows', '\u001b[A\u001b[B\u001b[C\u001b[D', ['up', 'down', 'right', 'left']],
    ['the arrows in application mode', '\u001bOA\u001bOD', ['up', 'left']],
    ['Ctrl and Shift arrows as arrows', '\u001b[1;5A\u001b[1;2C', ['up', 'right']],
    ['ENTER, a line feed, BACKSPACE (DEL), Ctrl-H, TAB', '\r\n\u007f\b\t', ['enter', 'enter', 'backspace', 'backspace', 'tab']],
    ['Delete as BACKSPACE (as Ink reads it)', '\u001b[3~', ['backspace']],
    ['a lone ESC', '\u001b', ['escape']],
    ['Ctrl-C', '\u0003', ['ctrl-c']],
    ['the kitty protocol: a letter, ENTER, Ctrl-C', '\u001b[97u\u001b[13u\u001b[99;5u', ['a', 'enter', 'ctrl-c']],
  ];
  it.each(cases)('%s', (_what, raw, want) => {
    expect(names(raw)).toEqual(want);
  });
});

describe('the key decoder reads any other sequence as one unknown key, and the keys around it as keys', () => {
  const cases: [string, string, (string | null)[]][] = [
    ['Ctrl-F1 to Ctrl-F4 (xterm)', '\u001b[1;5P\u001b[1;5Q\u001b[1;5R\u001b[1;5S', [null, null, null, null]],
    ['Ctrl-Shift-F1', '\u001b[1;6P', [null]],
    ['pasted colour codes', '\u001b[31m\u001b[0m\u001b[101m', [null, null, null]],
    ['a key in the same read as a colour code', '1\u001b[0m', ['1', null]],
    ['a colour code between letters', 'A\u001b[31mB', ['A', null, 'B']],
    ['function keys', '\u001bOP\u001b[15~\u001b[[A', [null, null, null]],
    ['an OSC title with BEL, then a letter', '\u001b]0;x\u0007a', [null, 'a']],
    ['an OSC title with ST, then a letter', '\u001b]0;pwned\u001b\\a', [null, 'a']],
    ['a DCS string', '\u001bPq#0;2;0;0;0\u001b\\b', [null, 'b']],
    ['C1 controls: CSI, NEL, a lone ST', '\u009b31mA\u0085\u009c', [null, 'A', null, null]],
    ['a C1 OSC string', '\u009d0;x\u0007z', [null, 'z']],
    ['an Alt letter', '\u001bx', [null]],
    ['a CSI broken by a control character keeps the character', '\u001b[12\u0003', [null, 'ctrl-c']],
    ['other control keys', '\u0001\u0000\u001c', [null, null, null]],
    ['an unfinished CSI at the end', '\u001b[1;5', [null]],
    ['an unfinished OSC at the end', '\u001b]0;title', [null]],
  ];
  it.each(cases)('%s', (_what, raw, want) => {
    expect(names(raw)).toEqual(want);
  });

  it('types nothing for an unknown sequence: its input is empty', () => {
    for (const raw of ['\u001b[1;5P', '\u001b[31m', '\u001b]0;x\u0007', '\u009b31m', '\u0085']) {
      expect(decodeKeys(raw).map((k) => k.input)).toEqual(['']);
    }
  });
});

describe('the key decoder across reads', () => {
  it('joins a sequence split across reads', () => {
    const d = createKeyDecoder();
    expect(d.push('\u001b[1;')).toEqual([]);
    expect(d.pending()).toBe('sequence');
    expect(d.push('5P2').map((k) => keyName(k.input, k.key))).toEqual([null, '2']);
    expect(d.pending()).toBe('none');
  });

  it('holds a lone ESC until the next read or the flush, which makes it the Escape key', () => {
    const d = createKeyDecoder();
    expect(d.push('\u001b')).toEqual([]);
    expect(d.pending()).toBe('escape');
    expect(d.flush().map((k) => keyName(k.input, k.key))).toEqual(['escape']);
    expect(d.push('\u001b')).toEqual([]);
    expect(d.push('[A').map((k) => keyName(k.input, k.key))).toEqual(['up']);
  });

  it('skips a long control string across reads without keeping it, then reads on', () => {
    const d = createKeyDecoder();
    expect(d.push('\u001b]0;' + 'x'.repeat(10_000))).toEqual([]);
    expect(d.push('y'.repeat(10_000) + '\u001b')).toEqual([]);
    const keys = d.push('\\1');
    expect(keys.map((k) => keyName(k.input, k.key))).toEqual([null, '1']);
    expect(keys[0].sequence.length).toBeLessThanOrEqual(64);
  });

  it('a bracketed paste is one key, said when it begins; its text, across reads and its end split, is no keys', () => {
    const d = createKeyDecoder();
    const first = d.push('1\u001b[200~i\r', 0);
    expect(first.map((k) => [keyName(k.input, k.key), k.key.paste === true])).toEqual([['1', false], [null, true]]);
    expect(d.pending()).toBe('sequence');
    expect(d.push('q\ry' + 'x'.repeat(100_000) + '\u001b[2', 10)).toEqual([]);
    expect(d.deadline()).toBe(10 + PASTE_WAIT_MS);
    expect(d.push('01~2', 20).map((k) => keyName(k.input, k.key))).toEqual(['2']);
    expect(d.pending()).toBe('none');
  });

  it('a paste that never ends stops holding the keys once nothing has come for PASTE_WAIT_MS', () => {
    const d = createKeyDecoder();
    expect(d.push('\u001b[200~abc', 0).map((k) => k.key.paste)).toEqual([true]);
    expect(d.flush()).toEqual([]);
    expect(d.pending()).toBe('none');
    expect(d.push('3').map((k) => keyName(k.input, k.key))).toEqual(['3']);
  });

  it('a 10 KB paste of letters is 10,000 keys', () => {
    expect(decodeKeys('a'.repeat(10_000))).toHaveLength(10_000);
  });
});

describe('the key decoder agrees with Ink on every key Ink names', () => {
  it.each(Object.entries(KEYS).map(([name, raw]) => [layoutName(name as KeyName), raw]))('%s', (_name, raw) => {
    expect(names(raw)).toEqual(inkKeyNames(raw));
  });
});

describe('the key decoder is total', () => {
  /** Code points a terminal or a paste may send: text, C0 and C1 controls, ESC and the bytes of sequences. */
  const anyChar = fc.oneof(
    fc.constantFrom('\u001b', '[', 'O', ']', 'P', '\\', '\u0007', ';', '1', '5', 'm', '~', 'A', '\u009b', '\u009d', '\u009c', '\u0018'),
    fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCodePoint(c)),
    fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  );
  const input = fc.array(anyChar, { maxLength: 60 });

  // Chunks are cut between code points: stdin is read as UTF-8 text, which never splits a character.
  it('never throws, and reading a stream in any chunks gives the same keys as reading it whole', () => {
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { maxLength: 5 }), (chars, cuts) => {
        const text = chars.join('');
        const whole = decodeKeys(text).map((k) => [k.input, k.key]);
        const d = createKeyDecoder();
        const points = [...new Set(cuts.map((c) => c % (chars.length + 1)))].sort((a, b) => a - b);
        const ends = [...points, chars.length];
        const chunks = ends.map((end, i) => chars.slice(i === 0 ? 0 : ends[i - 1], end).join(''));
        const read = [...chunks.flatMap((c) => d.push(c)), ...d.flush()].map((k) => [k.input, k.key]);
        expect(read).toEqual(whole);
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('keeps every printable character that is not part of a sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('a', 'Z', '7', ' ', '李'), fc.constantFrom('\u001b[31m', '\u001b[1;5P', '\u001b]0;x\u0007', '\u009b0m')), { maxLength: 30 }), (parts) => {
        const typed = decodeKeys(parts.join('')).map((k) => k.input).join('');
        expect(typed).toBe(parts.filter((p) => !p.startsWith('\u001b') && !p.startsWith('\u009b')).join(''));
      }),
      { numRuns: 500, seed: 12 },
    );
  });
});
