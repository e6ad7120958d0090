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
    [['--names', '\u001b]0;pwned\u0007'], /--names "\\u\{1b\}\]0;pwned\\u\{7\}"/],
    [['--layout', '\u001b[2J'], /unknown layout "\\u\{1b\}\[2J"/],
    [['--bogus\u001b[2J'], /unknown option '--bogus\\u\{1b\}\[2J'/],
  ])('a wrong flag %j is refused with exit 2 before anything else', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    // What was typed is echoed with its control characters shown, never sent to the terminal.
    // eslint-disable-next-line no-control-regex -- the check is for control characters
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it.each([
    ['a mistyped command', ['scor']],
    ['a mistyped command after the game\'s flags', ['--layout', 'spectrum', 'scor']],
    ['help for a mistyped command', ['help', 'scor']],
  ])('%s is an unknown command with a suggestion, exit 2', (_what, args) => {
    const r = run(...args);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', 'yahtzee: unknown command \'scor\' (Did you mean score?) -- see "yahtzee --help"\n']);
  });

  it.each([['score'], ['simulate'], ['scores'], ['play']])('yahtzee help %s prints that command\'s help, exit 0', (command) => {
    const r = run('help', command);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Usage: yahtzee ${command} [options]`);
    expect(r.stderr).toBe('');
  });

  it.each([[[]], [['play']], [['score']], [['solve']], [['advise']], [['simulate']], [['scores']]])('--version answers the same on %j', (command) => {
    const r = run(...command, '--version');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, `${VERSION}\n`, '']);
  });

  it.each([
    ['an unknown option', ['--bogus'], "unknown option '--bogus'", 'yahtzee'],
    ['an unknown option of a command', ['score', '1,2,3,4,5', '--bogus'], "unknown option '--bogus'", 'yahtzee score'],
    ['a missing argument', ['score'], "missing required argument 'dice'", 'yahtzee score'],
    ['an argument too many', ['play', 'now'], "too many arguments for 'play'", 'yahtzee play'],
    ['a missing required option', ['simulate'], "required option '-g, --games <n>' not specified", 'yahtzee simulate'],
    ["a wrong value found by the game's own checks", ['score', '1,2,3,4,5', '--rules', 'x'], 'unknown rule set "x"', 'yahtzee score'],
    ['a wrong value of a game flag', ['--layout', 'c64'], 'unknown layout "c64"', 'yahtzee'],
    ['a port of the table that is no whole number', ['host', '--port', '1.5'], '--port must be a port from 0 (any free port) to 65535, or a range such as 22600-22699 (got "1.5")', 'yahtzee host'],
    ['a port of the table out of range', ['host', '--port', '65536'], '--port must be a port from 0 (any free port) to 65535, or a range such as 22600-22699 (got "65536")', 'yahtzee host'],
    ['no terminal for the game', ['play'], 'the game needs an interactive terminal', 'yahtzee play'],
  ])("%s: one line 'yahtzee: ...' pointing to the command's --help, exit 2", (_what, args, message, command) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    expect(lines[0].startsWith('yahtzee: ')).toBe(true);
    expect(lines[0]).toContain(message);
    expect(lines[0].endsWith(` -- see "${command} --help"`)).toBe(true);
  });
});
