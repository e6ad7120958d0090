/**
 * The player's remembered settings (settings.json in the data folder): whether the game beeps, and whether a box
 * can be taken back. A missing file means the defaults; a damaged, huge or unreadable one is moved aside (never
 * deleted), what of it can be read is kept (the defaults for the rest) and a notice says so; nothing throws.
 */
import path from 'node:path';
import { isObject, parseJson, readDataFile } from './dataFile.js';
import { realFs, writeFileAtomic, type StorageOptions, type WriteResult } from './files.js';
import type { StorageDirs } from './paths.js';
import { listWords } from '../text/index.js';

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
  /** The file could not be used but some of its settings were kept: they are to be written again (saveSettings). */
  readonly rewrite?: true;
}

/** Where the settings are kept. */
export function settingsPath(dirs: StorageDirs): string {
  return path.join(dirs.data, SETTINGS_FILE);
}

/**
 * The settings in a file's text, or why they are not: each field that is not true or false is named in `wrong` and
 * read as its default, the others kept.
 */
export function parseSettings(text: string): { ok: true; settings: StoredSettings; wrong: string[] } | { ok: false; error: string } {
  const json = parseJson(text);
  if (!json.ok) return json;
  const d = json.value;
  if (!isObject(d)) return { ok: false, error: 'it is not a settings object' };
  if (d.format !== SETTINGS_FORMAT) return { ok: false, error: 'it is not a settings file of this game' };
  if (d.version !== SETTINGS_VERSION) return { ok: false, error: `its version ${JSON.stringify(d.version)} is not ${SETTINGS_VERSION}` };
  // A file from before the take-back has no "takeBack": it reads as off.
  const wrong = (['sound', 'takeBack'] as const).filter((k) => d[k] !== undefined && typeof d[k] !== 'boolean');
  return { ok: true, settings: { sound: d.sound === true, takeBack: d.takeBack === true }, wrong };
}

/**
 * Loads the settings; a damaged or unreadable file is moved aside and the defaults are used, or, where only some of
 * its fields are wrong, the others are kept (and `rewrite` says to write them again).
 */
export function loadSettings(dirs: StorageDirs, options: StorageOptions = {}): SettingsLoad {
  const found: { kept?: StoredSettings } = {};
  const read = readDataFile(settingsPath(dirs), 'settings file', (text) => {
    const parsed = parseSettings(text);
    if (!parsed.ok) return parsed;
    if (parsed.wrong.length === 0) return { ok: true, value: parsed.settings };
    found.kept = parsed.settings;
    const fields = parsed.wrong.map((k) => `"${k}"`);
    return { ok: false, error: `its ${listWords(fields)} ${fields.length === 1 ? 'is' : 'are'} not true or false` };
  }, options);
  if (read.kind === 'ok') return { settings: read.value };
  if (read.kind === 'missing') return { settings: DEFAULT_SETTINGS };
  const partly = found.kept;
  if (partly === undefined || (partly.sound === DEFAULT_SETTINGS.sound && partly.takeBack === DEFAULT_SETTINGS.takeBack)) {
    return { settings: DEFAULT_SETTINGS, notice: `${read.notice} The defaults apply.` };
  }
  return { settings: partly, notice: `${read.notice} Its other settings are kept.`, rewrite: true };
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
