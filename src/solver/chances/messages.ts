import type { Card, Dice, RuleSetId } from '../../engine/index.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import type { WinTurnSpec } from '../win/winGoal.js';
import type { WinReply } from '../win/turnWork.js';
import type { WinChances } from './winChances.js';
import type { MatchChances, MatchSoFar } from './matchChances.js';

/*
 * What the chances' client (client.ts, in the game's process) and the chances' child process (child.ts) say to each
 * other over its IPC channel: questions one way, replies the other.
 */

/** The seat whose turn it is, in the middle of it: the dice on the table and the rolls left after them. */
export interface ChancesTurn {
  readonly seat: number;
  readonly dice: Dice;
  readonly rollsLeft: 0 | 1 | 2;
}

/**
 * A question to the chances' process: each seat's chance to win from these cards (under these rules), with `turn`
 * the seat whose turn it is from its dice instead of from the start of its turn.
 */
export interface ChancesQuestion {
  readonly kind?: 'chances';
  readonly id: number;
  readonly rules: RuleSetId;
  readonly cards: readonly Card[];
  /** Final distributions the game has from earlier answers, by cardKey (a turn changes one card: the others are kept). */
  readonly known?: readonly (readonly [string, ScoreDistribution])[];
  readonly turn?: ChancesTurn;
  /** Two seats in a match of games: the match so far, for each seat's chance to win the match too. */
  readonly match?: MatchSoFar;
}

/**
 * A win seat's turn work asked of the chances' process (win/turnWork.ts's winTurnWork), so that the chances and the
 * win seats share one process instead of one each: the strategy table (the whole game's, read from the cache there;
 * the values of a table of part of a game, from `baseMask`, sent with the question), the turn, and a fresh game's
 * distribution for a target match.
 */
export interface WinQuestion {
  readonly kind: 'win';
  readonly id: number;
  readonly rules: RuleSetId;
  readonly baseMask: number;
  readonly values?: Float64Array;
  readonly spec: WinTurnSpec;
  readonly fresh?: ScoreDistribution;
}

/** What names a card's final distribution: the rules and the card (the same whatever order its boxes were filled in). */
export function cardKey(rules: RuleSetId, card: Card): string {
  return JSON.stringify([rules, Object.entries(card.boxes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), card.yahtzeeBonuses]);
}

/** The chances, and the final distributions made for them (by cardKey). */
export interface ChancesAnswer extends WinChances {
  /** Each seat's chance to win the match, when the question gave the match so far. */
  readonly match?: MatchChances;
  readonly made: readonly (readonly [string, ScoreDistribution])[];
}

/** Which table the chances' process is waiting for, and how far it has got. */
export type ChancesStage = 'strategy' | 'distribution';

/**
 * The chances' process's messages: progress on a question, its answer, why there is none, or that a newer question
 * replaced it; for a win seat's turn work, its WinReply (or why there is none).
 */
export type ChancesReply =
  | { readonly id: number; readonly kind: 'win'; readonly reply: WinReply }
  | { readonly id: number; readonly kind: 'progress'; readonly stage: ChancesStage; readonly done: number; readonly total: number }
  | {
      readonly id: number;
      readonly kind: 'answer';
      readonly win: readonly number[];
      readonly tie: number;
      readonly match?: MatchChances;
      readonly made: readonly (readonly [string, ScoreDistribution])[];
    }
  | { readonly id: number; readonly kind: 'failed'; readonly error: string }
  | { readonly id: number; readonly kind: 'dropped' };
