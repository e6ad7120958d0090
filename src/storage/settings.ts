/**
 * The player's remembered settings (settings.json in the data folder): whether the game beeps, and whether a box
 * can be taken back. A missing
 * file means the defaults; a damaged, huge or unreadable one is moved aside (never deleted), the defaults are used
 * and a notice says so; nothing throws.
 */
import path from 'node:path';
import { isObject, parseJson, readDataFile } from './dataFile.js';
import { realFs, writeFileAtomic, type StorageOptions, type WriteResult } from './files.js';
import type { StorageDirs } from './paths.js';

/** The `format` field that marks the settings file. */
export const SETTINGS_FORMAT = 'yahtzee-settings';

/** The version of the settings file this program writes and reads. */
export const SETTINGS_VERSION = 1;

/** The settings file's name, in the data folder. */
export const SETTINGS_FILE = 'settings.json';

/** What is remembered between games. */
export interface StoredSettings {
  /** A short beep (the terminal bell) on a refused key and on a Yahtzee. */
  readonly sound: boolean;
  /** A person's box can be taken back until a person rolls after it (off: "no regret", as on the originals). */
  readonly takeBack: boolean;
}

/** The settings before anything was remembered: no sound, no taking back. */
export const DEFAULT_SETTINGS: StoredSettings = { sound: false, takeBack: false };

/** The settings loaded, and a line for the message area when the file could not be used. */
export interface SettingsLoad {
  readonly settings: StoredSettings;
  readonly notice?: string;
}

/** Where the settings are kept. */
export function settingsPath(dirs: StorageDirs): string {
  return path.join(dirs.data, SETTINGS_FILE);
}

/** The settings in a file's text, or why they are not. */
export function parseSettings(text: string): { ok: true; settings: StoredSettings } | { ok: false; error: string } {
  const json = parseJson(text);
  if (!json.ok) return json;
  const d = json.value;
  if (!isObject(d)) return { ok: false, error: 'it is not a settings object' };
  if (d.format !== SETTINGS_FORMAT) return { ok: false, error: 'it is not a settings file of this game' };
  if (d.version !== SETTINGS_VERSION) return { ok: false, error: `its version ${JSON.stringify(d.version)} is not ${SETTINGS_VERSION}` };
  if (d.sound !== undefined && typeof d.sound !== 'boolean') return { ok: false, error: 'its "sound" is not true or false' };
  // A file from before the take-back has no "takeBack": it reads as off.
  if (d.takeBack !== undefined && typeof d.takeBack !== 'boolean') return { ok: false, error: 'its "takeBack" is not true or false' };
  return { ok: true, settings: { sound: d.sound === true, takeBack: d.takeBack === true } };
}

/** Loads the settings; a damaged or unreadable file is moved aside and the defaults are used. */
export function loadSettings(dirs: StorageDirs, options: StorageOptions = {}): SettingsLoad {
  const read = readDataFile(settingsPath(dirs), 'settings file', (text) => {
    const parsed = parseSettings(text);
    return parsed.ok ? { ok: true, value: parsed.settings } : parsed;
  }, options, 'The defaults apply.');
  if (read.kind === 'ok') return { settings: read.value };
  return read.kind === 'missing' ? { settings: DEFAULT_SETTINGS } : { settings: DEFAULT_SETTINGS, notice: read.notice };
}

/** Writes the settings (atomically: a crash leaves the old file or the new one). */
export function saveSettings(dirs: StorageDirs, settings: StoredSettings, options: StorageOptions = {}): WriteResult {
  const file = settingsPath(dirs);
  const written = writeFileAtomic(file, JSON.stringify({ format: SETTINGS_FORMAT, version: SETTINGS_VERSION, sound: settings.sound, takeBack: settings.takeBack }, null, 2) + '\n', options.io ?? realFs);
  return written.ok ? written : { ok: false, error: `the settings could not be saved in ${file}: ${written.error}` };
}

/**
 * Whether the game beeps: as --sound or --no-sound says (and then remembered), else as remembered. In a screen
 * reader's mode only when --sound asks for it on this command line (a beep there would come on top of the speech).
 */
export function soundFor(flag: boolean | undefined, stored: StoredSettings, screenReader: boolean): boolean {
  if (flag !== undefined) return flag;
  return screenReader ? false : stored.sound;
}

/** Whether a box can be taken back: as --take-back or --no-take-back says (and then remembered), else as remembered. */
export function takeBackFor(flag: boolean | undefined, stored: StoredSettings): boolean {
  return flag ?? stored.takeBack;
}
