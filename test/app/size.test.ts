import { describe, expect, it } from 'vitest';
import { gameGeometry, gameMinimum, isTooSmall, minimumSize, tooSmallLines } from '../../src/app/index.js';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { start } from './helpers.js';

describe('screen size', () => {
  const shapes = RULE_SET_IDS.flatMap((rules) => (['msx', 'spectrum'] as const).flatMap((layout) => [false, true].map((hasComputer) => ({ rules, layout, players: 4, hasComputer }))));

  it.each(shapes)('4 players fit 80x24: $rules rules, $layout keys, computer seat $hasComputer', (shape) => {
    const min = gameMinimum(shape);
    expect(min.columns).toBeLessThanOrEqual(80);
    expect(min.rows).toBeLessThanOrEqual(24);
  });

  it('official rules, 4 players: at least 78x22', () => {
    expect(gameMinimum({ rules: 'official', layout: 'msx', players: 4, hasComputer: false })).toEqual({ columns: 78, rows: 22 });
  });

  it('puts the dice beside the chart at 80x24 and under it at 120x40, with wider columns', () => {
    const shape = { rules: 'official' as const, layout: 'msx' as const, players: 4, hasComputer: false };
    expect(gameGeometry(shape, { columns: 80, rows: 24 })).toMatchObject({ dice: 'beside', columnWidth: 9 });
    expect(gameGeometry(shape, { columns: 120, rows: 40 })).toMatchObject({ dice: 'below', columnWidth: 12 });
  });

  it('is too small below the minimum and says what it needs', () => {
    const m = start({ players: 4 }, { size: { columns: 77, rows: 24 } });
    expect(isTooSmall(m)).toBe(true);
    expect(minimumSize(m)).toEqual({ columns: 78, rows: 22 });
    expect(isTooSmall(start({ players: 4 }, { size: { columns: 78, rows: 22 } }))).toBe(false);
  });

  it('the setup questions need less room than the game', () => {
    expect(isTooSmall(start({}, { size: { columns: 50, rows: 14 } }))).toBe(false);
  });
});

describe('the too-small notice', () => {
  it('wraps to the width and is cut to the height, even on a 1x1 terminal', () => {
    expect(tooSmallLines({ columns: 78, rows: 22 }, { columns: 80, rows: 5 })).toEqual(['enlarge the terminal to at least 78x22 (Ctrl-C quits)']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 20, rows: 5 })).toEqual(['enlarge the terminal', 'to at least 44x12', '(Ctrl-C quits)']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 20, rows: 2 })).toEqual(['enlarge the terminal', 'to at least 44x12']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 1, rows: 1 })).toEqual(['e']);
  });
});
