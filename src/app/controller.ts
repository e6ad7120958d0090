import {
  boxByOption,
  cardTotal,
  isFilled,
  isMatchComplete,
  getRuleSet,
  legalBoxes,
  reduce,
  rulesOf,
  type Action,
  type GameState,
} from '../engine/index.js';
import { getLayout } from '../input/index.js';
import type { AppAction } from './actions.js';
import { pageCount } from './instructions.js';
import { cleanSize, type AppModel, type Message } from './model.js';
import { computerToMove, modeOf } from './modes.js';
import { backSetup, chooseMatch, choosePlayers, eraseSetup, startMatch, submitSetup, typeSetup } from './setup.js';

const error = (text: string): Message => ({ text, tone: 'error' });
const info = (text: string): Message => ({ text, tone: 'info' });

/** The label of the first key bound to an action type in the model's layout ("i", "0"), for messages. */
export function keyLabel(model: AppModel, type: AppAction['type']): string {
  const layout = getLayout(model.layout);
  for (const b of layout.bindings) {
    for (let i = 0; i < b.keys.length; i++) if (b.action(b.keys[i], i).type === type) return b.label;
  }
  return '?';
}

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
  return {
    ...model,
    game,
    cursor: keep && model.cursor !== null ? model.cursor : choosingNow ? (legalBoxes(game)[0]?.id ?? null) : null,
    option: keep ? model.option : '',
    message,
    roll: rolled ? { count: model.roll.count + 1, dice: rolled } : model.roll,
  };
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
    const text = `${name} scored ${points} in ${box?.name ?? action.box}${bonus}` + (over ? `: ${name} ends on ${cardTotal(rules, game.cards[before.current])}` : '');
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
  const box = boxByOption(game, Number(model.option));
  if (!box) return { ...model, option: '', message: error(`There is no option ${model.option}: type 1 to ${count}`) };
  const next = engine(model, { type: 'score', box: box.id });
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
  return engine(model, { type: 'score', box });
}

function continueAfterGame(model: AppModel): AppModel {
  const game = model.game;
  if (game === null || game.phase !== 'gameOver') return { ...model, message: error('The game is not over yet') };
  if (!isMatchComplete(game.match, game.results)) return engine(model, { type: 'next-game' });
  return startMatch(model, game.players.map((p) => p.name), game.match, (model.seed + 1) >>> 0);
}

function quit(model: AppModel): AppModel {
  const g = model.game;
  const nothingToLose = model.screen === 'setup' || g === null || (g.phase === 'gameOver' && isMatchComplete(g.match, g.results));
  return nothingToLose ? { ...model, screen: 'done' } : { ...model, overlay: 'confirm', message: null };
}

function helpNext(model: AppModel): AppModel {
  const pages = pageCount(getRuleSet(model.settings.rules), getLayout(model.layout), model.size.columns, model.size.rows);
  return model.helpPage + 1 < pages ? { ...model, helpPage: model.helpPage + 1 } : { ...model, overlay: null, helpPage: 0 };
}

function step(model: AppModel, action: AppAction): AppModel {
  switch (action.type) {
    case 'resize':
      return { ...model, size: cleanSize(action) };
    case 'quit-now':
      return { ...model, screen: 'done', interrupted: true };
    case 'notice':
      return { ...model, message: { text: action.text, tone: action.tone } };
    default:
  }
  if (model.screen === 'done') return model;
  const mode = modeOf(model);
  if (mode === 'too-small') return model;
  if (action.type === 'unknown-key') return { ...model, message: error(model.overlay === 'confirm' ? 'Press Y to quit or N to play on' : 'Unknown key') };
  if (model.overlay === 'confirm') {
    if (action.type !== 'confirm') return { ...model, message: error('Press Y to quit or N to play on') };
    return action.yes ? { ...model, screen: 'done' } : { ...model, overlay: null, message: null };
  }
  if (model.overlay === 'help') return action.type === 'help-next' ? helpNext(model) : model;
  switch (action.type) {
    case 'quit':
      return quit(model);
    case 'confirm':
      return { ...model, message: error('Unknown key') };
    case 'help':
      return model.screen === 'game' ? { ...model, overlay: 'help', helpPage: 0, message: null } : { ...model, message: error('Unknown key') };
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
  if (action.type === 'continue') return continueAfterGame(model);
  if (action.type === 'computer-move') {
    return computerToMove(model) ? engine(model, action.action) : { ...model, message: error('It is not a computer player\'s turn') };
  }
  if (game.phase === 'gameOver') return { ...model, message: error('The game is over') };
  if (mode === 'computer') return { ...model, message: error(`${game.players[game.current].name} is the computer: wait for its move`) };
  switch (action.type) {
    case 'toggle-die':
      return engine(model, { type: 'toggle-hold', die: action.die });
    case 'clear-holds':
      return engine(model, { type: 'clear-holds' });
    case 'roll':
      return engine(model, { type: 'roll' });
    case 'stop-rolling':
      return engine(model, { type: 'stop-rolling' });
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
 * The app's one state transition: the model after `action`. Pure and total: a refused or senseless action leaves
 * everything as it was and puts the reason on the message line; it never throws.
 */
export function update(model: AppModel, action: AppAction): AppModel {
  try {
    return step(model, action);
  } catch (e) {
    return { ...model, message: error(`That did not work: ${e instanceof Error ? e.message : String(e)}`) };
  }
}
