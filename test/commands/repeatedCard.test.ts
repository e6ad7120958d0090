import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../e2e/terminal.js';

const home = mkdtempSync(join(tmpdir(), 'yahtzee-card-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, YAHTZEE_HOME: home, XDG_CACHE_HOME: join(home, 'cache') } });

describe('--card given twice to a command that takes one card', () => {
  it.each([
    ['score', ['score', '1,2,3,4,5', '--card', 'aces=3', '--card', 'twos=4']],
    ['advise', ['advise', '--card', 'aces=3', '--card', 'twos=4']],
    ['advise --distribution', ['advise', '--distribution', '--card', 'aces=3', '--card', 'twos=4']],
  ])('%s refuses it in one line, with the way to give both, exit 2 (never the last card alone)', (_, args) => {
    const r = run(...args);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^yahtzee: option '-c, --card <boxes>' argument 'twos=4' is invalid\. --card is given once, with every filled box separated by commas \(such as --card aces=3,twos=4\) -- see "yahtzee (score|advise) --help"\n$/);
    expect(r.status).toBe(2);
  });

  it('odds takes one --card per player, and its help says so', () => {
    expect(run('odds', '--help').stdout).toMatch(/--card <boxes>\s+one player's card[^]*once per player/);
  });
});
