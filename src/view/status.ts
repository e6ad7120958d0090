/** The status line: the title, the rules, the match so far, whose turn and which roll. */
import { MAX_ROLLS, getRuleSet, rulesOf, turnNumber, type GameState } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { AppModel } from '../app/model.js';
import { showsComputerTag } from '../app/size.js';
import { matchText } from './words.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/** The status line's parts. */
export interface StatusView {
  readonly title: string;
  readonly rules: string;
  /** The rule set as --rules names it ("official"), for a line with no room for its title. */
  readonly rulesId: string;
  /** "game 2 of 3", "game 2, first to 500", or empty for a single game; led by "practice" in a practice game. */
  readonly match: string;
  /** "ANN's turn 5 of 13" (the round, of as many as the chart has boxes), or "game over". */
  readonly turn: string;
  /** The turn without its round ("ANN's turn"), for a line with no room for both it and the match. */
  readonly turnShort: string;
  /** "roll 2 of 3", or empty. */
  readonly roll: string;
}

/** The status line for the model. */
export function statusView(model: AppModel): StatusView {
  const layout = getLayout(model.layout);
  const g = model.game;
  const rules = getRuleSet(model.settings.rules);
  const base = { title: layout.title, rules: rules.title, rulesId: rules.id };
  if (g === null) return { ...base, match: '', turn: '', turnShort: '', roll: '' };
  const match = [model.settings.practice ? 'practice' : '', matchText(g)].filter((s) => s !== '').join(', ');
  if (!playing(g)) return { ...base, match, turn: 'game over', turnShort: 'game over', roll: '' };
  const p = g.players[g.current];
  const tag = showsComputerTag(p) ? ' (CPU)' : '';
  const turn = `${p.name}'s turn`;
  return { ...base, match, turn: `${turn} ${turnNumber(g)} of ${rulesOf(g).boxes.length}${tag}`, turnShort: `${turn}${tag}`, roll: `roll ${g.rollsUsed} of ${MAX_ROLLS}` };
}

