import { numberComputerNames } from '../app/setup.js';
import { EMPTY_CARD, cardTotal, checkNames, isCardComplete, type Card, type RuleSet } from '../engine/index.js';
import type { ScoreDistribution } from '../solver/distribution/distribution.js';
import { midTurnFinal, type MidTurn } from '../solver/distribution/midTurn.js';
import { winChances } from '../solver/chances/winChances.js';
import { adviceTable, diceFlag, rollsLeftOf } from './advise.js';
import { distributionsWithProgress, lateCard, quickCardDistributions, type CardsDistribution } from './distribution.js';
import { UsageError } from './errors.js';
import { parseCard, rulesFor } from './parse.js';

/** Options of `yahtzee odds`. */
export interface OddsCommandOptions {
  rules?: string;
  players?: string;
  /** One card per player ("-" for an empty one), as `advise --card` takes them. */
  card?: string[];
  names?: string;
  /** The first player's dice in the middle of their turn ("6,6,6,2,1"), with rollsLeft. */
  dice?: string;
  rollsLeft?: string;
  json?: boolean;
}

/** How the final-score distribution from the middle of a turn is found (the command's tests give their own). */
export type MidTurnDistribution = (rules: RuleSet, at: MidTurn) => Promise<ScoreDistribution>;

/**
 * From the middle of a turn under optimal play: for a late card from its advice table (a sub-game solved on the
 * spot when no whole table is cached), else from the rule set's tables (loaded or computed).
 */
export const quickMidTurnDistribution: MidTurnDistribution = async (rules, at) => {
  if (lateCard(rules, at.card)) return midTurnFinal(await adviceTable(rules, at.card), undefined, at);
  const r = await distributionsWithProgress(rules.id);
  return midTurnFinal(r.table, r.distributions, at);
};

/** The first player's turn as --dice and --rolls-left give it, or undefined without them. */
function turnOf(opts: OddsCommandOptions, rules: RuleSet, card: Card): MidTurn | undefined {
  const dice = diceFlag(opts.dice);
  const rollsLeft = rollsLeftOf(opts.rollsLeft, dice);
  if (dice === undefined || rollsLeft === undefined) return undefined;
  if (isCardComplete(rules, card)) throw new UsageError('the first player\'s card is full: they have no turn to roll dice in');
  return { card, dice, rollsLeft };
}

/** The fewest and most players the chances to win are given for. */
export const CHANCES_PLAYERS = { min: 2, max: 4 } as const;

function cardsOf(opts: OddsCommandOptions, parse: (text: string) => Card): Card[] {
  const cards = opts.card ?? [];
  if (opts.players !== undefined && cards.length > 0) throw new UsageError('give either --players N (fresh cards) or a --card for each player, not both');
  if (opts.players !== undefined) {
    const text = opts.players.trim();
    if (!/^\d+$/.test(text) || Number(text) < CHANCES_PLAYERS.min || Number(text) > CHANCES_PLAYERS.max) {
      throw new UsageError(`--players must be a whole number from ${CHANCES_PLAYERS.min} to ${CHANCES_PLAYERS.max} (got "${opts.players}")`);
    }
    return Array.from({ length: Number(text) }, () => EMPTY_CARD);
  }
  if (cards.length === 0 && opts.names !== undefined) {
    // Names alone: that many players on fresh cards, as --players would give.
    const count = opts.names.split(',').length;
    if (count < CHANCES_PLAYERS.min || count > CHANCES_PLAYERS.max) throw new UsageError(`--names gives ${count} name${count === 1 ? '' : 's'}: the chances to win are for ${CHANCES_PLAYERS.min} to ${CHANCES_PLAYERS.max} players`);
    return Array.from({ length: count }, () => EMPTY_CARD);
  }
  if (cards.length === 0) throw new UsageError('say who plays: --players N, --names, or a --card for each player ("-" for an empty card)');
  if (cards.length < CHANCES_PLAYERS.min || cards.length > CHANCES_PLAYERS.max) throw new UsageError(`give ${CHANCES_PLAYERS.min} to ${CHANCES_PLAYERS.max} cards, one per player (got ${cards.length})`);
  return cards.map((c) => (c.trim() === '-' ? EMPTY_CARD : parse(c)));
}

function namesOf(text: string | undefined, count: number): string[] | undefined {
  if (text === undefined) return undefined;
  // CPU given twice is CPU 1 and CPU 2, as in the game's --names.
  const names = numberComputerNames(text.split(',').map((n) => n.trim()));
  if (names.length !== count || names.some((n) => n === '')) throw new UsageError(`--names needs ${count} names separated by commas, one per player`);
  // The one rule for names (src/engine/names.ts), as the game's --names: they are printed, and name one player each.
  const problem = checkNames(names);
  if (problem !== null) throw new UsageError(`--names ${problem}`);
  return names;
}

/**
 * `yahtzee odds`: each player's chance to finish strictly highest and the chance that the top score is shared,
 * every player playing optimally (for the highest mean) from their card, exact from the score distributions; with
 * --dice and --rolls-left, the first player in the middle of their turn with these dice.
 */
export async function oddsCommand(opts: OddsCommandOptions, find: CardsDistribution = quickCardDistributions, findMid: MidTurnDistribution = quickMidTurnDistribution): Promise<string> {
  const rules = rulesFor(opts.rules);
  const cards = cardsOf(opts, (text) => parseCard(rules, text));
  const names = namesOf(opts.names, cards.length);
  const turn = turnOf(opts, rules, cards[0]);
  // The first player's final score from these dice; the others' from their cards.
  const first = turn && (await findMid(rules, turn));
  // Players on the same card (fresh ones, say) share its distribution; the open cards' are found together.
  const keyOf = (card: Card) => JSON.stringify(Object.entries(card.boxes).sort());
  const known = new Map<string, ScoreDistribution>();
  const open: Card[] = [];
  for (const [i, card] of cards.entries()) {
    const key = keyOf(card);
    if (first && i === 0 && !cards.slice(1).some((c) => keyOf(c) === key)) continue;
    if (known.has(key) || open.some((c) => keyOf(c) === key)) continue;
    if (isCardComplete(rules, card)) known.set(key, { lo: cardTotal(rules, card), p: Float64Array.of(1) });
    else open.push(card);
  }
  if (open.length > 0) (await find(rules, open)).forEach((d, i) => known.set(keyOf(open[i]), d));
  const finals = cards.map((card, i) => (i === 0 && first ? first : known.get(keyOf(card))!));
  const { win, tie } = winChances(finals);
  if (opts.json) return JSON.stringify({ rules: rules.id, players: win.map((w, i) => (names ? { name: names[i], win: w } : { win: w })), tie });
  const labels = cards.map((c, i) => `${names ? names[i] : `Player ${i + 1}`} (${cardTotal(rules, c)} points on the card)`);
  const width = Math.max(...labels.map((l) => l.length));
  const pct = (x: number) => `${(100 * x).toFixed(2).padStart(6)}%`;
  const when = turn && (turn.rollsLeft === 0 ? 'no rolls left' : `${turn.rollsLeft} roll${turn.rollsLeft === 1 ? '' : 's'} left`);
  return [
    turn
      ? `Chances to win (${rules.title}), ${names ? names[0] : 'Player 1'} with ${turn.dice.join(' ')} and ${when}, each playing optimally from there:`
      : `Chances to win (${rules.title}), each playing optimally from their card:`,
    ...labels.map((l, i) => `  ${l.padEnd(width)}  ${pct(win[i])}`),
    `  ${'the top score shared'.padEnd(width)}  ${pct(tie)}`,
  ].join('\n');
}
