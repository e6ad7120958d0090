/** The win-chance lines: their key (on or off), and the answers from the process that works them out. */
import { CHANCES_SEATS, chancesBefore, chancesSeats, chancesKey } from '../chances.js';
import type { AppModel, ChancesStatus } from '../model.js';
import { done, ignored, refused, type Phase, type Step } from './step.js';

/**
 * The chances key: the lines on or off, in a game of 2-4 seats, whether the hints are on or not (each key turns its
 * own lines; in practice both are always on).
 */
function toggleChances(model: AppModel): Step {
  const g = model.game;
  if (g === null) return refused({ code: 'no-game' });
  if (g.phase === 'gameOver') return refused({ code: 'game-over' });
  if (!chancesSeats(g)) return refused({ code: 'chances-seats', ...CHANCES_SEATS });
  // Not in a first-to-a-score match (chancesMatch says why).
  if (g.match.kind === 'target') return refused({ code: 'chances-target', target: g.match.target });
  if (model.settings.practice) return refused({ code: 'chances-in-practice' });
  return done(() => ({ ...model, chances: model.chances !== true, message: null }));
}

/**
 * An answer from the chances' process: kept when it is for the turn in play, ignored when it is for another (an older
 * turn, or another game). That the new dice's are being worked out does not replace the last answer of this game: it
 * is shown (dimmed) until theirs comes.
 */
export function receiveChances(model: AppModel, key: string, chances: ChancesStatus): Step {
  if (key !== chancesKey(model)) return ignored;
  if (chances.status === 'working' && chancesBefore(model) !== null) return ignored;
  return done(() => ({ ...model, turnChances: { key, chances } }));
}

/** The chances phase: the chances key, whoever's turn it is (during a computer's turn too). */
export const chancesPhase: Phase = (model, action) => (action.type === 'chances' ? toggleChances(model) : null);
