import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import {
  faceCounts,
  getRuleSet,
  possibleScores,
  rollsLeft as rollsLeftOf,
  scoreOptions,
  type Action,
  type Card,
  type Dice,
  type Face,
  type GameState,
  type RngState,
  type RuleSet,
  type Strength,
} from '../engine/index.js';
import { bestOption, type RankedOption } from './advice.js';
import { holdFor } from './multisets.js';
import type { StrategyTable } from './table.js';

/** What a player sees when deciding: their card, the dice, and the rolls left this turn (0 to 2). */
export interface Position {
  readonly card: Card;
  readonly dice: Dice;
  readonly rollsLeft: number;
}

/** The next decision: hold some dice and roll the rest, or score a box. */
export type Decision = { readonly kind: 'keep'; readonly keep: Face[]; readonly hold: boolean[] } | { readonly kind: 'score'; readonly box: string };

/** A decision and the policy generator's next state. */
export interface MoveChoice {
  readonly decision: Decision;
  readonly rng: RngState;
}

/** How much random doubt the strong player adds to each option's value, in points (uniform 0 to this). */
export const STRONG_NOISE = 4;

function asDecision(o: RankedOption): Decision {
  return o.kind === 'keep' ? { kind: 'keep', keep: o.keep, hold: o.hold } : { kind: 'score', box: o.box };
}

/**
 * The computer's next decision at a strength. Optimal plays the top option of rankOptions; strong adds a little
 * random doubt to each option's value (so it sometimes takes a close second best); casual plays greedily without
 * the table. Simulated means, official rules, 10,000 games each (seed 2024): optimal 254.4 (exact 254.59),
 * strong 244.7, casual 195.8; standard error about 0.6.
 * Randomness comes only from `rng`, a pure-rand xoroshiro128+ state, returned advanced.
 */
export function chooseMove(table: StrategyTable, strength: Strength, position: Position, rng: RngState): MoveChoice {
  const rules = getRuleSet(table.rules);
  if (strength === 'casual') return { decision: casualMove(rules, position), rng };
  const { card, dice, rollsLeft } = position;
  if (strength === 'optimal') return { decision: asDecision(bestOption(table, rules, card, dice, rollsLeft)), rng };
  const gen = xoroshiro128plusFromState(rng);
  const best = bestOption(table, rules, card, dice, rollsLeft, () => STRONG_NOISE * uniformFloat64(gen));
  return { decision: asDecision(best), rng: gen.getState() };
}

const FIXED_HANDS = new Set(['fullHouse', 'straight', 'yahtzee']);

/**
 * A greedy player, as many people play: a made full house, straight or Yahtzee is scored at once; otherwise it
 * keeps the most common face (the higher one on a tie) and rolls the rest; at the end it scores the box with the
 * most points, and a zero goes where the least could be lost.
 */
export function casualMove(rules: RuleSet, position: Position): Decision {
  const { card, dice, rollsLeft } = position;
  const opts = scoreOptions(rules, card, dice);
  const allowed = opts.boxes.filter((o) => o.allowed);
  const def = (id: string) => rules.boxes.find((b) => b.id === id)!;
  const made = allowed.find((o) => o.points > 0 && FIXED_HANDS.has(def(o.box).scoring.kind));
  if (rollsLeft > 0 && !made) {
    const counts = faceCounts(dice);
    let face = 6;
    for (let f = 6; f >= 1; f--) if (counts[f] > counts[face]) face = f;
    if (counts[face] < 5) {
      const keep = Array.from({ length: counts[face] }, () => face as Face);
      return { kind: 'keep', keep, hold: holdFor(dice, keep) };
    }
  }
  const most = mostPoints(rules);
  let pick = allowed[0];
  for (const o of allowed) if (o.points > pick.points || (o.points === pick.points && most.get(o.box)! < most.get(pick.box)!)) pick = o;
  return { kind: 'score', box: pick.box };
}

const mostPointsCache = new Map<RuleSet, Map<string, number>>();

/** The most points each box of a rule set can hold. */
function mostPoints(rules: RuleSet): Map<string, number> {
  let m = mostPointsCache.get(rules);
  if (!m) {
    m = new Map(rules.boxes.map((b) => [b.id, Math.max(...possibleScores(b.scoring))]));
    mostPointsCache.set(rules, m);
  }
  return m;
}

/** The position of the player whose turn it is. */
export function positionOf(state: GameState): Position {
  return { card: state.cards[state.current], dice: state.dice, rollsLeft: rollsLeftOf(state) };
}

/** The engine actions that carry out a decision: set the holds and roll, or score. */
export function actionsFor(state: GameState, decision: Decision): Action[] {
  if (decision.kind === 'score') return [{ type: 'score', box: decision.box }];
  const actions: Action[] = [];
  decision.hold.forEach((h, i) => {
    if (state.held[i] !== h) actions.push({ type: 'toggle-hold', die: i });
  });
  actions.push({ type: 'roll' });
  return actions;
}
