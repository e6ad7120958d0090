import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings, settingsPath, soundFor } from '../../src/storage/index.js';
import { filesIn, tempDirs } from './helpers.js';

describe('the settings file: the sound remembered', () => {
  it('is off when nothing was remembered', () => {
    expect(loadSettings(tempDirs())).toEqual({ settings: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS.sound).toBe(false);
  });

  it('remembers sound on, then off', () => {
    const dirs = tempDirs();
    expect(saveSettings(dirs, { sound: true, takeBack: false })).toEqual({ ok: true });
    expect(loadSettings(dirs).settings.sound).toBe(true);
    saveSettings(dirs, { sound: false, takeBack: false });
    expect(loadSettings(dirs).settings.sound).toBe(false);
  });

  const bad: [string, string | Buffer][] = [
    ['not JSON', '{ sound: tru'],
    ['JSON but not settings', '[1, 2, 3]'],
    ["another program's file", JSON.stringify({ format: 'other', version: 1, sound: true })],
    ['a version from the future', JSON.stringify({ format: 'yahtzee-settings', version: 9, sound: true })],
    ['a sound that is not true or false', JSON.stringify({ format: 'yahtzee-settings', version: 1, sound: 'loud' })],
    ['a huge file', Buffer.alloc(2 * 1024 * 1024, 0x20)],
  ];
  it.each(bad)('a damaged file (%s) is moved aside, the defaults apply and a notice says so', (_what, content) => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), content);
    const load = loadSettings(dirs);
    expect(load.settings).toEqual(DEFAULT_SETTINGS);
    expect(load.notice).toMatch(/^The settings file could not be used: .+\. It was moved to .+\. The defaults apply\.$/);
    expect(filesIn(dirs.data).filter((f) => f === 'settings.json')).toEqual([]);
    expect(filesIn(dirs.data).length).toBe(1);
  });

  it('a folder where the file should be: the defaults, a notice, and nothing thrown', () => {
    const dirs = tempDirs();
    fs.mkdirSync(settingsPath(dirs), { recursive: true });
    const load = loadSettings(dirs);
    expect(load.settings).toEqual(DEFAULT_SETTINGS);
    expect(load.notice).toMatch(/could not be used/);
  });

  it('a save that cannot be written says why and throws nothing', () => {
    const dirs = tempDirs();
    fs.mkdirSync(settingsPath(dirs), { recursive: true });
    const r = saveSettings(dirs, { sound: true, takeBack: false });
    expect(r.ok).toBe(false);
  });
});

describe('whether the game beeps', () => {
  const cases: [string, boolean | undefined, boolean, boolean, boolean][] = [
    ['off by default', undefined, false, false, false],
    ['--sound turns it on', true, false, false, true],
    ['--no-sound turns it off', false, true, false, false],
    ['as remembered', undefined, true, false, true],
    ['never in a screen reader mode by what was remembered', undefined, true, true, false],
    ['in a screen reader mode when --sound asks for it', true, false, true, true],
  ];
  it.each(cases)('%s', (_what, flag, stored, screenReader, want) => {
    expect(soundFor(flag, { sound: stored, takeBack: false }, screenReader)).toBe(want);
  });
});
