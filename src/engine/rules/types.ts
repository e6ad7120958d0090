import type { Face } from '../dice.js';

/** The names of the rule sets, one for each rule sheet. */
export const RULE_SET_IDS = ['official', 'free-joker', 'spectrum', 'brazilian'] as const;

/** A rule set's name. */
export type RuleSetId = (typeof RULE_SET_IDS)[number];

/** How a box scores, as data: the scoring functions read this. */
export type BoxScoring =
  /** The sum of the dice showing `face`. */
  | { kind: 'upper'; face: Face }
  /** At least `count` dice alike: the sum of all dice, or `points` when the sheet fixes a score. */
  | { kind: 'ofAKind'; count: 3 | 4; points?: number }
  /** Three of one face and two of another (five alike only as a Joker). */
  | { kind: 'fullHouse'; points: number }
  /** The dice include every face of one of `runs`. */
  | { kind: 'straight'; runs: readonly (readonly Face[])[]; points: number }
  /** Five alike. */
  | { kind: 'yahtzee'; points: number }
  /** Any dice: their sum. */
  | { kind: 'chance' };

/** One box of the score chart. */
export interface BoxDef {
  /** Stable id, used on the command line and in saved games. */
  readonly id: string;
  /** The name the rule sheet gives the box. */
  readonly name: string;
  /** The English name, where the sheet's name is in another language. */
  readonly english?: string;
  /** The option number, 1-13, in the sheet's order. */
  readonly option: number;
  readonly section: 'upper' | 'lower';
  readonly scoring: BoxScoring;
  /** One line on how it scores, for the instructions page. */
  readonly help: string;
}

/**
 * How a further Yahtzee (the Yahtzee box already filled) may be scored.
 * - forced: the matching upper box if open; else any open lower box at full value; else any open upper box, for 0.
 * - free: any open box; upper boxes as usual, lower boxes at full value.
 * - none: no Joker; the dice score as they are.
 */
export type JokerRule = 'forced' | 'free' | 'none';

/** A rule set: the boxes in the sheet's order and the bonuses, as data. */
export interface RuleSet {
  readonly id: RuleSetId;
  /** A short title, such as "official rules". */
  readonly title: string;
  /** Which rule sheet in shared/seeds it follows. */
  readonly sheet: string;
  readonly boxes: readonly BoxDef[];
  /** The upper-section bonus, or null when the sheet has none. */
  readonly upperBonus: { readonly threshold: number; readonly points: number } | null;
  /** Points for each further Yahtzee while the Yahtzee box holds its full score; 0 for none. */
  readonly yahtzeeBonus: number;
  readonly joker: JokerRule;
  /** The chart's sum rows in the sheet's language, where it is not English (the upper total, the total, the standings). */
  readonly sumLabels?: { readonly upper: string; readonly total: string; readonly gamesWon: string; readonly matchTotal: string };
}
