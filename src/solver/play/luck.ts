import { EMPTY_CARD, cardTotal, getRuleSet, isCardComplete, scoreCard, type Card, type Face } from '../../engine/index.js';
import { reviewDecisions, type DecisionRecord, type ReviewedDecision } from './review.js';
import { turnStartValue, type StrategyTable } from '../strategy/table.js';

/*
 * Luck and skill. Under optimal play from any position the expected final score is known (the strategy table). A roll
 * moves it: from the expectation before the roll (the keep held, or the turn's start) to the value of the dice that
 * came (their best option). A decision moves it too: from that best option's value to the chosen option's (the
 * decision's loss, never negative). Over a game these steps telescope from the fresh game's value to the final card:
 *
 *   final score = fresh value + luck - loss - unplayed
 *
 * where `unplayed` is the expected worth of the turns never played (a target match ends a game when a seat reaches
 * the target: the cards may then have open boxes; 0 for a full card).
 */

/** One person's game split into what the dice gave and what the choices cost (see the identity above). */
export interface LuckSkill {
  /** The fresh game's value: the expected final score of an empty card under optimal play. */
  readonly fresh: number;
  /** The sum over every roll of how far it moved the expected final score (positive: the dice helped). */
  readonly luck: number;
  /** The expected points the decisions lost against optimal play (0 or more). */
  readonly loss: number;
  /** The expected points of the turns the game ended without (a target match reached early); 0 for a full card. */
  readonly unplayed: number;
  /** The final card's total: fresh + luck - loss - unplayed, up to rounding. */
  readonly final: number;
  /** The decisions made, one on the dice of each roll (so also the rolls). */
  readonly decisions: number;
}

/** The split of one game, or why it cannot be made (the record of the game is not whole). */
export type LuckResult = { readonly ok: true; readonly split: LuckSkill } | { readonly ok: false; readonly reason: string };

function sameCard(a: Card, b: Card): boolean {
  const ka = Object.keys(a.boxes);
  return a.yahtzeeBonuses === b.yahtzeeBonuses && ka.length === Object.keys(b.boxes).length && ka.every((k) => a.boxes[k] === b.boxes[k]);
}

function holds(dice: readonly Face[], keep: readonly Face[]): boolean {
  const count = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) count[d]++;
  return keep.every((f) => count[f]-- > 0);
}

/**
 * Why `records` are not one person's whole game ending on `finalCard`, or null when they are: the first decision on an
 * empty card after the turn's first roll, each keep followed by the next roll of the same turn (its dice holding the
 * keep), each box scored followed by the next turn's first roll on the card it made, the last box making `finalCard`.
 */
export function chainProblem(table: StrategyTable, records: readonly DecisionRecord[], finalCard: Card): string | null {
  const rules = getRuleSet(table.rules);
  if (records.length === 0) return 'no decision was recorded';
  const first = records[0];
  if (!sameCard(first.card, EMPTY_CARD) || first.rollsLeft !== 2) return 'the record of the game does not start at its first roll';
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    const next = records[i + 1];
    if (r.choice.kind === 'keep') {
      if (next === undefined) return 'the record of the game ends during a turn';
      if (!sameCard(next.card, r.card) || next.rollsLeft !== r.rollsLeft - 1 || !holds(next.dice, r.choice.keep)) return `a roll is missing from the record after decision ${i + 1}`;
      continue;
    }
    const after = scoreCard(rules, r.card, r.dice, r.choice.box);
    if ('error' in after) return `decision ${i + 1} was not allowed: ${after.error}`;
    if (next === undefined) return sameCard(after, finalCard) ? null : 'the record of the game does not end on its final card';
    if (!sameCard(next.card, after) || next.rollsLeft !== 2) return `a turn is missing from the record after decision ${i + 1}`;
  }
  return null;
}

/** Splits the reviewed decisions of a whole game (already checked by chainProblem) into luck and loss. */
function split(table: StrategyTable, reviewed: readonly ReviewedDecision[], finalCard: Card): LuckSkill {
  const rules = getRuleSet(table.rules);
  const fresh = turnStartValue(table, EMPTY_CARD);
  let luck = 0;
  let loss = 0;
  reviewed.forEach((r, i) => {
    const previous = reviewed[i - 1];
    // The expectation before this roll: the keep held for it, or at a turn's first roll the card's total and the value of the turns to come.
    const before =
      previous !== undefined && previous.record.choice.kind === 'keep' ? previous.chosenExpectedFinal : cardTotal(rules, r.record.card) + turnStartValue(table, r.record.card);
    luck += r.best.expectedFinal - before;
    loss += r.loss;
  });
  const unplayed = isCardComplete(rules, finalCard) ? 0 : turnStartValue(table, finalCard);
  return { fresh, luck, loss, unplayed, final: cardTotal(rules, finalCard), decisions: reviewed.length };
}

/**
 * One person's game as luck and skill (see LuckSkill), from their decisions in order and their final card; a whole-game
 * table is needed. A record that is not the whole game (a game resumed from a save without its decisions) gives the
 * reason instead; a choice that was not legal throws RangeError (as reviewDecisions does).
 */
export function luckOfGame(table: StrategyTable, records: readonly DecisionRecord[], finalCard: Card, reviewed?: readonly ReviewedDecision[]): LuckResult {
  if (table.baseMask !== 0) return { ok: false, reason: 'the strategy table does not cover a whole game' };
  const problem = chainProblem(table, records, finalCard);
  if (problem !== null) return { ok: false, reason: problem };
  const judged = reviewed !== undefined && reviewed.length === records.length && reviewed.every((r, i) => r.record === records[i]) ? reviewed : reviewDecisions(table, records);
  return { ok: true, split: split(table, judged, finalCard) };
}
