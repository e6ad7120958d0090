import os from 'node:os';
import path from 'node:path';
import envPaths from 'env-paths';

/** Where the game keeps its files: saved games in `state`, high scores in `data`. */
export interface StorageDirs {
  readonly state: string;
  readonly data: string;
}

/** The folder name under the platform's state and data folders (the solver's cache uses the same name). */
export const APP_FOLDER = 'yahtzee';

/** The environment variable that puts every file of the game in one folder (for tests and portable setups). */
export const HOME_VARIABLE = 'YAHTZEE_HOME';

/** An XDG variable's folder, or the fallback: the spec says relative paths there are invalid and must be ignored. */
function xdg(value: string | undefined, fallback: string): string {
  return value !== undefined && path.isAbsolute(value) ? value : fallback;
}

/**
 * The folders for saved games and high scores.
 * YAHTZEE_HOME, when set, holds both. Otherwise, on Linux and other Unix systems, the XDG base directories:
 * $XDG_STATE_HOME (default ~/.local/state) for saved games and $XDG_DATA_HOME (default ~/.local/share) for high scores;
 * on macOS and Windows env-paths' data folder holds both.
 */
export function storageDirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): StorageDirs {
  const own = env[HOME_VARIABLE];
  if (own !== undefined && own !== '') {
    const dir = path.resolve(own);
    return { state: dir, data: dir };
  }
  if (platform === 'darwin' || platform === 'win32') {
    const data = envPaths(APP_FOLDER, { suffix: '' }).data;
    return { state: data, data };
  }
  // env-paths has no state folder (it files XDG_STATE_HOME under "log"), so the XDG folders are worked out here.
  return {
    state: path.join(xdg(env.XDG_STATE_HOME, path.join(home, '.local', 'state')), APP_FOLDER),
    data: path.join(xdg(env.XDG_DATA_HOME, path.join(home, '.local', 'share')), APP_FOLDER),
  };
}
