import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from './e2e/terminal.js';

describe('the test run', () => {
  it('keeps saves, scores and the solver cache in a temporary folder of its own, never the real home', () => {
    const home = process.env.YAHTZEE_HOME ?? '';
    expect(home.startsWith(tmpdir())).toBe(true);
    expect(home).toMatch(/yahtzee-test-/);
    expect(existsSync(home)).toBe(true);
    expect(process.env.XDG_CACHE_HOME).toBe(`${home}/cache`);
  });
});

describe('a run with no absolute folder for its files (issue 25, item 12)', () => {
  it('says so and writes nothing in the working folder: an empty HOME, relative XDG folders, and no account home', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'yahtzee-nohome-'));
    try {
      const env = { PATH: process.env.PATH ?? '', HOME: '', XDG_STATE_HOME: 'relstate', XDG_DATA_HOME: 'reldata', XDG_CACHE_HOME: 'relcache' };
      // A user with no entry in the password database, as in a container run with --user 54321: no account home.
      const noAccount = 'data:text/javascript,import os from "node:os"; os.userInfo = () => { throw Object.assign(new Error("no entry"), { code: "ENOENT" }); };';
      const run = await new Promise<{ status: number | null; stderr: string }>((done) => {
        const child = execFile(process.execPath, ['--import', noAccount, BIN, 'scores'], { cwd, env, encoding: 'utf8' }, (error, _stdout, stderr) =>
          done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
        );
        child.stdin?.end();
      });
      expect(run.stderr).toContain("yahtzee: no folder for the game's files: HOME is not an absolute folder and XDG_STATE_HOME is not set to one; set HOME, or YAHTZEE_HOME=<a folder>");
      expect(run.status).toBe(2);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
