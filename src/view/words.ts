/** Words the views share: keeps, boxes and figures as the panels say them, what decides a match, the strategy table's state. */
import { gameNumber, targetReached, type Face, type GameState, type RuleSet } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { RankedOption } from '../solver/index.js';
import { diceNamingOf, faceKeepLabels, keepIndexes, keepLabels, type DiceNaming } from '../app/diceWords.js';
import type { AppModel, StrategyStatus } from '../app/model.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/** The dice on the table and which are marked or held now: the hint names the dice to keep among them. */
export interface DiceOnTable {
  readonly dice: readonly Face[];
  readonly held: readonly boolean[];
}

/** A box's name in the rule set (its id when it has none). */
export function boxName(rules: RuleSet, box: string): string {
  return rules.boxes.find((b) => b.id === box)?.name ?? box;
}

/** Shorter names of the longer boxes, for a narrow panel (whole words, never a cut one). */
const SHORT_BOX_NAMES: Readonly<Record<string, readonly string[]>> = {
  'Three of a kind': ['3 of a kind', '3 kind'],
  'Four of a kind': ['4 of a kind', '4 kind'],
  '3 of a kind': ['3 kind'],
  '4 of a kind': ['4 kind'],
  'Small straight': ['Sm straight', 'Sm str'],
  'Large straight': ['Lg straight', 'Lg str'],
  'Sequência baixa': ['Seq. baixa'],
  'Sequência alta': ['Seq. alta'],
  'Full house': ['Full'],
  'Short run': ['Short'],
  'Long run': ['Long'],
};

/**
 * A box and its points in words, longest first: "Three of a kind 17", "3 of a kind 17", "3 kind 17"; with no points
 * (a box already used, whose points the dice would not make), its name alone.
 */
export function boxLabels(rules: RuleSet, box: string, points: number | null): string[] {
  const name = boxName(rules, box);
  return [name, ...(SHORT_BOX_NAMES[name] ?? [])].map((n) => (points === null ? n : `${n} ${points}`));
}

/**
 * An option of rankOptions in words, longest first: "Fours 16", or a keep as the layout names it (diceWords.ts). With
 * the dice on the table, the dice to keep are named ("keep 6 6 5: mark 1 2 4"; those marked or held already first);
 * without them, by their faces alone ("keep 5 6 6, reroll 2 dice").
 */
export function optionLabels(rules: RuleSet, option: RankedOption, naming: DiceNaming, table: DiceOnTable | null): string[] {
  if (option.kind !== 'keep') return boxLabels(rules, option.box, option.points);
  return table ? keepLabels(naming, table.dice, keepIndexes(option.keep, table.dice, table.held)) : faceKeepLabels(naming, option.keep);
}

/** How the model's layout names the dice. */
export function diceNaming(model: AppModel): DiceNaming {
  return diceNamingOf(getLayout(model.layout));
}

/** An expected final score as the panel shows it: one decimal. */
export function points1(value: number): string {
  return value.toFixed(1);
}

/** What a choice loses against the best, as the panel shows it: "best", or "-2.3". */
export function lossText(loss: number): string {
  return loss < 0.05 ? 'best' : `-${loss.toFixed(1)}`;
}

/** What a review figure lost, in words: "lost 4.0 points" (short: "lost 4.0"). */
export function lostText(loss: number, short = false): string {
  const n = points1(Math.max(0, loss));
  return short ? `lost ${n}` : `lost ${n} ${n === '1.0' ? 'point' : 'points'}`;
}

/** The strategy table's state in words, for the panels: "computing the strategy table… 45%" ("its" for the computer's). */
export function strategyWords(status: StrategyStatus, whose: 'the' | 'its' = 'the'): string {
  switch (status.status) {
    case 'loading':
      return `computing ${whose} strategy table… ${status.total > 0 ? Math.floor((100 * status.done) / status.total) : 0}%`;
    case 'failed':
      return `no strategy table (${status.error})`;
    default:
      return `loading ${whose} strategy table…`;
  }
}


/** What decides a match, in a few words for the status line: "most games won", "first to 500". */
export function matchRuleShort(match: GameState['match']): string {
  switch (match.kind) {
    case 'single':
      return '';
    case 'games':
      return 'most games won';
    case 'target':
      return `first to ${match.target}`;
  }
}

/** What decides a match, in a sentence for the setup and the instructions. */
export function matchRuleText(match: GameState['match']): string {
  switch (match.kind) {
    case 'single':
      return 'A single game: the highest total wins.';
    case 'games':
      return `${match.games} ${match.games === 1 ? 'game' : 'games'}: the most games won wins the match; level on games, the higher total over the games; level on both, a tie.`;
    case 'target':
      return `First to ${match.target}: the match ends after the round in which a total over the games reaches ${match.target}; the highest total then wins.`;
  }
}

/** The match so far in words: "game 2 of 3, most games won", "game 2, first to 500" ("...: last round"), or "" for a single game. */
export function matchText(g: GameState): string {
  const n = gameNumber(g);
  switch (g.match.kind) {
    case 'single':
      return '';
    case 'games':
      // A match of one game is decided as a single game is: "game 1 of 1" says all.
      return g.match.games === 1 ? `game 1 of 1` : `game ${n} of ${g.match.games}, ${matchRuleShort(g.match)}`;
    case 'target':
      return `game ${n}, ${matchRuleShort(g.match)}${playing(g) && targetReached(g).length > 0 ? ': last round' : ''}`;
  }
}

