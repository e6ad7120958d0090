import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordGame } from '../../src/storage/highScores.js';
import { storageDirs } from '../../src/storage/paths.js';
import { BIN } from '../e2e/terminal.js';
import { cardWorth } from '../storage/helpers.js';

const home = mkdtempSync(join(tmpdir(), 'yahtzee-locale-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
recordGame(storageDirs({ YAHTZEE_HOME: home }), 'official', [{ name: 'JOSÉ', card: cardWorth(42) }], { now: new Date('2026-11-29T12:00:00Z') });

/** The built yahtzee with no terminal, under this locale. */
const run = (locale: string, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, LC_ALL: '', LC_CTYPE: '', LANG: locale, YAHTZEE_HOME: home, NO_COLOR: '1' } });
const ascii = (s: string) => /^\p{ASCII}*$/u.test(s);

describe('the plain-text commands and a locale that is not UTF-8', () => {
  it.each([
    ['score, Brazilian box names', ['score', '1,2,3,4,5', '--rules', 'brazilian'], 'Aleatoria (Chance)'],
    ['scores, a name with an accent', ['scores'], 'JOSE'],
  ])('%s: ASCII under LANG=C, as written under a UTF-8 locale', (_what, args, plain) => {
    const c = run('C', ...args);
    expect([c.status, c.stderr]).toEqual([0, '']);
    expect(ascii(c.stdout)).toBe(true);
    expect(c.stdout).toContain(plain);
    const utf8 = run('C.UTF-8', ...args);
    expect(ascii(utf8.stdout)).toBe(false);
    expect(utf8.stdout.length).toBe(c.stdout.length);
  });

  it('a message on stderr is ASCII too', () => {
    const r = run('C', 'score', '1,2,3,4,5', '--card', 'aleatória=5');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^yahtzee: unknown box "aleatoria" for official/);
  });

  it('JSON is left as it is: data, UTF-8 by definition', () => {
    const r = run('C', 'scores', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).official.top[0].name).toBe('JOSÉ');
  });
});
