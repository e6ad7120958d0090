import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings, settingsPath, takeBackFor } from '../../src/storage/index.js';
import { tempDirs } from './helpers.js';

describe('the settings file: the take-back remembered', () => {
  it('is off when nothing was remembered', () => {
    expect(DEFAULT_SETTINGS.takeBack).toBe(false);
    expect(loadSettings(tempDirs()).settings.takeBack).toBe(false);
  });

  it('round trip: on, then off, the sound kept apart', () => {
    const dirs = tempDirs();
    expect(saveSettings(dirs, { sound: true, takeBack: true })).toEqual({ ok: true });
    expect(loadSettings(dirs)).toEqual({ settings: { sound: true, takeBack: true } });
    expect(JSON.parse(fs.readFileSync(settingsPath(dirs), 'utf8'))).toMatchObject({ sound: true, takeBack: true });
    saveSettings(dirs, { sound: true, takeBack: false });
    expect(loadSettings(dirs)).toEqual({ settings: { sound: true, takeBack: false } });
  });

  it('a file written before the take-back (the sound alone) reads as off', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), JSON.stringify({ format: 'yahtzee-settings', version: 1, sound: true }));
    expect(loadSettings(dirs)).toEqual({ settings: { sound: true, takeBack: false } });
  });

  it('a take-back that is not true or false: the file is moved aside, the sound in it kept (to be written again)', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), JSON.stringify({ format: 'yahtzee-settings', version: 1, sound: true, takeBack: 'yes' }));
    const load = loadSettings(dirs);
    expect(load.settings).toEqual({ sound: true, takeBack: false });
    expect(load.rewrite).toBe(true);
    expect(load.notice).toMatch(/^The settings file could not be used: its "takeBack" is not true or false\. It was moved to .+\. Its other settings are kept\.$/);
    expect(fs.existsSync(settingsPath(dirs))).toBe(false);
  });

  it('both wrong: the defaults apply', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), JSON.stringify({ format: 'yahtzee-settings', version: 1, sound: 1, takeBack: 'yes' }));
    const load = loadSettings(dirs);
    expect(load).toEqual({ settings: DEFAULT_SETTINGS, notice: expect.stringMatching(/its "sound" and "takeBack" are not true or false\. .* The defaults apply\.$/) });
  });
});

describe('whether a box can be taken back', () => {
  it.each<[string, boolean | undefined, boolean, boolean]>([
    ['off by default', undefined, false, false],
    ['--take-back turns it on', true, false, true],
    ['--no-take-back turns it off', false, true, false],
    ['as remembered', undefined, true, true],
  ])('%s', (_what, flag, stored, want) => {
    expect(takeBackFor(flag, { sound: false, takeBack: stored })).toBe(want);
  });
});
