/** The game: the person to move marks, rolls and scores; after a game, the next one or the review. */
import { MAX_ROLLS, isFilled, isMatchComplete, legalBoxes, reduce, rulesOf, type GameState } from '../../engine/index.js';
import { boxForOption } from '../labels.js';
import { refusalText } from '../messages.js';
import type { AppModel } from '../model.js';
import { canRollOn, computerToMove } from '../modes.js';
import { startSeatedMatch } from '../setup.js';
import { engineStep, personMove } from './engine.js';
import { toggleHint } from './practice.js';
import { andThen, done, ignored, refused, type Phase, type Step } from './step.js';

/** The open boxes of the current player's card, in chart order. */
export function openBoxes(game: GameState): string[] {
  const card = game.cards[game.current];
  return rulesOf(game).boxes.filter((b) => !isFilled(card, b.id)).map((b) => b.id);
}

/**
 * The next option-number buffer after typing `char`, or why not. A number that is no option ("14") stays in the
 * entry as typed, so that ENTER refuses it whole (dropping its last digit would leave another option to score), and
 * the message line says so at once.
 */
function typeOption(model: AppModel, game: GameState, char: string): Step {
  if (game.phase === 'rolling') return refused({ code: 'stop-first' });
  const count = rulesOf(game).boxes.length;
  const next = model.option + char;
  if (!/^[0-9]$/.test(char) || next === '0' || next.length > String(count).length) return refused({ code: 'option-range', count });
  // Taken, as the digits of an option are (the prompt line lists them), and said at once.
  if (Number(next) > count) return done(() => ({ ...model, option: next, message: { text: refusalText(model, { code: 'no-option-typed', option: next, count }), tone: 'error' } }));
  return done(() => ({ ...model, option: next, message: null }));
}

/**
 * ESC or BACKSPACE while choosing: the whole entry or its last digit goes; on an empty entry, what to type. While
 * rolling there is nothing typed: the refusal names the keys a player pressing them may be after (scoring, quitting).
 */
function clearOption(model: AppModel, game: GameState, keep: (option: string) => string): Step {
  if (game.phase !== 'choosing') return refused({ code: 'nothing-typed' });
  if (model.option === '') return refused({ code: 'option-empty', count: rulesOf(game).boxes.length });
  return done(() => ({ ...model, option: keep(model.option), message: null }));
}

/** ENTER on the option typed: its box is scored; a box the dice may not go in, or no such option, clears it. */
function submitOption(model: AppModel, game: GameState): Step {
  if (game.phase === 'rolling') return refused({ code: 'stop-first' });
  const count = rulesOf(game).boxes.length;
  if (model.option === '') return refused({ code: 'option-empty', count });
  const box = boxForOption(model, game, Number(model.option));
  const cleared = { ...model, option: '' };
  if (!box) return refused({ code: 'no-option', option: model.option, count }, cleared);
  const step = personMove(model, { type: 'score', box: box.id });
  return step.kind === 'refused' ? refused(step.refusal, cleared) : step;
}

function moveCursor(model: AppModel, game: GameState, delta: number): Step {
  if (game.phase !== 'choosing') return refused({ code: 'choose-first' });
  // Over the boxes these dice may go in: an open box the Joker forbids is marked on the chart, not stopped at.
  const open = legalBoxes(game).map((b) => b.id);
  if (open.length === 0) return ignored;
  const at = Math.max(0, open.indexOf(model.cursor ?? ''));
  const step = Math.sign(delta) || 1;
  const next = open[(at + step + open.length) % open.length];
  // One box left: the cursor stays where it is (the key only takes a message line away).
  if (next === model.cursor) return model.message === null ? ignored : done(() => ({ ...model, message: null }));
  return done(() => ({ ...model, cursor: next, message: null }));
}

function scoreCursor(model: AppModel, game: GameState): Step {
  if (game.phase !== 'choosing') return refused({ code: 'choose-first' });
  const box = model.cursor ?? legalBoxes(game)[0]?.id;
  if (box === undefined) return refused({ code: 'no-box' });
  return personMove(model, { type: 'score', box });
}

/** After a game: the next game of the match, or a new match with the same seats and the next seed. */
function continueAfterGame(model: AppModel, game: GameState): Step {
  if (game.phase !== 'gameOver') return refused({ code: 'not-over' });
  if (!isMatchComplete(game.match, game.results)) return andThen(engineStep(model, { type: 'next-game' }), (next) => ({ ...next, decisions: [], undo: [], takeBack: null }));
  return done(() => startSeatedMatch(model, game.players, game.match, (model.seed + 1) >>> 0));
}

function openReview(model: AppModel, game: GameState): Step {
  if (game.phase !== 'gameOver') return refused({ code: 'review-after-game' });
  if (!game.players.some((p) => p.kind === 'human')) return refused({ code: 'review-nobody' });
  // The message line stays (a new high score, the last move): it is there again when the review is left.
  return done(() => ({ ...model, overlay: 'review', overlayPage: 0 }));
}

/** The after-game phase: the next game and the review, taken whatever the game's state (refused while it is on). */
export const afterGame: Phase = (model, action) => {
  const game = model.game;
  if (game === null) return refused({ code: 'no-game' });
  switch (action.type) {
    case 'continue':
      return continueAfterGame(model, game);
    case 'review':
      return openReview(model, game);
    default:
      return null;
  }
};

/** Back to rolling after the person ended it early this turn, their holds (or marks) as they were. */
function rollOn(model: AppModel, game: GameState): Step {
  const stopped = model.stopped ?? null;
  if (game.phase === 'choosing' && game.rollsUsed < MAX_ROLLS && stopped === null) return refused({ code: 'engine', refusal: 'rolling-over', reason: 'The rolling of this turn is over: choose a box' });
  return andThen(personMove(model, { type: 'resume-rolling' }), (m) => {
    let g = m.game!;
    for (const [die, held] of (stopped?.held ?? []).entries()) {
      const r = held ? reduce(g, { type: 'toggle-hold', die }) : null;
      if (r?.ok === true) g = r.state;
    }
    // In practice, the end of the rolling is taken back by rolling on: it is no longer a move to take back.
    const top = m.undo[m.undo.length - 1];
    const undo = top?.move === 'stop-rolling' && top.seat === game.current ? m.undo.slice(0, -1) : m.undo;
    return { ...m, game: g, stopped: null, undo };
  });
}

/** The person's turn: the dice, the rolls, the box and the hint key, for the person to move (a computer seat's turn refuses them). */
export const personTurn: Phase = (model, action) => {
  const game = model.game;
  if (game === null) return refused({ code: 'no-game' });
  if (game.phase === 'gameOver') return refused({ code: 'game-over' });
  if (computerToMove(model)) return refused({ code: 'computer-moves', name: game.players[game.current].name });
  switch (action.type) {
    case 'hint':
      return toggleHint(model);
    case 'toggle-die':
      return engineStep(model, { type: 'toggle-hold', die: action.die });
    case 'clear-holds':
      // Nothing marked: nothing to clear (the key only takes a message line away).
      if (game.phase === 'rolling' && !game.held.some((h) => h)) return model.message === null ? ignored : done(() => ({ ...model, message: null }));
      return engineStep(model, { type: 'clear-holds' });
    case 'roll':
      return personMove(model, { type: 'roll' });
    case 'stop-rolling':
      return andThen(personMove(model, { type: 'stop-rolling' }), (m) => ({ ...m, stopped: { held: game.held } }));
    case 'resume-rolling':
      return rollOn(model, game);
    case 'move-cursor':
      return moveCursor(model, game, action.delta);
    case 'score-cursor':
      return scoreCursor(model, game);
    case 'type':
      return typeOption(model, game, action.char);
    case 'erase':
      return clearOption(model, game, (option) => option.slice(0, -1));
    case 'back':
      // Nothing typed: back to rolling while rolls are left (the rolling ended early), as the MSX's i again.
      if (model.option === '' && canRollOn(model)) return rollOn(model, game);
      return clearOption(model, game, () => '');
    case 'submit':
      return submitOption(model, game);
    default:
      return refused({ code: 'unknown-key' });
  }
};
