import { describe, expect, it } from 'vitest';
import { chartView, statusView } from '../../src/view/index.js';
import { start } from '../app/helpers.js';

describe('the status line', () => {
  it('says a practice game is practice', () => {
    expect(statusView(start({ players: 1, practice: true })).match).toBe('practice');
    expect(statusView(start({ players: 2, practice: true, match: { kind: 'games', games: 3 } })).match).toBe('practice, game 1 of 3, most games won');
    expect(statusView(start({ players: 1 })).match).toBe('');
  });
});

describe('the Brazilian rules on the chart', () => {
  it('word the sum rows in Portuguese, as the boxes are', () => {
    const labels = chartView(start({ players: 2, rules: 'brazilian', match: { kind: 'games', games: 2 } })).rows.map((r) => r.label.trim());
    expect(labels).toContain('Total superior');
    expect(labels).toContain('TOTAL');
    expect(labels).not.toContain('Upper total');
    expect(labels).not.toContain('Games won');
  });
});
