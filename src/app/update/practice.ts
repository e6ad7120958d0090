/** Practice (--practice): the last roll, stop or box taken back; the hints always on. */
import { MAX_ROLLS, legalBoxes, type GameState } from '../../engine/index.js';
import { getLayout } from '../keymaps/index.js';
import type { AppModel, UndoEntry } from '../model.js';
import { computerToMove } from '../modes.js';
import { done, refused, type Phase, type Step } from './step.js';
import { boxName } from './takeBack.js';

/** What the message line says of a move taken back (`name`: the box's, for a box). */
const UNDONE: Record<UndoEntry['move'], (player: string, name: string | undefined) => string> = {
  roll: (player) => `${player}'s roll taken back`,
  'stop-rolling': (player) => `${player} rolls on: the end of the rolling taken back`,
  score: (player, name) => `${player}'s ${name ?? 'box'} taken back`,
};

/**
 * Practice: the game as it was before the last roll, stop or box of the person to move (or, during a computer's
 * turn, of the person who moved before it, the computer's moves taken back too). The dice's generator goes on
 * from where it is, so a roll taken back is rolled afresh.
 */
function undoMove(model: AppModel, g: GameState): Step {
  const top = model.undo[model.undo.length - 1];
  if (top === undefined) return refused({ code: 'undo-nothing' });
  if (g.phase === 'gameOver') return refused({ code: 'game-over' });
  if (top.seat !== g.current && !computerToMove(model)) return refused({ code: 'undo-other', name: g.players[g.current].name, last: g.players[top.seat].name });
  return done(() => {
    const game: GameState = { ...top.before, rng: g.rng };
    // A box taken back: the cursor goes back to it, and the message names it.
    const before = game.cards[top.seat].boxes;
    const box = top.move === 'score' ? Object.keys(g.cards[top.seat].boxes).find((id) => !(id in before)) : undefined;
    const name = box === undefined ? undefined : boxName(game, box);
    const cursorOnBox = box !== undefined && getLayout(model.layout).boxChoice === 'cursor';
    // A box scored after the rolling was ended early, taken back: the rolling can go on again, with the holds the end
    // cleared (the generator goes on, so no roll already seen comes again).
    const below = model.undo[model.undo.length - 2];
    const ended = top.move === 'score' && game.phase === 'choosing' && game.rollsUsed < MAX_ROLLS && below?.move === 'stop-rolling' && below.seat === top.seat;
    return {
      ...model,
      game,
      stopped: ended ? { held: below.before.held } : null,
      undo: model.undo.slice(0, -1),
      decisions: model.decisions.slice(0, top.decisions),
      cursor: game.phase !== 'choosing' ? null : cursorOnBox ? box : (legalBoxes(game)[0]?.id ?? null),
      option: '',
      computer: { ...model.computer, steps: [], hurry: false },
      message: { text: UNDONE[top.move](game.players[top.seat].name, name), tone: 'info' },
    };
  });
}

/** The hint key: the hint panel on or off (in practice it is always on). */
export function toggleHint(model: AppModel): Step {
  if (model.settings.practice) return refused({ code: 'hints-always-on' });
  return done(() => ({ ...model, hint: !model.hint, message: null }));
}

/** The practice phase: taking back, in any state of a game (outside practice the take-back phase has the key). */
export const practice: Phase = (model, action) => {
  if (action.type !== 'undo' || !model.settings.practice) return null;
  if (model.game === null) return refused({ code: 'no-game' });
  return undoMove(model, model.game);
};
