import { InvalidArgumentError } from 'commander';
import { EMPTY_CARD, getRuleSet, isRuleSetId, possibleScores, type Card, type RuleSet, type RuleSetId } from '../engine/index.js';
import { LAYOUT_IDS, type LayoutId } from '../input/index.js';
import { UsageError } from './errors.js';

/** The rule set named on the command line, or a UsageError listing the names. */
export function parseRules(value: string | undefined): RuleSetId {
  // In any case, as --layout and --strength are read.
  const id = (value ?? 'official').toLowerCase();
  if (!isRuleSetId(id)) throw new UsageError(`unknown rule set "${value}": use official, free-joker, spectrum or brazilian`);
  return id;
}

/** The key layout named on the command line (any case; MSX without one), or a UsageError naming the layouts. */
export function parseLayout(value: string | undefined): LayoutId {
  const layout = (value ?? 'msx').toLowerCase();
  if (!(LAYOUT_IDS as readonly string[]).includes(layout)) throw new UsageError(`unknown layout "${value}": use msx or spectrum`);
  return layout as LayoutId;
}

/**
 * A box id or name as people type it: any case, with or without hyphens, underscores, spaces, apostrophes and accents
 * ("small-straight", "sequência-alta", "1s" for the Spectrum's 1's).
 */
const spelling = (id: string) => id.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[-_\s'\u2019]/g, '').toLowerCase();

/** A card given as "yahtzee=50,fives=15", checked against the rule set's boxes and the scores each can hold. */
export function parseCard(rules: RuleSet, text: string | undefined): Card {
  if (text === undefined || text.trim() === '') return EMPTY_CARD;
  const boxes: Record<string, number> = {};
  for (const entry of text.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    // The box as its id or as the chart names it, which may hold digits and an apostrophe (the Spectrum's "1's").
    const m = /^([^=]*[^=\s])\s*=\s*(\d+)$/u.exec(entry);
    if (!m) throw new UsageError(`malformed card entry "${entry}": write BOX=POINTS, such as fives=15`);
    const [, typed, pts] = m;
    // By its id, or by its name as the chart shows it ("yatzee" on the Spectrum's card, "sequencia baixa").
    const def = rules.boxes.find((b) => spelling(b.id) === spelling(typed)) ?? rules.boxes.find((b) => spelling(b.name) === spelling(typed));
    if (!def) throw new UsageError(`unknown box "${typed}" for ${rules.id}: use ${rules.boxes.map((b) => b.id).join(' ')}`);
    const id = def.id;
    if (id in boxes) throw new UsageError(`box "${id}" is given twice`);
    const points = Number(pts);
    if (!possibleScores(def.scoring).has(points)) throw new UsageError(`${id} cannot hold ${points} points`);
    boxes[id] = points;
  }
  return { boxes, yahtzeeBonuses: 0 };
}

/** The rule set for a --rules value. */
export function rulesFor(value: string | undefined): RuleSet {
  return getRuleSet(parseRules(value));
}

/**
 * The parser of a --card that takes one card (score, advise): given again, it is refused, since the last one alone
 * would silently stand for the whole card (odds takes one per player instead).
 */
export function oneCard(value: string, previous: string | undefined): string {
  // Commander's own error, so that the line points to the command's --help.
  if (previous !== undefined) throw new InvalidArgumentError('--card is given once, with every filled box separated by commas (such as --card aces=3,twos=4)');
  return value;
}
