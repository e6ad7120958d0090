import type { JokerRule, RuleSet } from '../engine/index.js';
import { MAX_ROLLS, ruleSetValueText } from '../engine/index.js';
import { layoutRules, type Binding, type Layout, type Mode } from './keymaps/index.js';
import { padEndTo, textWidth, wrap } from '../text/index.js';

/** One line of the instructions page; headings are drawn in bold. */
export interface InstructionLine {
  readonly text: string;
  readonly heading?: boolean;
  /** The line goes on from the one before it (one entry wrapped): a page does not start with it (pages.ts). */
  readonly continued?: boolean;
}

const JOKER_TEXT: Record<JokerRule, string> = {
  forced: 'Joker: a further Yahtzee, the Yahtzee box filled, must go in its upper box if open; else in any open lower box at full value; else 0 in an upper box.',
  free: 'Joker: a further Yahtzee, the Yahtzee box filled, may go in any open box; lower boxes score full value.',
  none: 'No Joker: a further Yahtzee scores as the dice lie.',
};

const JOKER_SHORT: Record<JokerRule, string> = { forced: 'forced Joker', free: 'free Joker', none: 'no Joker' };

/** The rule set's bonuses and Joker in a few words: "upper bonus 35 at 63, Yahtzee bonus 100, forced Joker". */
export function rulesSummary(rules: RuleSet): string {
  const upper = rules.upperBonus ? `upper bonus ${rules.upperBonus.points} at ${rules.upperBonus.threshold}` : 'no upper bonus';
  const yahtzee = rules.yahtzeeBonus > 0 ? `Yahtzee bonus ${rules.yahtzeeBonus}` : 'no Yahtzee bonus';
  return `${upper}, ${yahtzee}, ${JOKER_SHORT[rules.joker]}`;
}

function row(label: string, labelWidth: number, text: string, width: number): string[] {
  return wrap(`  ${padEndTo(label, labelWidth)}  ${text}`, width, { indent: labelWidth + 4 });
}

/** The keys of a layout for the instructions, grouped: a binding used only at the resume question, while setting up, rolling or choosing goes there; the rest are "other keys". */
export function keyEntries(layout: Layout): { heading: string; bindings: Binding[] }[] {
  const setup: readonly Mode[] = ['setup-players', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number'];
  const groups: { heading: string; modes: readonly Mode[] }[] = [
    { heading: 'Starting with a saved game', modes: ['resume'] },
    { heading: 'Setting up', modes: setup },
    { heading: 'Rolling', modes: ['rolling'] },
    { heading: 'Choosing a box', modes: ['choosing'] },
  ];
  const groupOf = (b: Binding) => groups.findIndex((g) => b.modes.every((m) => g.modes.includes(m)));
  return [
    ...groups.map((g, i) => ({ heading: g.heading, bindings: layout.bindings.filter((b) => groupOf(b) === i) })),
    { heading: 'Other keys', bindings: layout.bindings.filter((b) => groupOf(b) < 0) },
  ].filter((g) => g.bindings.length > 0);
}

/**
 * The instructions page, generated from the rule set and the layout's key table (so neither is written twice),
 * wrapped to `width` columns.
 */
export function instructionLines(sheetRules: RuleSet, layout: Layout, width: number): InstructionLine[] {
  const rules = layoutRules(layout, sheetRules);
  const w = Math.max(20, width);
  const out: InstructionLine[] = [];
  const heading = (text: string) => wrap(text, w).forEach((t) => out.push({ text: t, heading: true }));
  const lines = (texts: readonly string[]) => texts.forEach((t, i) => out.push(i === 0 ? { text: t } : { text: t, continued: true }));
  const para = (text: string) => lines(wrap(text, w));
  heading(`${layout.title}: ${rules.title}, ${layout.name} keys`);
  para(`${rules.title[0].toUpperCase()}${rules.title.slice(1)}: ${rulesSummary(rules)}. Keys of the ${layout.machine}.`);
  para(`Worth ${ruleSetValueText(sheetRules.id)}.`);
  para(`Each turn: up to ${MAX_ROLLS} rolls (the first is made for you), then score one open box. 13 turns fill the chart; the highest total wins.`);
  heading('Boxes');
  const nameWidth = Math.max(...rules.boxes.map((b) => textWidth(b.name))) + 3;
  for (const b of rules.boxes) {
    const name = layout.boxChoice === 'number' ? `${String(b.option).padStart(2)} ${b.name}` : b.name;
    lines(row(name, nameWidth, b.english && b.english !== b.name ? `(${b.english}) ${b.help}` : b.help, w));
  }
  heading('Bonuses');
  para(rules.upperBonus ? `Upper boxes ${rules.upperBonus.threshold} or more: +${rules.upperBonus.points}.` : 'No upper bonus.');
  para(rules.yahtzeeBonus > 0 ? `Each further Yahtzee while the Yahtzee box holds its full score: +${rules.yahtzeeBonus}.` : 'No bonus for further Yahtzees.');
  para(JOKER_TEXT[rules.joker]);
  for (const group of keyEntries(layout)) {
    heading(`Keys: ${group.heading.toLowerCase()}`);
    const labelW = Math.max(...group.bindings.map((b) => textWidth(b.label)));
    for (const b of group.bindings) lines(row(b.label, labelW, b.help, w));
  }
  return out;
}
