import {
  getRuleSet,
  newGame,
  reduce,
  seedRng,
  upperBonus,
  type Card,
  type GameState,
  type RuleSetId,
  type Strength,
} from '../../engine/index.js';
import { actionsFor, casualMove, positionOf } from './moves.js';
import { chooseMove } from './policy.js';
import type { StrategyTable } from '../strategy/table.js';

/** How one simulated game ended. */
export interface GameOutcome {
  readonly total: number;
  readonly upperBonus: boolean;
  /** Yahtzees scored: 1 for 50 in the Yahtzee box, plus one per Yahtzee bonus. */
  readonly yahtzees: number;
}

/** The seed of game `i` of a simulation seeded with `seed` (a 32-bit mix, so games do not share dice). */
export function gameSeed(seed: number, i: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Plays one whole one-player game with the engine (newGame, reduce) and a computer strategy. */
export function playGame(rules: RuleSetId, strategy: Strength, table: StrategyTable | undefined, seed: number, startCard?: Card): GameState {
  if (strategy !== 'casual' && !table) throw new Error(`the ${strategy} player needs a strategy table`);
  let state = newGame({ players: [{ name: 'Computer', kind: 'computer', strength: strategy }], rules, seed });
  if (startCard) state = { ...state, cards: [startCard] };
  let rng = seedRng(gameSeed(seed, 0x5eed));
  const ruleSet = getRuleSet(rules);
  for (let steps = 0; state.phase !== 'gameOver'; steps++) {
    if (steps > 500) throw new Error('a simulated game did not end');
    let decision;
    if (strategy === 'casual') decision = casualMove(ruleSet, positionOf(state));
    else {
      const move = chooseMove(table!, strategy, positionOf(state), rng);
      decision = move.decision;
      rng = move.rng;
    }
    for (const action of actionsFor(state, decision)) {
      const r = reduce(state, action);
      if (!r.ok) throw new Error(`the engine refused ${JSON.stringify(action)}: ${r.error}`);
      state = r.state;
    }
  }
  return state;
}

/** The outcome of a finished one-player game. */
export function outcomeOf(state: GameState): GameOutcome {
  const rules = getRuleSet(state.rules);
  const card = state.cards[0];
  const yBox = rules.boxes.find((b) => b.scoring.kind === 'yahtzee');
  const full = yBox && yBox.scoring.kind === 'yahtzee' && card.boxes[yBox.id] === yBox.scoring.points ? 1 : 0;
  return { total: state.results[state.results.length - 1].totals[0], upperBonus: upperBonus(rules, card) > 0, yahtzees: full + card.yahtzeeBonuses };
}

/** Where simulated games write their outcomes (shared memory when workers play). */
export interface OutcomeArrays {
  readonly totals: Int32Array;
  readonly upperBonus: Uint8Array;
  readonly yahtzees: Uint8Array;
}

/** Fresh outcome arrays for `games` games, in shared memory. */
export function outcomeArrays(games: number): OutcomeArrays {
  return {
    totals: new Int32Array(new SharedArrayBuffer(games * 4)),
    upperBonus: new Uint8Array(new SharedArrayBuffer(games)),
    yahtzees: new Uint8Array(new SharedArrayBuffer(games)),
  };
}

/** Plays games from..to-1 of a simulation into `out`; game i always gets the same dice, whichever thread plays it. */
export function playRange(rules: RuleSetId, strategy: Strength, table: StrategyTable | undefined, seed: number, from: number, to: number, out: OutcomeArrays, startCard?: Card): void {
  for (let i = from; i < to; i++) {
    const o = outcomeOf(playGame(rules, strategy, table, gameSeed(seed, i), startCard));
    out.totals[i] = o.total;
    out.upperBonus[i] = o.upperBonus ? 1 : 0;
    out.yahtzees[i] = Math.min(255, o.yahtzees);
  }
}

/** One bar of the histogram: totals from `from` up to, not including, `to`. */
export interface HistogramBin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** What a simulation found. */
export interface SimulationSummary {
  readonly games: number;
  readonly mean: number;
  /** Sample standard deviation of the totals. */
  readonly sd: number;
  /** Standard error of the mean: sd / sqrt(games). */
  readonly standardError: number;
  readonly min: number;
  readonly max: number;
  /** Share of games that earned the upper bonus (0 to 1). */
  readonly upperBonusRate: number;
  /** Share of games with 50 in the Yahtzee box (0 to 1). */
  readonly yahtzeeRate: number;
  /** Yahtzees per game, bonus Yahtzees included. */
  readonly yahtzeesPerGame: number;
  readonly histogram: HistogramBin[];
}

/** The statistics of the games in `out`, with a histogram of `binWidth`-point bins. */
export function summarize(out: OutcomeArrays, binWidth = 25): SimulationSummary {
  const n = out.totals.length;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let bonus = 0;
  let yGames = 0;
  let yCount = 0;
  for (let i = 0; i < n; i++) {
    const t = out.totals[i];
    sum += t;
    if (t < min) min = t;
    if (t > max) max = t;
    bonus += out.upperBonus[i];
    yGames += out.yahtzees[i] > 0 ? 1 : 0;
    yCount += out.yahtzees[i];
  }
  const mean = n > 0 ? sum / n : 0;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (out.totals[i] - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
  const histogram: HistogramBin[] = [];
  if (n > 0) {
    const first = Math.floor(min / binWidth) * binWidth;
    const counts = new Array<number>(Math.floor((max - first) / binWidth) + 1).fill(0);
    for (let i = 0; i < n; i++) counts[Math.floor((out.totals[i] - first) / binWidth)]++;
    counts.forEach((count, k) => histogram.push({ from: first + k * binWidth, to: first + (k + 1) * binWidth, count }));
  }
  return {
    games: n,
    mean,
    sd,
    standardError: n > 0 ? sd / Math.sqrt(n) : 0,
    min: n > 0 ? min : 0,
    max: n > 0 ? max : 0,
    upperBonusRate: n > 0 ? bonus / n : 0,
    yahtzeeRate: n > 0 ? yGames / n : 0,
    yahtzeesPerGame: n > 0 ? yCount / n : 0,
    histogram,
  };
}
