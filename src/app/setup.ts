import type { PlayOptions } from '../commands/playOptions.js';
import { DICE_COUNT, MAX_PLAYERS, getRuleSet, legalBoxes, newGame, type GameState, type MatchKind, type Player } from '../engine/index.js';
import { getLayout } from '../input/index.js';
import { cleanSize, settingsFrom, type AppModel, type Message, type ModelInit, type SetupState } from './model.js';

/** The longest name a player may type (as --names allows). */
export const NAME_MAX = 10;

/** The number a match question accepts: games 1-99, target score 1-99999 (as --games and --target). */
export const MATCH_LIMITS = { games: { max: 99, digits: 2 }, target: { max: 99999, digits: 5 } } as const;

/** Names PLAYER 1, PLAYER 2, ... for seats nobody named. */
export function defaultNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `PLAYER ${i + 1}`);
}

const error = (text: string): Message => ({ text, tone: 'error' });

/** The seats for these names: the last `computers` are computer players. */
export function seatsFor(names: readonly string[], computers: number, strength: Player['strength']): Player[] {
  const firstComputer = names.length - Math.max(0, Math.min(computers, names.length));
  return names.map((name, i) => (i >= firstComputer ? { name, kind: 'computer', strength } : { name, kind: 'human' }));
}

/** A new match with these seats from `seed`: the game screen, first roll made. */
export function startMatch(model: AppModel, names: readonly string[], match: MatchKind, seed: number): AppModel {
  const layout = getLayout(model.layout);
  const players = seatsFor(names.slice(0, MAX_PLAYERS), model.settings.computers, model.settings.strength);
  const game = newGame({ players, rules: model.settings.rules, seed, match, clearHoldsAfterRoll: layout.clearHoldsAfterRoll });
  return {
    ...model,
    screen: 'game',
    overlay: null,
    seed,
    game,
    cursor: null,
    option: '',
    message: null,
    roll: { count: model.roll.count + 1, dice: Array(DICE_COUNT).fill(true) },
  };
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
    helpPage: 0,
    setup: { step: 'players', count, names: [], field: '' },
    seed: init.seed >>> 0,
    game: null,
    cursor: null,
    option: '',
    message: null,
    roll: { count: 0, dice: Array(DICE_COUNT).fill(false) },
    computerPlays: init.computerPlays === true,
    interrupted: false,
  };
  if (options.layout === 'spectrum') {
    if (options.names) return namesDone(base, options.names);
    return { ...base, setup: { ...base.setup, step: 'name' } };
  }
  if (count === undefined) return base;
  return startMatch(base, options.names ?? defaultNames(count), settings.match ?? { kind: 'single' }, base.seed);
}

function namesDone(model: AppModel, names: readonly string[]): AppModel {
  if (model.settings.match) return startMatch(model, names, model.settings.match, model.seed);
  return { ...model, message: null, setup: { ...model.setup, step: 'match', names, field: '' } };
}

function withSetup(model: AppModel, setup: Partial<SetupState>, message: Message | null = null): AppModel {
  return { ...model, setup: { ...model.setup, ...setup }, message };
}

/** MSX: the number of players, 1-4. */
export function choosePlayers(model: AppModel, count: number): AppModel {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLAYERS) return { ...model, message: error(`Choose 1 to ${MAX_PLAYERS} players`) };
  return startMatch(model, model.settings.names?.length === count ? model.settings.names : defaultNames(count), model.settings.match ?? { kind: 'single' }, model.seed);
}

/** A character typed into the setup field (a name or a number). */
export function typeSetup(model: AppModel, char: string): AppModel {
  const s = model.setup;
  if (s.step === 'name') {
    if ([...s.field].length >= NAME_MAX) return { ...model, message: error(`A name has at most ${NAME_MAX} characters`) };
    if (s.field === '' && char === ' ') return { ...model, message: error('A name cannot start with a space') };
    if ([...char].length !== 1 || char < ' ') return { ...model, message: error('Type letters for the name') };
    return withSetup(model, { field: s.field + char });
  }
  if (s.step === 'number') {
    const limits = MATCH_LIMITS[s.matchKind ?? 'games'];
    if (!/^[0-9]$/.test(char)) return { ...model, message: error('Type a number') };
    if (s.field === '' && char === '0') return { ...model, message: error('The number starts at 1') };
    if (s.field.length >= limits.digits) return { ...model, message: error(`At most ${limits.max}`) };
    return withSetup(model, { field: s.field + char });
  }
  return { ...model, message: error('Unknown key') };
}

/** Backspace in the setup field. */
export function eraseSetup(model: AppModel): AppModel {
  if (model.setup.field === '') return { ...model, message: error('Nothing to rub out') };
  return withSetup(model, { field: [...model.setup.field].slice(0, -1).join('') });
}

/** ENTER in the setup field: the name is done, or the match number is given. */
export function submitSetup(model: AppModel): AppModel {
  const s = model.setup;
  if (s.step === 'name') {
    const name = s.field.trim();
    if (name === '') {
      if (s.count === undefined && s.names.length > 0) return namesDone(model, s.names);
      return { ...model, message: error('Type a name, then ENTER') };
    }
    if (s.names.some((n) => n.toLowerCase() === name.toLowerCase())) return { ...model, message: error(`${name} is already playing: choose another name`) };
    const names = [...s.names, name];
    if (names.length >= (s.count ?? MAX_PLAYERS)) return namesDone(model, names);
    return withSetup(model, { names, field: '' });
  }
  if (s.step === 'number') {
    const kind = s.matchKind ?? 'games';
    const n = Number(s.field);
    if (s.field === '' || !Number.isInteger(n) || n < 1 || n > MATCH_LIMITS[kind].max) {
      return { ...model, message: error(kind === 'games' ? `Type the number of games, 1 to ${MATCH_LIMITS.games.max}` : `Type the target score, 1 to ${MATCH_LIMITS.target.max}`) };
    }
    const match: MatchKind = kind === 'games' ? { kind: 'games', games: n } : { kind: 'target', target: n };
    return startMatch(model, s.names, match, model.seed);
  }
  return { ...model, message: error('Unknown key') };
}

/** Spectrum: F, P or U. */
export function chooseMatch(model: AppModel, kind: 'games' | 'target' | 'single'): AppModel {
  if (kind === 'single') return startMatch(model, model.setup.names, { kind: 'single' }, model.seed);
  return withSetup(model, { step: 'number', matchKind: kind, field: '' });
}

/** ESC on the match number: back to F, P or U. */
export function backSetup(model: AppModel): AppModel {
  if (model.setup.step !== 'number') return { ...model, message: error('Unknown key') };
  return withSetup(model, { step: 'match', field: '', matchKind: undefined });
}

/** The model for a saved game taken up again: its seats, match and layout, the game exactly where it was left. */
export function resumeModel(options: PlayOptions, init: ModelInit, game: GameState, layout: PlayOptions['layout']): AppModel {
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
    seed: game.seed,
    cursor: game.phase === 'choosing' ? (legalBoxes(game)[0]?.id ?? null) : null,
    option: '',
    roll: { count: 0, dice: Array(DICE_COUNT).fill(false) },
    message: { text: `Welcome back: the saved game goes on (${game.players[game.current]?.name ?? ''}'s turn)`, tone: 'info' },
  };
}
