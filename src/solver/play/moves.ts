import {
  faceCounts,
  possibleScores,
  rollsLeft as rollsLeftOf,
  scoreOptions,
  type Action,
  type Dice,
  type Card,
  type Face,
  type GameState,
  type RngState,
  type RuleSet,
} from '../../engine/index.js';

/*
 * Decisions that need no strategy table: the position, the engine actions that carry a decision out, and the casual
 * player. Only the engine under them, so the game's controller uses them before the solver itself is loaded.
 */

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

/** Which dice positions to hold so that exactly the faces of `keep` stay (the leftmost matching dice). */
export function holdFor(dice: Dice, keep: readonly Face[]): boolean[] {
  const want = [0, 0, 0, 0, 0, 0, 0];
  for (const f of keep) want[f]++;
  return dice.map((d) => {
    if (want[d] > 0) {
      want[d]--;
      return true;
    }
    return false;
  });
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
