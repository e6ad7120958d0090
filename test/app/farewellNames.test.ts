import { describe, expect, it } from 'vitest';
import { farewell } from '../../src/app/farewell.js';
import { start } from './helpers.js';

describe('the farewell line shows names by the names rule', () => {
  it('a good name as it is', () => {
    const m = start({ players: 1, names: ['李小龙'] });
    expect(farewell(m)).toMatch(/^yahtzee: scores when you quit: 李小龙: 0\n$/);
  });

  it('a name that is not printable (it could only come from outside the rule) with its control characters shown, not sent', () => {
    const m = start({ players: 1, names: ['A'] });
    const g = m.game!;
    const bad = { ...m, game: { ...g, players: [{ ...g.players[0], name: 'A\u001b[2J\u001b]0;x\u0007' }] } };
    const line = farewell(bad);
    expect(line).toContain('A\\u{1b}[2J\\u{1b}]0;x\\u{7}');
    // eslint-disable-next-line no-control-regex -- the check is for control characters
    expect(line.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
