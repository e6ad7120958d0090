import { describe, expect, it } from 'vitest';
import { gameGeometry, gameMinimum, isTooSmall, minimumSize, modeOf, resumeModel, update, type AppModel } from '../../src/app/index.js';
import { promptItems, spokenLines, tooSmallLines } from '../../src/view/index.js';
import { keyLabelIn, requiredKeyLabel } from '../../src/app/labels.js';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { finishGame, playOptions, press, start } from './helpers.js';

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
  it('says the size needed first, then the size now; wraps to the width and is cut to the height, even on a 1x1 terminal', () => {
    expect(tooSmallLines({ columns: 78, rows: 22 }, { columns: 80, rows: 5 }, 'q/ESC')).toEqual(['78x22 needed: enlarge the terminal', 'it is 80x5 now (q/ESC or Ctrl-C quits)']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 20, rows: 5 }, 'q/ESC')).toEqual(['44x12 needed:', 'enlarge the terminal', 'it is 20x5 now', '(q/ESC or', 'Ctrl-C quits)']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 20, rows: 2 }, 'q/ESC')).toEqual(['44x12 needed:', 'enlarge the terminal']);
    expect(tooSmallLines({ columns: 44, rows: 12 }, { columns: 1, rows: 1 }, 'q/ESC')).toEqual(['4']);
  });

  it('names the layout\'s own quit key (Q with the Spectrum keys)', () => {
    expect(tooSmallLines({ columns: 78, rows: 22 }, { columns: 80, rows: 5 }, 'Q')[1]).toBe('it is 80x5 now (Q or Ctrl-C quits)');
    expect(keyLabelIn(start({ layout: 'spectrum', names: ['ANN'] }), 'too-small', 'quit')).toBe('Q');
    expect(keyLabelIn(start(), 'too-small', 'quit')).toBe('q/ESC');
    // No key for it in the mode: null, not a label that could be a key ("?" is the MSX help key's).
    expect(keyLabelIn(start(), 'too-small', 'roll')).toBeNull();
    expect(() => requiredKeyLabel(start(), 'too-small', 'roll')).toThrow('the msx layout has no roll key in too-small');
  });

  it('names the size it needs on its first line, even on a terminal of one row', () => {
    expect(tooSmallLines({ columns: 78, rows: 22 }, { columns: 20, rows: 1 }, 'q/ESC')).toEqual(['78x22 needed:']);
    expect(tooSmallLines({ columns: 78, rows: 22 }, { columns: 12, rows: 1 }, 'q/ESC')).toEqual(['78x22']);
  });
});

describe('a screen reader is never "too small": the words fit any terminal', () => {
  const tiny = { columns: 20, rows: 5 };
  const cases: { name: string; model: (screenReader: boolean) => AppModel; key: string; mode: string; changed: (m: AppModel) => unknown }[] = [
    { name: 'MSX setup', model: (sr) => start({}, { size: tiny, screenReader: sr }), key: '2', mode: 'setup-players', changed: (m) => m.game?.players.length },
    { name: 'MSX rolling, four players', model: (sr) => start({ players: 4 }, { size: tiny, screenReader: sr }), key: '1', mode: 'rolling', changed: (m) => m.game?.held[0] },
    { name: 'Spectrum name', model: (sr) => start({ layout: 'spectrum' }, { size: tiny, screenReader: sr }), key: 'A', mode: 'setup-first-name', changed: (m) => m.setup.field },
    { name: 'Spectrum choosing', model: (sr) => press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }, { size: tiny, screenReader: sr }), '0'), key: '7', mode: 'choosing', changed: (m) => m.option },
    { name: 'after the game', model: (sr) => finishGame(start({ players: 1 }, { size: tiny, screenReader: sr })), key: 'r', mode: 'match-over', changed: (m) => m.overlay },
  ];

  it.each(cases)('$name: too small without a screen reader, playable with one', ({ model, key, mode, changed }) => {
    const plain = model(false);
    expect(modeOf(plain)).toBe('too-small');
    expect(changed(press(plain, key))).toEqual(changed(plain));
    const spoken = model(true);
    expect(modeOf(spoken)).toBe(mode);
    expect(isTooSmall(spoken)).toBe(false);
    expect(spokenLines(spoken).join(' ')).not.toContain('too small');
    expect(changed(press(spoken, key))).not.toEqual(changed(spoken));
    expect(promptItems(spoken).length).toBeGreaterThan(0);
  });

  it('stays so after a resize and in a resumed game', () => {
    const m = update(start({ players: 2 }, { screenReader: true }), { type: 'resize', columns: 10, rows: 3 });
    expect(modeOf(m)).toBe('rolling');
    const resumed = resumeModel(playOptions(), { seed: 1, size: tiny, screenReader: true }, m.game!, 'msx');
    expect(modeOf(resumed)).toBe('rolling');
  });
});

describe('a big terminal: the game stands in the middle', () => {
  const shape = { rules: 'official' as const, layout: 'msx' as const, players: 2, hasComputer: false };
  it.each([
    ['80x24: the whole width and height are used, nothing to centre', 80, 24, { indent: 0, top: 0, dice: 'beside', gap: 2 }],
    ['100x30: centred across, the dice further from the chart', 100, 30, { indent: 4, dice: 'beside', gap: 6 }],
    ['100x30 with four players: no room to spare for a wider gap', 100, 30, { dice: 'beside', gap: 2 }, 4],
    ['120x40: the dice under the chart, centred across and down', 120, 40, { indent: 14, top: 4, dice: 'below' }],
  ] as const)('%s', (_what, columns, rows, want, players: number = 2) => {
    expect(gameGeometry({ ...shape, players }, { columns, rows })).toMatchObject(want);
  });

  it('centred, the frame still fits the terminal', async () => {
    const { linesAt } = await import('../ui/render.js');
    for (const [columns, rows] of [[100, 30], [120, 40], [200, 60]] as const) {
      const ls = linesAt(start({ players: 2 }, { size: { columns, rows } }));
      expect(ls.length).toBeLessThan(rows);
      expect(Math.max(...ls.map((l) => [...l].length))).toBeLessThanOrEqual(columns);
      expect(ls.find((l) => l.includes('Aces'))!.indexOf('Aces')).toBeGreaterThanOrEqual(5);
    }
  });

  it.each([
    [100, 30],
    [120, 40],
    [200, 60],
  ] as const)('%ix%i: the status line and the prompt line stand over and under the game, as far in, not at the edges', async (columns, rows) => {
    const { linesAt } = await import('../ui/render.js');
    const ls = linesAt(start({ players: 2 }, { size: { columns, rows } }));
    const { indent, width } = gameGeometry({ ...shape, names: ['PLAYER 1', 'PLAYER 2'] }, { columns, rows });
    expect(indent).toBeGreaterThan(0);
    const at = (text: string) => ls.find((l) => l.includes(text))!;
    expect(at('Aces').indexOf('Aces')).toBe(indent + 1);
    expect(at('YAHTZEE').indexOf('YAHTZEE')).toBe(indent + 1);
    expect(at('SPACE roll').indexOf('1-5 mark')).toBe(indent + 1);
    // The turn at the status line's right, where the game ends, not at the terminal's edge.
    expect(at('YAHTZEE').trimEnd().length).toBe(indent + width - 1);
    // The blank rows above and below the game shared out: nothing above the status line but them.
    expect(ls.findIndex((l) => l.includes('YAHTZEE'))).toBe(gameGeometry(shape, { columns, rows }).top);
  });
});
