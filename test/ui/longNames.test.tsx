import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/text/index.js';
import { render } from 'ink-testing-library';
import { gameGeometry, nameHeader, nameHeaders, shapeOf } from '../../src/app/index.js';
import { chartView } from '../../src/view/index.js';
import { Chart } from '../../src/ui/Chart.js';
import { start } from '../app/helpers.js';
import { lines } from './render.js';

const NAMES = ['alexandra', 'benedictus', 'cassandra', 'dorothea'];

describe('names wider than their column in the chart head at 80x24', () => {
  it.each(['msx', 'spectrum'] as const)('%s, four seats: a name that does not fit is cut and ends in "…", never split mid-word', (layout) => {
    const m = start({ layout, players: 4, names: NAMES, match: { kind: 'single' } }, { size: { columns: 80, rows: 24 } });
    const ls = lines(m);
    expect(ls.join('\n')).not.toContain('enlarge the terminal');
    // The names stand on the line right above the first box, with no second line of pieces of names.
    const row = ls.findIndex((l) => l.includes('Aces')) - 1;
    expect(ls[row].trim().split(/\s+/).slice(0, 4)).toEqual(['alexand…', 'benedic…', 'cassand…', 'dorothea']);
    expect(ls[row - 1].trim()).toMatch(/^YAHTZEE|^$/);
    expect(ls.length).toBeLessThanOrEqual(23);
  });

  it('breaks a name at a space where both parts fit, else cuts it with "…" (by display width)', () => {
    expect(nameHeader('ANNABELLE', 8)).toEqual(['ANNABEL…', '']);
    expect(nameHeader('MARY ANNE', 8)).toEqual(['MARY', 'ANNE']);
    expect(nameHeader('ANN', 8)).toEqual(['ANN', '']);
    expect(nameHeader('李小龙李小龙', 8)).toEqual(['李小龙…', '']);
    expect(textWidth(nameHeader('😀😀😀😀😀', 8)[0])).toBeLessThanOrEqual(8);
    expect(nameHeader('😀😀😀😀😀', 8)[0].endsWith('…')).toBe(true);
  });

  it('names that would read the same once cut are split over the two lines, whole, so that the seats stay apart', () => {
    expect(nameHeaders(['alexandra1', 'alexandra2', 'ANN', 'benedictus'], 8)).toEqual([
      ['alexandr', 'a1'],
      ['alexandr', 'a2'],
      ['ANN', ''],
      ['benedic…', ''],
    ]);
    const m = start({ players: 4, names: ['alexandra1', 'alexandra2', 'ANN', 'BOB'], match: { kind: 'single' } }, { size: { columns: 80, rows: 24 } });
    const ls = lines(m);
    const row = ls.findIndex((l) => l.includes('Aces')) - 1;
    expect(ls[row - 1].trim().split(/\s+/).slice(0, 2)).toEqual(['alexandr', 'alexandr']);
    expect(ls[row].trim().split(/\s+/).slice(0, 2)).toEqual(['a1', 'a2']);
  });
});

describe('the chart takes the rows the geometry reserves for it, its head on a second line only when it draws one', () => {
  const cases: [string, readonly string[]][] = [
    ['short names', ['ANN', 'BOB', 'CY', 'DEE']],
    ['one long single-word name (cut with "…")', ['benedictus', 'ANN', 'BOB', 'CY']],
    ['two long names that would read the same once cut', ['alexandra1', 'alexandra2', 'ANN', 'BOB']],
    ['a name broken at a space', ['MARY ANNE', 'ANN', 'BOB', 'CY']],
    ['one seat, a long single word that fits its wider column', ['benedictus']],
  ];
  const sizes = [
    { columns: 80, rows: 24 },
    { columns: 120, rows: 40 },
  ];
  it.each(cases.flatMap(([what, names]) => sizes.map((size) => [`${what}, ${size.columns}x${size.rows}`, names, size] as const)))('%s', (_what, names, size) => {
    for (const layout of ['msx', 'spectrum'] as const) {
      const m = start({ layout, players: names.length, names: [...names], match: { kind: 'single' } }, { size });
      const geo = gameGeometry(shapeOf(m), m.size);
      const r = render(<Chart view={chartView(m)} labelWidth={geo.labelWidth} columnWidth={geo.columnWidth} marker={geo.marker} color={false} />);
      const drawn = (r.lastFrame() ?? '').split('\n');
      r.unmount();
      expect(drawn, `${layout}: ${drawn.join('\n')}`).toHaveLength(geo.chartRows);
    }
  });
});
