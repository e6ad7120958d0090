import chalk from 'chalk';
import { Text, renderToString } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { style, styledText, type Role } from '../../src/ui/theme.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

describe('styledText: a role drawn as escape sequences, the same as Ink draws it', () => {
  it.each<Role>(['key', 'heading', 'dim', 'cursor', 'info', 'error'])('%s, in colour and without', (role) => {
    chalk.level = 1;
    for (const color of [true, false]) {
      const ink = renderToString(<Text {...style(role, color)}>q/ESC</Text>);
      expect(styledText('q/ESC', role, color), `${role} ${color}`).toBe(ink);
    }
    expect(styledText('plain', null, true)).toBe('plain');
    expect(styledText('q', 'key', true)).toContain('\u001b[33m');
  });
});
