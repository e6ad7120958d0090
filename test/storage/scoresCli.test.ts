import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScores, recordGame } from '../../src/storage/highScores.js';
import { storageDirs } from '../../src/storage/paths.js';
import { KEYS } from '../support/keys.js';
import { withFailingInput } from '../e2e/failingInput.js';
import { BIN, TerminalSession } from '../e2e/terminal.js';
import { cardWorth, tempDir } from './helpers.js';

const DIST = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Runs the built `yahtzee ARGS` with YAHTZEE_HOME=home and no terminal on stdin. */
function yahtzee(home: string, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, YAHTZEE_HOME: home, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

/** A YAHTZEE_HOME with one official game recorded (Ann, 42). */
function homeWithScores(): string {
  const home = tempDir();
  recordGame(storageDirs({ YAHTZEE_HOME: home }), 'official', [{ name: 'Ann', card: cardWorth(42) }], { now: new Date('2026-11-29T12:00:00Z') });
  return home;
}

beforeAll(() => {
  if (!existsSync(DIST)) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
});

describe('yahtzee scores (the built binary, files under YAHTZEE_HOME)', () => {
  it('prints the high scores, exit 0', async () => {
    const r = await yahtzee(homeWithScores(), 'scores');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('   1. Ann     42  2026-11-29');
  });

  it('--clear with no terminal and no --yes: one line on stderr, exit 2, nothing cleared', async () => {
    const home = homeWithScores();
    const r = await yahtzee(home, 'scores', '--clear');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('yahtzee: not clearing the high scores for every rule set: there is no terminal to ask on; add --yes to clear them -- see "yahtzee scores --help"\n');
    expect(loadScores(storageDirs({ YAHTZEE_HOME: home })).book.rules.official?.games).toBe(1);
  });

  it('--clear --yes clears, exit 0', async () => {
    const home = homeWithScores();
    const r = await yahtzee(home, 'scores', '--clear', '--yes');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, 'Cleared the high scores for every rule set.\n', '']);
    expect(loadScores(storageDirs({ YAHTZEE_HOME: home })).book).toEqual({ rules: {} });
  });

  it('--clear on a terminal asks "[y/N]" and clears on y', async () => {
    const home = homeWithScores();
    const session = new TerminalSession(['scores', '--clear'], { env: { YAHTZEE_HOME: home } });
    try {
      await session.waitFor('Clear the high scores for every rule set? [y/N]');
      session.write('y\r');
      expect((await session.exited).exitCode).toBe(0);
      expect(await session.screen()).toContain('Cleared the high scores for every rule set.');
    } finally {
      session.dispose();
    }
    expect(loadScores(storageDirs({ YAHTZEE_HOME: home })).book).toEqual({ rules: {} });
  });

  it.each([
    ['n then Enter', 'n\r'],
    ['Ctrl-C', KEYS.ctrlC],
  ])('--clear on a terminal, answered with %s: nothing cleared, exit 0', async (_name, keys) => {
    const home = homeWithScores();
    const session = new TerminalSession(['scores', '--clear'], { env: { YAHTZEE_HOME: home } });
    try {
      await session.waitFor('[y/N]');
      session.write(keys);
      expect((await session.exited).exitCode).toBe(0);
      expect(await session.screen()).toContain('Nothing was cleared.');
    } finally {
      session.dispose();
    }
    expect(loadScores(storageDirs({ YAHTZEE_HOME: home })).book.rules.official?.games).toBe(1);
  });

  it('--clear on a terminal that goes away as it asks (a read fails with EIO): nothing cleared, exit 0', async () => {
    const home = homeWithScores();
    const session = withFailingInput(['scores', '--clear'], { YAHTZEE_HOME: home });
    try {
      await session.waitFor('[y/N]');
      session.write('y');
      expect((await session.exited).exitCode).toBe(0);
      expect(await session.screen()).toContain('Nothing was cleared.');
    } finally {
      session.dispose();
    }
    expect(loadScores(storageDirs({ YAHTZEE_HOME: home })).book.rules.official?.games).toBe(1);
  });
});
