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
  /**
   * The keys completed by this chunk of input (an unfinished sequence at its end is held back). `now` is the time
   * of the read in milliseconds (Date.now()); only deadline() reads it.
   */
  push(chunk: string, now?: number): DecodedKey[];
  /** What is held back. */
  pending(): Pending;
  /** When what is held back is to be flushed, on the clock push() was given; null when nothing is held. */
  deadline(): number | null;
  /** The held-back part as keys (a lone ESC is the Escape key, anything else one unknown key); nothing is held after. */
  flush(): DecodedKey[];
}

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const DEL = 0x7f;
/** ST as a C1 control. */
const ST = 0x9c;
/** How much of a sequence a key keeps for its `sequence`; a CSI held longer than this is skipped as it comes. */
const KEEP = 64;

/**
 * How long an unfinished sequence waits for the rest, counted from its FIRST byte: a terminal sends a sequence in
 * one write, so only a person (Alt+[, Alt+]) leaves one open, and keys that keep coming must not keep it open.
 */
export const SEQUENCE_WAIT_MS = 50;

/** The end of a bracketed paste (its start, ESC [ 200 ~, is a key: the paste). */
const PASTE_END = '\u001b[201~';
/**
 * How long a paste whose end has not come waits for more, counted from its LAST read: a long paste comes in many
 * reads, but a terminal that never ends one must not swallow the keys after it.
 */
export const PASTE_WAIT_MS = 1000;

/*
 * The rules for reading a sequence to its end:
 * - a CSI (ESC [, U+009B) runs to its final byte (0x40-0x7E) however long (past KEEP characters it is unknown: no
 *   key is that long); a byte that cannot be in it (a control, DEL, ESC, anything past ASCII) ends it there as one
 *   unknown key, and that byte is read afresh;
 * - ESC [ M with no parameters is an X10 mouse report: three characters more, whatever they are (bytes 32-255, NUL
 *   past the last column, or UTF-8 characters in mode 1005), except another C0 control, which ends it as above.
 *   Stdin is read as UTF-8, so a legacy coordinate past column 95 arrives as U+FFFD, or in a rare pair of them as one
 *   character;
 * - a control string (OSC, DCS, SOS, PM, APC) ends at BEL or ST, CAN and SUB cancel it (each taken with it); any
 *   other control (Ctrl-C, ENTER) or ESC ends it as above, since no terminal sends one inside a string;
 * - whatever is still unfinished SEQUENCE_WAIT_MS after its first byte is one unknown key (a lone ESC at once the
 *   Escape key): the key reader flushes it at deadline(), and what follows is read as keys.
 */

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
  if (final === '~' && params === '200') return key('', { paste: true }, sequence);
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

type Parsed = { readonly keys: DecodedKey[]; readonly next: number } | { readonly open: Open };
/**
 * What the text ended inside: a control string or a CSI, which may run long and are skipped as they come once held
 * (only their start kept), or a short sequence (ESC, SS3, an X10 report), kept whole and read again with the next chunk.
 */
type Open = 'string' | 'csi' | 'short';

const isParam = (c: number) => c >= 0x30 && c <= 0x3f;
const isIntermediate = (c: number) => c >= 0x20 && c <= 0x2f;
const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;

/**
 * The end of a CSI's parameter and intermediate bytes from `from`: `next` is just past its final byte, or at a byte
 * that cannot be in a CSI (which ends it there); null when the text ends first.
 */
function csiEnd(text: string, from: number): { readonly next: number; readonly final: boolean } | null {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isParam(c) || isIntermediate(c)) continue;
    return isFinal(c) ? { next: i + 1, final: true } : { next: i, final: false };
  }
  return null;
}

/**
 * Where a control string's body from `from` ends, as the index decoding goes on from: past BEL, ST, CAN or SUB, at
 * any other control or ESC; -1 when the text ends first (or with an ESC, which may begin ST).
 */
function stringEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BEL || c === CAN || c === SUB || c === ST) return i + 1;
    if (c === ESC) {
      if (i + 1 >= text.length) return -1;
      return text.charCodeAt(i + 1) === 0x5c ? i + 2 : i;
    }
    if (c < 0x20 || c === DEL) return i;
  }
  return -1;
}

/** An X10 mouse report whose three characters start at `from` (after ESC [ M). */
function parseX10(text: string, start: number, from: number): Parsed {
  let i = from;
  for (let n = 0; n < 3; n++) {
    if (i >= text.length) return { open: 'short' };
    const c = text.codePointAt(i) ?? 0;
    if (c !== 0 && c < 0x20) return { keys: [unknown(text.slice(start, i))], next: i };
    i += c > 0xffff ? 2 : 1;
  }
  return { keys: [unknown(text.slice(start, i))], next: i };
}

/** A CSI sequence whose parameters start at `at` (after ESC [ or U+009B). */
function parseCsi(text: string, start: number, at: number, meta: boolean): Parsed {
  if (text.charCodeAt(at) === 0x4d) return parseX10(text, start, at + 1);
  // The Linux console's F1-F5: ESC [ [ A.
  const from = text.charCodeAt(at) === 0x5b ? at + 1 : at;
  const end = csiEnd(text, from);
  if (end === null) return { open: 'csi' };
  const sequence = text.slice(start, end.next);
  // Longer than KEEP it is unknown, as it is when held across reads and skipped (no key is that long).
  if (!end.final || sequence.length > KEEP) return { keys: [unknown(sequence)], next: end.next };
  return { keys: [csiKey(text.slice(at, end.next - 1), text[end.next - 1], meta, sequence)], next: end.next };
}

/** A control string (OSC, DCS, SOS, PM, APC) whose body starts at `at`. */
function parseString(text: string, start: number, at: number): Parsed {
  const next = stringEnd(text, at);
  return next < 0 ? { open: 'string' } : { keys: [unknown(text.slice(start, next))], next };
}

/** An SS3 sequence whose final character is at `at` (after ESC O or U+008F): one printable byte, else it ends there. */
function parseSs3(text: string, start: number, at: number, meta: boolean, alone: DecodedKey): Parsed {
  if (at >= text.length) return { open: 'short' };
  const f = text.charCodeAt(at);
  if (f >= 0x20 && f <= 0x7e) return { keys: [ss3Key(text[at], meta, text.slice(start, at + 1))], next: at + 1 };
  return { keys: [alone], next: at };
}

/** The string introducers after ESC: OSC ], DCS P, SOS X, PM ^, APC _. */
const STRING_AFTER_ESC = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]);
/** The same as C1 controls: OSC, DCS, SOS, PM, APC. */
const STRING_C1 = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);

/** One key (or an unknown sequence) starting at `i`. */
function parseAt(text: string, i: number): Parsed {
  const c = text.codePointAt(i) ?? 0;
  if (c === 0x9b) return parseCsi(text, i, i + 1, false);
  if (c === 0x8f) return parseSs3(text, i, i + 1, false, unknown(text[i]));
  if (STRING_C1.has(c)) return parseString(text, i, i + 1);
  if (c !== ESC) {
    const char = String.fromCodePoint(c);
    return { keys: [plain(char, false, char)], next: i + char.length };
  }
  if (i + 1 >= text.length) return { open: 'short' };
  let j = i + 1;
  let meta = false;
  // ESC ESC [A and the like: Alt with an arrow (Ink's reading); ESC ESC alone is one Escape.
  if (text.charCodeAt(j) === ESC) {
    if (j + 1 >= text.length) return { open: 'short' };
    const after = text.charCodeAt(j + 1);
    if (after !== 0x5b && after !== 0x4f) return { keys: [key('', { escape: true, meta: true }, text.slice(i, j + 1))], next: j + 1 };
    meta = true;
    j++;
  }
  const n = text.codePointAt(j) ?? 0;
  if (n === 0x5b) return parseCsi(text, i, j + 1, meta);
  // SS3 takes one more printable byte; anything else after ESC O is Alt-O and that byte starts afresh.
  if (n === 0x4f) return parseSs3(text, i, j + 1, meta, key('O', { meta: true }, text.slice(i, j + 1)));
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

const isEscape = (held: string) => held === '\u001b' || held === '\u001b\u001b';

/** A new decoder for one input stream. */
export function createKeyDecoder(): KeyDecoder {
  /** The unfinished sequence at the end of the last read (of a control string or a long CSI, only its start). */
  let held = '';
  /**
   * Set while a control string, a long CSI or a paste is open: only its end is looked for, its body dropped as it
   * comes (of a paste, `held` keeps only its last characters, which may begin its end).
   */
  let skipping: 'string' | 'csi' | 'paste' | null = null;
  /** When the held sequence's first byte was read. */
  let since = 0;

  /** The keys in `text`; its first `carried` characters are what was held, so a sequence held from 0 goes on. */
  const decode = (text: string, now: number, carried: number): DecodedKey[] => {
    const keys: DecodedKey[] = [];
    let i = 0;
    held = '';
    while (i < text.length) {
      const parsed = parseAt(text, i);
      if ('open' in parsed) {
        if (i > 0 || carried === 0) since = now;
        held = text.slice(i);
        if (parsed.open === 'string') {
          skipping = 'string';
          held = keepStart(held);
        } else if (parsed.open === 'csi' && held.length > KEEP) {
          skipping = 'csi';
          held = held.slice(0, KEEP);
        }
        return keys;
      }
      keys.push(...parsed.keys);
      i = parsed.next;
      if (parsed.keys[0]?.key.paste === true) {
        // The paste is one key, said once; its text is not read as keys.
        const end = text.indexOf(PASTE_END, i);
        if (end < 0) return [...keys, ...openPaste(text.slice(i), now)];
        i = end + PASTE_END.length;
      }
    }
    return keys;
  };

  /** Inside a paste: its text dropped up to its end, then the rest decoded afresh. */
  const openPaste = (text: string, now: number): DecodedKey[] => {
    const end = text.indexOf(PASTE_END);
    if (end >= 0) {
      skipping = null;
      held = '';
      return decode(text.slice(end + PASTE_END.length), now, 0);
    }
    skipping = 'paste';
    held = text.slice(-(PASTE_END.length - 1));
    since = now;
    return [];
  };

  /** Inside an open control string or long CSI: its end in `chunk`, then the rest decoded afresh. */
  const skip = (kind: 'string' | 'csi', chunk: string, now: number): DecodedKey[] => {
    // A string's held start ends with ESC when the last read did: with this chunk it may be ST.
    const text = kind === 'string' && held.endsWith('\u001b') ? '\u001b' + chunk : chunk;
    const next = kind === 'string' ? stringEnd(text, 0) : (csiEnd(text, 0)?.next ?? -1);
    if (next < 0) {
      held = keepStart(held + chunk);
      return [];
    }
    const done = unknown(held);
    skipping = null;
    return [done, ...decode(text.slice(next), now, 0)];
  };

  return {
    push(chunk: string, now = 0): DecodedKey[] {
      if (chunk.length === 0) return [];
      if (skipping === 'paste') return openPaste(held + chunk, now);
      return skipping !== null ? skip(skipping, chunk, now) : decode(held + chunk, now, held.length);
    },
    pending(): Pending {
      if (skipping === 'paste') return 'sequence';
      if (held === '') return 'none';
      return isEscape(held) ? 'escape' : 'sequence';
    },
    deadline(): number | null {
      if (skipping === 'paste') return since + PASTE_WAIT_MS;
      if (held === '') return null;
      return isEscape(held) ? since : since + SEQUENCE_WAIT_MS;
    },
    flush(): DecodedKey[] {
      if (skipping === 'paste') {
        // The paste was said when it began; what follows is read as keys.
        skipping = null;
        held = '';
        return [];
      }
      if (held === '') return [];
      const out = isEscape(held) ? key('', { escape: true, meta: true }, held) : unknown(held);
      held = '';
      skipping = null;
      return [out];
    },
  };
}

/** All the keys in one complete piece of terminal input (an unfinished sequence at its end included, as it would be after the wait). */
export function decodeKeys(text: string): DecodedKey[] {
  const d = createKeyDecoder();
  return [...d.push(text), ...d.flush()];
}
