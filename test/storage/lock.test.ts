import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lockHeldMessage, loadScores, takeLock, withLock } from '../../src/storage/index.js';
import { filesIn, tempDir } from './helpers.js';

const run = promisify(execFile);

describe('the lock file: one holder at a time', () => {
  it('a second take while the first holds it says who holds it; after release it can be taken again', () => {
    const file = path.join(tempDir(), 'game.lock');
    const first = takeLock(file);
    expect(first.kind).toBe('taken');
    const owner = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(owner).toEqual({ pid: process.pid, host: os.hostname(), boot: expect.anything(), since: expect.any(String) });
    // Another process asking (a pid of its own): held, by this one.
    expect(takeLock(file, { pid: process.pid + 1 })).toEqual({ kind: 'held', owner, file });
    if (first.kind === 'taken') first.release();
    expect(fs.existsSync(file)).toBe(false);
    expect(takeLock(file).kind).toBe('taken');
  });

  it.each<[string, object, { alive?: (pid: number) => boolean; boot?: string | null }]>([
    ['a process that is gone (killed with SIGKILL)', { pid: 999999, host: os.hostname(), boot: 'b1', since: '2026-01-01T00:00:00Z' }, { alive: () => false, boot: 'b1' }],
    ['a process of an earlier boot (its pid may be taken again)', { pid: process.pid, host: os.hostname(), boot: 'before', since: '2026-01-01T00:00:00Z' }, { alive: () => true, boot: 'now' }],
  ])('a stale lock of %s is taken over', (_name, stale, options) => {
    const dir = tempDir();
    const file = path.join(dir, 'game.lock');
    fs.writeFileSync(file, JSON.stringify(stale));
    const lock = takeLock(file, options);
    expect(lock.kind).toBe('taken');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    expect(filesIn(dir)).toEqual(['game.lock']);
  });

  it('a lock of a running process, or of another machine, is not taken over', () => {
    const file = path.join(tempDir(), 'game.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', boot: 'x', since: '2026-01-01T00:00:00Z' }));
    expect(takeLock(file, { alive: () => false, boot: 'y' }).kind).toBe('held');
  });

  it('a folder that cannot be made is a failure with the reason, not a throw', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'f'), '');
    expect(takeLock(path.join(root, 'f', 'game.lock'))).toEqual({ kind: 'failed', file: path.join(root, 'f', 'game.lock'), error: expect.stringMatching(/a file stands where a folder should be/) });
  });

  it('withLock gives up after its wait with who holds it, and runs the step once it is free', () => {
    const file = path.join(tempDir(), 'scores.lock');
    const held = takeLock(file);
    expect(withLock(file, () => 1, 50, { pid: process.pid + 1 })).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`another yahtzee \\(process ${process.pid}\\) kept .* locked`)) });
    if (held.kind === 'taken') held.release();
    expect(withLock(file, () => 2)).toEqual({ ok: true, value: 2 });
  });

  it('the message for the second copy says a game is open in another terminal, and what to do', () => {
    expect(lockHeldMessage({ pid: 42, host: os.hostname(), boot: null, since: '' }, '/home/a/.local/state/yahtzee')).toBe(
      'a game is open in another terminal (process 42), using /home/a/.local/state/yahtzee. Nothing was changed: that game goes on there. Finish or quit it there, or play a separate game with its own folder: YAHTZEE_HOME=<another folder> yahtzee',
    );
  });
});

describe('two processes on one folder: high-score updates are read-modify-write under the lock', () => {
  it('two processes recording 20 games each at the same time: all 40 are in the high scores', async () => {
    const home = tempDir();
    const child = (tag: string) =>
      run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'recordMany.ts'), tag, '20'], { env: { ...process.env, YAHTZEE_HOME: home } });
    const outs = await Promise.all([child('a'), child('b')]);
    for (const o of outs) expect(JSON.parse(o.stdout)).toEqual({ failures: [] });
    const book = loadScores({ state: home, data: home }).book;
    expect(book.rules.official?.games).toBe(40);
    expect(book.recorded).toHaveLength(40);
    expect(filesIn(home)).toEqual(['scores.json']);
  }, 60_000);
});
