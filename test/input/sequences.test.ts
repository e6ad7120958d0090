/**
 * Every escape sequence is one key, read to its end (issue 25, items 5 and 6): X10 mouse reports, CSIs of any length,
 * control strings that a control key or the wait ends, and the wait counted from a sequence's first byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEQUENCE_WAIT_MS, createKeyDecoder, decodeKeys, keyName, type KeyDecoder } from '../../src/input/index.js';

const names = (raw: string) => decodeKeys(raw).map((k) => keyName(k.input, k.key));
const pushed = (d: KeyDecoder, chunk: string, now?: number) => d.push(chunk, now).map((k) => keyName(k.input, k.key));

describe('an X10 mouse report (ESC [ M and three characters) is one unknown key', () => {
  const cases: [string, string, (string | null)[]][] = [
    ['a left click at 1,1 (button SPACE, x and y !)', '\u001b[M !!', [null]],
    ['the attack: a left click at x = 1 (the character 1), then nothing more', '\u001b[M 1!', [null]],
    ['a click whose payload is digits and SPACE, then the key 1', '\u001b[M 11' + '1', [null, '1']],
    ['a release and a wheel step', '\u001b[M#5(\u001b[Ma5(', [null, null]],
    ['a coordinate past column 223 (NUL)', '\u001b[M \u0000!2', [null, '2']],
    ['DEL as a coordinate (column 95)', '\u001b[M \u007f!3', [null, '3']],
    ['bytes past 127 read from UTF-8 as U+FFFD', '\u001b[M \ufffd\ufffd4', [null, '4']],
    ['mode 1005: coordinates as UTF-8 characters', '\u001b[M \u0100\u07ff5', [null, '5']],
    ['an emoji as a coordinate (one character of two UTF-16 units)', '\u001b[M 🎲!6', [null, '6']],
    ['with Alt before it (ESC ESC [ M)', '\u001b\u001b[M !!7', [null, '7']],
    ['the C1 CSI form', '\u009bM !!8', [null, '8']],
    ['broken by Ctrl-C: the report ends, Ctrl-C counts', '\u001b[M \u0003', [null, 'ctrl-c']],
    ['broken by ESC: the report ends, the arrow counts', '\u001b[M \u001b[A', [null, 'up']],
    ['an SGR report is still one key', '\u001b[<0;10;5M\u001b[<0;10;5m9', [null, null, '9']],
    ['a urxvt report (ESC [ b ; x ; y M) is one key', '\u001b[32;10;5Ma', [null, 'a']],
  ];
  it.each(cases)('%s', (_what, raw, want) => {
    expect(names(raw)).toEqual(want);
  });

  it('is joined across reads, and the key after it counts', () => {
    const d = createKeyDecoder();
    expect(pushed(d, '\u001b[M')).toEqual([]);
    expect(pushed(d, ' ')).toEqual([]);
    expect(pushed(d, '1')).toEqual([]);
    expect(d.pending()).toBe('sequence');
    expect(pushed(d, '!1')).toEqual([null, '1']);
    expect(d.pending()).toBe('none');
  });
});

describe('a CSI is read to its final byte however long', () => {
  it('the attack: ESC [ and 200 times "1;" and SPACE q is one unknown key', () => {
    expect(names('\u001b[' + '1;'.repeat(200) + ' q')).toEqual([null]);
  });

  it('a CSI of 100,000 characters, then 1, is two keys', () => {
    const keys = decodeKeys('\u001b[' + '9'.repeat(100_000) + 'm1');
    expect(keys.map((k) => keyName(k.input, k.key))).toEqual([null, '1']);
    expect(keys[0].sequence.length).toBeLessThanOrEqual(64);
  });

  it('a megabyte of parameters over many reads is one key, kept short, then the key after it', () => {
    const d = createKeyDecoder();
    expect(pushed(d, '\u001b[')).toEqual([]);
    for (let i = 0; i < 1000; i++) expect(d.push('1;'.repeat(500))).toEqual([]);
    expect(d.pending()).toBe('sequence');
    const keys = d.push(' q1');
    expect(keys.map((k) => keyName(k.input, k.key))).toEqual([null, '1']);
    expect(keys[0].sequence.length).toBeLessThanOrEqual(64);
  });

  it('a CSI longer than 64 characters is unknown even when its form is a key, read whole or across reads', () => {
    const raw = '\u001b[1;' + '0'.repeat(70) + '5A';
    expect(names(raw)).toEqual([null]);
    const d = createKeyDecoder();
    expect([...pushed(d, raw.slice(0, 70)), ...pushed(d, raw.slice(70))]).toEqual([null]);
  });

  it('a long CSI is ended by a byte that cannot be in it: Ctrl-C, ESC, a letter past ASCII, DEL', () => {
    const long = '\u001b[' + '1;'.repeat(300);
    expect(names(long + '\u0003')).toEqual([null, 'ctrl-c']);
    expect(names(long + '\u001b[A')).toEqual([null, 'up']);
    expect(names(long + 'é')).toEqual([null, 'é']);
    expect(names(long + '\u007f')).toEqual([null, 'backspace']);
  });

  it('a long CSI split across reads ends the same way: Ctrl-C in a later read counts', () => {
    const d = createKeyDecoder();
    d.push('\u001b[' + '1;'.repeat(300));
    expect(pushed(d, '2;3')).toEqual([]);
    expect(pushed(d, '\u0003')).toEqual([null, 'ctrl-c']);
  });
});

describe('a control string ends at BEL or ST, and at any control key, which counts', () => {
  const cases: [string, string, (string | null)[]][] = [
    ['the attack: ESC ] and 41 presses of 1, then Ctrl-C', '\u001b]' + '1'.repeat(41) + '\u0003', [null, 'ctrl-c']],
    ['DCS then Ctrl-C', '\u001bPabc\u0003', [null, 'ctrl-c']],
    ['APC then Ctrl-C', '\u001b_abc\u0003', [null, 'ctrl-c']],
    ['SOS then Ctrl-C', '\u001bXabc\u0003', [null, 'ctrl-c']],
    ['PM then Ctrl-C', '\u001b^abc\u0003', [null, 'ctrl-c']],
    ['C1 OSC then Ctrl-C', '\u009dabc\u0003', [null, 'ctrl-c']],
    ['ENTER ends it and counts', '\u001b]abc\r', [null, 'enter']],
    ['TAB ends it and counts', '\u001b]abc\t', [null, 'tab']],
    ['CAN cancels it (taken with it), the key after counts', '\u001b]abc\u00181', [null, '1']],
    ['BEL ends it (taken with it)', '\u001b]0;t\u00071', [null, '1']],
    ['ST ends it (taken with it)', '\u001b]0;t\u001b\\1', [null, '1']],
    ['the C1 ST ends it', '\u001b]0;t\u009c1', [null, '1']],
    ['UTF-8 text in a title stays in it', '\u001b]0;李🎲é\u00071', [null, '1']],
  ];
  it.each(cases)('%s', (_what, raw, want) => {
    expect(names(raw)).toEqual(want);
  });

  it('Ctrl-C in a later read ends a string held open across reads', () => {
    const d = createKeyDecoder();
    expect(pushed(d, '\u001b]', 0)).toEqual([]);
    for (let i = 1; i <= 41; i++) expect(pushed(d, '1', i * 30)).toEqual([]);
    expect(pushed(d, '\u0003', 41 * 30 + 10)).toEqual([null, 'ctrl-c']);
    expect(d.pending()).toBe('none');
  });

  it('a C1 SS3 followed by Ctrl-C keeps Ctrl-C', () => {
    expect(names('\u008f\u0003')).toEqual([null, 'ctrl-c']);
  });
});

describe('an unfinished sequence ends a fixed wait after its first byte, however steadily bytes keep coming', () => {
  it('nothing held: no deadline', () => {
    const d = createKeyDecoder();
    expect(d.deadline()).toBeNull();
    d.push('abc', 5);
    expect(d.deadline()).toBeNull();
  });

  it('a lone ESC is due at once; joined by [ it becomes a sequence due the wait after the ESC', () => {
    const d = createKeyDecoder();
    d.push('\u001b', 1000);
    expect(d.deadline()).toBe(1000);
    d.push('[1;', 1001);
    expect(d.deadline()).toBe(1000 + SEQUENCE_WAIT_MS);
  });

  it('a control string keeps the deadline of its first byte while its body keeps coming', () => {
    const d = createKeyDecoder();
    d.push('\u001b]', 1000);
    for (let i = 1; i <= 41; i++) {
      d.push('1', 1000 + i * 30);
      expect(d.deadline()).toBe(1000 + SEQUENCE_WAIT_MS);
    }
    // The wait is over (the key reader flushes at the deadline): it is one unknown key, and what follows counts.
    expect(d.flush().map((k) => keyName(k.input, k.key))).toEqual([null]);
    expect(pushed(d, '1', 2300)).toEqual(['1']);
    expect(d.deadline()).toBeNull();
  });

  it('a long CSI keeps the deadline of its first byte too', () => {
    const d = createKeyDecoder();
    d.push('\u001b[' + '1;'.repeat(100), 500);
    for (let i = 1; i <= 10; i++) {
      d.push('1;'.repeat(100), 500 + i * 30);
      expect(d.deadline()).toBe(500 + SEQUENCE_WAIT_MS);
    }
  });

  it('a sequence begun after the last one ended has a deadline of its own', () => {
    const d = createKeyDecoder();
    d.push('\u001b[1;', 100);
    expect(d.deadline()).toBe(100 + SEQUENCE_WAIT_MS);
    expect(pushed(d, '5Pa\u001b]0;', 140)).toEqual([null, 'a']);
    expect(d.deadline()).toBe(140 + SEQUENCE_WAIT_MS);
    expect(pushed(d, 'x\u0007b\u001b[', 170)).toEqual([null, 'b']);
    expect(d.deadline()).toBe(170 + SEQUENCE_WAIT_MS);
  });
});

describe('what held before still holds', () => {
  it('a 1 MB paste of text is a million keys, and one with sequences among the text keeps all the text', () => {
    expect(decodeKeys('a'.repeat(1 << 20))).toHaveLength(1 << 20);
    const unit = 'ab\u001b[Mc12\u001b[' + '1;'.repeat(100) + 'm\u001b]0;t\u0007\u001b[<0;3;4M\u001b[97u';
    const keys = decodeKeys(unit.repeat(Math.ceil((1 << 20) / unit.length)));
    expect(keys.map((k) => k.input).join('')).toBe('aba'.repeat(Math.ceil((1 << 20) / unit.length)));
  });

  it('a megabyte control string read one character at a time is one key, kept short', () => {
    const d = createKeyDecoder();
    expect(d.push('\u001bPq')).toEqual([]);
    const body = '#0;2;0;0;0'.repeat(100_000);
    let out = 0;
    for (const c of body) out += d.push(c).length;
    expect(out).toBe(0);
    const keys = d.push('\u001b');
    expect(keys).toEqual([]);
    const end = d.push('\\5');
    expect(end.map((k) => keyName(k.input, k.key))).toEqual([null, '5']);
    expect(end[0].sequence.length).toBeLessThanOrEqual(64);
  });

  const cases: [string, string, (string | null)[]][] = [
    ['SGR mouse: press, release, wheel, motion', '\u001b[<0;10;5M\u001b[<0;10;5m\u001b[<64;1;1M\u001b[<35;200;100M', [null, null, null, null]],
    ['kitty keys: a letter, shifted A, ENTER, ESC, Ctrl-C, an F-key', '\u001b[97u\u001b[65;2u\u001b[13u\u001b[27u\u001b[99;5u\u001b[57364u', ['a', 'A', 'enter', 'escape', 'ctrl-c', null]],
    ['bad UTF-8 read as U+FFFD, alone and between keys', '\ufffd1\ufffd\ufffd2', ['\ufffd', '1', '\ufffd', '\ufffd', '2']],
    ['focus in and out, and a bracketed paste: one key, its text not typed', '\u001b[I\u001b[O\u001b[200~ab\r\u001b[201~c', [null, null, null, 'c']],
    ['two X10 reports back to back, the first broken by the second', '\u001b[M \u001b[M !!3', [null, null, '3']],
    ['an X10 report cut by ESC ]: the string is read, then the key', '\u001b[M \u001b]x\u00074', [null, null, '4']],
    ['ST alone after ESC [ : the CSI ends at ESC, the ST is Alt-\\', '\u001b[1\u001b\\6', [null, null, '6']],
    ['a string opened inside a string: the first ends at its ESC', '\u001b]a\u001b]b\u00077', [null, null, '7']],
    ['an SS3 broken by Ctrl-C keeps Ctrl-C (ESC O is Alt-O)', '\u001bO\u0003', [null, 'ctrl-c']],
    ['Alt with Ctrl-C is Ctrl-C', '\u001b\u0003', ['ctrl-c']],
  ];
  it.each(cases)('%s', (_what, raw, want) => {
    expect(names(raw)).toEqual(want);
  });
});

/** Complete sequences of every kind a terminal sends, long and short. */
const completeSequence: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('\u001b[', '\u009b', '\u001b\u001b['), fc.string({ unit: fc.constantFrom(...'0123456789;:<=>?'), maxLength: 600 }), fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./'), maxLength: 2 }), fc.integer({ min: 0x40, max: 0x7e }))
    // ESC [ M alone starts an X10 report (three characters more) and ESC [ [ a Linux console key: M and [ need a byte before them.
    .filter(([, params, inter, final]) => !((final === 0x4d || final === 0x5b) && params === '' && inter === ''))
    .map(([intro, params, inter, final]) => intro + params + inter + String.fromCharCode(final)),
  fc.tuple(fc.constantFrom('\u001b[M', '\u001b\u001b[M', '\u009bM'), fc.array(fc.oneof(fc.integer({ min: 0x20, max: 0xff }), fc.integer({ min: 0x20, max: 0x7ff }), fc.constant(0)), { minLength: 3, maxLength: 3 })).map(
    ([intro, cps]) => intro + String.fromCodePoint(...cps.map((c) => (c >= 0x80 && c <= 0xff ? 0xfffd : c))),
  ),
  fc.tuple(fc.constantFrom('\u001b]', '\u001bP', '\u001b_', '\u001bX', '\u001b^', '\u009d', '\u0090'), fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), fc.constantFrom('李', '🎲', 'é')), maxLength: 600 }), fc.constantFrom('\u0007', '\u001b\\', '\u009c', '\u0018', '\u001a')).map((p) => p.join('')),
  // Shaped like keys (arrows, Delete, kitty) with runs of digits around the length where a held CSI is skipped.
  fc.tuple(fc.constantFrom('\u001b[1;', '\u001b[3;', '\u001b[', '\u009b1;'), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 50, maxLength: 80 }), fc.constantFrom('A', 'B', 'C', 'D', '~', 'u', 'Z')).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('\u001bO', '\u008f'), fc.integer({ min: 0x20, max: 0x7e })).map(([intro, c]) => intro + String.fromCharCode(c)),
);

describe('properties of the decoder over sequences of every kind', () => {
  it('a complete sequence followed by 1 is exactly one unknown-or-named key and then the key 1, read whole or in any chunks', () => {
    fc.assert(
      fc.property(completeSequence, fc.array(fc.nat(), { maxLength: 6 }), (seq, cuts) => {
        const text = seq + '1';
        const whole = decodeKeys(text);
        expect(whole).toHaveLength(2);
        expect(keyName(whole[1].input, whole[1].key)).toBe('1');
        const cps = [...text];
        const points = [...new Set(cuts.map((c) => c % (cps.length + 1)))].sort((a, b) => a - b);
        const ends = [...points, cps.length];
        const d = createKeyDecoder();
        const read = [...ends.flatMap((end, i) => d.push(cps.slice(i === 0 ? 0 : ends[i - 1], end).join(''))), ...d.flush()];
        expect(read.map((k) => [k.input, k.key])).toEqual(whole.map((k) => [k.input, k.key]));
      }),
      { numRuns: 3000, seed: 25 },
    );
  });

  it('every Ctrl-C byte anywhere in any input is a Ctrl-C key, read whole or in chunks', () => {
    const piece = fc.oneof(
      completeSequence,
      completeSequence.map((s) => s.slice(0, Math.max(1, s.length - 1))),
      fc.constantFrom('\u0003', '\u001b', '\u001b[', '\u001b[M', '\u001b]', '\u001bP', '\u001bO', '\u008f', '\u009b', '\u009d', 'M', ' ', '1', '\r', '\u0007', '\\'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, cuts) => {
        const text = pieces.join('');
        const want = [...text].filter((c) => c === '\u0003').length;
        const count = (keys: { input: string; key: object }[]) => keys.filter((k) => keyName(k.input, k.key) === 'ctrl-c').length;
        expect(count(decodeKeys(text))).toBeGreaterThanOrEqual(want);
        const cps = [...text];
        const points = [...new Set(cuts.map((c) => c % (cps.length + 1)))].sort((a, b) => a - b);
        const ends = [...points, cps.length];
        const d = createKeyDecoder();
        expect(count([...ends.flatMap((end, i) => d.push(cps.slice(i === 0 ? 0 : ends[i - 1], end).join(''))), ...d.flush()])).toBeGreaterThanOrEqual(want);
      }),
      { numRuns: 3000, seed: 26 },
    );
  });

  it('whatever is held, the flush ends it and the next key is read as itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('\u001b', '[', ']', 'M', 'P', 'O', ';', '1', ' ', '\u009b', '\u009d', '\u008f'), fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c))), maxLength: 40 }), (text) => {
        const d = createKeyDecoder();
        d.push(text);
        d.flush();
        expect(d.pending()).toBe('none');
        expect(d.deadline()).toBeNull();
        expect(pushed(d, '1')).toEqual(['1']);
      }),
      { numRuns: 2000, seed: 27 },
    );
  });
});
