import type { PlayOptions } from '../app/options.js';
import { numberComputerNames } from '../app/setup.js';
import { MAX_PLAYERS, STRENGTH_IDS, checkNames, type MatchKind, type Strength } from '../engine/index.js';
import { plural } from '../text/index.js';
import { UsageError } from './errors.js';
import { parseLayout, parseRules } from './parse.js';

/** The raw flag values commander hands over. */
export interface RawPlayFlags {
  layout?: string;
  rules?: string;
  players?: string;
  names?: string;
  seed?: string;
  games?: string;
  target?: string;
  computer?: string;
  strength?: string;
  animation?: boolean;
  color?: boolean;
  /** --ascii: only ASCII characters on the screen (read by the CLI, which filters what the game writes). */
  ascii?: boolean;
  sound?: boolean;
  /** --take-back (true) or --no-take-back (false); undefined when neither is given. */
  takeBack?: boolean;
  practice?: boolean;
  resume?: boolean;
  new?: boolean;
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

/**
 * Whether the environment wants colours: FORCE_COLOR decides when set (0 or false: no colours), else NO_COLOR (set
 * and not empty: no colours), as chalk and https://no-color.org read them.
 */
export function colourWanted(env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return env.NO_COLOR === undefined || env.NO_COLOR === '';
}

/** Checks the play flags; a wrong value is a UsageError with a one-line message. */
export function parsePlayFlags(raw: RawPlayFlags, env: NodeJS.ProcessEnv = {}): PlayOptions {
  const layout = parseLayout(raw.layout);
  const given = raw.names?.split(',').map((n) => n.trim());
  if (given && given.length > MAX_PLAYERS) throw new UsageError(`--names takes 1 to ${MAX_PLAYERS} names, separated by commas`);
  const computers = raw.computer !== undefined ? wholeNumber('--computer', raw.computer, 0, MAX_PLAYERS) : undefined;
  // --names are the people's; --computer N adds N computer seats after them.
  const seats = given ? given.length + (computers ?? 0) : undefined;
  if (given && computers && seats! > MAX_PLAYERS) {
    throw new UsageError(`--names gives ${plural(given.length, 'player')} and --computer ${computers} more: at most ${MAX_PLAYERS} in all`);
  }
  // CPU given twice seats CPU 1 and CPU 2, as typing it twice in the setup does; --computer's seats are CPU's too.
  const seatNames = given && numberComputerNames([...given, ...Array.from({ length: computers ?? 0 }, () => 'CPU')]);
  const names = given && seatNames?.slice(0, given.length);
  if (names) {
    // The one rule for names (src/engine/names.ts), and no two that read the same.
    const problem = checkNames(names);
    if (problem !== null) throw new UsageError(`--names ${problem}`);
  }
  const players = raw.players !== undefined ? wholeNumber('--players', raw.players, 1, MAX_PLAYERS) : seats;
  if (names && players !== undefined && seats !== players) {
    throw new UsageError(`--players ${players} but ${plural(names.length, 'name')}${computers ? ` and ${plural(computers, 'computer seat')}` : ''} given`);
  }
  if (raw.games !== undefined && raw.target !== undefined) throw new UsageError('choose either --games or --target, not both');
  const match: MatchKind | undefined =
    raw.games !== undefined
      ? { kind: 'games', games: wholeNumber('--games', raw.games, 1, 99) }
      : raw.target !== undefined
        ? { kind: 'target', target: wholeNumber('--target', raw.target, 1, 99999) }
        : undefined;
  if (computers !== undefined && players !== undefined && computers > players) throw new UsageError(`--computer ${computers} is more than the ${plural(players, 'player')}`);
  const strength = (raw.strength ?? 'optimal').toLowerCase();
  if (!(STRENGTH_IDS as readonly string[]).includes(strength)) throw new UsageError(`unknown strength "${raw.strength}": use optimal, strong, casual or win`);
  if (raw.resume && raw.new) throw new UsageError('choose either --resume or --new, not both');
  const newGameFlags: [unknown, string][] = [
    [raw.names, '--names'],
    // With --names the count of players comes from them (--players, if given, had to agree).
    [raw.names === undefined ? raw.players : undefined, '--players'],
    [raw.games, '--games'],
    [raw.target, '--target'],
    [raw.computer, '--computer'],
    [raw.strength, '--strength'],
    [raw.rules, '--rules'],
    [raw.layout, '--layout'],
    [raw.practice === true ? true : undefined, '--practice'],
    // A resumed game's dice go on from its own generator.
    [raw.seed, '--seed'],
  ];
  return {
    layout,
    // The Spectrum layout plays the Spectrum's own rules unless --rules says otherwise.
    rules: raw.rules !== undefined ? parseRules(raw.rules) : layout === 'spectrum' ? 'spectrum' : 'official',
    players,
    names: seatNames,
    seed: raw.seed !== undefined ? wholeNumber('--seed', raw.seed, 0, 0xffffffff) : undefined,
    match,
    computers,
    strength: strength as Strength,
    animation: raw.animation !== false,
    color: raw.color !== false && colourWanted(env),
    ...(raw.sound !== undefined ? { sound: raw.sound } : {}),
    ...(raw.takeBack !== undefined ? { takeBack: raw.takeBack } : {}),
    practice: raw.practice === true,
    resume: raw.resume === true,
    fresh: raw.new === true,
    newGameFlags: newGameFlags.filter(([value]) => value !== undefined).map(([, flag]) => flag),
  };
}
