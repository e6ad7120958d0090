import type { Card, GameState, RuleSetId } from '../../engine/index.js';
import type { RuleTables } from './ruleTables.js';

/*
 * Positions as the solver indexes them. Plain functions of the rule tables, with nothing to set up: the game's
 * controller uses `covers` before the solver itself is loaded.
 */

/** Where a card stands for the solver: which boxes are filled, the upper total (capped), the Yahtzee flag. */
export interface SolverState {
  /** Bit b set when box b (rule set order) is filled. */
  readonly mask: number;
  /** The upper total, capped at the bonus threshold (always 0 without an upper bonus). */
  readonly up: number;
  /** 1 when the Yahtzee box holds its full points and the rule set has a Yahtzee bonus, else 0. */
  readonly flag: number;
}

/** The number of entries in a whole strategy table for these rules. */
export function stateCount(t: RuleTables): number {
  return (1 << t.boxCount) * t.upperSize * t.flagSize;
}

/** The position of a state in a strategy table. */
export function stateIndex(t: RuleTables, s: SolverState): number {
  return (s.mask * t.upperSize + s.up) * t.flagSize + s.flag;
}

/** The solver state of a card (its Yahtzee bonuses so far do not matter for the future). */
export function stateOfCard(t: RuleTables, card: Card): SolverState {
  let mask = 0;
  let up = 0;
  t.boxIds.forEach((id, b) => {
    const pts = card.boxes[id];
    if (pts === undefined) return;
    mask |= 1 << b;
    if (t.upperFace[b] > 0) up += pts;
  });
  const flag = t.flagSize > 1 && t.yahtzeeBox >= 0 && card.boxes[t.boxIds[t.yahtzeeBox]] === t.yahtzeeFull ? 1 : 0;
  return { mask, up: t.upperSize > 1 ? Math.min(up, t.threshold) : 0, flag };
}

/** The number of set bits. */
export function popcount(x: number): number {
  let c = 0;
  for (let v = x; v; v &= v - 1) c++;
  return c;
}

/** What `covers` reads of a strategy table (table.ts's StrategyTable): its rule tables and the boxes filled on all it holds. */
export interface TableExtent {
  readonly tables: RuleTables;
  /**
   * Boxes filled on every card the table covers: 0 for the whole game. A sub-game table only holds the cards
   * that have at least these boxes filled.
   */
  readonly baseMask: number;
}

/** True when the table holds this card's position (always, for a whole-game table). */
export function covers(table: TableExtent, card: Card): boolean {
  const s = stateOfCard(table.tables, card);
  return (s.mask & table.baseMask) === table.baseMask;
}

/**
 * True when a strategy table can answer for a seat's card in this game: of the game's rules (a table of the last
 * game's rules may still be held), and covering the card. The one check before a table is used for a card.
 */
export function tableFor<T extends TableExtent & { readonly rules: RuleSetId }>(table: T | undefined, game: GameState, card: Card = game.cards[game.current]): table is T {
  return table !== undefined && table.rules === game.rules && covers(table, card);
}
