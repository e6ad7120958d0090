import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../e2e/terminal.js';

const home = mkdtempSync(join(tmpdir(), 'yahtzee-output-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { ...process.env, YAHTZEE_HOME: home, XDG_CACHE_HOME: join(home, 'cache') };

/** A card with four boxes left: advised and its odds found on the spot, without a whole table. */
const LATE = 'aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,chance=20,fullHouse=25,yahtzee=50';

const COMMANDS = [
  ['score', '1,2,3,4,5'],
  ['advise', '--card', LATE],
  ['odds', '--card', LATE, '--card', LATE],
  ['simulate', '--games', '20', '--strategy', 'casual'],
  ['scores'],
  ['--help'],
  ['--version'],
  ['score', '--help'],
  ['help', 'odds'],
];

describe('output that cannot be written', () => {
  it.each(COMMANDS)('yahtzee %s > /dev/full: one line on stderr, exit 74', (...args) => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'], env });
      expect(r.stderr).toMatch(/^yahtzee: the output could not be written: the disk is full \(ENOSPC[^\n]*\)\n$/);
      expect(r.status).toBe(74);
    } finally {
      closeSync(full);
    }
  });

  it.each(COMMANDS)('yahtzee %s into a pipe already closed (as into head): quiet, exit 0', async (...args) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});
