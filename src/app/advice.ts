import { MAX_ROLLS, rollsLeft, rulesOf, scoreOptions, type Face, type GameState, type RuleSet } from '../engine/index.js';
import { getLayout } from './keymaps/index.js';
import type { DecisionRecord, RankedOption, StrategyTable } from '../solver/index.js';
// The solver's light modules only: the game's first frame is drawn before the solver is loaded.
import { tableSolver } from '../solver/lazy.js';
import { covers } from '../solver/state.js';
import { linesPerPage, type InstructionLine } from './instructions.js';
import { boxForOption } from './labels.js';
import type { AppModel, SeatDecision, StrategyStatus } from './model.js';
import { modeOf } from './modes.js';
import { fitLines, fitText } from './fit.js';
import { cutToWidth, padEndTo, textWidth, wordLines } from './text.js';

/** A line of a side panel (the turn, the hint, the review summary). */
export interface PanelLine {
  readonly text: string;
  readonly role?: 'heading' | 'field' | 'dim';
}

/** How many best choices the hint shows. */
export const HINT_CHOICES = 3;

const len = textWidth;

/** The text in at most `width` columns without a cut word: itself, a shorter wording, or whole words and " …" (see fitText). */
export function clip(text: string, width: number): string {
  if (width <= 0) return '';
  return fitText(text, width);
}

/** Words wrapped to lines of at most `width` characters (a longer word is cut). */
export function wrapWords(text: string, width: number): string[] {
  return wordLines(text, width).map((l) => clip(l, width));
}

/** What a computer does with its holds, for the message line: "keeps 6 6 6 and rolls 2 dice". */
export function keepWords(keep: readonly Face[]): string {
  const n = 5 - keep.length;
  if (keep.length === 0) return 'rolls all five dice';
  return `keeps ${keep.join(' ')} and rolls ${n} ${n === 1 ? 'die' : 'dice'}`;
}

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

function boxName(rules: RuleSet, box: string): string {
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

/**
 * A panel line of exactly `width` characters: `lead`, the longest of `labels` that fits, and `right` at the right
 * edge; when no label fits, the shortest is cut with an ellipsis (the value is never cut).
 */
export function fitLine(lead: string, labels: readonly string[], right: string, width: number): string {
  const gap = right === '' ? 0 : 1;
  const room = width - len(lead) - len(right) - gap;
  const label = labels.find((l) => len(l) <= room) ?? clip(labels[labels.length - 1] ?? '', room);
  const left = lead + label;
  return padEndTo(clip(padEndTo(left, Math.max(len(left), width - len(right) - gap)) + (right === '' ? '' : ' ' + right), width), width);
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

/** True when a strategy table can answer for this card. */
export function tableFor(table: StrategyTable | undefined, game: GameState, seat = game.current): table is StrategyTable {
  return table !== undefined && table.rules === game.rules && covers(table, game.cards[seat]);
}

/** Shorter forms of a lead ("OPTION (1-13)? 4_ " ... "4_ ") and of a figure ("not allowed": "no"), longest first. */
function shorterLeads(lead: string): string[] {
  const typed = /^OPTION \(1-\d+\)\? (\d*_ )$/.exec(lead);
  return typed ? [lead, `OPTION? ${typed[1]}`, typed[1]] : [lead];
}

/**
 * The line about the choice on screen, `width` wide: the longest lead and figure with which the figure fits whole
 * (a cut lead or figure would say something else), then the longest label that fits in what is left.
 */
export function yoursLine(yours: HintYours, width: number): string {
  const rights = yours.right === 'not allowed' ? ['not allowed', 'no'] : [yours.right];
  const shortest = Math.min(...yours.labels.map(len));
  // First with a label that fits whole, then with the figure whole at least.
  for (const right of rights) {
    for (const lead of shorterLeads(yours.lead)) {
      if (len(lead) + shortest + 1 + len(right) <= width) return fitLine(lead, yours.labels, right, width);
    }
  }
  for (const right of rights) {
    for (const lead of shorterLeads(yours.lead)) {
      if (len(lead) + len(right) + (right === '' ? 0 : 1) <= width) return fitLine(lead, yours.labels, right, width);
    }
  }
  return fitLine(shorterLeads(yours.lead).at(-1) ?? '', yours.labels, rights.at(-1) ?? '', width);
}

/** One of the best choices now. */
export interface HintChoice {
  readonly labels: readonly string[];
  readonly expectedFinal: number;
}

/** The choice on screen now (the marks or holds, the box under the cursor, the option typed) and what it loses. */
export interface HintYours {
  /** What it is: "yours: ", "cursor: ", "OPTION? 4_ ". */
  readonly lead: string;
  readonly labels: readonly string[];
  /** "best", "-2.3", "not allowed", or "" when there is nothing to compare yet. */
  readonly right: string;
}

/** The hint panel's content: the best choices with their expected final scores, or why they are not there yet. */
export interface HintView {
  readonly status: 'ready' | 'waiting';
  /** While waiting: the strategy table's state in words. */
  readonly waiting: string;
  readonly best: readonly HintChoice[];
  readonly yours: HintYours | null;
}

/** True when the hint panel is up: hints turned on (always in practice) and a person to move. */
export function hintsShown(model: AppModel): boolean {
  const mode = modeOf(model);
  return (model.hint || model.settings.practice) && (mode === 'rolling' || mode === 'choosing');
}

const sameFaces = (a: readonly Face[], b: readonly Face[]) => a.length === b.length && [...a].sort().every((f, i) => f === [...b].sort()[i]);

function yoursNow(model: AppModel, g: GameState, ranked: readonly RankedOption[], rules: RuleSet): HintYours | null {
  const best = ranked[0].expectedFinal;
  const loss = (value: number) => lossText(best - value);
  const layout = getLayout(model.layout);
  if (g.phase === 'rolling') {
    const kept = g.dice.filter((_, i) => g.held[i]).sort();
    const lead = `${layout.dieKeys ? 'marked' : 'held'}: `;
    const labels = namedKeepLabels(kept, diceNaming(model, g));
    if (kept.length === 5) return { lead, labels, right: loss(ranked.find((o) => o.kind === 'score')!.expectedFinal) };
    const option = ranked.find((o) => o.kind === 'keep' && sameFaces(o.keep, kept));
    return option ? { lead, labels, right: loss(option.expectedFinal) } : null;
  }
  const scoreRight = (box: string) => {
    const option = ranked.find((o) => o.kind === 'score' && o.box === box);
    return option ? loss(option.expectedFinal) : 'not allowed';
  };
  if (layout.boxChoice === 'cursor') {
    if (model.cursor === null) return null;
    const option = scoreOptions(rules, g.cards[g.current], g.dice).boxes.find((o) => o.box === model.cursor);
    return { lead: '▶ ', labels: boxLabels(rules, model.cursor, option?.points ?? 0), right: scoreRight(model.cursor) };
  }
  const lead = `OPTION (1-${rules.boxes.length})? ${model.option}_ `;
  const box = model.option === '' ? undefined : boxForOption(model, g, Number(model.option));
  if (box === undefined) return { lead, labels: [''], right: '' };
  const option = scoreOptions(rules, g.cards[g.current], g.dice).boxes.find((o) => o.box === box.id);
  return { lead, labels: boxLabels(rules, box.id, option?.points ?? 0), right: scoreRight(box.id) };
}

/**
 * The hint for the person to move, or null when the panel is not up: the three best choices now with their expected
 * final scores (rankOptions: keeps while rolls are left, boxes when scoring) and what the choice on screen would
 * lose against the best. Without a table for the position it says the table is being computed.
 */
export function hintView(model: AppModel, table: StrategyTable | undefined): HintView | null {
  const g = model.game;
  if (g === null || !hintsShown(model)) return null;
  if (!tableFor(table, g)) return { status: 'waiting', waiting: strategyWords(model.strategy), best: [], yours: null };
  const rules = rulesOf(g);
  const ranked = tableSolver().rankOptions(table, rules, g.cards[g.current], g.dice, rollsLeft(g));
  return {
    status: 'ready',
    waiting: '',
    best: ranked.slice(0, HINT_CHOICES).map((o) => ({ labels: optionLabels(rules, o, diceNaming(model, g)), expectedFinal: o.expectedFinal })),
    yours: yoursNow(model, g, ranked, rules),
  };
}

/**
 * The hint as panel lines, fitted to `room` lines of `width` characters: the line about the choice on screen
 * first, then as many of the best choices as fit, and a heading when there is a line to spare.
 */
export function hintLines(view: HintView, room: number, width: number): PanelLine[] {
  if (room <= 0) return [];
  if (view.status === 'waiting') return fitLines(`hint: ${view.waiting}`, width, room).map((text) => ({ text, role: 'dim' }));
  const yours: PanelLine[] = view.yours ? [{ text: yoursLine(view.yours, width), role: 'field' }] : [];
  const count = Math.min(view.best.length, room - yours.length);
  const shown = view.best.slice(0, count);
  // One wording for all the choices: the longest in which every one of them fits.
  const room1 = (c: HintChoice) => width - 3 - len(points1(c.expectedFinal));
  const levels = Math.max(1, ...shown.map((c) => c.labels.length));
  const at = (c: HintChoice, level: number) => c.labels[Math.min(level, c.labels.length - 1)];
  let level = 0;
  while (level < levels - 1 && shown.some((c) => len(at(c, level)) > room1(c))) level++;
  const best = shown.map((c, i): PanelLine => ({ text: fitLine(`${i + 1} `, [at(c, level)], points1(c.expectedFinal), width) }));
  const title = ['hint: expected final score', 'hint: final score', 'hint'].find((t) => len(t) <= width) ?? 'hint';
  const heading: PanelLine[] = room - yours.length - count >= 1 ? [{ text: clip(title, width), role: 'heading' }] : [];
  return [...heading, ...best, ...yours];
}

/** One of a person's costliest decisions. */
export interface ReviewItem {
  /** The turn (1-13) and the roll whose dice were decided on (1-3). */
  readonly turn: number;
  readonly roll: number;
  /** What was chosen and what was best, in words: "kept 6 6", "keep 6 6 6, reroll 2 dice". */
  readonly chosen: string;
  readonly best: string;
  readonly loss: number;
}

/** One person's game against optimal play. */
export interface PersonReview {
  readonly seat: number;
  readonly name: string;
  readonly decisions: number;
  /** Expected points lost over the game. */
  readonly loss: number;
  /** The costliest decisions, most first (at most three, none that cost nothing). */
  readonly worst: readonly ReviewItem[];
}

/** The review after a game: each person's, or why it is not there yet. */
export interface ReviewView {
  readonly status: 'ready' | 'waiting';
  readonly waiting: string;
  readonly people: readonly PersonReview[];
}

function chosenWords(rules: RuleSet, record: DecisionRecord): string {
  const c = record.choice;
  if (c.kind === 'score') return `scored ${boxName(rules, c.box)} ${scoreOptions(rules, record.card, record.dice).boxes.find((o) => o.box === c.box)?.points ?? 0}`;
  return c.keep.length === 0 ? 'rerolled all 5' : `kept ${c.keep.join(' ')}`;
}

const reviewMemo = new WeakMap<readonly SeatDecision[], { values: Float64Array; people: PersonReview[] }>();

/** The people's reviews from their decisions (reviewDecisions), remembered for the same decisions and table. */
function reviewPeople(g: GameState, decisions: readonly SeatDecision[], table: StrategyTable): PersonReview[] {
  const memo = reviewMemo.get(decisions);
  if (memo && memo.values === table.values) return memo.people;
  const rules = rulesOf(g);
  const { reviewDecisions, totalLoss } = tableSolver();
  const people: PersonReview[] = [];
  g.players.forEach((p, seat) => {
    if (p.kind !== 'human') return;
    const records = decisions.filter((d) => d.seat === seat && covers(table, d.record.card)).map((d) => d.record);
    const reviewed = reviewDecisions(table, records);
    const worst = reviewed
      .filter((r) => r.loss >= 0.05)
      .sort((a, b) => b.loss - a.loss)
      .slice(0, 3)
      .map((r) => ({
        turn: Object.keys(r.record.card.boxes).length + 1,
        roll: MAX_ROLLS - r.record.rollsLeft,
        chosen: chosenWords(rules, r.record),
        best: optionLabels(rules, r.best)[0],
        loss: r.loss,
      }));
    people.push({ seat, name: p.name, decisions: records.length, loss: totalLoss(reviewed), worst });
  });
  reviewMemo.set(decisions, { values: table.values, people });
  return people;
}

/** The review after a game (null while it is on, or when only the computer played). */
export function reviewView(model: AppModel, table: StrategyTable | undefined): ReviewView | null {
  const g = model.game;
  if (g === null || g.phase !== 'gameOver' || !g.players.some((p) => p.kind === 'human')) return null;
  if (table === undefined || table.rules !== g.rules) return { status: 'waiting', waiting: strategyWords(model.strategy), people: [] };
  return { status: 'ready', waiting: '', people: reviewPeople(g, model.decisions, table) };
}

/** Under the results after a game: each person's expected points lost, as many lines as fit in `room`. */
export function reviewSummary(view: ReviewView | null, room: number, width: number): PanelLine[] {
  if (view === null || room < 2) return [];
  const head: PanelLine = { text: clip('REVIEW', width), role: 'heading' };
  if (view.status === 'waiting') return [head, ...fitLines(view.waiting, width, room - 1).map((text): PanelLine => ({ text, role: 'dim' }))];
  return [
    head,
    ...view.people.map((p): PanelLine => {
      const long = lostText(p.loss);
      // The name is cut before the figure; "points" goes first when the room is short.
      const right = textWidth(p.name) + 1 + textWidth(long) <= width ? long : lostText(p.loss, true);
      return { text: fitLine('', [p.name], right, width) };
    }),
  ].slice(0, room);
}

function humanDecisionCounts(model: AppModel): number[] {
  const g = model.game;
  if (g === null) return [];
  return g.players.flatMap((p, seat) => (p.kind === 'human' ? [model.decisions.filter((d) => d.seat === seat).length] : []));
}

/** The review page's length in lines; it does not depend on the table, so the pages are known before it is ready. */
export function reviewLineCount(model: AppModel): number {
  return 2 + humanDecisionCounts(model).reduce((sum, n) => sum + 2 + 2 * Math.min(3, n), 0);
}

/** The review's pages at the model's size. */
export function reviewPageCount(model: AppModel): number {
  return Math.max(1, Math.ceil(reviewLineCount(model) / linesPerPage(model.size.rows)));
}

/**
 * The review page's lines, `width` wide: for each person the expected points lost against optimal play over the
 * game, then the three costliest decisions (the turn, the roll, what was chosen, what was best, the cost).
 */
export function reviewLines(view: ReviewView, model: AppModel, width: number): InstructionLine[] {
  const out: InstructionLine[] = [{ text: clip('REVIEW: expected points lost against optimal play', width), heading: true }, { text: '' }];
  const total = reviewLineCount(model);
  if (view.status === 'waiting') {
    out.push(...wrapWords(view.waiting, width).map((text) => ({ text })));
  } else {
    const counts = humanDecisionCounts(model);
    view.people.forEach((p, i) => {
      out.push({ text: clip(`${p.name} ${lostText(p.loss)} in ${p.decisions} ${p.decisions === 1 ? 'decision' : 'decisions'}`, width), heading: true });
      for (let k = 0; k < Math.min(3, counts[i] ?? 0); k++) {
        const w = p.worst[k];
        if (w) {
          out.push({ text: fitLine('  ', [`turn ${w.turn}, roll ${w.roll}: ${w.chosen}`], lostText(w.loss, true), width) });
          out.push({ text: clip(`      best: ${w.best}`, width) });
        } else out.push({ text: k === 0 ? clip('  every decision was the best one', width) : '' }, { text: '' });
      }
      out.push({ text: '' });
    });
  }
  while (out.length < total) out.push({ text: '' });
  return out;
}

/** The review page on screen: its lines, and which page of how many. */
export function reviewPage(model: AppModel, table: StrategyTable | undefined): { lines: InstructionLine[]; page: number; pages: number } {
  const view = reviewView(model, table) ?? { status: 'waiting', waiting: 'nothing to review', people: [] };
  const per = linesPerPage(model.size.rows);
  const pages = reviewPageCount(model);
  const page = Math.min(Math.max(0, model.helpPage), pages - 1);
  return { lines: reviewLines(view, model, Math.max(10, model.size.columns - 2)).slice(page * per, (page + 1) * per), page, pages };
}
