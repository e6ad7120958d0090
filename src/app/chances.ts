/**
 * The win-chance lines: in games of 2-4 seats, each seat's chance to finish strictly highest (and the chance that
 * the top is shared), each seat playing optimally from its card. Shown with the hints, or on their own key; worked
 * out off the main thread for each turn, the answer keyed by the game and turn it is for.
 */
import type { Card, GameState } from '../engine/index.js';
import type { AppModel, ChancesStatus } from './model.js';

/** The fewest and most seats the chances to win are worked out for. */
export const CHANCES_SEATS = { min: 2, max: 4 } as const;

const playing = (g: GameState | null): g is GameState => g !== null && g.phase !== 'gameOver';

/** True when the game has a number of seats the chances are for (2-4). */
export function chancesSeats(g: GameState): boolean {
  return g.players.length >= CHANCES_SEATS.min && g.players.length <= CHANCES_SEATS.max;
}

/** True when the hints are up (turned on, or practice), and so the chances with them. */
export function hintsOn(model: AppModel): boolean {
  return model.hint || model.settings.practice;
}

/** True when the win-chance lines are shown: a game of 2-4 seats in play on the game screen, and the hints or the chances on. */
export function chancesShown(model: AppModel): boolean {
  const g = model.game;
  return model.screen === 'game' && playing(g) && chancesSeats(g) && (hintsOn(model) || model.chances === true);
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
  if (!playing(g) || !chancesSeats(g)) return null;
  return `${model.seed}/${g.results.length}/${g.rules}/${g.cards.map(cardKey).join('|')}`;
}

/** The chances to win of the turn in play: the answer for this turn, or 'working' until it comes. */
export function chancesNow(model: AppModel): ChancesStatus {
  const key = chancesKey(model);
  return key !== null && model.turnChances?.key === key ? model.turnChances.chances : { status: 'working' };
}
