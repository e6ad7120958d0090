/** Who may act on the host's game at a table, and when: the person whose turn it is, the host, a box's scorer. */
import { sameName } from '../engine/index.js';
import type { AppAction, AppModel } from '../app/index.js';
import { takeBackOwner } from '../app/update/takeBack.js';

/**
 * Actions a guest never sends to the host's game: leaving is the guest's own (it ends the connection), and so is a
 * redraw; giving a seat to the computer is the host's.
 */
const GUEST_NEVER: ReadonlySet<AppAction['type']> = new Set(['quit', 'quit-now', 'confirm', 'redraw', 'seat-to-computer']);

/** What the host's terminal may always do: stop the table (the quit question), redraw itself. */
const HOST_ALWAYS: ReadonlySet<AppAction['type']> = new Set(['quit', 'quit-now', 'confirm', 'redraw']);

/** The name of the person whose turn it is, or null when no person is to play (setup, a computer's turn, game over). */
export function turnSeat(model: AppModel): string | null {
  const g = model.game;
  if (model.screen !== 'game' || g === null || g.phase === 'gameOver') return null;
  const player = g.players[g.current];
  return player?.kind === 'human' ? player.name : null;
}

/** Why a take-back key did nothing at a hosted table: the box open to be taken back is another player's. */
export function takeBackRefused(owner: string): string {
  return `Only ${owner} can take back ${owner}'s box`;
}

/**
 * Whether this action may act on the host's game: a guest's only on their own seat's turn (never the quit question's
 * keys); the host's on the host's seat's turn, when no person is to play (the setup, the resume question, a
 * computer's turn, the end of a game: the host runs the table), on any person's turn to give their seat to the
 * computer (the game refuses it, with its reason, unless they are away) or to turn its own tips and chances on or off,
 * and always to stop the table. The take-back key, while a box can be taken back, is its scorer's alone.
 */
export function mayAct(model: AppModel, who: { readonly seat: string | null; readonly host: boolean }, action: AppAction): boolean {
  // A box scored is its scorer's to take back, whoever's turn it is now, and no one else's (--take-back).
  const owner = action.type === 'undo' && !model.settings.practice ? takeBackOwner(model) : null;
  if (owner !== null) return who.seat !== null && sameName(who.seat, owner);
  const seat = turnSeat(model);
  if (who.host) {
    if (HOST_ALWAYS.has(action.type) || model.overlay === 'confirm' || seat === null) return true;
    // The game itself says why the key does nothing while the seat's player is here.
    if (action.type === 'seat-to-computer') return true;
    // The host's tips and chances are the host's screen's alone: every guest's screen has its own (GuestLook).
    if (action.type === 'hint' || action.type === 'chances') return true;
    return who.seat !== null && sameName(who.seat, seat);
  }
  if (seat === null || who.seat === null || !sameName(seat, who.seat)) return false;
  return model.overlay !== 'confirm' && !GUEST_NEVER.has(action.type);
}
