import { EMPTY_CARD, cardTotal, checkName, isCardComplete, printable, type Card } from '../engine/index.js';
import type { ScoreDistribution } from '../solver/distribution/distribution.js';
import { winChances } from '../solver/chances/winChances.js';
import { quickCardDistributions, type CardsDistribution } from './distribution.js';
import { UsageError } from './errors.js';
import { parseCard, rulesFor } from './parse.js';

/** Options of `yahtzee odds`. */
export interface OddsCommandOptions {
  rules?: string;
  players?: string;
  /** One card per player ("-" for an empty one), as `advise --card` takes them. */
  card?: string[];
  names?: string;
  json?: boolean;
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
  if (cards.length === 0) throw new UsageError('say who plays: --players N, or a --card for each player ("-" for an empty card)');
  if (cards.length < CHANCES_PLAYERS.min || cards.length > CHANCES_PLAYERS.max) throw new UsageError(`give ${CHANCES_PLAYERS.min} to ${CHANCES_PLAYERS.max} cards, one per player (got ${cards.length})`);
  return cards.map((c) => (c.trim() === '-' ? EMPTY_CARD : parse(c)));
}

function namesOf(text: string | undefined, count: number): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(',').map((n) => n.trim());
  if (names.length !== count || names.some((n) => n === '')) throw new UsageError(`--names needs ${count} names separated by commas, one per player`);
  // The one rule for names (src/engine/names.ts), as the game's --names: they are printed.
  for (const n of names) {
    const problem = checkName(n);
    if (problem !== null) throw new UsageError(`--names "${printable(n)}": ${problem}`);
  }
  return names;
}

/**
 * `yahtzee odds`: each player's chance to finish strictly highest and the chance that the top score is shared,
 * every player playing optimally (for the highest mean) from their card, exact from the score distributions.
 */
export async function oddsCommand(opts: OddsCommandOptions, find: CardsDistribution = quickCardDistributions): Promise<string> {
  const rules = rulesFor(opts.rules);
  const cards = cardsOf(opts, (text) => parseCard(rules, text));
  const names = namesOf(opts.names, cards.length);
  // Players on the same card (fresh ones, say) share its distribution; the open cards' are found together.
  const keyOf = (card: Card) => JSON.stringify(Object.entries(card.boxes).sort());
  const known = new Map<string, ScoreDistribution>();
  const open: Card[] = [];
  for (const card of cards) {
    const key = keyOf(card);
    if (known.has(key) || open.some((c) => keyOf(c) === key)) continue;
    if (isCardComplete(rules, card)) known.set(key, { lo: cardTotal(rules, card), p: Float64Array.of(1) });
    else open.push(card);
  }
  if (open.length > 0) (await find(rules, open)).forEach((d, i) => known.set(keyOf(open[i]), d));
  const finals = cards.map((card) => known.get(keyOf(card))!);
  const { win, tie } = winChances(finals);
  if (opts.json) return JSON.stringify({ rules: rules.id, players: win.map((w, i) => (names ? { name: names[i], win: w } : { win: w })), tie });
  const labels = cards.map((c, i) => `${names ? names[i] : `Player ${i + 1}`} (${cardTotal(rules, c)} points on the card)`);
  const width = Math.max(...labels.map((l) => l.length));
  const pct = (x: number) => `${(100 * x).toFixed(2).padStart(6)}%`;
  return [
    `Chances to win (${rules.title}), each playing optimally from their card:`,
    ...labels.map((l, i) => `  ${l.padEnd(width)}  ${pct(win[i])}`),
    `  ${'the top score shared'.padEnd(width)}  ${pct(tie)}`,
  ].join('\n');
}
