import type { PlayOptions } from '../../src/app/options.js';
import { initialModel, pressKey, resumeQuestion, update, type AppModel, type TermSize } from '../../src/app/index.js';
import type { KeyInfo } from '../../src/input/index.js';
import { cardWithOpen } from '../solver/helpers.js';

/** Play flags as the CLI would hand them over, with test defaults (no animation, no colour). */
export function playOptions(over: Partial<PlayOptions> = {}): PlayOptions {
  return { layout: 'msx', rules: 'official', strength: 'optimal', animation: false, color: false, practice: false, resume: false, fresh: false, ...over };
}

/** A model from play flags, seed 7 and an 80x24 terminal unless told otherwise. */
export function start(over: Partial<PlayOptions> = {}, init: { seed?: number; size?: TermSize; computerPlays?: boolean; screenReader?: boolean } = {}): AppModel {
  return initialModel(playOptions(over), { seed: init.seed ?? 7, size: init.size ?? { columns: 80, rows: 24 }, computerPlays: init.computerPlays, screenReader: init.screenReader });
}

/** The resume question in `layout`, about a saved two-player game of the official rules played in `saved` keys. */
export function asking(
  layout: PlayOptions['layout'] = 'msx',
  init: { size?: TermSize; screenReader?: boolean } = {},
  savedLayout: PlayOptions['layout'] = 'msx',
  over: Partial<PlayOptions> = {},
): AppModel {
  const saved = start({ layout: 'msx', players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }).game;
  if (saved === null) throw new Error('no game to save');
  const options = playOptions({ layout, ...over });
  return resumeQuestion(options, { seed: 7, size: init.size ?? { columns: 80, rows: 24 }, screenReader: init.screenReader }, saved, '2026-11-30T10:00:00.000Z', savedLayout, false);
}

/** What Ink's useInput hands over for a key name ("up", "enter", "space", "ctrl-c", "a"). */
export function inkKey(name: string): [string, KeyInfo] {
  switch (name) {
    case 'up':
      return ['', { upArrow: true }];
    case 'down':
      return ['', { downArrow: true }];
    case 'left':
      return ['', { leftArrow: true }];
    case 'right':
      return ['', { rightArrow: true }];
    case 'enter':
      return ['\r', { return: true }];
    case 'backspace':
      return ['', { delete: true }];
    case 'escape':
      return ['', { escape: true, meta: true }];
    case 'space':
      return [' ', {}];
    case 'tab':
      return ['\t', { tab: true }];
    case 'ctrl-l':
      return ['l', { ctrl: true }];
    case 'ctrl-c':
      return ['c', { ctrl: true }];
    default:
      return [name, {}];
  }
}

/** The model after pressing keys by name, in order. */
export function press(model: AppModel, ...names: string[]): AppModel {
  return names.reduce((m, n) => pressKey(m, ...inkKey(n)), model);
}

/** Plays whole turns, each scoring the first legal box at once, until the game is over. */
export function finishGame(model: AppModel): AppModel {
  let m = model;
  for (let i = 0; i < 200 && m.game !== null && m.game.phase !== 'gameOver'; i++) m = update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
  return m;
}

/** The same dice with no rolls left, as after the third roll: a box is to be chosen, rolling on is not there. */
export function noRollsLeft(model: AppModel): AppModel {
  return { ...model, game: { ...model.game!, rollsUsed: 3 }, stopped: null };
}

/** The model with a late game: every seat's card filled (with 0, or `filled`) except the boxes in `open`. */
export function lateGame(model: AppModel, open: readonly string[], filled: Record<string, number> = {}): AppModel {
  const g = model.game!;
  const card = cardWithOpen(g.rules, open, filled);
  return { ...model, game: { ...g, cards: g.cards.map(() => card) } };
}
