import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeError, fileStamp, moveAside, readTextFile, realFs, writeFileAtomic, type FileSystem } from '../../src/storage/files.js';
import { filesIn, tempDir } from './helpers.js';

/** The real file system with one call failing as a full disk would. */
function failing(call: keyof FileSystem, code = 'ENOSPC'): FileSystem {
  return {
    ...realFs,
    [call]: () => {
      throw Object.assign(new Error(`${code}: simulated failure, ${call}`), { code });
    },
  } as FileSystem;
}

describe('writeFileAtomic', () => {
  it('writes the file, creating its folder, and leaves no temporary file', () => {
    const dir = path.join(tempDir(), 'a', 'b');
    expect(writeFileAtomic(path.join(dir, 'game.json'), '{"x":1}\n')).toEqual({ ok: true });
    expect(fs.readFileSync(path.join(dir, 'game.json'), 'utf8')).toBe('{"x":1}\n');
    expect(filesIn(dir)).toEqual(['game.json']);
  });

  it('replaces the old file whole', () => {
    const file = path.join(tempDir(), 'game.json');
    fs.writeFileSync(file, 'old old old old old');
    expect(writeFileAtomic(file, 'new').ok).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });

  it.each<[keyof FileSystem, string]>([
    ['writeSync', 'ENOSPC'],
    ['fsyncSync', 'EIO'],
    ['renameSync', 'EROFS'],
  ])('a failing %s (%s) is an error value; the old file stays intact and no temporary file is left', (call, code) => {
    const file = path.join(tempDir(), 'game.json');
    fs.writeFileSync(file, 'the old save');
    const result = writeFileAtomic(file, 'the new save', failing(call, code));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(code);
    expect(fs.readFileSync(file, 'utf8')).toBe('the old save');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });

  it('a regular file where the folder should be is an error value, not a throw (this fails for root too)', () => {
    const blocker = path.join(tempDir(), 'state');
    fs.writeFileSync(blocker, 'not a folder');
    const result = writeFileAtomic(path.join(blocker, 'game.json'), '{}');
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^a file stands where a folder should be/) });
    expect(fs.readFileSync(blocker, 'utf8')).toBe('not a folder');
  });
});

describe('readTextFile', () => {
  it('tells a missing file from an unreadable one (a folder in its place) and reads a good one', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'good.json'), 'text');
    fs.mkdirSync(path.join(dir, 'folder.json'));
    expect(readTextFile(path.join(dir, 'none.json'))).toEqual({ kind: 'missing' });
    expect(readTextFile(path.join(dir, 'good.json', 'inside.json'))).toEqual({ kind: 'missing' });
    expect(readTextFile(path.join(dir, 'good.json'))).toEqual({ kind: 'text', text: 'text' });
    expect(readTextFile(path.join(dir, 'folder.json'))).toEqual({ kind: 'unreadable', error: expect.stringMatching(/^a folder stands where the file should be/) });
  });

  it('refuses a file over 1 MiB without reading it', () => {
    const file = path.join(tempDir(), 'big.json');
    fs.writeFileSync(file, Buffer.alloc(1024 * 1024 + 1, 32));
    expect(readTextFile(file)).toEqual({ kind: 'unreadable', error: "it is 1048577 bytes, too large to be one of the game's files" });
  });
});

describe('moveAside', () => {
  const now = new Date('2026-11-29T13:04:05.678Z');

  it('renames the file with a timestamp, and numbers a second one in the same second', () => {
    const dir = tempDir();
    const file = path.join(dir, 'game.json');
    fs.writeFileSync(file, 'first');
    expect(moveAside(file, now)).toBe(`${file}.corrupt-2026-11-29T13-04-05Z`);
    fs.writeFileSync(file, 'second');
    expect(moveAside(file, now)).toBe(`${file}.corrupt-2026-11-29T13-04-05Z-2`);
    expect(filesIn(dir)).toEqual(['game.json.corrupt-2026-11-29T13-04-05Z', 'game.json.corrupt-2026-11-29T13-04-05Z-2']);
    expect(fs.readFileSync(`${file}.corrupt-2026-11-29T13-04-05Z`, 'utf8')).toBe('first');
  });

  it('returns null when the file cannot be moved', () => {
    expect(moveAside(path.join(tempDir(), 'none.json'), now)).toBeNull();
  });

  it('the timestamp has no colons, for file systems that refuse them', () => {
    expect(fileStamp(now)).toBe('2026-11-29T13-04-05Z');
  });
});

describe('describeError', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EROFS', 'the disk is read-only'],
    ['EACCES', 'permission denied'],
  ])('%s reads as "%s"', (code, words) => {
    expect(describeError(Object.assign(new Error(`${code}: x`), { code }))).toBe(`${words} (${code}: x)`);
  });
});
