import { describe, expect, it } from 'vitest';
import { gameMinimum, shapeOf, update } from '../../src/app/index.js';
import { chartView } from '../../src/view/chart.js';
import { finishGame, start } from '../app/helpers.js';
import { lines } from '../ui/render.js';

const lastRow = (m: Parameters<typeof chartView>[0]) => chartView(m).rows.at(-1)!;

describe("a match's standings on the chart while it is on", () => {
  it('a match of three games: a "Games won" row, dashes in game 1, the games won from game 2 on', () => {
    const m = start({ players: 2, match: { kind: 'games', games: 3 } });
    expect(lastRow(m)).toMatchObject({ label: 'Games won', cells: [{ text: '-' }, { text: '-' }] });
    const game2 = update(finishGame(m), { type: 'continue' });
    expect(game2.game?.results).toEqual([{ totals: [40, 28] }]);
    expect(lastRow(game2).cells.map((c) => c.text)).toEqual(['1', '0']);
    expect(lines(game2).some((l) => /Games won\s+1\s+0/.test(l))).toBe(true);
  });

  it('a tied game counts for nobody', () => {
    const m = start({ players: 2, match: { kind: 'games', games: 3 } });
    const tied = { ...m, game: { ...m.game!, results: [{ totals: [100, 100] }] } };
    expect(lastRow(tied).cells.map((c) => c.text)).toEqual(['0', '0']);
  });

  it('a match to a target: in game 1 the "Match total" row is this game\'s total so far, not a dash', () => {
    const m = start({ players: 2, match: { kind: 'target', target: 500 } });
    expect(lastRow(m)).toMatchObject({ label: 'Match total', cells: [{ text: '0' }, { text: '0' }] });
    const scored = update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
    const total = chartView(scored).rows.find((r) => r.total)!.cells.map((c) => c.text);
    expect(total[0]).not.toBe('0');
    expect(lastRow(scored).cells.map((c) => c.text)).toEqual(total);
    expect(lines(scored).some((l) => new RegExp(`Match total\\s+${total[0]}\\s+0`).test(l))).toBe(true);
  });

  it('a match to a target: a "Match total" row with the points toward it, this game included', () => {
    const m = start({ players: 2, match: { kind: 'target', target: 500 } });
    const game2 = update(finishGame(m), { type: 'continue' });
    expect(lastRow(game2)).toMatchObject({ label: 'Match total', cells: [{ text: '40' }, { text: '28' }] });
  });

  it('single games and a match of one game have no such row, and need no more room', () => {
    for (const match of [{ kind: 'single' } as const, { kind: 'games', games: 1 } as const]) {
      const m = start({ players: 2, match });
      expect(lastRow(m).label).toBe('TOTAL');
      expect(shapeOf(m).hasStandings).toBe(false);
    }
  });

  it('the row fits at 80x24 with four seats, a computer among them, in the official rules', () => {
    const m = start({ players: 4, computers: 1, match: { kind: 'games', games: 2 } });
    const min = gameMinimum(shapeOf(m));
    expect(min.rows).toBeLessThanOrEqual(24);
    expect(min.columns).toBeLessThanOrEqual(80);
    expect(lines(m).some((l) => l.includes('Games won'))).toBe(true);
  });
});
