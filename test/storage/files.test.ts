import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeError,
  fileStamp,
  moveAside,
  readTextFile,
  realFs,
  realFsAsync,
  SUPERSEDED,
  writeFileAtomic,
  writeFileAtomicAsync,
  type AsyncFileSystem,
  type FileSystem,
} from '../../src/storage/files.js';
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

/** The real promise-based file system with one step failing as a full or broken disk would: a call, or a file handle's write or sync. */
function failingAsync(step: keyof AsyncFileSystem | 'write' | 'sync', code = 'ENOSPC'): AsyncFileSystem {
  const fail = async (): Promise<never> => {
    throw Object.assign(new Error(`${code}: simulated failure, ${step}`), { code });
  };
  if (step !== 'write' && step !== 'sync') return { ...realFsAsync, [step]: fail } as AsyncFileSystem;
  const open: AsyncFileSystem['open'] = async (...args) => {
    const handle = await fsp.open(...args);
    return new Proxy(handle, {
      get: (target, key) => {
        if (key === step) return fail;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...realFsAsync, open };
}

describe('writeFileAtomicAsync', () => {
  it('writes the file, creating its folder, and leaves no temporary file', async () => {
    const dir = path.join(tempDir(), 'a', 'b');
    expect(await writeFileAtomicAsync(path.join(dir, 'game.json'), '{"x":1}\n')).toEqual({ ok: true });
    expect(fs.readFileSync(path.join(dir, 'game.json'), 'utf8')).toBe('{"x":1}\n');
    expect(filesIn(dir)).toEqual(['game.json']);
  });

  it('replaces the old file whole', async () => {
    const file = path.join(tempDir(), 'game.json');
    fs.writeFileSync(file, 'old old old old old');
    expect(await writeFileAtomicAsync(file, 'new')).toEqual({ ok: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });

  it.each<[keyof AsyncFileSystem | 'write' | 'sync', string, string]>([
    ['write', 'ENOSPC', 'the disk is full'],
    ['sync', 'EIO', 'an input/output error'],
    ['rename', 'EROFS', 'the disk is read-only'],
    ['open', 'EACCES', 'permission denied'],
  ])('a failing %s (%s) resolves to an error value in plain words; the old file stays intact and no temporary file is left', async (step, code, words) => {
    const file = path.join(tempDir(), 'game.json');
    fs.writeFileSync(file, 'the old save');
    const result = await writeFileAtomicAsync(file, 'the new save', { io: failingAsync(step, code) });
    expect(result).toEqual({ ok: false, error: `${words} (${code}: simulated failure, ${step})` });
    expect(fs.readFileSync(file, 'utf8')).toBe('the old save');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });

  it('a regular file where the folder should be resolves to an error value, not a rejection (this fails for root too)', async () => {
    const blocker = path.join(tempDir(), 'state');
    fs.writeFileSync(blocker, 'not a folder');
    const result = await writeFileAtomicAsync(path.join(blocker, 'game.json'), '{}');
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^a file stands where a folder should be/) });
    expect(fs.readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  it('a folder where the file should be resolves to an error value and is left as it was, with no temporary file beside it', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'game.json'));
    const result = await writeFileAtomicAsync(path.join(dir, 'game.json'), '{}');
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^a folder stands where the file should be/) });
    expect(fs.statSync(path.join(dir, 'game.json')).isDirectory()).toBe(true);
    expect(filesIn(dir)).toEqual(['game.json']);
  });

  it('beforeRename returning false renames nothing, removes the temporary file and says the write was superseded', async () => {
    const file = path.join(tempDir(), 'game.json');
    fs.writeFileSync(file, 'newer content, written meanwhile');
    const asked: string[] = [];
    const result = await writeFileAtomicAsync(file, 'older content', {
      beforeRename: (temp) => {
        asked.push(fs.readFileSync(temp, 'utf8'));
        return false;
      },
    });
    expect(result).toEqual({ ok: false, error: SUPERSEDED });
    expect(asked).toEqual(['older content']);
    expect(fs.readFileSync(file, 'utf8')).toBe('newer content, written meanwhile');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });

  it('beforeRename returning true lets the write land', async () => {
    const file = path.join(tempDir(), 'game.json');
    expect(await writeFileAtomicAsync(file, 'text', { beforeRename: () => true })).toEqual({ ok: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('text');
  });

  it('a temporary file deleted after beforeRename allowed the rename makes the rename fail: the file written meanwhile stays', async () => {
    const file = path.join(tempDir(), 'game.json');
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let reached = () => {};
    const atRename = new Promise<void>((r) => (reached = r));
    const slowRename: AsyncFileSystem = {
      ...realFsAsync,
      rename: async (from, to) => {
        reached();
        await held;
        return fsp.rename(from, to);
      },
    };
    let temp = '';
    const writing = writeFileAtomicAsync(file, 'older content', { io: slowRename, beforeRename: (t) => ((temp = t), true) });
    await atRename;
    // What Autosave.flush does: overtake the rename by deleting its temporary file, then write synchronously.
    fs.unlinkSync(temp);
    expect(writeFileAtomic(file, 'newer content')).toEqual({ ok: true });
    release();
    expect(await writing).toEqual({ ok: false, error: expect.stringContaining('ENOENT') });
    expect(fs.readFileSync(file, 'utf8')).toBe('newer content');
    expect(filesIn(path.dirname(file))).toEqual(['game.json']);
  });
});

describe('readTextFile', () => {
  it('tells a missing file from an unreadable one (a folder in its place) and reads a good one', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'good.json'), 'text');
    fs.mkdirSync(path.join(dir, 'folder.json'));
    expect(readTextFile(path.join(dir, 'none.json'))).toEqual({ kind: 'missing' });
    expect(readTextFile(path.join(dir, 'good.json', 'inside.json'))).toEqual({ kind: 'missing' });
    expect(readTextFile(path.join(dir, 'good.json'))).toEqual({ kind: 'text', text: 'text', modified: fs.statSync(path.join(dir, 'good.json')).mtime });
    expect(readTextFile(path.join(dir, 'folder.json'))).toEqual({ kind: 'unreadable', error: expect.stringMatching(/^a folder stands where the file should be/) });
  });

  it('refuses a file over 1 MiB without reading it', () => {
    const file = path.join(tempDir(), 'big.json');
    fs.writeFileSync(file, Buffer.alloc(1024 * 1024 + 1, 32));
    expect(readTextFile(file)).toEqual({ kind: 'unreadable', error: 'it is 1048577 bytes, too large: the game reads files of at most 1048576 bytes' });
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
