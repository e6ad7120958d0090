import { getRuleSet, type Card, type Dice, type Face } from '../../engine/index.js';
import { rankOptions, type RankedOption } from './advice.js';
import type { StrategyTable } from '../strategy/table.js';

/** What was chosen in a position: the faces held before a reroll (five: stop and score), or a box. */
export type Choice = { readonly kind: 'keep'; readonly keep: readonly Face[] } | { readonly kind: 'score'; readonly box: string };

/** One decision of a finished game. */
export interface DecisionRecord {
  readonly card: Card;
  readonly dice: Dice;
  readonly rollsLeft: number;
  readonly choice: Choice;
}

/** A decision judged against optimal play. */
export interface ReviewedDecision {
  readonly record: DecisionRecord;
  /** The best option there. */
  readonly best: RankedOption;
  /** The expected final score after the choice made, with optimal play afterwards. */
  readonly chosenExpectedFinal: number;
  /** Expected points lost against the best option (0 for an optimal choice, never negative). */
  readonly loss: number;
}

function sameFaces(a: readonly Face[], b: readonly Face[]): boolean {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((f, i) => f === y[i]);
}

/** Each record's judgement, by the table's values it was judged with (the review after a game finds most done already). */
const judged = new WeakMap<DecisionRecord, { readonly values: Float64Array; readonly reviewed: ReviewedDecision }>();

/**
 * The expected points each decision lost against optimal play; throws RangeError for a choice that was not legal.
 * Each record's judgement is remembered (by the record and the table's values): the game judges its people's
 * decisions as they come, off the key's path, so that the review after the game is ready at once.
 */
export function reviewDecisions(table: StrategyTable, records: readonly DecisionRecord[]): ReviewedDecision[] {
  return records.map((record) => {
    const known = judged.get(record);
    if (known !== undefined && known.values === table.values) return known.reviewed;
    const reviewed = judge(table, record);
    judged.set(record, { values: table.values, reviewed });
    return reviewed;
  });
}

function judge(table: StrategyTable, record: DecisionRecord): ReviewedDecision {
  const rules = getRuleSet(table.rules);
  const options = rankOptions(table, rules, record.card, record.dice, record.rollsLeft);
  const best = options[0];
  const { choice } = record;
  let chosen: number | undefined;
  if (choice.kind === 'score') {
    chosen = options.find((o) => o.kind === 'score' && o.box === choice.box)?.expectedFinal;
    if (chosen === undefined) throw new RangeError(`scoring "${choice.box}" was not allowed there`);
  } else if (choice.keep.length === 5) {
    // Keeping all five dice is stopping: the best box for them is what it is worth.
    if (!sameFaces(choice.keep, record.dice)) throw new RangeError('the five dice kept are not the dice on the table');
    chosen = options.find((o) => o.kind === 'score')!.expectedFinal;
  } else {
    chosen = options.find((o) => o.kind === 'keep' && sameFaces(o.keep, choice.keep))?.expectedFinal;
    if (chosen === undefined) throw new RangeError(`keeping ${choice.keep.join('-') || 'nothing'} was not possible there`);
  }
  return { record, best, chosenExpectedFinal: chosen, loss: Math.max(0, best.expectedFinal - chosen) };
}

/** The total expected points lost over a game's decisions. */
export function totalLoss(reviewed: readonly ReviewedDecision[]): number {
  return reviewed.reduce((s, r) => s + r.loss, 0);
}
