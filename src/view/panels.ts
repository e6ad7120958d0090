/** The panel next to the dice: the turn (the box under the cursor, the option typed), the hint, or the computer thinking. */
import { currentOptions, isFilled, rulesOf, type GameState } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { StrategyTable } from '../solver/index.js';
import { computerWaiting } from '../app/computer.js';
import { hasLanded, type AppModel } from '../app/model.js';
import { yahtzeeWord } from '../app/yahtzee.js';
import { boxForOption, cursorBox } from '../app/labels.js';
import { chancesLines, chancesView } from './chancesLines.js';
import { hintLines, hintView } from './hint.js';
import { fitLines, fitText } from '../text/index.js';
import type { PanelLine } from './lines.js';
import { strategyWords } from './words.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/**
 * The turn panel: while choosing, the box under the cursor (MSX) or the option typed (Spectrum); a computer's
 * choice shows the same way. Whose turn it is and which roll are on the status line, not here again.
 */
export function turnPanel(model: AppModel, width = Infinity): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g)) return [];
  const rules = rulesOf(g);
  const p = g.players[g.current];
  const computer = p.kind === 'computer' && model.computerPlays;
  const five = hasLanded(model) && g.dice.every((d) => d === g.dice[0]);
  // Until its decision shows the box (the cursor, or the option number), the computer's choosing is still its play.
  if (computer && (g.phase === 'rolling' || (model.cursor === null && model.option === ''))) {
    return [{ text: fitText(['the computer is playing…', 'computer playing…', 'playing…'], width), role: 'dim' }];
  }
  if (g.phase === 'rolling') {
    return five ? [{ text: yahtzeeWord(model), role: 'heading' }] : [];
  }
  const worth = (box: { id: string; name: string } | undefined): string => {
    const opt = box ? currentOptions(g).boxes.find((o) => o.box === box.id) : undefined;
    if (!box || !opt) return '';
    if (opt.allowed) return `${box.name}: ${opt.points} ${opt.points === 1 ? 'point' : 'points'}`;
    // As ENTER would say it: a filled box is used, an open one the Joker forbids is not allowed.
    return isFilled(g.cards[g.current], box.id) ? `${box.name}: already used` : `${box.name}: not allowed`;
  };
  if (getLayout(model.layout).boxChoice === 'number') {
    const typed = model.option === '' ? undefined : boxForOption(model, g, Number(model.option));
    const allowed = typed !== undefined && currentOptions(g).boxes.some((o) => o.box === typed.id && o.allowed);
    const none = `${model.option} is no option: 1 to ${rules.boxes.length}`;
    const enter: PanelLine[] = model.option === '' ? [] : [{ text: typed ? (allowed ? `ENTER scores ${worth(typed)}` : worth(typed)) : none }];
    return [{ text: 'choose a scoring option' }, { text: `OPTION (1-${rules.boxes.length})? ${model.option}_`, role: 'field' }, ...enter];
  }
  const cursor = cursorBox(model, g);
  return [{ text: 'choose a box' }, { text: worth(rules.boxes.find((b) => b.id === cursor)), role: 'field' }];
}

/** Lines the hint keeps for itself when the win chances share the panel with it (its choice on screen and two best). */
const HINT_KEEPS = 3;

/** Lines the turn panel keeps when the win chances share the panel with it: its last, the box or the option typed. */
const TURN_KEEPS = 1;

/** The hint of each model drawn, by table: the frames of a roll draw one model many times over. */
const hints = new WeakMap<AppModel, { readonly table: StrategyTable | undefined; readonly view: ReturnType<typeof hintView> }>();

function hintOf(model: AppModel, table: StrategyTable | undefined): ReturnType<typeof hintView> {
  const known = hints.get(model);
  if (known !== undefined && known.table === table) return known.view;
  const view = hintView(model, table);
  hints.set(model, { table, view });
  return view;
}

/**
 * The panel next to the dice, fitted to `room` lines of `width` characters: while a computer waits for its strategy
 * table, that it is thinking (with the progress); on a person's turn with hints up, the hint; else the turn panel.
 * Under it, in games of 2-4 seats with the hints or the chances on, each seat's chance to win (as much as the room
 * left gives, at least a line); the chances alone may take `below` lines more.
 */
export function sidePanel(model: AppModel, table: StrategyTable | undefined, room: number, width: number, below = 0): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g) || room <= 0) return [];
  const thinking = computerWaiting(model, table);
  const hint = !thinking ? hintOf(model, table) : null;
  const landed = hasLanded(model);
  const top = (space: number): PanelLine[] => {
    if (space <= 0) return [];
    if (thinking) return fitLines(`the computer is thinking: ${strategyWords(model.strategy, 'its')}`, width, space).map((text): PanelLine => ({ text, role: 'dim' }));
    // The hint is about the dice: it comes when they land. Meanwhile its lines are kept blank but for its word, so that
    // the chances under it keep their place and their form through the roll.
    if (hint && !landed) return hintLines(hint, space, width).map((_, i): PanelLine => ({ text: i === 0 ? fitText(`${hint.word}: …`, width) : ' ', role: 'dim' }));
    if (hint) return hintLines(hint, space, width);
    // Short of room, the turn panel without its heading: the box under the cursor, or the option typed and its worth.
    const turn = turnPanel(model, width);
    return turn.length <= space ? turn : turn.slice(1, space + 1);
  };
  const chances = chancesView(model);
  if (chances === null || room + below < 2) return top(room);
  // The chances want a heading, a line a seat and the tie; the hint gives up its heading and a choice for them.
  const want = chances.status === 'ready' ? chances.seats.length + 2 : 2;
  const keeps = hint ? HINT_KEEPS : TURN_KEEPS;
  const above = top(room - 1);
  const topRoom = Math.min(above.length, Math.max(Math.min(above.length, keeps), room + below - want));
  const lines = topRoom === above.length ? above : top(topRoom);
  return [...lines, ...chancesLines(chances, room + below - lines.length, width)];
}
