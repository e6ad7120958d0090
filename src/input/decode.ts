/**
 * The game's own reading of the bytes a terminal sends: every code point of stdin becomes part of exactly one key,
 * named as the layouts read keys (`input` and `KeyInfo`, as Ink's useInput would give them for the keys it knows).
 * Any sequence that is not a key the layouts can bind (function keys, colour codes pasted in, OSC titles, C1
 * controls, broken sequences) is one unknown key: it is never typed as text and never throws. Decoding is total:
 * no input at all can make it fail, and a key in the same read as a strange sequence is never lost.
 */
import type { KeyInfo } from './keys.js';

/** One key press read from the terminal. */
export interface DecodedKey {
  /** The character typed ("a", " ", "\r"), or '' for keys that type nothing (arrows, unknown sequences). */
  readonly input: string;
  readonly key: KeyInfo;
  /** The text it came from (at most 64 characters of it: a long pasted sequence is cut). */
  readonly sequence: string;
}

/** What the decoder holds back at the end of a read: nothing, a lone ESC, or the start of a longer sequence. */
export type Pending = 'none' | 'escape' | 'sequence';

/** A decoder for one input stream: keeps an unfinished sequence from one read to the next. */
export interface KeyDecoder {
  /** The keys completed by this chunk of input (an unfinished sequence at its end is held back). */
  push(chunk: string): DecodedKey[];
  /** What is held back. */
  pending(): Pending;
  /** The held-back part as keys (a lone ESC is the Escape key, anything else one unknown key); nothing is held after. */
  flush(): DecodedKey[];
}

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
/** The longest control sequence (CSI or SS3) taken as one; longer, it is an unknown key and decoding starts afresh. */
const MAX_SEQUENCE = 256;
/** How much of a sequence a key keeps for its `sequence`. */
const KEEP = 64;

const unknown = (sequence: string): DecodedKey => ({ input: '', key: {}, sequence: sequence.slice(0, KEEP) });
const key = (input: string, info: KeyInfo, sequence: string): DecodedKey => ({ input, key: info, sequence: sequence.slice(0, KEEP) });

/** A single character that is not part of a sequence: a control key, DEL, or printable text. */
function plain(char: string, meta: boolean, sequence: string): DecodedKey {
  const code = char.codePointAt(0) ?? 0;
  const m = meta ? { meta: true } : {};
  if (char === '\r' || char === '\n') return key('\r', { return: true, ...m }, sequence);
  if (code === 0x7f) return key('', { delete: true, ...m }, sequence);
  if (code === 0x08) return key('', { backspace: true, ...m }, sequence);
  if (code === 0x09) return key('', { tab: true, ...m }, sequence);
  if (code === 0x03 && !meta) return key('c', { ctrl: true }, sequence);
  if (code < 0x20) return key(code >= 1 && code <= 26 ? String.fromCharCode(code + 96) : '', { ctrl: true, ...m }, sequence);
  if (code >= 0x80 && code <= 0x9f) return unknown(sequence);
  return key(char, m, sequence);
}

/** The key a complete CSI sequence stands for: arrows, Shift-Tab, Delete and the kitty protocol's plain keys. */
function csiKey(params: string, final: string, meta: boolean, sequence: string): DecodedKey {
  const m = meta ? { meta: true } : {};
  const plainParams = /^(?:1?(?:;\d+)?)$/.test(params);
  if (plainParams) {
    if (final === 'A') return key('', { upArrow: true, ...m }, sequence);
    if (final === 'B') return key('', { downArrow: true, ...m }, sequence);
    if (final === 'C') return key('', { rightArrow: true, ...m }, sequence);
    if (final === 'D') return key('', { leftArrow: true, ...m }, sequence);
    if (final === 'Z' && params === '') return key('', { tab: true, ...m }, sequence);
  }
  if (final === '~' && /^3(?:;\d+)?$/.test(params)) return key('', { delete: true, ...m }, sequence);
  // The kitty keyboard protocol: CSI code ; modifiers u. Only unmodified (or shifted) characters, ENTER, ESC,
  // TAB, BACKSPACE and Ctrl-C mean something here.
  const kitty = final === 'u' ? /^(\d{1,7})(?:;(\d{1,3}))?$/.exec(params) : null;
  if (kitty) {
    const code = Number(kitty[1]);
    const mods = kitty[2] === undefined ? 0 : Number(kitty[2]) - 1;
    if (code === 99 && mods === 4) return key('c', { ctrl: true }, sequence);
    if (mods !== 0 && mods !== 1) return unknown(sequence);
    if (code === 13) return key('\r', { return: true }, sequence);
    if (code === 27) return key('', { escape: true, meta: true }, sequence);
    if (code === 9) return key('', { tab: true }, sequence);
    if (code === 127) return key('', { delete: true }, sequence);
    if (code === 8) return key('', { backspace: true }, sequence);
    if (code >= 0x20 && code <= 0x10ffff && !(code >= 0x7f && code <= 0x9f) && !(code >= 0xd800 && code <= 0xdfff) && !(code >= 0xe000 && code <= 0xf8ff)) {
      return key(String.fromCodePoint(code), {}, sequence);
    }
  }
  return unknown(sequence);
}

/** The key a complete SS3 sequence (ESC O x) stands for: the arrows in application mode; the rest unknown. */
function ss3Key(final: string, meta: boolean, sequence: string): DecodedKey {
  const m = meta ? { meta: true } : {};
  if (final === 'A') return key('', { upArrow: true, ...m }, sequence);
  if (final === 'B') return key('', { downArrow: true, ...m }, sequence);
  if (final === 'C') return key('', { rightArrow: true, ...m }, sequence);
  if (final === 'D') return key('', { leftArrow: true, ...m }, sequence);
  if (final === 'M') return key('\r', { return: true, ...m }, sequence);
  return unknown(sequence);
}

type Parsed = { readonly keys: DecodedKey[]; readonly next: number } | 'pending';

const isParam = (c: number) => c >= 0x30 && c <= 0x3f;
const isIntermediate = (c: number) => c >= 0x20 && c <= 0x2f;
const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;

/** A CSI sequence whose parameters start at `at` (after ESC [ or U+009B). */
function parseCsi(text: string, start: number, at: number, meta: boolean): Parsed {
  let i = at;
  // The Linux console's F1-F5: ESC [ [ A.
  if (text.charCodeAt(i) === 0x5b) i++;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (i - start > MAX_SEQUENCE) return { keys: [unknown(text.slice(start, i))], next: i };
    if (isParam(c) || isIntermediate(c)) continue;
    if (isFinal(c)) {
      const sequence = text.slice(start, i + 1);
      const params = text.slice(at, i);
      return { keys: [csiKey(params, text[i], meta, sequence)], next: i + 1 };
    }
    // A byte that cannot be in a CSI sequence: what came so far is one unknown key, and that byte starts afresh.
    return { keys: [unknown(text.slice(start, i))], next: i };
  }
  return 'pending';
}

/** A control string (OSC, DCS, SOS, PM, APC) whose body starts at `at`: it ends at BEL or ST, CAN/SUB cancel it. */
function parseString(text: string, start: number, at: number): Parsed {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BEL || c === 0x9c || c === CAN || c === SUB) return { keys: [unknown(text.slice(start, i + 1))], next: i + 1 };
    if (c === ESC) {
      if (i + 1 >= text.length) return 'pending';
      // ESC \ is the string terminator; any other ESC ends the string and starts a sequence of its own.
      if (text.charCodeAt(i + 1) === 0x5c) return { keys: [unknown(text.slice(start, i + 2))], next: i + 2 };
      return { keys: [unknown(text.slice(start, i))], next: i };
    }
  }
  return 'pending';
}

/** The string introducers after ESC: OSC ], DCS P, SOS X, PM ^, APC _. */
const STRING_AFTER_ESC = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]);
/** The same as C1 controls: OSC, DCS, SOS, PM, APC. */
const STRING_C1 = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);

/** One key (or an unknown sequence) starting at `i`. */
function parseAt(text: string, i: number): Parsed {
  const c = text.codePointAt(i) ?? 0;
  if (c === 0x9b) return parseCsi(text, i, i + 1, false);
  if (c === 0x8f) return i + 1 < text.length ? { keys: [ss3Key(text[i + 1], false, text.slice(i, i + 2))], next: i + 2 } : 'pending';
  if (STRING_C1.has(c)) return parseString(text, i, i + 1);
  if (c !== ESC) {
    const char = String.fromCodePoint(c);
    return { keys: [plain(char, false, char)], next: i + char.length };
  }
  if (i + 1 >= text.length) return 'pending';
  let j = i + 1;
  let meta = false;
  // ESC ESC [A and the like: Alt with an arrow (Ink's reading); ESC ESC alone is one Escape.
  if (text.charCodeAt(j) === ESC) {
    if (j + 1 >= text.length) return 'pending';
    const after = text.charCodeAt(j + 1);
    if (after !== 0x5b && after !== 0x4f) return { keys: [key('', { escape: true, meta: true }, text.slice(i, j + 1))], next: j + 1 };
    meta = true;
    j++;
  }
  const n = text.codePointAt(j) ?? 0;
  if (n === 0x5b) return parseCsi(text, i, j + 1, meta);
  if (n === 0x4f) {
    if (j + 1 >= text.length) return 'pending';
    const f = text.charCodeAt(j + 1);
    // SS3 takes one more printable byte; anything else after ESC O is Alt-O and that byte starts afresh.
    if (f >= 0x20 && f <= 0x7e) return { keys: [ss3Key(text[j + 1], meta, text.slice(i, j + 2))], next: j + 2 };
    return { keys: [key('O', { meta: true }, text.slice(i, j + 1))], next: j + 1 };
  }
  if (!meta && STRING_AFTER_ESC.has(n)) return parseString(text, i, j + 1);
  // ESC and one character: Alt with it (ESC ENTER is ENTER, as Ink reads it; a C1 or ESC-lead char stays unknown).
  const char = String.fromCodePoint(n);
  if (n >= 0x80 && n <= 0x9f) return { keys: [unknown(text.slice(i, j + char.length))], next: j + char.length };
  return { keys: [plain(char, true, text.slice(i, j + char.length))], next: j + char.length };
}

/** The start of a long held text, for the report (a trailing ESC kept: an ST may be split across reads). */
function keepStart(s: string): string {
  if (s.length <= KEEP) return s;
  return s.slice(0, KEEP - 1) + (s.endsWith('\u001b') ? '\u001b' : s[KEEP - 1]);
}

/** A new decoder for one input stream. */
export function createKeyDecoder(): KeyDecoder {
  /** The unfinished sequence at the end of the last read (of a control string, only its start). */
  let held = '';
  /** True while a control string is open: only its end is looked for, its body is dropped as it comes. */
  let skipping = false;

  const decode = (text: string): DecodedKey[] => {
    const keys: DecodedKey[] = [];
    let i = 0;
    held = '';
    while (i < text.length) {
      const parsed = parseAt(text, i);
      if (parsed === 'pending') {
        held = text.slice(i);
        return keys;
      }
      keys.push(...parsed.keys);
      i = parsed.next;
    }
    return keys;
  };

  /** Inside an open control string: its end in `chunk`, then the rest decoded as usual. */
  const skip = (chunk: string): DecodedKey[] => {
    let prevEsc = held.endsWith('\u001b');
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (prevEsc || c === BEL || c === 0x9c || c === CAN || c === SUB) {
        const done = unknown(held);
        skipping = false;
        // ESC \ ends it; any other ESC ends it too and starts a sequence of its own.
        const rest = !prevEsc ? chunk.slice(i + 1) : c === 0x5c ? chunk.slice(i + 1) : '\u001b' + chunk.slice(i);
        return [done, ...decode(rest)];
      }
      prevEsc = c === ESC;
    }
    held = keepStart(held + chunk);
    return [];
  };

  return {
    push(chunk: string): DecodedKey[] {
      if (chunk.length === 0) return [];
      const keys = skipping ? skip(chunk) : decode(held + chunk);
      if (!skipping && held !== '' && isString(held)) skipping = true;
      if (skipping) held = keepStart(held);
      return keys;
    },
    pending(): Pending {
      if (held === '') return 'none';
      return held === '\u001b' || held === '\u001b\u001b' ? 'escape' : 'sequence';
    },
    flush(): DecodedKey[] {
      if (held === '') return [];
      const out = held === '\u001b' || held === '\u001b\u001b' ? key('', { escape: true, meta: true }, held) : unknown(held);
      held = '';
      skipping = false;
      return [out];
    },
  };
}

/** True when held text is an open control string (OSC, DCS, SOS, PM, APC). */
function isString(held: string): boolean {
  const c = held.charCodeAt(0);
  if (STRING_C1.has(c)) return true;
  return c === ESC && held.length > 1 && STRING_AFTER_ESC.has(held.charCodeAt(1));
}

/** All the keys in one complete piece of terminal input (an unfinished sequence at its end included, as it would be after the wait). */
export function decodeKeys(text: string): DecodedKey[] {
  const d = createKeyDecoder();
  return [...d.push(text), ...d.flush()];
}
