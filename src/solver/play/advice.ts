import { cardTotal, isCardComplete, isDice, scoreOptions, type Card, type Dice, type Face, type RuleSet } from '../../engine/index.js';
import { holdFor } from './moves.js';
import { FACES_OF, properKeepsOf, rollIndex } from '../dice/multisets.js';
import { solverFor, stateFor, turnValues, type StrategyTable } from '../strategy/table.js';

/** Hold these dice and roll the others. */
export interface KeepOption {
  readonly kind: 'keep';
  /** The faces kept, sorted (fewer than five: keeping all five is the same as scoring now). */
  readonly keep: Face[];
  /** Which dice positions (A to E) to hold for that keep. */
  readonly hold: boolean[];
  /** Expected final score with optimal play afterwards. */
  readonly expectedFinal: number;
}

/** Score the dice in a box now. */
export interface ScoreOption {
  readonly kind: 'score';
  readonly box: string;
  /** The points the box gets (Joker values included; a Yahtzee bonus is on top, in expectedFinal). */
  readonly points: number;
  /** Points on the card already, these points and bonuses, and the expected rest of the game. */
  readonly expectedFinal: number;
}

/** One choice in a position, valued by optimal play afterwards. */
export type RankedOption = KeepOption | ScoreOption;

/** The rolls left in a turn after the dice on the table: 2 after the first roll, 0 after the third. */
export type RollsLeft = 0 | 1 | 2;

const keepsCache = new Map<number, number[]>();

function keepsOf(r: number): number[] {
  let keeps = keepsCache.get(r);
  if (!keeps) {
    keeps = properKeepsOf(r);
    keepsCache.set(r, keeps);
  }
  return keeps;
}

/** Checks a position given from outside; throws RangeError with a clear message when it cannot be ranked. */
export function checkPosition(table: StrategyTable, rules: RuleSet, card: Card, dice: Dice, rollsLeft: number): void {
  if (rules.id !== table.rules) throw new RangeError(`the strategy table is for ${table.rules}, not ${rules.id}`);
  if (!isDice(dice)) throw new RangeError('dice must be five faces from 1 to 6');
  if (rollsLeft !== 0 && rollsLeft !== 1 && rollsLeft !== 2) throw new RangeError('rolls left must be 0, 1 or 2');
  if (isCardComplete(rules, card)) throw new RangeError('every box of that card is filled: nothing can be scored');
}

/** Receives each option of a position: a box (with its points) or a keep (a multiset index), and its expected final score. */
export type OptionVisitor = (kind: 'score' | 'keep', id: string | number, points: number, expectedFinal: number) => void;

/**
 * Visits every choice for these dice: first the boxes the rules allow now (the Joker included), in chart order,
 * then, while rolls are left, every keep of fewer than five dice, from the most dice held.
 */
export function visitOptions(table: StrategyTable, rules: RuleSet, card: Card, dice: Dice, rollsLeft: number, visit: OptionVisitor): void {
  checkPosition(table, rules, card, dice, rollsLeft);
  const s = stateFor(table, card);
  const base = cardTotal(rules, card);
  const solver = solverFor(table);
  const now = scoreOptions(rules, card, dice);
  now.boxes.forEach((o, b) => {
    if (!o.allowed) return;
    visit('score', o.box, o.points, base + now.yahtzeeBonus + solver.afterScore(table.values, s.mask, s.up, s.flag, b, o.points));
  });
  if (rollsLeft > 0) {
    const tv = turnValues(table, s);
    const keepValues = rollsLeft === 1 ? tv.keep1 : tv.keep2;
    for (const k of keepsOf(rollIndex(dice))) visit('keep', k, 0, base + keepValues[k]);
  }
}

function optionOf(dice: Dice, kind: 'score' | 'keep', id: string | number, points: number, expectedFinal: number): RankedOption {
  if (kind === 'score') return { kind, box: id as string, points, expectedFinal };
  const keep = [...FACES_OF[id as number]];
  return { kind, keep, hold: holdFor(dice, keep), expectedFinal };
}

/**
 * Every choice for these dice, best first by expected final score: the keeps that reroll the other dice (while
 * rolls are left) and the boxes the rules allow now (the Joker included). On a tie, boxes (chart order) come first.
 */
export function rankOptions(table: StrategyTable, rules: RuleSet, card: Card, dice: Dice, rollsLeft: number): RankedOption[] {
  const options: RankedOption[] = [];
  visitOptions(table, rules, card, dice, rollsLeft, (kind, id, points, value) => options.push(optionOf(dice, kind, id, points, value)));
  return options.sort((x, y) => y.expectedFinal - x.expectedFinal);
}

/** The top option of rankOptions, without building the others (for computer players and simulations). */
export function bestOption(table: StrategyTable, rules: RuleSet, card: Card, dice: Dice, rollsLeft: number, noise?: () => number): RankedOption {
  let best: [kind: 'score' | 'keep', id: string | number, points: number, value: number] | undefined;
  let bestScore = -Infinity;
  visitOptions(table, rules, card, dice, rollsLeft, (kind, id, points, value) => {
    const score = noise ? value + noise() : value;
    if (score > bestScore) {
      bestScore = score;
      best = [kind, id, points, value];
    }
  });
  return optionOf(dice, ...best!);
}
