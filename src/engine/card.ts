import { DICE_COUNT, isYahtzee, type Dice } from './dice.js';
import type { BoxDef, RuleSet } from './rules/types.js';
import { scoreBox, scoreJoker } from './scoring.js';

/** One player's score card: the points in each filled box, and how many Yahtzee bonuses were earned. */
export interface Card {
  readonly boxes: Readonly<Record<string, number>>;
  readonly yahtzeeBonuses: number;
}

/** A card with every box open. */
export const EMPTY_CARD: Card = { boxes: {}, yahtzeeBonuses: 0 };

/** What a box would give now: its points and whether the rules let it be used. */
export interface BoxOption {
  readonly box: string;
  readonly points: number;
  readonly allowed: boolean;
}

/** Every box's option for `dice` on `card`, in the rule set's order, and the Yahtzee bonus scoring now would earn. */
export interface ScoreOptions {
  readonly boxes: readonly BoxOption[];
  readonly yahtzeeBonus: number;
  /** True when the Joker rule decides which boxes are allowed and what they score. */
  readonly joker: boolean;
}

/** True when the box has been scored on this card. */
export function isFilled(card: Card, boxId: string): boolean {
  return Object.prototype.hasOwnProperty.call(card.boxes, boxId);
}

/** The box that scores five alike (Yahtzee, Yatzee, General). */
export function yahtzeeBox(rules: RuleSet): BoxDef | undefined {
  return rules.boxes.find((b) => b.scoring.kind === 'yahtzee');
}

/**
 * What `dice` would score in each box of `card`, and which boxes may be used.
 *
 * The Joker: when the dice are five alike and the Yahtzee box is already filled (with 50 or 0),
 * - forced (official): the matching upper box must take them if it is open; else any open lower box,
 *   Full House and the straights at full value; else any open upper box, which scores 0;
 * - free (Open Yahtzee): any open box, upper boxes as usual, lower boxes at full value;
 * - none: no Joker; any open box at its own value.
 * The Yahtzee bonus is earned for such a roll only while the Yahtzee box holds its full 50.
 */
export function scoreOptions(rules: RuleSet, card: Card, dice: Dice): ScoreOptions {
  const yBox = yahtzeeBox(rules);
  const yFilled = yBox !== undefined && isFilled(card, yBox.id);
  const joker = rules.joker !== 'none' && yFilled && isYahtzee(dice);
  const bonus =
    rules.yahtzeeBonus > 0 && yBox !== undefined && yFilled && isYahtzee(dice) && yBox.scoring.kind === 'yahtzee' && card.boxes[yBox.id] === yBox.scoring.points
      ? rules.yahtzeeBonus
      : 0;
  const open = (b: BoxDef) => !isFilled(card, b.id);
  let allowedIds: Set<string>;
  if (joker && rules.joker === 'forced') {
    const matching = rules.boxes.find((b) => b.scoring.kind === 'upper' && b.scoring.face === dice[0] && open(b));
    const openLower = rules.boxes.filter((b) => b.section === 'lower' && open(b));
    const openUpper = rules.boxes.filter((b) => b.section === 'upper' && open(b));
    allowedIds = new Set((matching ? [matching] : openLower.length > 0 ? openLower : openUpper).map((b) => b.id));
  } else {
    allowedIds = new Set(rules.boxes.filter(open).map((b) => b.id));
  }
  const boxes = rules.boxes.map((b) => ({
    box: b.id,
    points: joker && b.section === 'lower' ? scoreJoker(b.scoring, dice) : scoreBox(b.scoring, dice),
    allowed: allowedIds.has(b.id),
  }));
  return { boxes, yahtzeeBonus: bonus, joker };
}

/** The sum of the upper boxes filled so far. */
export function upperSubtotal(rules: RuleSet, card: Card): number {
  return rules.boxes.filter((b) => b.section === 'upper').reduce((s, b) => s + (card.boxes[b.id] ?? 0), 0);
}

/** The upper bonus earned so far (35 once the upper boxes reach 63, in the rule sets that have one). */
export function upperBonus(rules: RuleSet, card: Card): number {
  return rules.upperBonus !== null && upperSubtotal(rules, card) >= rules.upperBonus.threshold ? rules.upperBonus.points : 0;
}

/**
 * The upper boxes' points still needed for the upper bonus: 0 once earned, null when it can no longer come (five of
 * each open face would not reach it) or the rules have none.
 */
export function upperBonusNeeded(rules: RuleSet, card: Card): number | null {
  if (rules.upperBonus === null) return null;
  const need = Math.max(0, rules.upperBonus.threshold - upperSubtotal(rules, card));
  const most = rules.boxes.reduce((s, b) => s + (b.scoring.kind === 'upper' && card.boxes[b.id] === undefined ? DICE_COUNT * b.scoring.face : 0), 0);
  return need <= most ? need : null;
}

/** The sum of the lower boxes filled so far. */
export function lowerSubtotal(rules: RuleSet, card: Card): number {
  return rules.boxes.filter((b) => b.section === 'lower').reduce((s, b) => s + (card.boxes[b.id] ?? 0), 0);
}

/** The Yahtzee bonus points earned so far. */
export function yahtzeeBonusPoints(rules: RuleSet, card: Card): number {
  return card.yahtzeeBonuses * rules.yahtzeeBonus;
}

/** The card's total: every box plus both bonuses. */
export function cardTotal(rules: RuleSet, card: Card): number {
  return upperSubtotal(rules, card) + upperBonus(rules, card) + lowerSubtotal(rules, card) + yahtzeeBonusPoints(rules, card);
}

/** True when every box of the rule set is filled. */
export function isCardComplete(rules: RuleSet, card: Card): boolean {
  return rules.boxes.every((b) => isFilled(card, b.id));
}

/** The card after scoring `boxId` with `dice`, or an error when the box may not be used. */
export function scoreCard(rules: RuleSet, card: Card, dice: Dice, boxId: string): Card | { error: string } {
  const def = rules.boxes.find((b) => b.id === boxId);
  if (!def) return { error: `There is no box "${boxId}" in the ${rules.title}` };
  if (isFilled(card, boxId)) return { error: `${def.name} is already used` };
  const options = scoreOptions(rules, card, dice);
  const option = options.boxes.find((o) => o.box === boxId)!;
  if (!option.allowed) return { error: jokerRefusal(rules, card, dice, def) };
  return {
    boxes: { ...card.boxes, [boxId]: option.points },
    yahtzeeBonuses: card.yahtzeeBonuses + (options.yahtzeeBonus > 0 ? 1 : 0),
  };
}

function jokerRefusal(rules: RuleSet, card: Card, dice: Dice, def: BoxDef): string {
  const matching = rules.boxes.find((b) => b.scoring.kind === 'upper' && b.scoring.face === dice[0]);
  if (matching && !isFilled(card, matching.id)) return `Joker: this Yahtzee must go in ${matching.name}`;
  return `Joker: ${def.name} is not allowed while a lower box is open`;
}
