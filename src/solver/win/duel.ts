import { cardTotal, getRuleSet, isCardComplete, newGame, reduce, seedRng, type Card, type GameState } from '../../engine/index.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { finalDistribution } from '../distribution/distributionTable.js';
import { actionsFor, positionOf, type Decision } from '../play/moves.js';
import { chooseMove } from '../play/policy.js';
import { gameSeed } from '../play/simulate.js';
import { stateOfCard } from '../strategy/state.js';
import type { StrategyTable } from '../strategy/table.js';
import { WIN_EXACT_OPEN, WinSolver, winDecision, type WinTurn } from './winPlay.js';

/** The strategies a duel pits against each other. */
export type DuelStrategy = 'win' | 'optimal';

/** The record of a duel: games won by each side and tied. */
export interface DuelRecord {
  readonly games: number;
  readonly wins: readonly [number, number];
  readonly ties: number;
}

function openBoxes(table: StrategyTable, card: Card): number {
  return getRuleSet(table.rules).boxes.filter((b) => card.boxes[b.id] === undefined).length;
}

/**
 * The win strategy's state within a game: its turn values, worked out once per turn from the other seat's card
 * (mean-optimal play from there) when few enough boxes are open, else none (it plays mean-optimally).
 */
class WinSeat {
  private key = '';
  private turn: { solver: WinSolver; values: WinTurn } | null = null;

  constructor(
    private readonly table: StrategyTable,
    private readonly exactOpen: number,
  ) {}

  decide(state: GameState): Decision {
    const rules = getRuleSet(this.table.rules);
    const seat = state.current;
    const card = state.cards[seat];
    const key = `${seat}:${JSON.stringify(card)}`;
    if (key !== this.key) {
      this.key = key;
      this.turn = null;
      if (openBoxes(this.table, card) <= this.exactOpen) {
        const others: ScoreDistribution[] = state.cards.flatMap((c, i) =>
          i === seat ? [] : [isCardComplete(rules, c) ? { lo: cardTotal(rules, c), p: Float64Array.of(1) } : finalDistribution(this.table, undefined, c)],
        );
        const solver = new WinSolver(this.table.tables, others);
        this.turn = { solver, values: solver.turn(stateOfCard(this.table.tables, card), cardTotal(rules, card)) };
      }
    }
    const position = positionOf(state);
    if (!this.turn) return chooseMove(this.table, 'optimal', position, seedRng(0)).decision;
    return winDecision(this.turn.solver, rules, position.card, position.dice, position.rollsLeft, this.turn.values);
  }
}

/**
 * Plays one two-seat game, `strategies[0]` in seat 0 and `strategies[1]` in seat 1 (the engine's dice from `seed`);
 * returns the winning seat, or -1 for a tie.
 */
export function playDuelGame(table: StrategyTable, strategies: readonly [DuelStrategy, DuelStrategy], seed: number, exactOpen = WIN_EXACT_OPEN): number {
  let state = newGame({
    players: [
      { name: 'A', kind: 'computer', strength: 'optimal' },
      { name: 'B', kind: 'computer', strength: 'optimal' },
    ],
    rules: table.rules,
    seed,
  });
  const seats = strategies.map((s) => (s === 'win' ? new WinSeat(table, exactOpen) : null));
  for (let steps = 0; state.phase !== 'gameOver'; steps++) {
    if (steps > 1000) throw new Error('a duel game did not end');
    const seat = seats[state.current];
    const decision = seat ? seat.decide(state) : chooseMove(table, 'optimal', positionOf(state), seedRng(0)).decision;
    for (const action of actionsFor(state, decision)) {
      const r = reduce(state, action);
      if (!r.ok) throw new Error(`the engine refused ${JSON.stringify(action)}: ${r.error}`);
      state = r.state;
    }
  }
  const totals = state.results[state.results.length - 1].totals;
  return totals[0] > totals[1] ? 0 : totals[1] > totals[0] ? 1 : -1;
}

/**
 * Plays `games` two-seat games of `a` against `b`, the seats swapped every other game (so neither always moves
 * first); game i's dice come from gameSeed(seed, i). The record is by strategy: wins[0] for `a`.
 */
export async function playDuel(table: StrategyTable, a: DuelStrategy, b: DuelStrategy, games: number, seed: number, onGame?: (done: number) => void, exactOpen = WIN_EXACT_OPEN): Promise<DuelRecord> {
  let winsA = 0;
  let winsB = 0;
  let ties = 0;
  for (let i = 0; i < games; i++) {
    const swapped = i % 2 === 1;
    const winner = playDuelGame(table, swapped ? [b, a] : [a, b], gameSeed(seed, i), exactOpen);
    if (winner < 0) ties++;
    else if ((winner === 0) !== swapped) winsA++;
    else winsB++;
    onGame?.(i + 1);
    // The games run in the main thread: a turn of the event loop after each lets a signal's handler (the progress
    // bar's, which ends the run on Ctrl-C) run at once instead of after the last game.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { games, wins: [winsA, winsB], ties };
}

/**
 * A 95% interval for a share of `count` out of `games`: Wilson's score interval, which unlike the normal
 * approximation stays honest for few games and for shares near 0 or 1 (2 wins of 2 is not "100% to 100%").
 */
export function interval95(count: number, games: number): [number, number] {
  const z = 1.96;
  const p = count / games;
  const scale = 1 + (z * z) / games;
  const centre = (p + (z * z) / (2 * games)) / scale;
  const half = (z / scale) * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
