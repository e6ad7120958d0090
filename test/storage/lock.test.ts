import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { lockHeldMessage, loadScores, takeLock, waitForLock, withLock } from '../../src/storage/index.js';
import { filesIn, tempDir } from './helpers.js';

const run = promisify(execFile);

describe('the lock file: one holder at a time', () => {
  it('a second take while the first holds it says who holds it; after release it can be taken again', () => {
    const file = path.join(tempDir(), 'game.lock');
    const first = takeLock(file);
    expect(first.kind).toBe('taken');
    const owner = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(owner).toEqual({ pid: process.pid, host: os.hostname(), boot: thisBoot, pids: thisPidSpace, started: expect.any(String), since: expect.any(String), token: expect.any(String) });
    // Another process asking (a pid of its own): held, by this one.
    expect(takeLock(file, { pid: process.pid + 1 })).toEqual({ kind: 'held', owner, file });
    if (first.kind === 'taken') first.release();
    expect(fs.existsSync(file)).toBe(false);
    expect(takeLock(file).kind).toBe('taken');
  });

  it.each<[string, Record<string, unknown>, { alive?: (pid: number) => boolean; boot?: string | null }]>([
    ['a process that is gone (killed with SIGKILL)', { pid: process.ppid, boot: 'b1' }, { alive: () => false, boot: 'b1' }],
    ['a process of an earlier boot (its pid may be taken again)', { pid: process.ppid, boot: 'before' }, { alive: () => true, boot: 'now' }],
  ])('a stale lock of %s is taken over', (_name, stale, options) => {
    const dir = tempDir();
    const file = path.join(dir, 'game.lock');
    fs.writeFileSync(file, lockOf(stale));
    const lock = takeLock(file, options);
    expect(lock.kind).toBe('taken');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    expect(filesIn(dir)).toEqual(['game.lock']);
  });

  it('a lock of a running process, or of another machine, is not taken over', () => {
    const file = path.join(tempDir(), 'game.lock');
    fs.writeFileSync(file, lockOf({ pid: 1, host: 'elsewhere', boot: 'x' }));
    expect(takeLock(file, { alive: () => false, boot: 'y' }).kind).toBe('held');
    fs.writeFileSync(file, lockOf({ pid: process.ppid, started: null }));
    expect(takeLock(file).kind).toBe('held');
  });

  it('a folder that cannot be made is a failure with the reason, not a throw', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'f'), '');
    expect(takeLock(path.join(root, 'f', 'game.lock'))).toEqual({ kind: 'failed', file: path.join(root, 'f', 'game.lock'), error: expect.stringMatching(/a file stands where a folder should be/) });
  });

  it('withLock gives up after its wait with who holds it, and runs the step once it is free', () => {
    const file = path.join(tempDir(), 'scores.lock');
    const held = takeLock(file);
    expect(withLock(file, () => 1, 50, { pid: process.pid + 1 })).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`another yahtzee \\(process ${process.pid}\\) kept .* locked; if no yahtzee is running, remove that file`)) });
    if (held.kind === 'taken') held.release();
    expect(withLock(file, () => 2)).toEqual({ ok: true, value: 2 });
  });

  it('the message for the second copy says a game is open in another terminal, and what to do', () => {
    expect(lockHeldMessage({ pid: 42, host: os.hostname(), boot: null, since: '' }, '/home/a/.local/state/yahtzee')).toBe(
      'a game is open in another terminal (process 42), using /home/a/.local/state/yahtzee. Nothing was changed: that game goes on there. Finish or quit it there, or play a separate game with its own folder: YAHTZEE_HOME=<another folder> yahtzee. If no game is open there, remove /home/a/.local/state/yahtzee/game.lock',
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

/** A lock file as this version writes it, for the owner given (the other fields a live game of this machine would write). */
function lockOf(fields: Record<string, unknown>): string {
  return JSON.stringify({ pid: 1, host: os.hostname(), boot: thisBoot, pids: thisPidSpace, started: '1', since: new Date().toISOString(), token: 'x', ...fields }) + '\n';
}

const thisBoot = fs.existsSync('/proc/sys/kernel/random/boot_id') ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null;
const thisPidSpace = fs.existsSync('/proc/self/ns/pid') ? fs.readlinkSync('/proc/self/ns/pid') : null;

/** Starts the holdLock fixture on `file` (see there for `go`); `lines` resolves with each line it prints, one by one. */
function holder(file: string, mode: 'hold' | 'try', go?: string): { child: ChildProcess; line: () => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'holdLock.ts'), file, mode, ...(go ? [go] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
      lines.push(out.slice(0, i));
      out = out.slice(i + 1);
    }
    if (waiting && lines.length > 0) waiting(lines.shift() as string);
  });
  const line = () => new Promise<string>((resolve, reject) => {
    if (lines.length > 0) return resolve(lines.shift() as string);
    waiting = (l) => {
      waiting = null;
      resolve(l);
    };
    child.once('exit', (code) => reject(new Error(`holdLock exited with ${code}`)));
  });
  return { child, line };
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

describe('a lock must not outlive its game (issue 25, item 3)', () => {
  it('a lock naming this very process (a killed game whose pid came back, as in a restarted container) is not another game: taken', () => {
    for (const text of [lockOf({ pid: process.pid }), JSON.stringify({ pid: process.pid, host: os.hostname(), boot: thisBoot, since: '2026-01-01T00:00:00Z' })]) {
      const file = path.join(tempDir(), 'game.lock');
      fs.writeFileSync(file, text);
      const lock = takeLock(file);
      expect(lock.kind).toBe('taken');
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).token).not.toBe('x');
      if (lock.kind === 'taken') lock.release();
    }
  });

  it('a lock of pid 1 is taken when it only names the pid (that proves nothing) or names another start of that pid', () => {
    for (const text of [JSON.stringify({ pid: 1, host: os.hostname(), boot: thisBoot, since: '2026-01-01T00:00:00Z' }), lockOf({ pid: 1, started: 'not pid 1s start' })]) {
      const file = path.join(tempDir(), 'scores.lock');
      fs.writeFileSync(file, text);
      expect(takeLock(file).kind).toBe('taken');
      expect(withLock(file, () => 'recorded')).toEqual({ ok: true, value: 'recorded' });
    }
  });

  it('a lock of another machine is held while its owner keeps it fresh, and stale once its file is old', () => {
    const file = path.join(tempDir(), 'game.lock');
    fs.writeFileSync(file, lockOf({ host: 'elsewhere', pids: 'pid:[1]', started: '7' }));
    expect(takeLock(file).kind).toBe('held');
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(file, old, old);
    expect(takeLock(file).kind).toBe('taken');
  });

  it('the holder keeps its lock file fresh while it holds it, and stops once it lets it go', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const file = path.join(tempDir(), 'game.lock');
      const lock = takeLock(file);
      expect(lock.kind).toBe('taken');
      vi.setSystemTime(Date.now() + 60_000);
      vi.advanceTimersByTime(10_000);
      expect(Math.abs(fs.statSync(file).mtimeMs - Date.now())).toBeLessThan(10_000);
      if (lock.kind === 'taken') lock.release();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a live holder in another process keeps its lock, suspended (SIGSTOP) too; killed with SIGKILL, its lock is taken at once', async () => {
    const file = path.join(tempDir(), 'game.lock');
    const { child, line } = holder(file, 'hold');
    try {
      expect(await line()).toBe('taken');
      expect(takeLock(file).kind).toBe('held');
      child.kill('SIGSTOP');
      const old = new Date(Date.now() - 10 * 60_000);
      fs.utimesSync(file, old, old);
      expect(takeLock(file).kind).toBe('held');
      child.kill('SIGCONT');
    } finally {
      child.kill('SIGKILL');
      await exited(child);
    }
    expect(takeLock(file).kind).toBe('taken');
  }, 30_000);

  it.each([['no lock'], ['a stale lock of pid 1']])('four copies starting at the same instant on %s: exactly one takes it', async (start) => {
    const file = path.join(tempDir(), 'game.lock');
    if (start !== 'no lock') fs.writeFileSync(file, JSON.stringify({ pid: 1, host: os.hostname(), boot: thisBoot, since: '2026-01-01T00:00:00Z' }));
    const go = path.join(path.dirname(file), 'go');
    const copies = [1, 2, 3, 4].map(() => holder(file, 'hold', go));
    try {
      expect(await Promise.all(copies.map((c) => c.line()))).toEqual(['ready', 'ready', 'ready', 'ready']);
      fs.writeFileSync(go, '');
      expect((await Promise.all(copies.map((c) => c.line()))).sort()).toEqual(['held', 'held', 'held', 'taken']);
    } finally {
      for (const c of copies) c.child.kill('SIGKILL');
      await Promise.all(copies.map((c) => exited(c.child)));
    }
  }, 30_000);

  it.each([
    ['a FIFO', (f: string) => execFileSync('mkfifo', [f])],
    ['a symlink to a lock that is held', (f: string) => {
      const other = path.join(path.dirname(f), 'other.lock');
      fs.writeFileSync(other, lockOf({ pid: process.ppid, started: null }));
      fs.symlinkSync(other, f);
    }],
    ['a folder', (f: string) => fs.mkdirSync(f)],
  ])('%s where the lock file should be is moved aside (never followed, never deleted) and the lock taken', (_what, make) => {
    const dir = tempDir();
    const file = path.join(dir, 'game.lock');
    make(file);
    const lock = takeLock(file);
    expect(lock.kind).toBe('taken');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(filesIn(dir).filter((n) => n.startsWith('game.lock.corrupt-'))).toHaveLength(1);
    if (lock.kind === 'taken') lock.release();
  });

  it('waitForLock waits for a live holder without blocking, and takes the lock once the holder is killed', async () => {
    const file = path.join(tempDir(), 'table.lock');
    const { child, line } = holder(file, 'hold');
    try {
      expect(await line()).toBe('taken');
      expect((await waitForLock(file, 0)).kind).toBe('held');
      const waiting = waitForLock(file, 60_000);
      child.kill('SIGKILL');
      const lock = await waiting;
      expect(lock.kind).toBe('taken');
      if (lock.kind === 'taken') lock.release();
    } finally {
      child.kill('SIGKILL');
      await exited(child);
    }
  }, 30_000);

  it('the refusal says which file to remove if no game is open, and shows a host name from the file only in printable characters', () => {
    const text = lockHeldMessage({ pid: 42, host: 'evil\u001b]0;PWNED\u0007\u001b[31m', boot: null, since: '' }, '/home/a/.local/state/yahtzee');
    // eslint-disable-next-line no-control-regex -- the check is for control characters
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(text).toContain('evil\\u{1b}]0;PWNED\\u{7}\\u{1b}[31m');
    expect(text).toContain('If no game is open there, remove /home/a/.local/state/yahtzee/game.lock');
  });
});
