import { withYahtzeeNotice } from './yahtzee.js';
import type { PlayOptions } from './options.js';
import { DICE_COUNT, MAX_PLAYERS, STRENGTH_IDS, getRuleSet, isMatchComplete, legalBoxes, sameName, newGame, type GameState, type MatchKind, type Player, type Strength } from '../engine/index.js';
import { getLayout } from './keymaps/index.js';
import { freshComputer } from './computer.js';
import { requiredKeyLabel } from './labels.js';
import { cleanSize, nextRoll, noRoll, settingsFrom, type AppModel, type Message, type ModelInit, type SeatDecision, type SetupState } from './model.js';

/** The number a match question accepts: games 1-99, target score 1-99999 (as --games and --target). */
export const MATCH_LIMITS = { games: { max: 99, digits: 2 }, target: { max: 99999, digits: 5 } } as const;

/** Names PLAYER 1, PLAYER 2, ... for seats nobody named. */
export function defaultNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `PLAYER ${i + 1}`);
}

/** The strengths of the computer players, in the order the setup keys go through them. */
export const STRENGTHS: readonly Strength[] = STRENGTH_IDS;

/**
 * Names that make a seat the computer, in any case: the Spectrum's own way ("two people and the Spectrum"), kept for
 * the MSX keys too, where the computer's seats are named CPU, so that a name means the same with either keys.
 */
export const COMPUTER_NAMES: readonly string[] = ['SPECTRUM', 'CPU', 'COMPUTER'];

/** The computer's name that the setup suggests with these keys: the machine's own on the Spectrum, else CPU. */
export function computerNameIn(model: AppModel): string {
  return model.layout === 'spectrum' ? 'SPECTRUM' : 'CPU';
}

/**
 * True when a name, typed or given by --names, seats the computer (where computerByName allows): one of
 * COMPUTER_NAMES, alone or numbered as the computer's seats are ("CPU 2", "CPU2").
 */
export function isComputerName(name: string): boolean {
  return computerBase(name) !== null;
}

/** The computer's name a name is, numbered or not ("CPU 2" is CPU's), in capitals; null for a person's name. */
function computerBase(name: string): string | null {
  const m = /^(.*?) ?[1-4]?$/.exec(name.trim().toUpperCase());
  return m !== null && COMPUTER_NAMES.includes(m[1]) ? m[1] : null;
}

/** The computer's name a name is when it is that name alone, not numbered ("CPU", "cpu"), in capitals; else null. */
function bareComputer(name: string): string | null {
  const base = name.trim().toUpperCase();
  return COMPUTER_NAMES.includes(base) ? base : null;
}

/**
 * The names after `name` is typed for the next seat when it is the name of a computer already seated (alone or
 * numbered): numberComputerNames's, so that typing CPU twice seats CPU 1 and CPU 2 as --names CPU,CPU does. Null for
 * any other name.
 */
export function numberedComputers(names: readonly string[], name: string): string[] | null {
  const base = bareComputer(name);
  if (base === null || !names.some((n) => computerBase(n) === base)) return null;
  return numberComputerNames([...names, name]);
}

/**
 * The one rule for a computer's name given more than once, typed in the setup (numberedComputers) or given at once
 * (--names, then --computer's seats as CPU): where two seats or more have one computer's name, alone or numbered,
 * each that has it alone takes, in seat order, the lowest number no seat has (CPU, CPU, CPU 1: CPU 2, CPU 3, CPU 1).
 */
export function numberComputerNames(names: readonly string[]): string[] {
  const out = [...names];
  for (const base of new Set(names.map(bareComputer))) {
    if (base === null || names.filter((n) => computerBase(n) === base).length < 2) continue;
    let n = 1;
    names.forEach((name, i) => {
      if (bareComputer(name) !== base) return;
      while (out.some((o) => sameName(o, `${base} ${n}`))) n++;
      out[i] = `${base} ${n}`;
    });
  }
  return out;
}

/**
 * True when a name can seat the computer in this setup. At a hosted table every name is a person's (their login, or
 * the host's --name), so none does.
 */
export function computerByName(model: AppModel): boolean {
  return model.settings.hosted !== true;
}

/**
 * The seats for these names: the last `computers` are computer players, and with `byName` (computerByName) also any
 * seat named SPECTRUM, CPU or COMPUTER.
 */
export function seatsFor(names: readonly string[], computers: number, strength: Player['strength'], byName = false): Player[] {
  const firstComputer = names.length - Math.max(0, Math.min(computers, names.length));
  return names.map((name, i) => (i >= firstComputer || (byName && isComputerName(name)) ? { name, kind: 'computer', strength } : { name, kind: 'human' }));
}

/** Names for the seats nobody named: PLAYER 1, PLAYER 2, ... for people, CPU (CPU 1, CPU 2, ...) for the computer. */
export function seatNames(count: number, computers: number): string[] {
  const people = count - Math.max(0, Math.min(computers, count));
  return [...defaultNames(people), ...computerSeatNames([], count - people)];
}

/** Names for computer seats added after the people named (CPU, or CPU 1, CPU 2, ...), none of them a name taken. */
export function computerSeatNames(taken: readonly string[], count: number): string[] {
  const names: string[] = [];
  for (let i = 1; names.length < count; i++) {
    const name = count === 1 && i === 1 ? 'CPU' : `CPU ${i}`;
    if (!taken.some((t) => sameName(t, name))) names.push(name);
  }
  return names;
}

/**
 * Spectrum setup with --computer N: the computer seats (the last N, of --players or of up to four) and the people's
 * seats before them, whose names are asked.
 */
export function seatSplit(s: SetupState): { computers: number; people: number } {
  const seats = s.count ?? MAX_PLAYERS;
  const computers = Math.max(0, Math.min(s.computers, seats));
  return { computers, people: seats - computers };
}

/** Spectrum: the people are named; the computer seats of --computer are named for them and come last. */
export function peopleNamed(model: AppModel, names: readonly string[]): AppModel {
  return namesDone(model, [...names, ...computerSeatNames(names, seatSplit(model.setup).computers)]);
}

/** A new match with these seats from `seed` (the setup's computer seats among them): the game screen, first roll made. */
export function startMatch(model: AppModel, names: readonly string[], match: MatchKind, seed: number): AppModel {
  return startSeatedMatch(model, seatsFor(names.slice(0, MAX_PLAYERS), model.setup.computers, model.setup.strength, computerByName(model)), match, seed);
}

/**
 * A new match of these players as they are (play again: a seat given to the computer at a hosted table stays the
 * computer's, wherever it sits) from `seed`: the game screen, first roll made.
 */
export function startSeatedMatch(model: AppModel, players: readonly Player[], match: MatchKind, seed: number): AppModel {
  const layout = getLayout(model.layout);
  const game = newGame({ players, rules: model.settings.rules, seed, match, clearHoldsAfterRoll: layout.clearHoldsAfterRoll });
  return withYahtzeeNotice({
    ...model,
    screen: 'game',
    overlay: null,
    seed,
    game,
    cursor: null,
    option: '',
    message: null,
    roll: nextRoll(model, Array(DICE_COUNT).fill(true)),
    computer: freshComputer(seed),
    decisions: [],
    undo: [],
    takenBackIn: null,
  });
}

/** The model the app starts with: the first setup question, or the game itself when the flags answered them all. */
export function initialModel(options: PlayOptions, init: ModelInit): AppModel {
  const settings = settingsFrom(options);
  getRuleSet(settings.rules);
  const count = options.players ?? options.names?.length;
  const base: AppModel = {
    layout: options.layout,
    settings,
    size: cleanSize(init.size),
    screen: 'setup',
    overlay: null,
    overlayPage: 0,
    setup: { step: 'players', count, names: [], field: '', computers: settings.computers, strength: settings.strength },
    seed: init.seed >>> 0,
    game: null,
    cursor: null,
    option: '',
    message: null,
    roll: noRoll(),
    computerPlays: init.computerPlays === true,
    interrupted: false,
    redraws: 0,
    hint: false,
    strategy: { status: 'none' },
    computer: freshComputer(init.seed >>> 0),
    decisions: [],
    undo: [],
    screenReader: init.screenReader === true,
  };
  if (options.layout === 'spectrum') {
    if (options.names) return namesDone(base, options.names);
    if (seatSplit(base.setup).people === 0) return peopleNamed(base, []);
    return { ...base, setup: { ...base.setup, step: 'name' } };
  }
  if (count === undefined) return base;
  return startMatch(base, options.names ?? seatNames(count, settings.computers), settings.match ?? { kind: 'single' }, base.seed);
}

/**
 * The names are all given: the competition question, or the match itself when --games or --target set it
 * (the MSX asks no competition question: a single game unless the flags say otherwise).
 */
export function namesDone(model: AppModel, names: readonly string[]): AppModel {
  if (model.settings.match || model.layout === 'msx') return startMatch(model, names, model.settings.match ?? { kind: 'single' }, model.seed);
  return { ...model, message: null, setup: { ...model.setup, step: 'match', names, field: '' } };
}

/** The model with these setup answers and this message line (none by default). */
export function withSetup(model: AppModel, setup: Partial<SetupState>, message: Message | null = null): AppModel {
  return { ...model, setup: { ...model.setup, ...setup }, message };
}

/** True when the setup so far seats the computer (the MSX count, the last seats by --computer, or a name). */
export function setupHasComputer(model: AppModel): boolean {
  const s = model.setup;
  return s.computers > 0 || (computerByName(model) && s.names.some(isComputerName));
}

/** What a save gives back of what its screen kept (resume.ts's screenKeptFrom): each part only where the save holds a sound one. */
export interface ScreenKeptRead {
  readonly cursor?: string;
  readonly option?: string;
  readonly hint?: true;
  readonly chances?: true;
  readonly stopped?: readonly boolean[];
  readonly takenBackIn?: number;
}

/** The model for a saved game taken up again: its seats, match and layout, the game exactly where it was left, its decisions so far and what its screen kept (`kept`, from screenKeptFrom). */
export function resumeModel(
  options: PlayOptions,
  init: ModelInit,
  game: GameState,
  layout: PlayOptions['layout'],
  decisions: readonly SeatDecision[] = [],
  kept: ScreenKeptRead = {},
): AppModel {
  const computers = game.players.filter((p) => p.kind === 'computer');
  const fresh = initialModel(
    {
      ...options,
      layout,
      rules: game.rules,
      players: game.players.length,
      names: game.players.map((p) => p.name),
      match: game.match,
      computers: computers.length,
      strength: computers[0]?.strength ?? options.strength,
    },
    { ...init, seed: game.seed },
  );
  return {
    ...fresh,
    screen: 'game',
    game,
    decisions,
    seed: game.seed,
    // What the player had typed comes back as it was (checked by screenKeptFrom); else the cursor on the first legal box.
    cursor: game.phase === 'choosing' ? (kept.cursor ?? legalBoxes(game)[0]?.id ?? null) : null,
    option: game.phase === 'choosing' ? (kept.option ?? '') : '',
    hint: kept.hint === true,
    ...(kept.chances ? { chances: true } : {}),
    ...(kept.stopped ? { stopped: { held: kept.stopped } } : {}),
    ...(kept.takenBackIn !== undefined ? { takenBackIn: kept.takenBackIn } : {}),
    roll: noRoll(),
    message: { text: welcomeBack(fresh, game), tone: 'info' },
  };
}

/** The line a resumed game opens with: whose turn it is, or, between two games of a match, the key to the next. */
function welcomeBack(model: AppModel, game: GameState): string {
  if (game.phase !== 'gameOver') return `Welcome back: the saved game goes on (${game.players[game.current]?.name ?? ''}'s turn)`;
  const over = isMatchComplete(game.match, game.results);
  const key = requiredKeyLabel(model, over ? 'match-over' : 'game-over', 'continue');
  const n = game.results.length;
  if (over) return `Welcome back: the ${game.match.kind === 'single' ? 'game' : 'match'} is over; ${key} plays again`;
  return `Welcome back: game ${n} is over; ${key} starts game ${n + 1}`;
}
