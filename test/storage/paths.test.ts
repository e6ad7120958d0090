import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageDirs } from '../../src/storage/paths.js';

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
