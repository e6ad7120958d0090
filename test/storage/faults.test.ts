import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame, loadScores, recordGame, removeStaleTemps, saveGame, savePath, scoresPath, type FileSystem, type StorageDirs } from '../../src/storage/index.js';
import { fsError, fullDisk } from './faultyFs.js';
import { Autosave } from '../../src/storage/autosave.js';
import { filesIn, finishGame, fullCard, scoreTurns, startGame, tempDir, tempDirs } from './helpers.js';

const now = new Date('2026-11-29T13:04:05.000Z');
const input = (turns: number) => ({ layout: 'msx' as const, practice: false, state: scoreTurns(startGame(), turns) });
const ENTRY = [{ name: 'ANN', card: fullCard('official', { chance: 30 }) }];

/** A game saved in `dirs`, two turns in: its file's text. */
function savedGame(dirs: StorageDirs): string {
  expect(saveGame(dirs, input(2), { now }).ok).toBe(true);
  return fs.readFileSync(savePath(dirs), 'utf8');
}

/** Runs `step` and fails the test if it does not come back within `ms` (a FIFO opened for reading blocks forever). */
function withinTime<T>(step: () => T): T {
  const started = Date.now();
  const result = step();
  expect(Date.now() - started).toBeLessThan(60_000);
  return result;
}

describe('a full disk (a file system that fails with ENOSPC after N bytes): the save that was there stays whole', () => {
  const size = Buffer.byteLength(JSON.stringify({ format: 'yahtzee-save' }));
  // -1: room for all but the last byte of the new save.
  it.each([0, 1, size, 1000, -1])('ENOSPC after %i bytes: an error that says the disk is full, the old save intact, no temporary file left', (bytes) => {
    const dirs = tempDirs();
    const before = savedGame(dirs);
    const probe = tempDirs();
    expect(saveGame(probe, input(6), { now }).ok).toBe(true);
    const disk = fullDisk(bytes >= 0 ? bytes : fs.statSync(savePath(probe)).size - 1);
    const result = saveGame(dirs, input(6), { io: disk.io, now });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^the game could not be saved in .*game\.json: the disk is full/) });
    expect(fs.readFileSync(savePath(dirs), 'utf8')).toBe(before);
    expect(filesIn(dirs.state)).toEqual(['game.json']);
    const loaded = loadGame(dirs);
    expect(loaded.kind === 'ok' && loaded.save.state).toEqual(input(2).state);
  });

  it('the high scores on a full disk: nothing recorded, the old file intact, the reason given', () => {
    const dirs = tempDirs();
    expect(recordGame(dirs, 'official', ENTRY, { gameId: 'a#1' }).ok).toBe(true);
    const before = fs.readFileSync(scoresPath(dirs), 'utf8');
    const result = recordGame(dirs, 'official', ENTRY, { gameId: 'a#2', io: fullDisk(100).io });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/high scores could not be saved in .*scores\.json: the disk is full/) });
    expect(fs.readFileSync(scoresPath(dirs), 'utf8')).toBe(before);
    expect(filesIn(dirs.data)).toEqual(['scores.json']);
  });
});

describe('a read-only folder: the error says so and the save that was there stays', () => {
  const readOnly: FileSystem = {
    ...fs,
    openSync: ((file: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode) => {
      if (flags === 'wx') throw fsError('EROFS', `read-only file system, open '${String(file)}'`);
      return fs.openSync(file, flags, mode);
    }) as FileSystem['openSync'],
  };
  it('saveGame', () => {
    const dirs = tempDirs();
    const before = savedGame(dirs);
    expect(saveGame(dirs, input(4), { io: readOnly })).toEqual({ ok: false, error: expect.stringMatching(/could not be saved in .*: the disk is read-only/) });
    expect(fs.readFileSync(savePath(dirs), 'utf8')).toBe(before);
  });
  it('recordGame', () => {
    const dirs = tempDirs();
    expect(recordGame(dirs, 'official', ENTRY, { io: readOnly })).toEqual({ ok: false, error: expect.stringMatching(/the disk is read-only/) });
  });
});

describe('a folder that is a file (YAHTZEE_HOME pointing at a file)', () => {
  it('saving says a file stands where the folder should be; loading finds no game and throws nothing', () => {
    const root = tempDir();
    const file = path.join(root, 'home');
    fs.writeFileSync(file, 'not a folder');
    const dirs = { state: file, data: file };
    expect(saveGame(dirs, input(2))).toEqual({ ok: false, error: expect.stringMatching(/a file stands where a folder should be/) });
    expect(recordGame(dirs, 'official', ENTRY)).toEqual({ ok: false, error: expect.stringMatching(/a file stands where a folder should be/) });
    expect(loadGame(dirs)).toEqual({ kind: 'none' });
    expect(loadScores(dirs)).toEqual({ book: { rules: {} } });
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
  });
});

describe('special files where the game keeps its own: never opened in a way that blocks, never read', () => {
  it('a FIFO as game.json: loading comes back at once, the FIFO is moved aside with a message', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.state, { recursive: true });
    execFileSync('mkfifo', [savePath(dirs)]);
    const loaded = withinTime(() => loadGame(dirs, { now }));
    expect(loaded).toEqual({ kind: 'corrupt', movedTo: expect.stringContaining('game.json.corrupt-'), message: expect.stringMatching(/it cannot be read: it is a FIFO \(named pipe\), not a regular file/) });
    expect(saveGame(dirs, input(2)).ok).toBe(true);
  });

  it('a FIFO as scores.json: recording comes back at once and the game is recorded in a new file', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    execFileSync('mkfifo', [scoresPath(dirs)]);
    const result = withinTime(() => recordGame(dirs, 'official', ENTRY, { now }));
    expect(result).toEqual({ ok: true, ranks: [1], before: 0, notice: expect.stringMatching(/high score file could not be used: it cannot be read: it is a FIFO/) });
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
  });

  it('a FIFO as scores.json at the end of a game: the autosave says the file was moved aside, and records the game', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    execFileSync('mkfifo', [scoresPath(dirs)]);
    const save = new Autosave(dirs, 'msx', false);
    const end = finishGame(startGame(3, 'official', [{ name: 'ANN', kind: 'human' }]));
    const notice = withinTime(() => save.onChange(end));
    expect(notice).toEqual({ tone: 'error', text: expect.stringMatching(/^The high score file could not be used: it cannot be read: it is a FIFO .*moved to .*scores\.json\.corrupt-/) });
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
  });

  it('a symlink to a saved game elsewhere is read through; a symlink to /dev/zero is refused as a device, unread', () => {
    const dirs = tempDirs();
    const other = tempDirs();
    const text = savedGame(other);
    fs.mkdirSync(dirs.state, { recursive: true });
    fs.symlinkSync(savePath(other), savePath(dirs));
    expect(loadGame(dirs).kind).toBe('ok');
    fs.unlinkSync(savePath(dirs));
    fs.symlinkSync('/dev/zero', savePath(dirs));
    expect(withinTime(() => loadGame(dirs, { now }))).toEqual({ kind: 'corrupt', movedTo: expect.any(String), message: expect.stringMatching(/it is a device, not a regular file/) });
    expect(fs.readFileSync(savePath(other), 'utf8')).toBe(text);
  });

  it('a huge file (2 GB, sparse) as game.json is refused by its size and moved aside, not read', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.state, { recursive: true });
    fs.writeFileSync(savePath(dirs), '');
    fs.truncateSync(savePath(dirs), 2 ** 31);
    const before = process.memoryUsage().rss;
    expect(loadGame(dirs, { now })).toEqual({ kind: 'corrupt', movedTo: expect.any(String), message: expect.stringMatching(/it is 2147483648 bytes, too large/) });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('temporary files left by a killed process', () => {
  it('are removed at start when their process is gone; those of running processes stay', () => {
    const dir = tempDir();
    const names = ['.game.json.999999.abc123.tmp', `.game.json.${process.pid}.def456.tmp`, '.scores.json.4242.x1.tmp', 'game.json', 'notes.tmp'];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    const removed = removeStaleTemps(dir, fs, (pid) => pid === 4242);
    expect(removed).toEqual([path.join(dir, '.game.json.999999.abc123.tmp')]);
    expect(filesIn(dir)).toEqual(['.game.json.' + process.pid + '.def456.tmp', '.scores.json.4242.x1.tmp', 'game.json', 'notes.tmp'].sort());
  });

  it('a folder that does not exist or is a file: nothing removed, nothing thrown', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'f'), '');
    expect(removeStaleTemps(path.join(root, 'none'))).toEqual([]);
    expect(removeStaleTemps(path.join(root, 'f'))).toEqual([]);
  });
});
