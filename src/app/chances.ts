/**
 * The win-chance lines: in games of 2-4 seats, each seat's chance to finish strictly highest (and the chance that
 * the top is shared), each seat playing optimally from its card, and the seat whose turn it is from its dice once
 * they have landed. Shown with the hints, or on their own key; worked out off the main thread for each turn and
 * roll, the answer keyed by the game, turn and dice it is for.
 */
import { rollsLeft, standings, type Card, type Dice, type GameState } from '../engine/index.js';
import type { MatchSoFar } from '../solver/chances/matchChances.js';
import { hasLanded, type AppModel, type ChancesStatus } from './model.js';

/** The fewest and most seats the chances to win are worked out for. */
export const CHANCES_SEATS = { min: 2, max: 4 } as const;

const playing = (g: GameState | null): g is GameState => g !== null && g.phase !== 'gameOver';

/** True when the game has a number of seats the chances are for (2-4). */
export function chancesSeats(g: GameState): boolean {
  return g.players.length >= CHANCES_SEATS.min && g.players.length <= CHANCES_SEATS.max;
}

/** True when the hints are up (turned on, or practice). */
export function hintsOn(model: AppModel): boolean {
  return model.hint || model.settings.practice;
}

/**
 * True when the chances are worked out for this kind of match: whole games. In a first-to-a-score match a game ends
 * in the round a total reaches the target, which a chance from the cards alone does not know.
 */
export function chancesMatch(g: GameState): boolean {
  return g.match.kind !== 'target';
}

/**
 * The match so far when the chances to win the match are worked out too: two seats in a match of several games,
 * a game in play; from seat 0's side (games won alone and points over the finished games, less seat 1's) and the
 * games still to come after this one. Null otherwise: 3-4 seats, a single game or a first-to-a-score match.
 */
export function chancesMatchSoFar(g: GameState | null): MatchSoFar | null {
  if (!playing(g) || g.players.length !== 2 || g.match.kind !== 'games' || g.match.games < 2) return null;
  const [a, b] = standings(g);
  return {
    gamesAhead: a.gamesWon - b.gamesWon,
    pointsAhead: a.matchTotal - a.currentGame - (b.matchTotal - b.currentGame),
    gamesAfter: Math.max(0, g.match.games - g.results.length - 1),
  };
}

/**
 * True when the win-chance lines are shown: a game of 2-4 seats in play on the game screen, and the chances on (always
 * in practice).
 */
export function chancesShown(model: AppModel): boolean {
  const g = model.game;
  return model.screen === 'game' && playing(g) && chancesSeats(g) && chancesMatch(g) && (model.chances === true || model.settings.practice);
}

/** A card as text that is the same for the same card whatever order its boxes were filled in. */
function cardKey(card: Card): string {
  const boxes = Object.entries(card.boxes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${boxes.map(([b, p]) => `${b}=${p}`).join(',')}+${card.yahtzeeBonuses}`;
}

/**
 * What names the turn in play for its chances to win: the match's seed, the game of the match, the rules and every
 * seat's card (which change only when a box is scored, that is when a turn ends); null when no chances are worked
 * out (no game in play, or not 2-4 seats).
 */
export function chancesKey(model: AppModel): string | null {
  const g = model.game;
  if (!playing(g) || !chancesSeats(g) || !chancesMatch(g)) return null;
  const turn = chancesTurn(model);
  const dice = g.rollsUsed === 0 ? '' : turn ? `/${turn.seat}:${[...turn.dice].sort().join('')}:${turn.rollsLeft}` : '/landing';
  return `${chancesGame(model)}${g.rules}/${g.cards.map(cardKey).join('|')}${dice}`;
}

/** What names the game of a chances key (the match's seed and the game of the match): the start of the key. */
function chancesGame(model: AppModel): string {
  return `${model.seed}/${model.game?.results.length ?? 0}/`;
}

/** The seat whose turn it is, in the middle of it: the dice on its table and the rolls left after them. */
export interface ChancesTurnNow {
  readonly seat: number;
  readonly dice: Dice;
  readonly rollsLeft: 0 | 1 | 2;
}

/** The turn in play from its dice once they have landed (the chances are then from them), else null (before the first roll, or while they roll). */
export function chancesTurn(model: AppModel): ChancesTurnNow | null {
  const g = model.game;
  if (!playing(g) || g.rollsUsed === 0 || !hasLanded(model)) return null;
  return { seat: g.current, dice: g.dice, rollsLeft: Math.min(2, rollsLeft(g)) as 0 | 1 | 2 };
}

/** The chances to win of the turn in play: the answer for this turn and dice, or 'working' until it comes. */
export function chancesNow(model: AppModel): ChancesStatus {
  const key = chancesKey(model);
  return key !== null && model.turnChances?.key === key ? model.turnChances.chances : { status: 'working' };
}

/** The last chances known in this game while the ones for the dice now are worked out (shown dimmed), else null. */
export function chancesBefore(model: AppModel): Extract<ChancesStatus, { status: 'ready' }> | null {
  const t = model.turnChances;
  if (t === undefined || t.chances.status !== 'ready' || model.game === null || !t.key.startsWith(chancesGame(model))) return null;
  return t.key === chancesKey(model) || t.chances.win.length !== model.game.players.length ? null : t.chances;
}
