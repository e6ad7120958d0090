import type { JokerRule, RuleSet } from '../engine/index.js';
import { MAX_ROLLS, ruleSetValueText } from '../engine/index.js';
import type { AppAction } from './actions.js';
import { layoutRules, type Binding, type Layout, type Mode } from './keymaps/index.js';
import type { Reader } from './model.js';
import { padEndTo, textWidth, wrap } from '../text/index.js';

/** One line of the instructions page; headings are drawn in bold. */
export interface InstructionLine {
  readonly text: string;
  readonly heading?: boolean;
  /** The line goes on from the one before it (one entry wrapped): a page does not start with it (pages.ts). */
  readonly continued?: boolean;
  /** On the heading of a group of keys: which (the instructions open in a game at its keys, pages.ts). */
  readonly keys?: KeyGroupId;
  /** The line starts a page (pages.ts): the keys of a game, where the instructions open in one, start at the top. */
  readonly newPage?: boolean;
  /** A heading repeated at the top of a page that starts under it (pages.ts), not a line of the instructions. */
  readonly repeated?: boolean;
}

/** The Joker rules in words, `five` the rule set's name for five alike (Yahtzee, Yatzee, General). */
function jokerText(joker: JokerRule, five: string): string {
  if (joker === 'forced') return `Joker: a further ${five}, the ${five} box filled, must go in its upper box if open; else in any open lower box at full value; else 0 in an upper box.`;
  if (joker === 'free') return `Joker: a further ${five}, the ${five} box filled, may go in any open box; lower boxes score full value.`;
  return `No Joker: a further ${five} scores as the dice lie.`;
}

const JOKER_SHORT: Record<JokerRule, string> = { forced: 'forced Joker', free: 'free Joker', none: 'no Joker' };

/** The rule set's name for five alike, as its chart names the box. */
function fiveAlike(rules: RuleSet): string {
  return rules.boxes.find((b) => b.scoring.kind === 'yahtzee')?.name ?? 'Yahtzee';
}

/** The rule set in a few words: "upper bonus 35 at 63, Yahtzee bonus 100, forced Joker", fixed scores first. */
export function rulesSummary(rules: RuleSet): string {
  const upper = rules.upperBonus ? `upper bonus ${rules.upperBonus.points} at ${rules.upperBonus.threshold}` : 'no upper bonus';
  const yahtzee = rules.yahtzeeBonus > 0 ? `${fiveAlike(rules)} bonus ${rules.yahtzeeBonus}` : `no ${fiveAlike(rules)} bonus`;
  // A sheet that fixes what three or four alike score (the Brazilian) says so first: it changes the game most.
  const fixed = rules.boxes.flatMap((b) => (b.scoring.kind === 'ofAKind' && b.scoring.points !== undefined ? [`${b.name} ${b.scoring.points}`] : []));
  return `${fixed.length > 0 ? `${fixed.join(', ')}, ` : ''}${upper}, ${yahtzee}, ${JOKER_SHORT[rules.joker]}`;
}

function row(label: string, labelWidth: number, text: string, width: number): string[] {
  return wrap(`  ${padEndTo(label, labelWidth)}  ${text}`, width, { indent: labelWidth + 4 });
}

/** The groups of keys on the instructions, where the document has a heading for each. */
export type KeyGroupId = 'resume' | 'setup' | 'names' | 'competition' | 'number' | 'rolling' | 'choosing' | 'game' | 'after' | 'question' | 'pages' | 'too-small' | 'other';

const SETUP_MODES: readonly Mode[] = ['setup-players', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number'];

/**
 * The groups in the order the instructions list them; a binding goes to the one with the fewest modes that holds all
 * of its own, so that each step of the setup has its own keys (and its own ESC) under its own heading.
 */
const KEY_GROUPS: readonly { id: KeyGroupId; heading: string; modes: readonly Mode[] }[] = [
  { id: 'resume', heading: 'Starting with a saved game', modes: ['resume'] },
  { id: 'setup', heading: 'Setting up', modes: SETUP_MODES },
  { id: 'names', heading: 'Naming the players', modes: ['setup-first-name', 'setup-name'] },
  { id: 'competition', heading: 'Choosing the competition', modes: ['setup-match'] },
  { id: 'number', heading: 'Giving the number of games or the score', modes: ['setup-number'] },
  { id: 'rolling', heading: 'Rolling', modes: ['rolling'] },
  { id: 'choosing', heading: 'Choosing a box', modes: ['choosing'] },
  { id: 'game', heading: 'During the game', modes: ['rolling', 'choosing', 'computer'] },
  { id: 'after', heading: 'After a game', modes: ['game-over', 'match-over'] },
  { id: 'question', heading: 'At the quit question', modes: ['confirm', 'confirm-over'] },
  { id: 'pages', heading: 'On these pages and the review', modes: ['help', 'review'] },
  { id: 'too-small', heading: 'On the too-small notice', modes: ['too-small'] },
];

/** The groups of keys that are the host's alone at a hosted table: a guest's instructions leave them out. */
const HOST_GROUPS: ReadonlySet<KeyGroupId> = new Set(['resume', 'setup', 'names', 'competition', 'number', 'question']);

/** The host's keys alone in the other groups (src/table/mayAct.ts): going on after a game, the computer's. */
const HOST_KEYS: ReadonlySet<AppAction['type']> = new Set(['continue', 'seat-to-computer', 'computer-hurry']);

/** The keys of a hosted table alone: a game on one terminal has no dropped player's seat to give away. */
const TABLE_KEYS: ReadonlySet<AppAction['type']> = new Set(['seat-to-computer']);

/** A guest's quit keys leave the table (src/table/guestKeys.ts): their help as a guest reads it. */
function guestHelp(b: Binding): string {
  const type = b.action('', 0).type;
  if (type === 'quit-now') return "leave the table at once, from anywhere (a player's seat waits for them)";
  if (type !== 'quit') return b.help;
  if (b.modes.includes('too-small')) return 'on the too-small notice: leave the table at once';
  return "leave the table; a player is asked first (Y leaves, any other key stays), and their seat waits for them";
}

/**
 * The keys of a layout for the instructions, grouped by where they work (KEY_GROUPS), so that a key bound in several
 * places (q/ESC) stands under a heading that says which; the keys of most screens come last, as "On most screens".
 * A guest's leave out the host's keys, and their quit keys leave the table; a player's, the keys of a hosted table.
 */
export function keyEntries(layout: Layout, reader: Reader = 'player'): { id: KeyGroupId; heading: string; bindings: Binding[] }[] {
  const groupOf = (b: Binding) => {
    const holding = KEY_GROUPS.flatMap((g, i) => (b.modes.every((m) => g.modes.includes(m)) ? [i] : []));
    return holding.reduce((best, i) => (KEY_GROUPS[i].modes.length < KEY_GROUPS[best].modes.length ? i : best), holding[0] ?? -1);
  };
  const guest = reader === 'guest';
  const type = (b: Binding) => b.action('', 0).type;
  const bindings = guest
    ? layout.bindings.filter((b) => !HOST_KEYS.has(type(b))).map((b) => ({ ...b, help: guestHelp(b) }))
    : layout.bindings.filter((b) => reader === 'host' || !TABLE_KEYS.has(type(b)));
  return [
    ...KEY_GROUPS.map((g, i) => ({ id: g.id, heading: g.heading, bindings: bindings.filter((b) => groupOf(b) === i) })),
    { id: 'other' as const, heading: 'On most screens', bindings: bindings.filter((b) => groupOf(b) < 0) },
  ].filter((g) => g.bindings.length > 0 && !(guest && HOST_GROUPS.has(g.id)));
}

/**
 * The instructions page, generated from the rule set and the layout's key table (so neither is written twice),
 * wrapped to `width` columns; a guest's with a word on what their keys do at a hosted table.
 */
export function instructionLines(sheetRules: RuleSet, layout: Layout, width: number, reader: Reader = 'player'): InstructionLine[] {
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
  const five = fiveAlike(rules);
  para(rules.yahtzeeBonus > 0 ? `Each further ${five} while the ${five} box holds its full score: +${rules.yahtzeeBonus}.` : `No bonus for a further ${five}.`);
  para(jokerText(rules.joker, five));
  if (reader === 'guest') {
    heading('At a table hosted over SSH');
    const tips = `${layout.bindings.find((b) => b.action('', 0).type === 'hint')?.prompt ?? 'hint'}s`;
    para(`Your keys play the game on your turn. On any turn they turn your own ${tips} and chances on and off, and open these pages on your screen alone. The host sets the game up and goes on after each game.`);
  }
  for (const group of keyEntries(layout, reader)) {
    const first = { keys: group.id, ...(group.id === 'rolling' ? { newPage: true } : {}) };
    wrap(`Keys: ${group.heading.toLowerCase()}`, w).forEach((t, i) => out.push({ text: t, heading: true, ...(i === 0 ? first : {}) }));
    const labelW = Math.max(...group.bindings.map((b) => textWidth(b.label)));
    for (const b of group.bindings) lines(row(b.label, labelW, b.help, w));
  }
  return out;
}
