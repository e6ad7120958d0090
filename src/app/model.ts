import type { LayoutId, PlayOptions } from '../commands/playOptions.js';
import type { GameState, MatchKind, RuleSetId, Strength } from '../engine/index.js';

/** The terminal's size in character cells. */
export interface TermSize {
  readonly columns: number;
  readonly rows: number;
}

/** The setup questions: MSX asks the number of players; the Spectrum asks names, then the competition. */
export interface SetupState {
  readonly step: 'players' | 'name' | 'match' | 'number';
  /** The number of seats when known (MSX answer or --players); undefined while the Spectrum takes names. */
  readonly count?: number;
  /** Names given so far. */
  readonly names: readonly string[];
  /** The text being typed (a name or a number). */
  readonly field: string;
  /** What the number asked for is (step 'number'). */
  readonly matchKind?: 'games' | 'target';
}

/** A line for the message area: a refusal (error) or news such as what was just scored (info). */
export interface Message {
  readonly text: string;
  readonly tone: 'error' | 'info';
}

/** The settings fixed for the session. */
export interface Settings {
  readonly rules: RuleSetId;
  readonly animation: boolean;
  readonly color: boolean;
  /** The last this many seats are computer players. */
  readonly computers: number;
  readonly strength: Strength;
  /** The match from the command line, if any; the Spectrum setup asks for it otherwise. */
  readonly match?: MatchKind;
  /** Seat names from the command line, if any. */
  readonly names?: readonly string[];
}

/** The whole app as plain data: update() turns one into the next, the screen draws it. */
export interface AppModel {
  readonly layout: LayoutId;
  readonly settings: Settings;
  readonly size: TermSize;
  /** The base screen: setup questions, the game (playing or over), or done (the app exits). */
  readonly screen: 'setup' | 'game' | 'done';
  /** A page over the base screen: the instructions, or the quit question. */
  readonly overlay: 'help' | 'confirm' | null;
  readonly helpPage: number;
  readonly setup: SetupState;
  /** The seed of the match in play (the next match uses the next seed). */
  readonly seed: number;
  readonly game: GameState | null;
  /** The box under the MSX cursor while choosing. */
  readonly cursor: string | null;
  /** The option number typed so far (Spectrum, while choosing). */
  readonly option: string;
  readonly message: Message | null;
  /** Counts rolls and says which dice the last roll threw, so the screen can animate them. */
  readonly roll: { readonly count: number; readonly dice: readonly boolean[] };
  /** True when a computer-move provider plays the computer seats; otherwise they are played by keys. */
  readonly computerPlays: boolean;
  /** True when the app was left with Ctrl-C (the process then exits with code 130). */
  readonly interrupted: boolean;
}

/** What the app starts from besides the play flags. */
export interface ModelInit {
  readonly seed: number;
  readonly size: TermSize;
  readonly computerPlays?: boolean;
}

/** A size made safe: whole numbers, at least 1. */
export function cleanSize(size: Partial<TermSize> | undefined): TermSize {
  const fix = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback);
  return { columns: fix(size?.columns, 80), rows: fix(size?.rows, 24) };
}

/** The settings from the play flags. */
export function settingsFrom(options: PlayOptions): Settings {
  return {
    rules: options.rules,
    animation: options.animation,
    color: options.color,
    computers: options.computers ?? 0,
    strength: options.strength,
    match: options.match,
    names: options.names,
  };
}
