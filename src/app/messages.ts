/**
 * The message line's words, all of them in one place: why an action is refused (the typed refusals of the controller,
 * worded here for the screen and the spoken screen alike), news of a move, and the quit question.
 */
import { NAME_CODE_POINTS, NAME_COLUMNS, NAME_MARKS, hasScored, isMatchComplete, targetReached, type EngineRefusal, type GameState } from '../engine/index.js';
import { getLayout, heldWord } from './keymaps/index.js';
import { keyLabel, keyLabelIn, keyWord, requiredKeyLabel } from './labels.js';
import { canRollOn, modeOf } from './modes.js';
import type { AppModel, Message } from './model.js';
import { MATCH_LIMITS, computerByName, computerNameIn } from './setup.js';
import { listWords } from '../text/index.js';

/**
 * Why the controller refuses an action, as a typed code (as boardgame.io's INVALID_MOVE): the model stays as it was
 * and refusalText says why on the message line. `engine` carries the engine's own refusal and reason.
 */
export type Refusal =
  | { readonly code: 'unknown-key' }
  | { readonly code: 'no-die'; readonly key: string; readonly dice: string }
  | { readonly code: 'paste' }
  | { readonly code: 'confirm-keys' }
  | { readonly code: 'resume-keys' }
  | { readonly code: 'no-game' }
  | { readonly code: 'game-over' }
  | { readonly code: 'not-over' }
  | { readonly code: 'engine'; readonly refusal: EngineRefusal; readonly reason: string }
  | { readonly code: 'stop-first' }
  | { readonly code: 'nothing-typed' }
  | { readonly code: 'choose-first' }
  | { readonly code: 'option-range'; readonly count: number }
  | { readonly code: 'option-empty'; readonly count: number }
  | { readonly code: 'no-option'; readonly option: string; readonly count: number }
  | { readonly code: 'no-option-typed'; readonly option: string; readonly count: number }
  | { readonly code: 'no-box' }
  | { readonly code: 'nothing-to-erase' }
  | { readonly code: 'computer-moves'; readonly name: string }
  | { readonly code: 'not-computer-turn' }
  | { readonly code: 'computer-busy' }
  | { readonly code: 'computer-no-step' }
  | { readonly code: 'computer-failed'; readonly reason: string }
  | { readonly code: 'hints-always-on' }
  | { readonly code: 'chances-seats'; readonly min: number; readonly max: number }
  | { readonly code: 'chances-in-practice' }
  | { readonly code: 'chances-target'; readonly target: number }
  | { readonly code: 'review-after-game' }
  | { readonly code: 'review-nobody' }
  | { readonly code: 'take-back-off' }
  | { readonly code: 'take-back-nothing' }
  | { readonly code: 'take-back-late'; readonly name: string }
  | { readonly code: 'take-back-game-over' }
  | { readonly code: 'undo-nothing' }
  | { readonly code: 'undo-other'; readonly name: string; readonly last: string }
  | { readonly code: 'players-range'; readonly max: number }
  | { readonly code: 'no-computer-seated' }
  | { readonly code: 'no-person-seat'; readonly computers: number; readonly max: number }
  | { readonly code: 'name-char' }
  | { readonly code: 'name-space' }
  | { readonly code: 'name-wide' }
  | { readonly code: 'name-long' }
  | { readonly code: 'name-marks' }
  | { readonly code: 'name-empty' }
  | { readonly code: 'name-bad'; readonly problem: string }
  | { readonly code: 'name-taken'; readonly name: string }
  | { readonly code: 'number-digit' }
  | { readonly code: 'number-zero' }
  | { readonly code: 'number-long'; readonly max: number }
  | { readonly code: 'number-range'; readonly kind: 'games' | 'target' }
  | { readonly code: 'names-given' }
  | { readonly code: 'names-none' }
  | { readonly code: 'names-first' }
  | { readonly code: 'seat-unknown'; readonly name: string }
  | { readonly code: 'seat-not-person'; readonly name: string }
  | { readonly code: 'seat-not-away'; readonly name: string };

/** The key that rolls on after the rolling was ended early: the MSX's i again, the Spectrum's ESC (nothing typed). */
function rollOnKey(model: AppModel): string {
  return keyLabelIn(model, 'choosing', 'resume-rolling') ?? requiredKeyLabel(model, 'choosing', 'back');
}

/** A refusal in words, for the message line (the screen and the spoken screen show the same line). */
export function refusalText(model: AppModel, r: Refusal): string {
  switch (r.code) {
    case 'unknown-key': {
      // Where the help key works, it is named: the one key that tells what the others do.
      const help = keyLabelIn(model, modeOf(model), 'help');
      return help === null ? 'Unknown key' : `Unknown key: ${help} lists the keys`;
    }
    case 'no-die':
      return `Dice are ${r.dice}: ${r.key} is no die`;
    case 'paste':
      return 'A paste is not played: type the keys one at a time';
    case 'confirm-keys':
      return `Press Y to quit or N to ${modeOf(model) === 'confirm-over' ? 'stay' : 'play on'}`;
    case 'resume-keys':
      return 'Press Y to resume, N for a new game or Q to quit';
    case 'no-game':
      return 'No game in play';
    case 'game-over': {
      // After a game the keys of a turn say which key goes on.
      const mode = modeOf(model);
      if (mode === 'game-over') return `The game is over: ${requiredKeyLabel(model, mode, 'continue')} starts the next game`;
      if (mode !== 'match-over') return 'The game is over';
      const single = model.game?.match.kind === 'single';
      return `The ${single ? 'game' : 'match'} is over: ${requiredKeyLabel(model, mode, 'continue')} plays again`;
    }
    case 'not-over':
      return 'The game is not over yet';
    case 'engine':
      // The engine says "kept"; the Spectrum's screen says HOLD.
      if (r.refusal === 'all-kept') return `All five dice are ${heldWord(getLayout(model.layout))}: release one to roll, or choose a box`;
      // The rolling ended early by a key can go on: the key that does it is said.
      if (r.refusal === 'rolling-over' && canRollOn(model)) return `You ended the rolling: choose a box, or ${rollOnKey(model)} to roll on`;
      return r.reason;
    case 'stop-first':
      return `Press ${keyLabel(model, 'stop-rolling')} to go to scoring first`;
    case 'nothing-typed':
      return `Nothing typed to clear: ${requiredKeyLabel(model, 'rolling', 'stop-rolling')} goes to scoring, ${requiredKeyLabel(model, 'rolling', 'quit')} quits`;
    case 'choose-first':
      return `Roll, or press ${keyLabel(model, 'stop-rolling')} to choose a box now`;
    case 'option-range':
      return `Options go from 1 to ${r.count}`;
    case 'option-empty':
      return `Type an option number 1-${r.count}, then ENTER`;
    case 'no-option':
      return `There is no option ${r.option}: type 1 to ${r.count}`;
    case 'no-option-typed':
      return `There is no option ${r.option}: ${requiredKeyLabel(model, 'choosing', 'erase')} corrects it, ${requiredKeyLabel(model, 'choosing', 'submit')} clears it`;
    case 'no-box':
      return 'No box to score';
    case 'nothing-to-erase':
      return 'Nothing to rub out';
    case 'computer-moves':
      return `${r.name} is the computer: wait for its move`;
    case 'not-computer-turn':
      return "It is not a computer player's turn";
    case 'computer-busy':
      return 'The computer is still showing its last move';
    case 'computer-no-step':
      return 'The computer has no move to show';
    case 'computer-failed':
      return `The computer's move did not work: ${r.reason}`;
    case 'hints-always-on':
      return `In practice the ${keyWord(model, 'hint')}s are always on`;
    case 'chances-seats':
      return `The chances to win are for games of ${r.min} to ${r.max} players`;
    case 'chances-target':
      // The reason first: a narrow message line keeps the words before the colon.
      return `No chances to win in a first-to-${r.target} match: a game can stop before its last box`;
    case 'chances-in-practice':
      return `In practice the ${keyWord(model, 'hint')}s, and the chances to win with them, are always on`;
    case 'review-after-game':
      return 'The review comes after the game';
    case 'review-nobody':
      return 'Only the computer played: nothing to review';
    case 'take-back-off':
      return 'Taking back is off (no regret, as on the originals): play with --take-back';
    case 'take-back-nothing':
      return `Nothing to take back: ${keyLabel(model, 'undo')} takes back a box just scored, until a person rolls after it`;
    case 'take-back-late':
      return `Too late to take back: ${r.name} has rolled`;
    case 'take-back-game-over':
      return 'Too late to take back: the game is over and its scores are kept';
    case 'undo-nothing':
      return 'Nothing to take back';
    case 'undo-other':
      return `Nothing of ${r.name}'s to take back: ${r.last} moved last`;
    case 'players-range':
      return `Choose 1 to ${r.max} players`;
    case 'no-person-seat': {
      const seats = r.computers === 1 ? 'the last seat' : `the last ${r.computers} seats`;
      const more = r.computers + 1 === r.max ? `${r.max}` : `${r.computers + 1}-${r.max}`;
      return `The computer has ${seats}: choose ${more} players (${requiredKeyLabel(model, 'setup-players', 'setup-computers')}: every seat, to watch)`;
    }
    case 'no-computer-seated': {
      // The Spectrum's setup has no computer key at the competition question: only a name seats it there.
      const how = model.layout === 'spectrum' && computerByName(model)
        ? `name a player ${computerNameIn(model)} to play the computer`
        : model.settings.hosted === true
          ? 'a hosted table seats it with yahtzee host --computer N'
          : `press ${keyLabel(model, 'setup-computers')} to seat the computer first`;
      return `The computer does not play: ${how}`;
    }
    case 'name-char':
      return 'A name takes letters, digits, punctuation and symbols only';
    case 'name-space':
      return 'A name cannot start with a space';
    case 'name-wide':
      return `A name is at most ${NAME_COLUMNS} columns wide`;
    case 'name-long':
      return `A name is at most ${NAME_CODE_POINTS} code points long (letters and their marks)`;
    case 'name-marks':
      return `A character takes at most ${NAME_MARKS} combining marks`;
    case 'name-empty':
      return 'Type a name, then ENTER';
    case 'name-bad':
      return `Not a name: ${r.problem}`;
    case 'name-taken':
      return `${r.name} is already playing: choose another name`;
    case 'number-digit':
      return 'Type a number';
    case 'number-zero':
      return 'The number starts at 1';
    case 'number-long':
      return `At most ${r.max}`;
    case 'number-range':
      return r.kind === 'games' ? `Type the number of games, 1 to ${MATCH_LIMITS.games.max}` : `Type the target score, 1 to ${MATCH_LIMITS.target.max}`;
    case 'names-given':
      return 'The names came with --names: start again to change them';
    case 'names-none':
      return 'No names were asked: the computer plays every seat';
    case 'names-first':
      return 'This is the first name: nothing to go back to';
    case 'seat-unknown':
      return `No seat is named ${r.name}`;
    case 'seat-not-person':
      return `${r.name} is played by the computer already`;
    case 'seat-not-away':
      return `${r.name} has not left the table: ${keyLabel(model, 'seat-to-computer')} gives the computer the seat of a player whose connection dropped`;
  }
}

/** The message line for a refusal: its words, in the error tone. */
export function refusalMessage(model: AppModel, refusal: Refusal): Message {
  return { text: refusalText(model, refusal), tone: 'error' };
}

/** Seats' names as a list in words: "ANN", "ANN and BOB", "ANN, BOB and CY". */
export function nameList(g: GameState, seats: readonly number[]): string {
  return listWords(seats.map((s) => g.players[s].name));
}

/** While a target match is in its last round: "ANN has reached 300: this is the last round"; else null. */
export function lastRoundText(g: GameState): string | null {
  if (g.match.kind !== 'target' || g.phase === 'gameOver') return null;
  const reached = targetReached(g);
  if (reached.length === 0) return null;
  return `${nameList(g, reached)} ${reached.length === 1 ? 'has' : 'have'} reached ${g.match.target}: this is the last round`;
}

/** True when the match in play is over: the save is cleared then, and nothing is left to resume. */
export function matchOver(model: AppModel): boolean {
  const g = model.game;
  return g !== null && g.phase === 'gameOver' && isMatchComplete(g.match, g.results);
}

/**
 * The quit question for the message line: that the game is saved to resume, or after the last game that nothing is
 * left, or that its last moves are not saved, or that the game set aside for it comes back.
 */
export function quitQuestion(model: AppModel): string {
  const over = model.game?.match.kind === 'single' ? 'game' : 'match';
  if (matchOver(model) && model.saveProblem) return `Quit the game? Saving fails (${model.saveProblem}): the end of this ${over} may not be kept.`;
  if (matchOver(model)) return `Quit the game? The ${over} is over: nothing is left to resume.`;
  if (model.saveProblem) return 'Quit the game? Its last moves are NOT saved.';
  if (model.setAsideFor === model.seed && model.game !== null && !hasScored(model.game)) return 'Quit the game? Nothing is scored yet, so the saved game it set aside comes back.';
  return model.settings.hosted === true ? 'Quit the game? It is saved: yahtzee host --resume brings the table back.' : 'Quit the game? It is saved: start yahtzee again to resume it.';
}
