/**
 * Keys as a terminal sends them, and what the app's key handler receives: the game's own decoder (src/input/decode.ts,
 * as src/ui/useKeys.ts runs it on stdin). For comparison, what Ink 6's useInput would hand over for the keys it can
 * name: Ink's own input parser splits a chunk of stdin into key events and its parseKeypress names them; the mapping
 * to `(input, key)` below follows ink/build/hooks/use-input.js.
 */
import fc from 'fast-check';
import { createInputParser, nonAlphanumericKeys, parseKeypress } from '../../src/ink-overlay/internals.js';
import { ANY_KEY, LAYOUTS, PRINTABLE } from '../../src/app/keymaps/index.js';
import { decodeKeys, keyName, type KeyInfo } from '../../src/input/index.js';
import { KEYS, layoutName, rawFor, type KeyName } from '../support/keys.js';

/** Every key name any layout binds (the wildcards aside). */
export const BOUND_NAMES: readonly string[] = [
  ...new Set(Object.values(LAYOUTS).flatMap((l) => l.bindings.flatMap((b) => b.keys.filter((k) => k !== PRINTABLE && k !== ANY_KEY)))),
];

const range = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((cp) => String.fromCodePoint(cp));

/** One printable character: mostly ASCII, some accented, CJK, Hangul, fullwidth, emoji and combining marks. */
export const printableChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: range(0x20, 0x7e) },
  { weight: 2, arbitrary: range(0xa0, 0xff) },
  { weight: 1, arbitrary: range(0x391, 0x44f) },
  { weight: 1, arbitrary: range(0x4e00, 0x9fff) },
  { weight: 1, arbitrary: range(0xac00, 0xd7a3) },
  { weight: 1, arbitrary: range(0xff01, 0xff5e) },
  { weight: 1, arbitrary: range(0x1f600, 0x1f64f) },
  { weight: 1, arbitrary: range(0x300, 0x36f) },
  { weight: 1, arbitrary: fc.constantFrom('●', '▶', '─', '…', '·', '\u200B', '\u200D', '\uFE0F') },
);

/** A key press as a terminal sends it, with a name for the failure report. */
export interface RawKey {
  readonly name: string;
  readonly raw: string;
}

/** The keys of the table no layout binds: function keys, editing keys, modified arrows, control and Alt combinations. */
const OTHER_KEYS: readonly RawKey[] = Object.entries(KEYS)
  .map(([name, raw]) => ({ name: layoutName(name as KeyName), raw }))
  .filter((k) => !BOUND_NAMES.includes(k.name));

/** Any key: the layouts' keys, other named and function keys, or a printable character. */
export const rawKey: fc.Arbitrary<RawKey> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...BOUND_NAMES).map((name) => ({ name, raw: rawFor(name) })) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_KEYS) },
  { weight: 3, arbitrary: printableChar.map((c) => ({ name: JSON.stringify(c), raw: c })) },
  { weight: 5, arbitrary: fc.constant(null).chain(() => rawSequence) },
);

const chars = (from: string, min: number, max: number) => fc.array(fc.constantFrom(...from), { minLength: min, maxLength: max }).map((cs) => cs.join(''));
const codeRange = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((c) => String.fromCodePoint(c));
/** Text inside a control string: printable ASCII, some of anything. */
const stringBody = fc.array(fc.oneof({ weight: 8, arbitrary: codeRange(0x20, 0x7e) }, { weight: 1, arbitrary: codeRange(0, 0x10ffff) }), { maxLength: 24 }).map((cs) => cs.join(''));
/** How a control string ends: BEL, ST (ESC \ or U+009C), cancelled, by a control key (which counts), or not at all. */
const stringEnd = fc.constantFrom('\u0007', '\u001b\\', '\u009c', '\u0018', '', '', '\r', '\u007f', '\u0003');
/**
 * One character of an X10 mouse report: a byte 32-255 (past 127 read from UTF-8 as U+FFFD), NUL past the last
 * column, or a UTF-8 character of mode 1005.
 */
const x10Char = fc.oneof(
  { weight: 6, arbitrary: codeRange(0x20, 0x7f) },
  { weight: 1, arbitrary: fc.constant('\ufffd') },
  { weight: 1, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: codeRange(0x80, 0x7ff) },
);

/**
 * Sequences no layout binds and Ink cannot always name: CSI with random parameters, intermediates and final bytes
 * (Ctrl-F1, colour codes), CSIs of hundreds or thousands of parameter bytes, X10 mouse reports (ESC [ M and three
 * characters that look like keys: SPACE, digits), SS3, OSC, DCS, SOS/PM/APC strings (ended, cut off, or ended by a
 * control key), C1 controls (alone and as CSI/OSC introducers), lone and doubled ESC, ESC before any character.
 */
export const rawSequence: fc.Arbitrary<RawKey> = fc
  .oneof(
    { weight: 5, arbitrary: fc.tuple(fc.constantFrom('\u001b[', '\u009b'), chars('0123456789;:<=>?', 0, 8), chars(' !"#$%&\'()*+,-./', 0, 1), codeRange(0x40, 0x7e)).map((p) => p.join('')) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('\u001b[M', '\u009bM', '\u001b\u001b[M'), fc.oneof(fc.array(x10Char, { minLength: 3, maxLength: 3 }), fc.constantFrom([' ', '1', '!'], [' ', ' ', ' '], ['#', '5', '2'], ['`', '3', '3']))).map(([intro, cs]) => intro + cs.join('')),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('\u001b[', '\u009b'), fc.integer({ min: 100, max: 1500 }), fc.constantFrom('1;', '0', ';', '?1', ':2'), fc.constantFrom(' q', 'm', '~', 'A', '\u0003', '')).map(([intro, n, unit, end]) => intro + unit.repeat(n) + end),
    },
    { weight: 2, arbitrary: fc.constantFrom('\u001b[1;5P', '\u001b[1;5Q', '\u001b[1;5R', '\u001b[1;5S', '\u001b[1;6P', '\u001b[31m', '\u001b[0m', '\u001b[101m', '\u001b[2J', '\u001b[?1049h') },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('\u001bO', '\u008f'), codeRange(0x20, 0x7e)).map((p) => p.join('')) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('\u001b]', '\u009d'), chars('0123456789', 0, 3), fc.constantFrom(';', ''), stringBody, stringEnd).map((p) => p.join('')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('\u001bP', '\u0090', '\u001bX', '\u001b^', '\u001b_', '\u009f'), stringBody, stringEnd).map((p) => p.join('')) },
    { weight: 2, arbitrary: codeRange(0x80, 0x9f) },
    { weight: 1, arbitrary: fc.constantFrom('\u001b', '\u001b\u001b', '\u001b\u001b[A', '\u001b[', '\u001b[1;', '\u001b]') },
    { weight: 1, arbitrary: codeRange(0, 0x7f).map((c) => '\u001b' + c) },
  )
  .map((raw) => ({ name: `seq ${JSON.stringify(raw)}`, raw }));

/** A 10 KB paste: text, the layouts' keys and raw sequences mixed, as one read. */
export const bigPaste: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.oneof({ weight: 6, arbitrary: printableChar }, { weight: 1, arbitrary: rawKey.map((k) => k.raw) }), { minLength: 20, maxLength: 60 }), fc.nat())
  .map(([parts, n]) => {
    let text = '';
    for (let i = 0; text.length < 10_000; i++) text += parts[(i * 7 + n) % parts.length];
    return text;
  });

/** A piece of input cut into reads at random places (between code points), as a slow link or a pty may deliver it. */
export const splitReads: fc.Arbitrary<string[]> = fc.tuple(fc.array(rawKey, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 3 })).map(([keys, cuts]) => {
  const cps = [...keys.map((k) => k.raw).join('')];
  const points = [...new Set(cuts.map((c) => c % (cps.length + 1)))].sort((a, b) => a - b);
  const ends = [...points, cps.length];
  return ends.map((end, i) => cps.slice(i === 0 ? 0 : ends[i - 1], end).join('')).filter((c) => c !== '');
});

/** What Ink's useInput hands the app for one input event (after Ink's parser has split the chunk). */
export function inkInput(data: string): [string, KeyInfo] {
  const keypress = parseKeypress(data);
  const key = {
    upArrow: keypress.name === 'up',
    downArrow: keypress.name === 'down',
    leftArrow: keypress.name === 'left',
    rightArrow: keypress.name === 'right',
    return: keypress.name === 'return',
    escape: keypress.name === 'escape',
    ctrl: keypress.ctrl,
    tab: keypress.name === 'tab',
    backspace: keypress.name === 'backspace',
    delete: keypress.name === 'delete',
    meta: keypress.meta || keypress.name === 'escape' || keypress.option,
  };
  let input: string;
  if (keypress.isKittyProtocol) {
    if (keypress.isPrintable) input = keypress.text ?? keypress.name;
    else if (keypress.ctrl && keypress.name.length === 1) input = keypress.name;
    else input = '';
  } else if (keypress.ctrl) input = keypress.name;
  else input = keypress.sequence;
  if (!keypress.isKittyProtocol && nonAlphanumericKeys.includes(keypress.name)) input = '';
  if (input.startsWith('\u001B')) input = input.slice(1);
  return [input, key];
}

/** One Ink text event split into single keys, as the app did with Ink's useInput (control characters named). */
function splitInk(input: string, key: KeyInfo): [string, KeyInfo][] {
  const chars = [...input];
  if (chars.length <= 1 || input.includes('\u001b')) return [[input, key]];
  return chars.map((c): [string, KeyInfo] => {
    if (c === '\r' || c === '\n') return [c, { return: true }];
    if (c === '\u007f') return ['', { delete: true }];
    if (c === '\b') return ['', { backspace: true }];
    if (c === '\t') return ['', { tab: true }];
    const code = c.codePointAt(0) ?? 0;
    if (code > 0 && code < 0x20) return [String.fromCharCode(code + 96), { ctrl: true }];
    return [c, {}];
  });
}

/** The key names Ink 6.8's useInput would give for a chunk of keys it can name (it throws on some it cannot). */
export function inkKeyNames(chunk: string): (string | null)[] {
  const parser = createInputParser();
  const events = parser.push(chunk);
  const pending = parser.flushPendingEscape();
  if (pending !== undefined) events.push(pending);
  return events.flatMap((e) => splitInk(...inkInput(e))).map(([input, key]) => keyName(input, key));
}

/** A chunk of stdin as the app's key handler sees it: the game's decoder, an unfinished sequence at its end flushed (as after the wait). */
export function terminalKeys(chunk: string): [string, KeyInfo][] {
  return decodeKeys(chunk).map((k) => [k.input, k.key]);
}
