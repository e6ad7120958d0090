import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTR, DEFAULT_COLOR, RGB_COLOR, StyleTable, sgrChange, sgrReset } from '../../src/terminal/style.js';
import { sgrParamsArb } from './arbitraries.js';

describe('cell styles', () => {
  it('reads SGR parameters: attributes, 16, 256 and 24-bit colours, resets', () => {
    const t = new StyleTable();
    const s = t.get(t.applySgr(0, '1;4;31;48;5;200'));
    expect(s).toEqual({ fg: 1, bg: 200, attrs: ATTR.bold | ATTR.underline });
    expect(t.get(t.applySgr(0, '38;2;1;2;3;97'))).toEqual({ fg: 15, bg: DEFAULT_COLOR, attrs: 0 });
    expect(t.get(t.applySgr(0, '38:2::1:2:3'))).toEqual({ fg: RGB_COLOR | 0x010203, bg: DEFAULT_COLOR, attrs: 0 });
    expect(t.applySgr(t.applySgr(0, '1;2;31'), '22;39')).toBe(0);
    expect(t.applySgr(t.applySgr(0, '7;44'), '')).toBe(0);
  });

  it('gives equal styles equal ids', () => {
    const t = new StyleTable();
    expect(t.applySgr(0, '32;1')).toBe(t.applySgr(0, '1;32'));
    expect(t.applySgr(0, '38;5;2')).toBe(t.applySgr(0, '32'));
  });

  it('erasing keeps only the background', () => {
    const t = new StyleTable();
    expect(t.get(t.eraseOf(t.applySgr(0, '1;7;31;42')))).toEqual({ fg: DEFAULT_COLOR, bg: 2, attrs: 0 });
  });

  it('the change from one style to another, applied to the first, gives the second, and is never longer than a reset', () => {
    fc.assert(
      fc.property(sgrParamsArb, sgrParamsArb, (a, b) => {
        const t = new StyleTable();
        const from = t.applySgr(0, a);
        const to = t.applySgr(0, b);
        const change = sgrChange(t.get(from), t.get(to));
        const params = change === '' ? null : change.slice(2, -1);
        expect(params === null ? from : t.applySgr(from, params)).toBe(to);
        expect(change.length).toBeLessThanOrEqual(sgrReset(t.get(to)).length);
      }),
      { numRuns: 500 },
    );
  });

  it('resets when that is shorter than undoing attribute by attribute', () => {
    const t = new StyleTable();
    const boldRed = t.get(t.applySgr(0, '1;31'));
    expect(sgrChange(boldRed, t.get(t.applySgr(0, '32')))).toBe('\u001B[0;32m');
    expect(sgrChange(boldRed, t.get(0))).toBe('\u001B[m');
    expect(sgrChange(boldRed, t.get(t.applySgr(0, '31')))).toBe('\u001B[22m');
  });
});
