import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { BIN } from '../e2e/terminal.js';

const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the command line (built binary, no terminal on stdin)', () => {
  it('the version matches package.json', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
    const r = run('--version');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });

  it('--help lists the flags and commands, exit 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    for (const word of ['--layout', '--rules', '--players', '--names', '--seed', '--games', '--target', '--no-animation', '--no-color', 'score']) {
      expect(r.stdout).toContain(word);
    }
  });

  it('the game refuses to start without a terminal, exit 2', () => {
    const r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/needs an interactive terminal/);
    expect(r.stdout).toBe('');
  });

  it.each([
    [['--layout', 'c64'], /unknown layout/],
    [['--players', '9'], /--players must be/],
    [['--bogus'], /unknown option '--bogus'/],
  ])('a wrong flag %j is refused with exit 2 before anything else', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
