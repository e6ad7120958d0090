import { getRuleSet, targetReached, type Card, type GameState, type RuleSetId } from '../../engine/index.js';

/*
 * What a `win` computer seat plays for, as plain data: light (the engine only), so that the game's controller can
 * say when a seat's exact turn work is wanted before the solver is loaded. The utilities themselves are in winPlay.ts.
 */

/** Up to this many open boxes the win strategy is solved exactly at a turn's start (measured: see the README). */
export const WIN_EXACT_OPEN = 3;

/**
 * What a win seat maximises the chance of. `game`: finishing this game strictly above every other seat (a single
 * game, and each game of a games match). `target`: winning a "first to a set score" match, from each seat's total
 * over the finished games (`before`, by seat) and the target (winTargetUtility in winPlay.ts says what is assumed).
 */
export type WinGoal =
  | { readonly kind: 'game' }
  | {
      readonly kind: 'target';
      readonly target: number;
      readonly before: readonly number[];
      /**
       * The target is reached already and the win seat is the last to play in this round: the game (and the match)
       * ends with its turn, and every other seat's total is known.
       */
      readonly lastTurn?: boolean;
    };

/** One turn's work for a win seat: whose turn, every seat's card at its start, the goal; `key` names the turn. */
export interface WinTurnSpec {
  readonly key: string;
  readonly rules: RuleSetId;
  readonly seat: number;
  readonly cards: readonly Card[];
  readonly goal: WinGoal;
}

/** The open boxes of a card. */
export function openBoxCount(rules: RuleSetId, card: Card): number {
  return getRuleSet(rules).boxes.filter((b) => card.boxes[b.id] === undefined).length;
}

/** The name of the turn in play of this game's seat: the match (seed), the game number, the seat and its boxes filled. */
export function winTurnKey(g: GameState, seat: number): string {
  const filled = Object.keys(g.cards[seat].boxes).length;
  return `${g.seed}:${g.results.length}:${seat}:${filled}`;
}

/** What a win seat plays for in this game's match. */
export function winGoalOf(g: GameState): WinGoal {
  if (g.match.kind !== 'target') return { kind: 'game' };
  const before = g.players.map((_, seat) => g.results.reduce((s, r) => s + r.totals[seat], 0));
  const lastTurn = targetReached(g).length > 0 && g.current === g.players.length - 1;
  return lastTurn ? { kind: 'target', target: g.match.target, before, lastTurn } : { kind: 'target', target: g.match.target, before };
}

/**
 * The exact turn work a win seat wants at the start of its turn in `g` (the seat to move), or null: not a win seat's
 * turn start, a lone seat (then win is optimal), or more than WIN_EXACT_OPEN boxes open (it plays mean-optimally).
 */
export function winTurnSpec(g: GameState): WinTurnSpec | null {
  const seat = g.current;
  const player = g.players[seat];
  if (g.phase === 'gameOver' || player?.kind !== 'computer' || player.strength !== 'win' || g.players.length < 2) return null;
  if (openBoxCount(g.rules, g.cards[seat]) > WIN_EXACT_OPEN) return null;
  return { key: winTurnKey(g, seat), rules: g.rules, seat, cards: g.cards, goal: winGoalOf(g) };
}


/**
 * The key of the next seat's turn when it is a win seat's exact turn and the seat to move now plays before it: a
 * process for that turn can be readied now (ChancesClient.warm), while this seat plays. Null otherwise.
 */
export function upcomingWinTurn(g: GameState): string | null {
  if (g.phase === 'gameOver' || g.players.length < 2) return null;
  const seat = (g.current + 1) % g.players.length;
  const player = g.players[seat];
  if (seat === g.current || player.kind !== 'computer' || player.strength !== 'win') return null;
  const open = openBoxCount(g.rules, g.cards[seat]);
  return open > 0 && open <= WIN_EXACT_OPEN ? winTurnKey(g, seat) : null;
}
