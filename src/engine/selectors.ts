import { cardTotal, lowerSubtotal, scoreOptions, upperBonus, upperSubtotal, yahtzeeBonusPoints, type ScoreOptions } from './card.js';
import { getRuleSet } from './rules/index.js';
import type { BoxDef, RuleSet } from './rules/types.js';
import { MAX_ROLLS, type GameState } from './state.js';

/** The rule set the game is played with. */
export function rulesOf(state: GameState): RuleSet {
  return getRuleSet(state.rules);
}

/** What the current dice would score in each box of the current player's card, and which boxes may be used. */
export function currentOptions(state: GameState): ScoreOptions {
  return scoreOptions(rulesOf(state), state.cards[state.current], state.dice);
}

/** The boxes the current player may score now, in chart order. */
export function legalBoxes(state: GameState): BoxDef[] {
  if (state.phase === 'gameOver') return [];
  const allowed = new Set(currentOptions(state).boxes.filter((o) => o.allowed).map((o) => o.box));
  return rulesOf(state).boxes.filter((b) => allowed.has(b.id));
}

/** Rolls left this turn. */
export function rollsLeft(state: GameState): number {
  return state.phase === 'rolling' ? MAX_ROLLS - state.rollsUsed : 0;
}

/** The totals of one seat's card, as the chart shows them. */
export interface CardSummary {
  readonly upperSubtotal: number;
  readonly upperBonus: number;
  readonly lowerSubtotal: number;
  readonly yahtzeeBonus: number;
  readonly total: number;
}

/** The chart totals for a seat. */
export function cardSummary(state: GameState, seat: number): CardSummary {
  const rules = rulesOf(state);
  const card = state.cards[seat];
  return {
    upperSubtotal: upperSubtotal(rules, card),
    upperBonus: upperBonus(rules, card),
    lowerSubtotal: lowerSubtotal(rules, card),
    yahtzeeBonus: yahtzeeBonusPoints(rules, card),
    total: cardTotal(rules, card),
  };
}

/** The turn the seat to play is on: its boxes filled and one (at most the number of boxes). */
export function turnNumber(state: GameState): number {
  const filled = Object.keys(state.cards[state.current].boxes).length;
  return Math.min(filled + 1, rulesOf(state).boxes.length);
}
