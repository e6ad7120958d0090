/** Words the views share: keeps, boxes and figures as the panels say them, what decides a match, the strategy table's state. */
import { gameNumber, targetReached, type Face, type GameState, type RuleSet } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { RankedOption } from '../solver/index.js';
import type { AppModel, StrategyStatus } from '../app/model.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/** A keep in words, longest first (the panel takes the longest that fits): "keep 6 6 6, reroll 2 dice" ... "keep 666 +2" (+2: two dice rolled). */
export function keepLabels(keep: readonly Face[]): string[] {
  return keepLabelsAs('keep', keep.map(String), 5 - keep.length);
}

/** How the screen names the dice to keep: by the MSX keys 1-5, or by the Spectrum letters A-E. */
export interface DiceNaming {
  /** The dice on the table now. */
  readonly dice: readonly Face[];
  /** The dice marked or held now (they are named first when they fit the keep). */
  readonly held: readonly boolean[];
  /** Keys (MSX: "keep dice 1 3 4") or letters (Spectrum: "hold A C D"). */
  readonly by: 'keys' | 'letters';
}

/** The dice (0-4) that keep the faces `keep`: those marked or held first, then the others from the left. */
export function keepIndexes(keep: readonly Face[], dice: readonly Face[], held: readonly boolean[]): number[] {
  const used = new Set<number>();
  const out: number[] = [];
  for (const face of keep) {
    const pick = [0, 1, 2, 3, 4].filter((i) => !used.has(i) && dice[i] === face).sort((a, b) => Number(held[b] === true) - Number(held[a] === true) || a - b)[0];
    if (pick === undefined) continue;
    used.add(pick);
    out.push(pick);
  }
  return out.sort((a, b) => a - b);
}

/**
 * A keep in words with the dice named as the layout names them, longest first: MSX "keep dice 1 3 4, reroll 2
 * dice" ... "keep 134 +2", Spectrum "hold A C D, reroll 2 dice" ... "hold ACD +2": never the faces, which would read
 * like the MSX keys.
 */
export function namedKeepLabels(keep: readonly Face[], naming: DiceNaming): string[] {
  const names = keepIndexes(keep, naming.dice, naming.held).map((i) => (naming.by === 'keys' ? String(i + 1) : 'ABCDE'[i]));
  const n = 5 - names.length;
  if (names.length === 0 || names.length === 5) return keepLabels(keep);
  if (naming.by === 'letters') return keepLabelsAs('hold', names, n);
  const spaced = names.join(' ');
  const packed = names.join('');
  const dice = `${n} ${n === 1 ? 'die' : 'dice'}`;
  return [`keep dice ${spaced}, reroll ${dice}`, `keep dice ${spaced}, reroll ${n}`, `keep dice ${spaced}, roll ${n}`, `keep dice ${packed}, roll ${n}`, `keep ${spaced}, roll ${n}`, `keep ${packed}, roll ${n}`, `keep ${spaced} +${n}`, `keep ${packed} +${n}`];
}

function keepLabelsAs(verb: string, names: readonly string[], n: number): string[] {
  if (names.length === 0) return ['reroll all 5 dice', 'reroll all 5', 'reroll 5'];
  if (names.length === 5) return ['keep all five: score now', 'score now'];
  const spaced = names.join(' ');
  const packed = names.join('');
  return [`${verb} ${spaced}, reroll ${n} ${n === 1 ? 'die' : 'dice'}`, `${verb} ${spaced}, reroll ${n}`, `${verb} ${spaced}, roll ${n}`, `${verb} ${packed}, roll ${n}`, `${verb} ${spaced} +${n}`, `${verb} ${packed} +${n}`];
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

/** A box and its points in words, longest first: "Three of a kind 17", "3 of a kind 17", "3 kind 17". */
export function boxLabels(rules: RuleSet, box: string, points: number): string[] {
  const name = boxName(rules, box);
  return [name, ...(SHORT_BOX_NAMES[name] ?? [])].map((n) => `${n} ${points}`);
}

/**
 * An option of rankOptions in words, longest first: "keep 6 6 6, reroll 2 dice", "Fours 16"; with `naming`, the dice
 * to keep named as the layout names them ("keep dice 1 3 4", "hold A C D").
 */
export function optionLabels(rules: RuleSet, option: RankedOption, naming?: DiceNaming): string[] {
  if (option.kind !== 'keep') return boxLabels(rules, option.box, option.points);
  return naming ? namedKeepLabels(option.keep, naming) : keepLabels(option.keep);
}

/** How the hint names the dice in the model's layout. */
export function diceNaming(model: AppModel, g: GameState): DiceNaming {
  return { dice: g.dice, held: g.held, by: getLayout(model.layout).dieKeys ? 'keys' : 'letters' };
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
      return `game ${n} of ${g.match.games}, ${matchRuleShort(g.match)}`;
    case 'target':
      return `game ${n}, ${matchRuleShort(g.match)}${playing(g) && targetReached(g).length > 0 ? ': last round' : ''}`;
  }
}

