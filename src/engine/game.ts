import type { Action, EngineRefusal, Result } from './actions.js';
import { EMPTY_CARD, cardTotal, scoreCard } from './card.js';
import { DICE_COUNT, type Face } from './dice.js';
import { gameEndsAfterRound, isMatchComplete } from './match.js';
import { rollDice, seedRng, type RngState } from './rng.js';
import { getRuleSet, type RuleSetId } from './rules/index.js';
import { MAX_PLAYERS, MAX_ROLLS, type GameState, type MatchKind, type Player } from './state.js';

/** What a new game needs; everything but the players has a default. */
export interface NewGameOptions {
  readonly players: readonly Player[];
  readonly rules?: RuleSetId;
  readonly seed: number;
  readonly match?: MatchKind;
  readonly clearHoldsAfterRoll?: boolean;
}

const NO_HOLDS: readonly boolean[] = [false, false, false, false, false];

/** Rolls every die not held; returns the new dice and generator state. */
function rollUnheld(dice: readonly Face[], held: readonly boolean[], rng: RngState): { dice: Face[]; rng: RngState } {
  const free = held.filter((h) => !h).length;
  const rolled = rollDice(rng, free);
  let k = 0;
  return { dice: dice.map((d, i) => (held[i] ? d : rolled.faces[k++])), rng: rolled.rng };
}

/** The start of a turn: holds cleared and the first roll made, as on the MSX. */
function startTurn(state: GameState, current: number): GameState {
  const first = rollDice(state.rng, DICE_COUNT);
  return { ...state, current, phase: 'rolling', dice: first.faces, held: NO_HOLDS, rollsUsed: 1, rng: first.rng };
}

/** A new game (the first of its match), with the first roll of the first turn made. */
export function newGame(options: NewGameOptions): GameState {
  const players = options.players.slice(0, MAX_PLAYERS);
  const base: GameState = {
    version: 1,
    rules: options.rules ?? 'official',
    seed: options.seed,
    rng: seedRng(options.seed),
    players,
    match: options.match ?? { kind: 'single' },
    results: [],
    cards: players.map(() => EMPTY_CARD),
    current: 0,
    phase: 'rolling',
    dice: [1, 1, 1, 1, 1],
    held: NO_HOLDS,
    rollsUsed: 0,
    clearHoldsAfterRoll: options.clearHoldsAfterRoll ?? true,
  };
  return startTurn(base, 0);
}

/** Why rolling and holding are refused once the rolling is over: no rolls left, or stopped early. */
const rollingOver = (state: GameState): string =>
  state.rollsUsed >= MAX_ROLLS ? 'No rolls left: choose a box' : 'The rolling is over: choose a box';

const refuse = (state: GameState, refusal: EngineRefusal, error: string): Result => ({ ok: false, state, refusal, error });
const accept = (state: GameState): Result => ({ ok: true, state });

/**
 * Applies one action: the next state, or the same state and why the action is not allowed now. An exception is a
 * bug, not a refusal: it is not caught here, so that the tests and the fuzz see it.
 */
export function reduce(state: GameState, action: Action): Result {
  if (typeof action !== 'object' || action === null || typeof action.type !== 'string') return refuse(state, 'unknown-action', 'Unknown action');
  return step(state, action);
}

function step(state: GameState, action: Action): Result {
  if (state.phase === 'gameOver' && action.type !== 'next-game') return refuse(state, 'game-over', 'The game is over');
  switch (action.type) {
    case 'toggle-hold': {
      if (!Number.isInteger(action.die) || action.die < 0 || action.die >= DICE_COUNT) return refuse(state, 'no-such-die', 'There are only five dice');
      if (state.phase !== 'rolling') return refuse(state, 'rolling-over', rollingOver(state));
      return accept({ ...state, held: state.held.map((h, i) => (i === action.die ? !h : h)) });
    }
    case 'clear-holds': {
      if (state.phase !== 'rolling') return refuse(state, 'rolling-over', rollingOver(state));
      return accept({ ...state, held: NO_HOLDS });
    }
    case 'roll': {
      if (state.phase !== 'rolling') return refuse(state, 'rolling-over', rollingOver(state));
      if (state.held.every((h) => h)) return refuse(state, 'all-kept', 'All five dice are kept: release one to roll, or choose a box');
      const rolled = rollUnheld(state.dice, state.held, state.rng);
      const rollsUsed = state.rollsUsed + 1;
      return accept({
        ...state,
        dice: rolled.dice,
        rng: rolled.rng,
        rollsUsed,
        held: state.clearHoldsAfterRoll ? NO_HOLDS : state.held,
        phase: rollsUsed >= MAX_ROLLS ? 'choosing' : 'rolling',
      });
    }
    case 'stop-rolling': {
      if (state.phase !== 'rolling') return refuse(state, 'already-stopped', 'The rolling is already over: choose a box');
      return accept({ ...state, phase: 'choosing', held: NO_HOLDS });
    }
    case 'resume-rolling': {
      if (state.phase !== 'choosing') return refuse(state, 'not-stopped', 'The rolling is not over');
      if (state.rollsUsed >= MAX_ROLLS) return refuse(state, 'no-rolls-left', 'No rolls left: choose a box');
      return accept({ ...state, phase: 'rolling' });
    }
    case 'score':
      if (typeof action.box !== 'string') return refuse(state, 'no-box', 'Choose a box to score');
      return scoreTurn(state, action.box);
    case 'next-game': {
      if (state.phase !== 'gameOver') return refuse(state, 'not-over', 'The game is not over yet');
      if (isMatchComplete(state.match, state.results)) return refuse(state, 'match-over', 'The match is over');
      return accept(startTurn({ ...state, cards: state.players.map(() => EMPTY_CARD) }, 0));
    }
    default:
      return refuse(state, 'unknown-action', 'Unknown action');
  }
}

function scoreTurn(state: GameState, box: string): Result {
  const rules = getRuleSet(state.rules);
  const card = scoreCard(rules, state.cards[state.current], state.dice, box);
  if ('error' in card) return refuse(state, 'box-refused', card.error);
  const cards = state.cards.map((c, i) => (i === state.current ? card : c));
  const next = (state.current + 1) % state.players.length;
  // A round ends when the last seat has scored: the game ends there when the cards are full, or when a target
  // match's target has been reached (every seat has then had the same number of turns).
  if (next === 0 && gameEndsAfterRound({ ...state, cards })) {
    const results = [...state.results, { totals: cards.map((c) => cardTotal(rules, c)) }];
    return accept({ ...state, cards, results, phase: 'gameOver', held: NO_HOLDS });
  }
  return accept(startTurn({ ...state, cards }, next));
}
