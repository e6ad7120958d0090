/**
 * A hosted table's seats (yahtzee host): who is away, as the table tells it, and a seat whose player is away given to
 * the computer, which plays it to the end of the match as any computer seat.
 */
import { sameName } from '../../engine/index.js';
import type { AppModel } from '../model.js';
import { done, ignored, refused, type Phase, type Step } from './step.js';

/** True when the game already holds these names, in this order, as the players away (none: an empty list). */
export function sameAway(model: AppModel, names: readonly string[]): boolean {
  const away = model.away ?? [];
  return away.length === names.length && away.every((n, i) => n === names[i]);
}

/** The table's word on who is away (whatever the screen: it only says who may be replaced). */
export const awayPhase: Phase = (model, action) => {
  if (action.type !== 'away') return null;
  return model.away !== undefined && sameAway(model, action.names) ? ignored : done(() => ({ ...model, away: [...action.names] }));
};

/**
 * The seat named (else the seat in turn) becomes a computer seat, its name and card kept, at the strength the table
 * set for its computers; on its turn the computer goes on from where the person left it. Only the seat of a person
 * who is away: in a game of one terminal nobody is. The take-back goes, so that nothing brings the person back.
 */
function seatToComputer(model: AppModel, name: string | undefined): Step {
  const g = model.game;
  if (model.screen !== 'game' || g === null) return refused({ code: 'no-game' });
  if (g.phase === 'gameOver') return refused({ code: 'game-over' });
  const seat = name === undefined ? g.current : g.players.findIndex((p) => sameName(p.name, name));
  const player = g.players[seat];
  if (player === undefined) return refused({ code: 'seat-unknown', name: name ?? '' });
  if (player.kind !== 'human') return refused({ code: 'seat-not-person', name: player.name });
  if (!(model.away ?? []).some((n) => sameName(n, player.name))) return refused({ code: 'seat-not-away', name: player.name });
  return done(() => ({
    ...model,
    game: { ...g, players: g.players.map((p, i) => (i === seat ? { name: p.name, kind: 'computer', strength: model.setup.strength } : p)) },
    undo: [],
    takeBack: null,
    message: { text: `${player.name}'s seat is played by the computer`, tone: 'info' },
  }));
}

/**
 * The phase of the key that gives a dropped player's seat to the computer: at a hosted table only (in a game of one
 * terminal the key is not the game's, and the later phases take it as any other key).
 */
export const seatToComputerPhase: Phase = (model, action) => (action.type === 'seat-to-computer' && model.settings.hosted === true ? seatToComputer(model, action.name) : null);
