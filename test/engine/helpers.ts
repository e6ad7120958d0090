import {
  getRuleSet,
  legalBoxes,
  newGame,
  parseDice,
  reduce,
  type Action,
  type Card,
  type Dice,
  type GameState,
  type MatchKind,
  type Player,
  type RuleSet,
  type RuleSetId,
} from '../../src/engine/index.js';

/** Dice from a sheet's notation ("2 3 4 4 4", "5-5-5-2-5", "23444"); throws on a typo in a test table. */
export function dice(text: string): Dice {
  const parsed = parseDice(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

/** A card with these boxes filled and no Yahtzee bonuses. */
export function card(boxes: Record<string, number> = {}, yahtzeeBonuses = 0): Card {
  return { boxes, yahtzeeBonuses };
}

/** A card with every box of `rules` filled with 0 except the ones named in `open`, then `filled` on top. */
export function cardWithOpen(rules: RuleSet, open: readonly string[], filled: Record<string, number> = {}): Card {
  const boxes: Record<string, number> = {};
  for (const b of rules.boxes) if (!open.includes(b.id)) boxes[b.id] = 0;
  return card({ ...boxes, ...filled });
}

/** The rule set named `id`. */
export const rules = (id: RuleSetId): RuleSet => getRuleSet(id);

/** `n` human players named P1, P2, ... */
export function players(n: number): Player[] {
  return Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, kind: 'human' as const }));
}

/** A new game for `n` players. */
export function game(n: number, seed: number, opts: { rules?: RuleSetId; match?: MatchKind; clearHoldsAfterRoll?: boolean } = {}): GameState {
  return newGame({ players: players(n), seed, ...opts });
}

/** Applies an action that must be accepted; fails the test with the engine's message otherwise. */
export function act(state: GameState, action: Action): GameState {
  const r = reduce(state, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error}`);
  return r.state;
}

/** Scores the first legal box (chart order) on the first roll; returns the state after the turn. */
export function scoreFirstLegal(state: GameState): GameState {
  const box = legalBoxes(state)[0];
  if (!box) throw new Error('no legal box');
  return act(state, { type: 'score', box: box.id });
}

/** Plays the game in play to its end by scoring the first legal box each turn. */
export function playToEnd(state: GameState): GameState {
  let s = state;
  for (let i = 0; s.phase !== 'gameOver'; i++) {
    if (i > 13 * 4) throw new Error('the game did not end');
    s = scoreFirstLegal(s);
  }
  return s;
}
