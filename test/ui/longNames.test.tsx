import { describe, expect, it } from 'vitest';
import { nameHeader } from '../../src/view/index.js';
import { start } from '../app/helpers.js';
import { lines } from './render.js';

const NAMES = ['ANNABELLE', 'BARTHOLOMEW'.slice(0, 10), 'MARY ANNE', 'CHRISTOPHE'];

describe('names of up to 10 columns with four seats at 80x24', () => {
  it.each(['msx', 'spectrum'] as const)('%s: every name is shown whole, over the two lines of the column head where it must', (layout) => {
    const m = start({ layout, players: 4, names: NAMES, match: { kind: 'single' } }, { size: { columns: 80, rows: 24 } });
    const ls = lines(m);
    expect(ls.join('\n')).not.toContain('enlarge the terminal');
    const head = ls.slice(0, 6).join('\n');
    for (const name of NAMES) {
      const [first, rest] = nameHeader(name, 8);
      expect([first, rest].filter((l) => l !== '').join(name.includes(' ') ? ' ' : '')).toBe(name);
      expect(head).toContain(first);
      if (rest !== '') expect(head).toContain(rest);
    }
    expect(head).not.toContain('…');
    expect(ls.length).toBeLessThanOrEqual(23);
    // Each name's column: its first line right above its second, at the same place.
    const at = (line: string, text: string) => line.indexOf(text) + text.length;
    const top = ls.findIndex((l) => l.includes('ANNABELL BARTHOLO'));
    expect(at(ls[top], 'ANNABELL')).toBe(at(ls[top + 1], 'E'));
  });

  it('breaks a name at a space where it can, else between letters', () => {
    expect(nameHeader('ANNABELLE', 8)).toEqual(['ANNABELL', 'E']);
    expect(nameHeader('MARY ANNE', 8)).toEqual(['MARY', 'ANNE']);
    expect(nameHeader('ANN', 8)).toEqual(['ANN', '']);
  });
});
