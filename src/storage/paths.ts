import os from 'node:os';
import path from 'node:path';
import envPaths from 'env-paths';

/** Where the game keeps its files: saved games in `state`, high scores in `data`. */
export interface StorageDirs {
  readonly state: string;
  readonly data: string;
}

/** The folder name under the platform's state, data and cache folders. */
export const APP_FOLDER = 'yahtzee';

/** The environment variable that puts every file of the game in one folder (for tests and portable setups). */
export const HOME_VARIABLE = 'YAHTZEE_HOME';

/** The error of a run with no absolute folder for the game's files: said to the player, nothing is written. */
export class NoFolderError extends Error {
  override readonly name = 'NoFolderError';
}

/** A folder from the environment, or null: the XDG spec says relative (and empty) paths there are invalid and must be ignored. */
function absolute(value: string | undefined | null): string | null {
  return value !== undefined && value !== null && path.isAbsolute(value) ? value : null;
}

/** The account's home folder (the password database's), or null where there is none (a container's user without an entry). */
function accountHome(): string | null {
  try {
    return os.userInfo().homedir;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    return null;
  }
}

/**
 * The home folder: $HOME when it is absolute, else the account's when that is absolute, else null. A relative or
 * empty $HOME would put the files under the working folder, where a game saved in one folder is not found from another.
 */
export function homeFolder(env: NodeJS.ProcessEnv = process.env, account: string | null = accountHome()): string | null {
  return absolute(env.HOME) ?? absolute(account);
}

/** `base` with the game's folder name; without a base, the error that says which variable to set. */
function under(base: string | null, variable: string): string {
  if (base === null) throw new NoFolderError(`no folder for the game's files: HOME is not an absolute folder and ${variable} is not set to one; set HOME, or ${HOME_VARIABLE}=<a folder>`);
  return path.join(base, APP_FOLDER);
}

/** The XDG folder `variable` when absolute, else `fallback` under the home folder (null without a home). */
function xdg(env: NodeJS.ProcessEnv, variable: string, home: string | null, ...fallback: string[]): string {
  return under(absolute(env[variable]) ?? (home === null ? null : path.join(home, ...fallback)), variable);
}

/** The platform's folder on macOS (under the home folder, as env-paths has it) and Windows (env-paths', when absolute). */
function platformFolder(kind: 'data' | 'cache', platform: NodeJS.Platform, home: string | null): string {
  if (platform === 'darwin') return under(home === null ? null : path.join(home, 'Library', kind === 'data' ? 'Application Support' : 'Caches'), 'HOME');
  const folder = absolute(envPaths(APP_FOLDER, { suffix: '' })[kind]);
  if (folder === null) throw new NoFolderError(`no folder for the game's files: LOCALAPPDATA is not an absolute folder, nor is the home folder; set ${HOME_VARIABLE}=<a folder>`);
  return folder;
}

/**
 * The folders for saved games and high scores.
 * YAHTZEE_HOME, when set, holds both (a relative one is taken from the working folder: the player chose it). Otherwise,
 * on Linux and other Unix systems, the XDG base directories: $XDG_STATE_HOME (default ~/.local/state) for saved games
 * and $XDG_DATA_HOME (default ~/.local/share) for high scores; on macOS and Windows the platform's data folder holds both
 * (~/Library/Application Support/yahtzee; env-paths' on Windows). Throws NoFolderError when no absolute folder is left (see homeFolder).
 */
export function storageDirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string | null = homeFolder(env)): StorageDirs {
  const own = env[HOME_VARIABLE];
  if (own !== undefined && own !== '') return sameFolder(path.resolve(own));
  const dirs = platform === 'darwin' || platform === 'win32' ? sameFolder(platformFolder('data', platform, home)) : xdgDirs(env, home);
  // The cache's folder is checked too, so that a run with no folder for it says so before anything is written.
  cacheFolder(env, platform, home);
  return dirs;
}

/** One folder for both. */
function sameFolder(dir: string): StorageDirs {
  return { state: dir, data: dir };
}

/** The XDG folders: env-paths has no state folder (it files XDG_STATE_HOME under "log"), so they are worked out here. */
function xdgDirs(env: NodeJS.ProcessEnv, home: string | null): StorageDirs {
  return { state: xdg(env, 'XDG_STATE_HOME', home, '.local', 'state'), data: xdg(env, 'XDG_DATA_HOME', home, '.local', 'share') };
}

/**
 * The folder for the solver's cached tables: $YAHTZEE_HOME/cache, else $XDG_CACHE_HOME/yahtzee (default
 * ~/.cache/yahtzee), or the platform's cache folder on macOS and Windows. Throws NoFolderError as storageDirs does.
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string | null = homeFolder(env)): string {
  const own = env[HOME_VARIABLE];
  if (own !== undefined && own !== '') return path.join(path.resolve(own), 'cache');
  if (platform === 'darwin' || platform === 'win32') return platformFolder('cache', platform, home);
  return xdg(env, 'XDG_CACHE_HOME', home, '.cache');
}
