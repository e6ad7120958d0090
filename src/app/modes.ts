import { MAX_ROLLS, isMatchComplete } from '../engine/index.js';
import type { Mode } from './keymaps/index.js';
import type { AppModel } from './model.js';
import { isTooSmall } from './size.js';

/** True when the seat whose turn it is will be played by the computer-move provider. */
export function computerToMove(model: AppModel): boolean {
  const g = model.game;
  return model.computerPlays && g !== null && g.phase !== 'gameOver' && g.players[g.current]?.kind === 'computer';
}

/** True when the person to move ended the rolling early this turn and may still roll on (AppModel.stopped). */
export function canRollOn(model: AppModel): boolean {
  const g = model.game;
  return g !== null && g.phase === 'choosing' && g.rollsUsed < MAX_ROLLS && model.stopped != null;
}

/** The keyboard mode the model is in: which bindings of the layout apply. */
export function modeOf(model: AppModel): Mode {
  if (isTooSmall(model)) return 'too-small';
  // After the last game of a match there is no game to play on: the question's no says so.
  if (model.overlay === 'confirm') return model.game !== null && model.game.phase === 'gameOver' && isMatchComplete(model.game.match, model.game.results) ? 'confirm-over' : 'confirm';
  if (model.overlay === 'help') return 'help';
  if (model.overlay === 'review') return 'review';
  if (model.screen === 'resume') return 'resume';
  if (model.screen === 'setup') {
    switch (model.setup.step) {
      case 'players':
        return 'setup-players';
      case 'name':
        // Before the first name ESC has no name to go back to: the Spectrum leaves there (the MSX goes back to its players question).
        return model.setup.names.length === 0 ? 'setup-first-name' : 'setup-name';
      case 'match':
        return 'setup-match';
      case 'number':
        return 'setup-number';
    }
  }
  const g = model.game;
  if (model.screen !== 'game' || g === null) return 'too-small';
  if (g.phase === 'gameOver') return isMatchComplete(g.match, g.results) ? 'match-over' : 'game-over';
  if (computerToMove(model)) return 'computer';
  return g.phase === 'choosing' ? 'choosing' : 'rolling';
}
