import type { Card } from './card.js';
import type { Dice } from './dice.js';
import type { RngState } from './rng.js';
import type { RuleSetId } from './rules/types.js';

/** Who sits in a seat: a person, or the computer at a strength. */
export type PlayerKind = 'human' | 'computer';

/** How well a computer player plays; `win` plays for the chance to win rather than the average (mean-optimal until its last turns). */
export type Strength = 'optimal' | 'strong' | 'casual' | 'win';

/** Every strength, in the order the setup key goes through them. */
export const STRENGTH_IDS: readonly Strength[] = ['optimal', 'strong', 'casual', 'win'];

/** A seat at the table. */
export interface Player {
  readonly name: string;
  readonly kind: PlayerKind;
  /** Only for computer players. */
  readonly strength?: Strength;
}

/** The kind of match: one game, a fixed number of games, or first to a target score. */
export type MatchKind =
  | { readonly kind: 'single' }
  | { readonly kind: 'games'; readonly games: number }
  | { readonly kind: 'target'; readonly target: number };

/** Where a turn is: rolling (holds and rolls allowed), choosing a box, or the game is over. */
export type Phase = 'rolling' | 'choosing' | 'gameOver';

/** The final totals of one finished game, a total per seat. */
export interface GameResult {
  readonly totals: readonly number[];
}

/** The whole game as plain JSON: rules, seats, cards, dice, the random generator and the match so far. */
export interface GameState {
  readonly version: 1;
  readonly rules: RuleSetId;
  readonly seed: number;
  readonly rng: RngState;
  readonly players: readonly Player[];
  readonly match: MatchKind;
  /** Finished games of this match, oldest first. */
  readonly results: readonly GameResult[];
  /** One card per seat for the game in play. */
  readonly cards: readonly Card[];
  /** Whose turn it is (seat index). */
  readonly current: number;
  readonly phase: Phase;
  readonly dice: Dice;
  /** Which dice are held (kept) for the next roll. */
  readonly held: readonly boolean[];
  /** Rolls made this turn, 1 to 3 (the engine makes the first itself). */
  readonly rollsUsed: number;
  /** Holds are cleared after every roll (the MSX marks) or stay until changed. */
  readonly clearHoldsAfterRoll: boolean;
}

/** The most rolls in a turn. */
export const MAX_ROLLS = 3;

/** The most seats at the table. */
export const MAX_PLAYERS = 4;
