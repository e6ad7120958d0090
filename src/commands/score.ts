import { getLayout, layoutRules } from '../app/keymaps/index.js';
import { isCardComplete, parseDice, scoreOptions } from '../engine/index.js';
import { UsageError } from './errors.js';
import { parseCard, parseLayout, rulesFor } from './parse.js';

/** Options of `yahtzee score`. */
export interface ScoreCommandOptions {
  rules?: string;
  card?: string;
  /** The key layout whose option numbers the boxes are listed by (the Spectrum's follow its inlay). */
  layout?: string;
  json?: boolean;
}

/** `yahtzee score DICE`: what the dice score in each box, given the boxes already filled. Returns the text to print. */
export function scoreCommand(diceText: string, opts: ScoreCommandOptions): string {
  const rules = rulesFor(opts.rules);
  const dice = parseDice(diceText);
  if ('error' in dice) throw new UsageError(dice.error);
  const card = parseCard(rules, opts.card);
  if (isCardComplete(rules, card)) throw new UsageError('every box of that card is filled: nothing can be scored');
  const options = scoreOptions(rules, card, dice);
  const layout = getLayout(parseLayout(opts.layout));
  if (opts.json) {
    const boxes = Object.fromEntries(options.boxes.map((o) => [o.box, { points: o.points, allowed: o.allowed }]));
    return JSON.stringify({ rules: rules.id, dice, boxes, yahtzeeBonus: options.yahtzeeBonus });
  }
  const lines = [`${dice.join(' ')} with the ${rules.title}${options.joker ? ' (Joker)' : ''}:`, ''];
  const nameWidth = Math.max(...rules.boxes.map((b) => b.name.length + (b.english ? b.english.length + 3 : 0)));
  // Numbered and in the order of the game's options in this layout, so that the number is the one to type there.
  for (const b of layoutRules(layout, rules).boxes) {
    const o = options.boxes.find((x) => x.box === b.id)!;
    const name = (b.english ? `${b.name} (${b.english})` : b.name).padEnd(nameWidth);
    const filled = card.boxes[b.id];
    const status = filled !== undefined ? `filled (${filled})` : o.allowed ? '' : 'not allowed (Joker)';
    lines.push(`${String(b.option).padStart(2)}  ${name}  ${filled !== undefined ? '  -' : String(o.points).padStart(3)}  ${b.id.padEnd(14)} ${status}`.trimEnd());
  }
  if (options.yahtzeeBonus > 0) lines.push('', `Yahtzee bonus: +${options.yahtzeeBonus}`);
  return lines.join('\n');
}
