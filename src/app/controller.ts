import {
  MAX_ROLLS,
  cardTotal,
  endedAtTarget,
  isFilled,
  isMatchComplete,
  getRuleSet,
  legalBoxes,
  reduce,
  rollsLeft,
  rulesOf,
  type Action,
  type Face,
  type GameState,
  type RngState,
} from '../engine/index.js';
import { getLayout } from '../input/index.js';
import { actionsFor, type Decision } from '../solver/moves.js';
import type { AppAction } from './actions.js';
import { keepWords, lastRoundText, matchOver, quitQuestion } from './messages.js';
import { pageCount, reviewPageCount } from './pages.js';
import { boxForOption, keyLabel, shownRules } from './labels.js';
import { announceRoll, cleanSize, landRoll, nextRoll, type AppModel, type Message, type SeatDecision, type UndoEntry } from './model.js';
import { computerToMove, modeOf } from './modes.js';
import { withYahtzeeNotice, yahtzeeNotice } from './yahtzee.js';
import { backSetup, chooseMatch, choosePlayers, cycleComputers, cycleStrength, eraseSetup, startMatch, submitSetup, typeSetup } from './setup.js';

const error = (text: string): Message => ({ text, tone: 'error' });
const info = (text: string): Message => ({ text, tone: 'info' });

export { keyLabel } from './labels.js';

/** The open boxes of the current player's card, in chart order (the MSX cursor moves over these). */
export function openBoxes(game: GameState): string[] {
  const card = game.cards[game.current];
  return rulesOf(game).boxes.filter((b) => !isFilled(card, b.id)).map((b) => b.id);
}

/** After an engine move: the cursor on the first legal box when choosing starts, the typed option cleared, the roll noted. */
function afterMove(model: AppModel, before: GameState, game: GameState, rolled: readonly boolean[] | null, message: Message | null): AppModel {
  const choosingNow = game.phase === 'choosing';
  const filled = (g: GameState) => Object.keys(g.cards[before.current]?.boxes ?? {}).length;
  const sameTurn = game.current === before.current && filled(game) === filled(before) && before.phase !== 'gameOver';
  const keep = choosingNow && before.phase === 'choosing' && sameTurn;
  const computer = sameTurn ? model.computer : { ...model.computer, steps: [], hurry: false };
  const next: AppModel = {
    ...model,
    computer,
    game,
    cursor: keep && model.cursor !== null ? model.cursor : choosingNow ? (legalBoxes(game)[0]?.id ?? null) : null,
    option: keep ? model.option : '',
    message,
    roll: rolled ? nextRoll(model, rolled) : model.roll,
  };
  // Five alike from this roll: said (with what a Joker allows) when the dice land.
  return rolled ? withYahtzeeNotice(next) : next;
}

/** One engine action: the new state, or the engine's reason shown on the message line. */
function engine(model: AppModel, action: Action): AppModel {
  const before = model.game;
  if (before === null) return { ...model, message: error('No game in play') };
  const result = reduce(before, action);
  if (!result.ok) return { ...model, message: error(result.error) };
  const game = result.state;
  if (action.type === 'roll') return afterMove(model, before, game, before.held.map((h) => !h), null);
  if (action.type === 'score') {
    const rules = rulesOf(before);
    const name = before.players[before.current].name;
    const box = rules.boxes.find((b) => b.id === action.box);
    const points = game.cards[before.current].boxes[action.box] ?? 0;
    const bonus = game.cards[before.current].yahtzeeBonuses > before.cards[before.current].yahtzeeBonuses ? ` and a Yahtzee bonus of ${rules.yahtzeeBonus}` : '';
    const over = game.phase === 'gameOver';
    const lastRound = lastRoundText(game);
    const end = endedAtTarget(game)
      ? `: the round is over, and so is the match`
      : over
        ? `: ${name} ends on ${cardTotal(rules, game.cards[before.current])}`
        : lastRound !== null && lastRoundText(before) !== lastRound
          ? `: ${lastRound}`
          : '';
    const text = `${name} scored ${points} in ${box?.name ?? action.box}${bonus}${end}`;
    return afterMove(model, before, game, over ? null : Array(5).fill(true), info(text));
  }
  if (action.type === 'next-game') return afterMove(model, before, game, Array(5).fill(true), null);
  return afterMove(model, before, game, null, null);
}

/** The next option-number buffer after typing `char`, or why not: only 1-13 can be typed. */
function typeOption(model: AppModel, char: string): AppModel {
  const game = model.game;
  if (game === null) return { ...model, message: error('No game in play') };
  if (game.phase === 'rolling') return { ...model, message: error(`Press ${keyLabel(model, 'stop-rolling')} to go to scoring first`) };
  const count = rulesOf(game).boxes.length;
  const next = model.option + char;
  const n = Number(next);
  const canGrow = (v: number) => v * 10 <= count;
  if (!/^[0-9]$/.test(char) || !/^[1-9][0-9]?$/.test(next) || n > count || (model.option !== '' && !canGrow(Number(model.option)))) {
    return { ...model, message: error(`Options go from 1 to ${count}`) };
  }
  return { ...model, option: next, message: null };
}

function submitOption(model: AppModel): AppModel {
  const game = model.game;
  if (game === null) return { ...model, message: error('No game in play') };
  if (game.phase === 'rolling') return { ...model, message: error(`Press ${keyLabel(model, 'stop-rolling')} to go to scoring first`) };
  const count = rulesOf(game).boxes.length;
  if (model.option === '') return { ...model, message: error(`Type an option number 1-${count}, then ENTER`) };
  const box = boxForOption(model, game, Number(model.option));
  if (!box) return { ...model, option: '', message: error(`There is no option ${model.option}: type 1 to ${count}`) };
  const next = personMove(model, { type: 'score', box: box.id });
  return next.message?.tone === 'error' ? { ...next, option: '' } : next;
}

function moveCursor(model: AppModel, delta: number): AppModel {
  const game = model.game;
  if (game === null || game.phase !== 'choosing') return { ...model, message: error(`Roll, or press ${keyLabel(model, 'stop-rolling')} to choose a box now`) };
  const open = openBoxes(game);
  if (open.length === 0) return model;
  const at = Math.max(0, open.indexOf(model.cursor ?? ''));
  const step = Math.sign(delta) || 1;
  const next = open[(at + step + open.length) % open.length];
  return { ...model, cursor: next, message: null };
}

function scoreCursor(model: AppModel): AppModel {
  const game = model.game;
  if (game === null || game.phase !== 'choosing') return { ...model, message: error(`Roll, or press ${keyLabel(model, 'stop-rolling')} to choose a box now`) };
  const box = model.cursor ?? legalBoxes(game)[0]?.id;
  if (box === undefined) return { ...model, message: error('No box to score') };
  return personMove(model, { type: 'score', box });
}

function continueAfterGame(model: AppModel): AppModel {
  const game = model.game;
  if (game === null || game.phase !== 'gameOver') return { ...model, message: error('The game is not over yet') };
  if (!isMatchComplete(game.match, game.results)) {
    const next = engine(model, { type: 'next-game' });
    return next.game === game ? next : { ...next, decisions: [], undo: [] };
  }
  return startMatch(model, game.players.map((p) => p.name), game.match, (model.seed + 1) >>> 0);
}

const heldFaces = (g: GameState): Face[] => g.dice.filter((_, i) => g.held[i]);

/**
 * An engine move made by the person whose turn it is: the move, the decision it stands for recorded for the review
 * (the holds at a roll, the box scored with the rolls that were left), and in practice a way back to before it.
 */
function personMove(model: AppModel, action: Action): AppModel {
  const before = model.game;
  const next = engine(model, action);
  if (before === null || next.game === before || next.game === null) return next;
  const seat = before.current;
  const card = before.cards[seat];
  let record: SeatDecision | null = null;
  if (action.type === 'roll') record = { seat, record: { card, dice: before.dice, rollsLeft: rollsLeft(before), choice: { kind: 'keep', keep: heldFaces(before) } } };
  if (action.type === 'score') record = { seat, record: { card, dice: before.dice, rollsLeft: MAX_ROLLS - before.rollsUsed, choice: { kind: 'score', box: action.box } } };
  const decisions = record ? [...model.decisions, record] : model.decisions;
  if (!model.settings.practice || (action.type !== 'roll' && action.type !== 'stop-rolling' && action.type !== 'score')) return { ...next, decisions };
  const top = model.undo[model.undo.length - 1];
  const entry: UndoEntry = { seat, before, decisions: model.decisions.length, move: action.type };
  // Only the last person to move can take back: a move of another person starts the list afresh.
  const undo = top !== undefined && top.seat !== seat ? [entry] : [...model.undo, entry];
  return { ...next, decisions, undo };
}

const UNDONE: Record<UndoEntry['move'], string> = { roll: 'roll', 'stop-rolling': 'stop', score: 'box' };

/**
 * Practice: the game as it was before the last roll, stop or box of the person to move (or, during a computer's
 * turn, of the person who moved before it, the computer's moves taken back too). The dice's generator goes on
 * from where it is, so a roll taken back is rolled afresh.
 */
function undoMove(model: AppModel): AppModel {
  const g = model.game;
  if (g === null) return { ...model, message: error('No game in play') };
  if (!model.settings.practice) return { ...model, message: error('No taking back in a game, as on the originals (practice with --practice)') };
  const top = model.undo[model.undo.length - 1];
  if (top === undefined) return { ...model, message: error('Nothing to take back') };
  if (g.phase === 'gameOver') return { ...model, message: error('The game is over') };
  const computerTurn = computerToMove(model);
  if (top.seat !== g.current && !computerTurn) {
    return { ...model, message: error(`Nothing of ${g.players[g.current].name}'s to take back: ${g.players[top.seat].name} moved last`) };
  }
  const game: GameState = { ...top.before, rng: g.rng };
  return {
    ...model,
    game,
    undo: model.undo.slice(0, -1),
    decisions: model.decisions.slice(0, top.decisions),
    cursor: game.phase === 'choosing' ? (legalBoxes(game)[0]?.id ?? null) : null,
    option: '',
    computer: { ...model.computer, steps: [], hurry: false },
    message: info(`${game.players[top.seat].name}'s ${UNDONE[top.move]} taken back`),
  };
}

/** What the computer does, in words for the message line. */
function decisionWords(model: AppModel, decision: Decision): string {
  const g = model.game!;
  const name = g.players[g.current].name;
  if (decision.kind === 'score') {
    const box = rulesOf(g).boxes.find((b) => b.id === decision.box);
    return `${name} chooses ${box?.name ?? decision.box}`;
  }
  return `${name} ${keepWords(decision.keep)}`;
}

/**
 * A computer's decision: shown in two steps. Holds: they are set now and the roll comes next. A box: the rolling
 * ends, the cursor (MSX) or the option number (Spectrum) shows it, and the scoring comes next.
 */
function computerDecision(model: AppModel, decision: Decision, rng: RngState): AppModel {
  const g = model.game;
  if (g === null || !computerToMove(model)) return { ...model, message: error("It is not a computer player's turn") };
  if (model.computer.steps.length > 0) return { ...model, message: error('The computer is still showing its last move') };
  const actions = actionsFor(g, decision);
  let m: AppModel = { ...model, computer: { ...model.computer, rng } };
  /** Applies an engine action to m; the refusal's reason when the engine refuses it. */
  const apply = (action: Action): string | null => {
    const next = engine(m, action);
    if (next.message?.tone === 'error') return next.message.text;
    m = next;
    return null;
  };
  const refused = (reason: string) => ({ ...model, message: error(`The computer's move did not work: ${reason}`) });
  if (decision.kind === 'keep') {
    for (const action of actions.slice(0, -1)) {
      const reason = apply(action);
      if (reason !== null) return refused(reason);
    }
    return { ...m, computer: { ...m.computer, steps: [actions.slice(-1)] }, message: info(decisionWords(model, decision)) };
  }
  if (g.phase === 'rolling') {
    const reason = apply({ type: 'stop-rolling' });
    if (reason !== null) return refused(reason);
  }
  const box = shownRules(m, g).boxes.find((b) => b.id === decision.box);
  const shown = getLayout(m.layout).boxChoice === 'cursor' ? { cursor: decision.box } : { option: String(box?.option ?? '') };
  return { ...m, ...shown, computer: { ...m.computer, steps: [actions] }, message: info(decisionWords(model, decision)) };
}

/** The next step of the computer's decision. */
function computerStep(model: AppModel): AppModel {
  const [first, ...rest] = model.computer.steps;
  if (!computerToMove(model) || first === undefined) return { ...model, message: error('The computer has no move to show') };
  let m: AppModel = { ...model, computer: { ...model.computer, steps: rest } };
  for (const action of first) {
    const next = engine(m, action);
    if (next.message?.tone === 'error') return { ...next, computer: { ...next.computer, steps: [] } };
    m = next;
  }
  const g = m.game;
  if (first[first.length - 1]?.type === 'roll' && g !== null) return announceRoll(m, yahtzeeNotice(m) ?? info(`${g.players[g.current].name} rolls: ${g.dice.join(' ')}`));
  return m;
}

function toggleHint(model: AppModel): AppModel {
  if (model.settings.practice) return { ...model, message: error('In practice the hints are always on') };
  return { ...model, hint: !model.hint, message: null };
}

function openReview(model: AppModel): AppModel {
  const g = model.game;
  if (g === null || g.phase !== 'gameOver') return { ...model, message: error('The review comes after the game') };
  if (!g.players.some((p) => p.kind === 'human')) return { ...model, message: error('Only the computer played: nothing to review') };
  return { ...model, overlay: 'review', helpPage: 0, message: null };
}

/**
 * The quit key: at setup it quits at once; in a game, and after it while the match goes on, it asks Y/N. After the
 * last game of a match it quits at once, unless the layout asks there too (the Spectrum).
 */
function quit(model: AppModel): AppModel {
  if (model.screen === 'setup' || model.game === null) return { ...model, screen: 'done' };
  if (matchOver(model) && !getLayout(model.layout).askQuitAfterMatch) return { ...model, screen: 'done' };
  return { ...model, overlay: 'confirm', message: info(quitQuestion(model)) };
}

function helpNext(model: AppModel): AppModel {
  const pages =
    model.overlay === 'review' ? reviewPageCount(model) : pageCount(getRuleSet(model.settings.rules), getLayout(model.layout), model.size.columns, model.size.rows);
  return model.helpPage + 1 < pages ? { ...model, helpPage: model.helpPage + 1 } : { ...model, overlay: null, helpPage: 0 };
}

function step(model: AppModel, action: AppAction): AppModel {
  switch (action.type) {
    case 'resize':
      return { ...model, size: cleanSize(action) };
    case 'quit-now':
      return { ...model, screen: 'done', interrupted: true };
    case 'redraw':
      return model;
    case 'roll-landed':
      return landRoll(model, action.count);
    case 'notice':
      // The quit question stays on the message line while it is asked (a high score told then is printed on the way out).
      if (model.overlay === 'confirm' && action.tone === 'info' && action.saveProblem === undefined) return model;
      return { ...model, message: { text: action.text, tone: action.tone }, ...(action.saveProblem !== undefined ? { saveProblem: action.saveProblem } : {}) };
    case 'strategy':
      return { ...model, strategy: action.strategy };
    default:
  }
  if (model.screen === 'done') return model;
  const mode = modeOf(model);
  // The notice has no room for the quit question: the quit key leaves at once (the game is saved on the way out).
  if (mode === 'too-small') return action.type === 'quit' ? { ...model, screen: 'done' } : model;
  if (action.type === 'unknown-key') return { ...model, message: error(model.overlay === 'confirm' ? 'Press Y to quit or N to play on' : 'Unknown key') };
  if (model.overlay === 'confirm') {
    if (action.type !== 'confirm') return { ...model, message: error('Press Y to quit or N to play on') };
    return action.yes ? { ...model, screen: 'done' } : { ...model, overlay: null, message: null };
  }
  if (model.overlay === 'help' || model.overlay === 'review') return action.type === 'help-next' ? helpNext(model) : model;
  switch (action.type) {
    case 'quit':
      return quit(model);
    case 'confirm':
      return { ...model, message: error('Unknown key') };
    case 'help':
      return { ...model, overlay: 'help', helpPage: 0, message: null };
    case 'help-next':
      return model;
    default:
  }
  if (model.screen === 'setup') {
    switch (action.type) {
      case 'choose-players':
        return model.setup.step === 'players' ? choosePlayers(model, action.count) : { ...model, message: error('Unknown key') };
      case 'choose-match':
        return model.setup.step === 'match' ? chooseMatch(model, action.kind) : { ...model, message: error('Unknown key') };
      case 'setup-computers':
        return cycleComputers(model);
      case 'setup-strength':
        return cycleStrength(model);
      case 'type':
        return typeSetup(model, action.char);
      case 'erase':
        return eraseSetup(model);
      case 'submit':
        return submitSetup(model);
      case 'back':
        return backSetup(model);
      default:
        return { ...model, message: error('Unknown key') };
    }
  }
  const game = model.game;
  if (game === null) return { ...model, message: error('No game in play') };
  switch (action.type) {
    case 'continue':
      return continueAfterGame(model);
    case 'review':
      return openReview(model);
    case 'undo':
      return undoMove(model);
    case 'computer-move': {
      if (!computerToMove(model)) return { ...model, message: error("It is not a computer player's turn") };
      const next = engine(model, action.action);
      return { ...next, computer: { ...next.computer, steps: [] } };
    }
    case 'computer-decision':
      return computerDecision(model, action.decision, action.rng);
    case 'computer-step':
      return computerStep(model);
    case 'computer-hurry':
      if (!computerToMove(model)) return { ...model, message: error("It is not a computer player's turn") };
      if (model.computer.hurry) return model;
      return { ...model, computer: { ...model.computer, hurry: true }, message: info(`${game.players[game.current].name} plays the rest of its turn at once`) };
    default:
  }
  if (game.phase === 'gameOver') return { ...model, message: error('The game is over') };
  if (mode === 'computer') return { ...model, message: error(`${game.players[game.current].name} is the computer: wait for its move`) };
  switch (action.type) {
    case 'hint':
      return toggleHint(model);
    case 'toggle-die':
      return engine(model, { type: 'toggle-hold', die: action.die });
    case 'clear-holds':
      return engine(model, { type: 'clear-holds' });
    case 'roll':
      return personMove(model, { type: 'roll' });
    case 'stop-rolling':
      return personMove(model, { type: 'stop-rolling' });
    case 'move-cursor':
      return moveCursor(model, action.delta);
    case 'score-cursor':
      return scoreCursor(model);
    case 'type':
      return typeOption(model, action.char);
    case 'erase':
      if (game.phase !== 'choosing') return { ...model, message: error(`Press ${keyLabel(model, 'stop-rolling')} to go to scoring first`) };
      return model.option === '' ? { ...model, message: error('Nothing to rub out') } : { ...model, option: model.option.slice(0, -1), message: null };
    case 'submit':
      return submitOption(model);
    default:
      return { ...model, message: error('Unknown key') };
  }
}

/**
 * The app's one state transition: the model after `action`. Pure: a refused or senseless action leaves everything
 * as it was and puts the reason on the message line. An exception is a bug and is not caught here: it reaches the
 * tests and the fuzz, and at run time the process's crash handler.
 */
export function update(model: AppModel, action: AppAction): AppModel {
  return step(model, action);
}
