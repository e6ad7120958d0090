import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from '../../src/solver/strategy/cache.js';
import { cacheFolder, homeFolder, NoFolderError, storageDirs } from '../../src/storage/paths.js';

describe('storageDirs: where saves and high scores go', () => {
  it.each([
    ['XDG_STATE_HOME and XDG_DATA_HOME are used on Linux', { XDG_STATE_HOME: '/x/state', XDG_DATA_HOME: '/x/data' }, '/x/state/yahtzee', '/x/data/yahtzee'],
    ['without them, ~/.local/state and ~/.local/share', {}, '/home/ann/.local/state/yahtzee', '/home/ann/.local/share/yahtzee'],
    ['relative XDG paths are ignored, as the XDG spec says', { XDG_STATE_HOME: 'state', XDG_DATA_HOME: './data' }, '/home/ann/.local/state/yahtzee', '/home/ann/.local/share/yahtzee'],
    ['YAHTZEE_HOME holds both and wins over XDG', { YAHTZEE_HOME: '/tmp/yz', XDG_STATE_HOME: '/x/state' }, '/tmp/yz', '/tmp/yz'],
    ['an empty YAHTZEE_HOME counts as unset', { YAHTZEE_HOME: '' }, '/home/ann/.local/state/yahtzee', '/home/ann/.local/share/yahtzee'],
  ])('%s', (_name, env, state, data) => {
    expect(storageDirs(env, 'linux', '/home/ann')).toEqual({ state, data });
  });

  it('a relative YAHTZEE_HOME is taken from the working folder', () => {
    expect(storageDirs({ YAHTZEE_HOME: 'yz' }, 'linux', '/home/ann')).toEqual({ state: path.resolve('yz'), data: path.resolve('yz') });
  });
});

describe('no file of the game lands in the working folder (issue 25, item 12)', () => {
  /** Runs `step` with these variables set (undefined: unset) in process.env, as env-paths reads it, then puts them back. */
  function withEnv<T>(vars: Record<string, string | undefined>, step: () => T): T {
    const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    const set = (v: Record<string, string | undefined>) => {
      for (const [k, value] of Object.entries(v)) {
        if (value === undefined) delete process.env[k];
        else process.env[k] = value;
      }
    };
    set(vars);
    try {
      return step();
    } finally {
      set(before);
    }
  }

  it.each(['relcache', './relcache', ''])('an XDG_CACHE_HOME of "%s" is ignored by the cache folder too: the tables go under the home folder', (xdg) => {
    const dir = withEnv({ YAHTZEE_HOME: undefined, XDG_CACHE_HOME: xdg, HOME: '/home/ann' }, () => cacheDir());
    expect(dir).toBe(process.platform === 'linux' ? '/home/ann/.cache/yahtzee' : expect.stringMatching(/^\/home\/ann\//));
  });

  it.each(['', 'ann', './ann'])('a HOME of "%s" is no home folder: the account\'s is used, never the working folder', (home) => {
    const env = { HOME: home };
    expect(storageDirs(env, 'linux', homeFolder(env, '/home/ann'))).toEqual({ state: '/home/ann/.local/state/yahtzee', data: '/home/ann/.local/share/yahtzee' });
    const dirs = withEnv({ YAHTZEE_HOME: undefined, XDG_STATE_HOME: undefined, XDG_DATA_HOME: undefined, XDG_CACHE_HOME: undefined, HOME: home }, () => ({ ...storageDirs(), cache: cacheDir() }));
    for (const dir of Object.values(dirs)) expect(path.isAbsolute(dir)).toBe(true);
  });

  it('with no absolute folder left, the game says so rather than scatter files', () => {
    const env = { HOME: '', XDG_STATE_HOME: 'state' };
    expect(() => storageDirs(env, 'linux', homeFolder(env, null))).toThrow(NoFolderError);
    expect(() => storageDirs(env, 'linux', homeFolder(env, null))).toThrow(
      'no folder for the game\'s files: HOME is not an absolute folder and XDG_STATE_HOME is not set to one; set HOME, or YAHTZEE_HOME=<a folder>',
    );
    expect(() => cacheFolder(env, 'linux', null)).toThrow(/no folder for the game's files: HOME is not an absolute folder and XDG_CACHE_HOME is not set to one/);
    expect(storageDirs({ ...env, XDG_STATE_HOME: '/x/state', XDG_DATA_HOME: '/x/data', XDG_CACHE_HOME: '/x/cache' }, 'linux', null)).toEqual({ state: '/x/state/yahtzee', data: '/x/data/yahtzee' });
  });
});
