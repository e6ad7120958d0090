/**
 * One width model (issue 23): the screen's VT emulator counts a code point as string-width does (what Ink lays text
 * out with), where it had a table of its own that disagreed with string-width on some eighty ranges (U+2329, the Yijing
 * hexagrams, emoji without emoji presentation, U+3164); and the one table of wide characters the screen writer trusts
 * the cursor after holds only what xterm.js draws two columns wide with its Unicode 6 table and with the Unicode 15
 * graphemes addon (it had held combining marks such as U+302A and U+3099, and the ambiguous U+3248-324F).
 */
import xterm from '@xterm/headless';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { charWidth, isSureWidth } from '../../src/terminal/width.js';
import { loadGraphemesAddon } from './graphemesAddon.js';

const ASSIGNED = /\p{Assigned}/u;
const SURROGATE = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

/** Ranges of consecutive code points, written as hex, for a readable failure. */
function ranges(cps: readonly number[]): string[] {
  const out: [number, number][] = [];
  for (const cp of cps) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out.map(([a, b]) => (a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`));
}

describe('one width model', () => {
  it('the emulator counts an assigned code point as string-width does', () => {
    const disagree: number[] = [];
    // The Basic Multilingual Plane and the emoji blocks (the whole of Unicode takes string-width too long for a test).
    for (let cp = 0x20; cp < 0x1fb00; cp = cp === 0xffff ? 0x1f000 : cp + 1) {
      if (SURROGATE(cp)) continue;
      const ch = String.fromCodePoint(cp);
      if (ASSIGNED.test(ch) && charWidth(cp) !== stringWidth(ch)) disagree.push(cp);
    }
    expect(ranges(disagree)).toEqual([]);
  });

  it('a character trusted as two columns wide is two columns in string-width and in xterm.js, Unicode 6 and 15', () => {
    const v6 = new xterm.Terminal({ allowProposedApi: true });
    const v15 = new xterm.Terminal({ allowProposedApi: true });
    v15.loadAddon(new (loadGraphemesAddon())());
    v15.unicode.activeVersion = '15-graphemes';
    type Unicode = { getStringCellWidth(s: string): number };
    const cells = (t: typeof v6, ch: string) => (t as unknown as { _core: { unicodeService: Unicode } })._core.unicodeService.getStringCellWidth(ch);
    const wrong: number[] = [];
    let trusted = 0;
    for (let cp = 0x100; cp < 0x10000; cp++) {
      const ch = String.fromCodePoint(cp);
      if (SURROGATE(cp) || !ASSIGNED.test(ch) || !isSureWidth(ch) || charWidth(cp) === 1) continue;
      trusted++;
      if (stringWidth(ch) !== 2 || cells(v6, ch) !== 2 || cells(v15, ch) !== 2) wrong.push(cp);
    }
    v6.dispose();
    v15.dispose();
    expect(ranges(wrong)).toEqual([]);
    // CJK ideographs, kana and Hangul syllables are among them.
    expect(trusted).toBeGreaterThan(40_000);
    expect(['李', 'か', '한', 'Ａ'].every(isSureWidth)).toBe(true);
  });
});
