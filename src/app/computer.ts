import { getRuleSet, seedRng, type GameState, type Player, type RngState, type Strength } from '../engine/index.js';
import type { MoveChoice, StrategyTable } from '../solver/index.js';
// The solver's light modules only: the game's first frame is drawn before the solver is loaded.
import { tableSolver } from '../solver/play/tableSolver.js';
import { casualMove, positionOf, type Decision, type Position } from '../solver/play/moves.js';
import { winTurnSpec } from '../solver/win/winGoal.js';
import { tableFor } from '../solver/strategy/state.js';
import type { AppModel, ComputerState } from './model.js';
import { computerToMove } from './modes.js';

/** Mixed into the match seed for the computer players' own generator, so it never follows the dice's. */
const COMPUTER_SEED_MIX = 0x5bd1e995;

/** The computer players' generator for a match seed (a pure-rand xoroshiro128+ state, plain JSON). */
export function computerRng(seed: number): RngState {
  return seedRng((seed ^ COMPUTER_SEED_MIX) | 0);
}

/** The computer side of a fresh match: its generator from the seed, no turn in progress. */
export function freshComputer(seed: number): ComputerState {
  return { rng: computerRng(seed), steps: [], hurry: false, hurriedAt: null };
}

/** The strength a computer seat plays at (the session's when the seat does not say). */
export function strengthOf(model: AppModel, player: Player | undefined): Strength {
  return player?.strength ?? model.settings.strength;
}

/** True when a seat is a computer that decides from the strategy table (optimal and strong; casual needs none). */
export function usesTable(model: AppModel, player: Player | undefined): boolean {
  return player?.kind === 'computer' && strengthOf(model, player) !== 'casual';
}

/**
 * True when the game wants the strategy table: a computer plays optimal or strong, hints are on (always in
 * practice), or a game a person played is over (the review). It is then loaded or computed in the background.
 */
export function needsTable(model: AppModel): boolean {
  const g = model.game;
  if (model.screen !== 'game' || g === null) return false;
  if (g.players.some((p) => usesTable(model, p)) || model.hint || model.settings.practice) return true;
  return g.phase === 'gameOver' && g.players.some((p) => p.kind === 'human');
}

/** True when the computer seat to move is waiting for the strategy table before it can decide. */
export function computerWaiting(model: AppModel, table: StrategyTable | undefined): boolean {
  const g = model.game;
  if (!computerToMove(model) || g === null || model.computer.steps.length > 0 || model.strategy.status === 'failed') return false;
  return usesTable(model, g.players[g.current]) && !tableFor(table, g);
}

/** A win seat's turn work done (outside the model, like the strategy table): the turn it is for, and its decision for any roll of it. */
export interface WinAnswer {
  readonly key: string;
  readonly decide: (position: Position) => Decision;
}

/**
 * Where a win seat's decision comes from now: its turn work (`exact`), mean-optimal play (`mean`: before its last
 * WIN_EXACT_OPEN turns, a lone seat, or its work unavailable), or nothing yet (`wait`: the work is under way or not
 * started; the seat to move is not a win seat's exact turn otherwise).
 */
export function winSource(model: AppModel, win: WinAnswer | undefined): 'exact' | 'mean' | 'wait' {
  const g = model.game;
  const spec = g === null ? null : winTurnSpec(g);
  if (spec === null) return 'mean';
  if (model.win?.key !== spec.key) return 'wait';
  if (model.win.status === 'unavailable') return 'mean';
  return model.win.status === 'ready' && win?.key === spec.key ? 'exact' : 'wait';
}

/**
 * The decision of the computer seat to move, with its generator's next state: optimal and strong from the
 * strategy table (chooseMove), casual without it (casualMove; also optimal, strong and win when the table could not
 * be had), win from its turn work in its last turns (winSource), else as optimal. Null when no computer is to decide
 * now (a person's turn, a step of its last decision still to show) or its table or turn work is not there yet.
 */
export function computerChoice(model: AppModel, table: StrategyTable | undefined, win?: WinAnswer): MoveChoice | null {
  const g: GameState | null = model.game;
  if (g === null || !computerToMove(model) || model.computer.steps.length > 0) return null;
  const player = g.players[g.current];
  const strength = strengthOf(model, player);
  const position = positionOf(g);
  if (strength === 'casual' || model.strategy.status === 'failed') return { decision: casualMove(getRuleSet(g.rules), position), rng: model.computer.rng };
  if (!tableFor(table, g, position.card)) return null;
  if (strength === 'win') {
    const source = winSource(model, win);
    if (source === 'wait') return null;
    if (source === 'exact') return { decision: win!.decide(position), rng: model.computer.rng };
  }
  return tableSolver().chooseMove(table, strength, position, model.computer.rng);
}

/** Decides a computer seat's next move from the model, the strategy table (if loaded) and a win seat's turn work (if done); null: nothing to decide now. */
export type ComputerProvider = (model: AppModel, table: StrategyTable | undefined, win?: WinAnswer) => MoveChoice | null;
