import { sameName } from '../engine/index.js';
import type { RecentGame, RuleRecord } from './highScores.js';

/** One person's figures over their last games of a rule set (from the record's last games). */
export interface PersonFigures {
  readonly name: string;
  /** Their games among the record's last games. */
  readonly games: number;
  /** Their final scores, oldest first. */
  readonly totals: readonly number[];
  /** How many of those games have a review (luck, loss and decisions). */
  readonly reviewed: number;
  /** The expected points lost per decision over the reviewed games, or null with none. */
  readonly lossPerDecision: number | null;
  /** The average luck of the dice per reviewed game, or null with none. */
  readonly luckPerGame: number | null;
}

/** A good player's loss per decision, by Verhoeff's Proficiency Test: under 0.2 points. */
export const GOOD_LOSS_PER_DECISION = 0.2;

/**
 * Each person's figures over their last games of the record, in the order they first appear: a name is a person, told
 * apart as the table tells names apart (sameName: ann and ANN are one), under the spelling of their latest game.
 */
export function personFigures(record: RuleRecord | undefined): PersonFigures[] {
  const people: RecentGame[][] = [];
  for (const g of record?.recent ?? []) {
    const list = people.find((games) => sameName(games[0].name, g.name));
    if (list) list.push(g);
    else people.push([g]);
  }
  return people.map((games) => {
    const reviewed = games.filter((g) => g.luck !== undefined && g.loss !== undefined && g.decisions !== undefined);
    const decisions = reviewed.reduce((s, g) => s + (g.decisions ?? 0), 0);
    const loss = reviewed.reduce((s, g) => s + (g.loss ?? 0), 0);
    const luck = reviewed.reduce((s, g) => s + (g.luck ?? 0), 0);
    return {
      name: games[games.length - 1].name,
      games: games.length,
      totals: games.map((g) => g.total),
      reviewed: reviewed.length,
      lossPerDecision: decisions > 0 ? loss / decisions : null,
      luckPerGame: reviewed.length > 0 ? luck / reviewed.length : null,
    };
  });
}
