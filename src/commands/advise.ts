import { existsSync } from 'node:fs';
import { diceNamingOf, keepIndexes, keepLabels, type DiceNaming } from '../app/diceWords.js';
import { getLayout } from '../app/keymaps/index.js';
import { cardTotal, isCardComplete, parseDice, scoreOptions, type Card, type Dice, type RuleSet } from '../engine/index.js';
import { cacheFile, getCachedTable, rankOptions, solveSubgame, turnStartValue, type RankedOption, type StrategyTable } from '../solver/index.js';
import { UsageError } from './errors.js';
import { parseCard, parseLayout, rulesFor } from './parse.js';
import { tableWithProgress } from './solve.js';

/** Options of `yahtzee advise`. */
export interface AdviseCommandOptions {
  rules?: string;
  card?: string;
  dice?: string;
  rollsLeft?: string;
  /** The key layout whose keys name the dice of a keep (msx or spectrum). */
  layout?: string;
  json?: boolean;
}

/** Cards with at most this many open boxes are solved on the spot when no whole table is cached (well under a second). */
export const SUBGAME_MAX_OPEN = 8;

/** The table to advise from: in memory, else cached, else the sub-game for a late card, else computed and cached. */
export async function adviceTable(rules: RuleSet, card: Card): Promise<StrategyTable> {
  const have = getCachedTable(rules.id);
  if (have) return have;
  const open = rules.boxes.filter((b) => card.boxes[b.id] === undefined).length;
  if (open <= SUBGAME_MAX_OPEN && !existsSync(cacheFile(rules.id))) return solveSubgame(rules.id, card);
  return (await tableWithProgress(rules.id)).table;
}

export function rollsLeftOf(value: string | undefined, dice: Dice | undefined): 0 | 1 | 2 | undefined {
  if (dice === undefined) {
    if (value !== undefined) throw new UsageError('--rolls-left goes with --dice');
    return undefined;
  }
  if (value === undefined) throw new UsageError('--dice needs --rolls-left: 2 after the first roll, 1 after the second, 0 after the third');
  if (!/^[012]$/.test(value.trim())) throw new UsageError(`--rolls-left must be 0, 1 or 2 (got "${value}")`);
  return Number(value.trim()) as 0 | 1 | 2;
}

/**
 * A choice in words; a keep as the game's hint says it, with the dice named by the layout's keys (diceWords.ts). A
 * box's points are said with the Yahtzee bonus these dice earn on top (`bonus`), which its expected score holds.
 */
function describe(rules: RuleSet, naming: DiceNaming, dice: Dice, o: RankedOption, bonus: number): string {
  if (o.kind === 'score') {
    const def = rules.boxes.find((b) => b.id === o.box)!;
    return `score ${def.name}${def.english ? ` (${def.english})` : ''}: ${o.points}${bonus > 0 ? ` + ${bonus} Yahtzee bonus` : ''}`;
  }
  return keepLabels(naming, dice, keepIndexes(o.keep, dice, []))[0];
}

/** The dice of a --dice flag, or undefined without it; a usage error when they are not five faces. */
export function diceFlag(text: string | undefined): Dice | undefined {
  if (text === undefined) return undefined;
  const parsed = parseDice(text);
  if ('error' in parsed) throw new UsageError(parsed.error);
  return parsed;
}

/** `yahtzee advise`: the value of a card at the start of a turn, or every choice for some dice ranked best first. */
export async function adviseCommand(opts: AdviseCommandOptions, getTable: (rules: RuleSet, card: Card) => Promise<StrategyTable> = adviceTable): Promise<string> {
  const rules = rulesFor(opts.rules);
  const card = parseCard(rules, opts.card);
  const dice = diceFlag(opts.dice);
  const rollsLeft = rollsLeftOf(opts.rollsLeft, dice);
  const naming = diceNamingOf(getLayout(parseLayout(opts.layout)));
  if (isCardComplete(rules, card)) throw new UsageError('every box of that card is filled: the game is over');
  const table = await getTable(rules, card);
  const total = cardTotal(rules, card);
  const options = dice !== undefined && rollsLeft !== undefined ? rankOptions(table, rules, card, dice, rollsLeft) : [];
  const expectedFinal = options.length > 0 ? options[0].expectedFinal : total + turnStartValue(table, card);
  const expectedRemaining = expectedFinal - total;
  if (opts.json) {
    const shown = options.map((o) => (o.kind === 'keep' ? { kind: o.kind, keep: o.keep, expectedFinal: o.expectedFinal } : o));
    return JSON.stringify({ rules: rules.id, expectedRemaining, expectedFinal, options: shown });
  }
  const lines: string[] = [];
  const where = `${rules.title}, ${total} points on the card`;
  if (dice === undefined) {
    lines.push(`At the start of a turn (${where}):`, `expected remaining score ${expectedRemaining.toFixed(2)}, expected final score ${expectedFinal.toFixed(2)}`);
  } else {
    const when = rollsLeft === 0 ? 'no rolls left' : `${rollsLeft} roll${rollsLeft === 1 ? '' : 's'} left`;
    lines.push(`${dice.join(' ')} with ${when} (${where}); expected final score ${expectedFinal.toFixed(2)} with the best choice:`);
    const bonus = scoreOptions(rules, card, dice).yahtzeeBonus;
    const texts = options.map((o) => describe(rules, naming, dice, o, bonus));
    const width = Math.max(...texts.map((t) => t.length));
    options.forEach((o, i) => {
      const behind = i === 0 ? '' : `  (-${(expectedFinal - o.expectedFinal).toFixed(2)})`;
      lines.push(`${String(i + 1).padStart(3)}. ${texts[i].padEnd(width)}  ${o.expectedFinal.toFixed(2)}${behind}`);
    });
  }
  return lines.join('\n');
}
