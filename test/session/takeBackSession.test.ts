import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlayOptions } from '../../src/app/options.js';
import { openSession, type Begun, type GameStart, type Session } from '../../src/session/index.js';
import { settingsPath, type StorageDirs } from '../../src/storage/index.js';
import { playOptions } from '../app/helpers.js';
import { tempDirs } from '../storage/helpers.js';

/** An open session on `dirs` (the lock released after the test by the folder's removal). */
function open(dirs: StorageDirs, over: Partial<PlayOptions> = {}): Session {
  const opened = openSession(playOptions(over), { dirs, size: { columns: 80, rows: 24 }, screenReader: false, version: '9.9.9' });
  if (opened.kind !== 'open') throw new Error(opened.message);
  return opened.session;
}

function played(begun: Begun): GameStart {
  if (begun.kind !== 'play') throw new Error(`left: ${begun.text}`);
  return begun.game;
}

const stored = (dirs: StorageDirs): unknown => (fs.existsSync(settingsPath(dirs)) ? JSON.parse(fs.readFileSync(settingsPath(dirs), 'utf8')) : undefined);

describe('the take-back: the flag is remembered in the settings file, like the sound', () => {
  it('--take-back turns it on for this game and the next, --no-take-back off again', () => {
    const dirs = tempDirs();
    const first = open(dirs, { takeBack: true });
    first.prepare();
    expect(played(first.begin()).options.takeBack).toBe(true);
    expect(stored(dirs)).toMatchObject({ takeBack: true, sound: false });
    first.release();
    const second = open(dirs);
    second.prepare();
    expect(played(second.begin()).options.takeBack).toBe(true);
    second.release();
    const third = open(dirs, { takeBack: false });
    third.prepare();
    expect(played(third.begin()).options.takeBack).toBe(false);
    expect(stored(dirs)).toMatchObject({ takeBack: false });
  });

  it('no flag, nothing remembered: off, and nothing written', () => {
    const dirs = tempDirs();
    const session = open(dirs);
    session.prepare();
    expect(played(session.begin()).options.takeBack).toBe(false);
    expect(stored(dirs)).toBeUndefined();
  });

  it('--sound keeps a remembered take-back', () => {
    const dirs = tempDirs();
    const first = open(dirs, { takeBack: true });
    first.prepare();
    first.release();
    open(dirs, { sound: true }).prepare();
    expect(stored(dirs)).toMatchObject({ takeBack: true, sound: true });
  });
});
