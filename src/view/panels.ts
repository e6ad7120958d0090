/** The panel next to the dice: the turn (the box under the cursor, the option typed), the hint, or the computer thinking. */
import { currentOptions, rulesOf, type GameState } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { StrategyTable } from '../solver/index.js';
import { computerWaiting } from '../app/computer.js';
import { hasLanded, type AppModel } from '../app/model.js';
import { yahtzeeWord } from '../app/yahtzee.js';
import { hintLines, hintView } from './hint.js';
import { fitLines } from '../text/index.js';
import type { PanelLine } from './lines.js';
import { strategyWords } from './words.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/**
 * The turn panel: while choosing, the box under the cursor (MSX) or the option typed (Spectrum); a computer's
 * choice shows the same way. Whose turn it is and which roll are on the status line, not here again.
 */
export function turnPanel(model: AppModel): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g)) return [];
  const rules = rulesOf(g);
  const p = g.players[g.current];
  const computer = p.kind === 'computer' && model.computerPlays;
  const five = hasLanded(model) && g.dice.every((d) => d === g.dice[0]);
  if (g.phase === 'rolling') {
    if (computer) return [{ text: 'the computer is playing…', role: 'dim' }];
    return five ? [{ text: yahtzeeWord(model), role: 'heading' }] : [];
  }
  if (getLayout(model.layout).boxChoice === 'number') {
    return [{ text: 'choose a scoring option' }, { text: `OPTION (1-${rules.boxes.length})? ${model.option}_`, role: 'field' }];
  }
  const box = rules.boxes.find((b) => b.id === model.cursor);
  const opt = box ? currentOptions(g).boxes.find((o) => o.box === box.id) : undefined;
  const what = box && opt ? (opt.allowed ? `${box.name}: ${opt.points} ${opt.points === 1 ? 'point' : 'points'}` : `${box.name}: not allowed`) : '';
  return [{ text: 'choose a box' }, { text: what, role: 'field' }];
}

/**
 * The panel next to the dice, fitted to `room` lines of `width` characters: while a computer waits for its strategy
 * table, that it is thinking (with the progress); on a person's turn with hints up, the hint; else the turn panel.
 */
export function sidePanel(model: AppModel, table: StrategyTable | undefined, room: number, width: number): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g) || room <= 0) return [];
  if (computerWaiting(model, table)) {
    return fitLines(`the computer is thinking: ${strategyWords(model.strategy, 'its')}`, width, room).map((text): PanelLine => ({ text, role: 'dim' }));
  }
  // The hint is about the dice: it comes when they land.
  const hint = hasLanded(model) ? hintView(model, table) : null;
  if (hint) return hintLines(hint, room, width);
  return turnPanel(model).slice(0, room);
}

