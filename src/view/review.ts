/** The review after a game: what each person's decisions cost against optimal play, on its page and under the results. */
import { MAX_ROLLS, rulesOf, scoreOptions, type GameState, type RuleSet } from '../engine/index.js';
import type { DecisionRecord, LuckSkill, StrategyTable } from '../solver/index.js';
// The solver's light modules only: the game's first frame is drawn before the solver is loaded.
import { tableSolver } from '../solver/play/tableSolver.js';
import { tableFor } from '../solver/strategy/state.js';
import { keptWords, type DiceNaming } from '../app/diceWords.js';
import type { InstructionLine } from '../app/instructions.js';
import type { AppModel, SeatDecision } from '../app/model.js';
import { linesPerPage, pageColumns, reviewLayout, reviewPageCount } from '../app/pages.js';
import { textWidth } from '../text/index.js';
import { fitLines } from '../text/index.js';
import { clip, fitLine, wrapWords, type PanelLine } from './lines.js';
import { diceShort, luckLine, luckLines, luckPartsFit } from './luck.js';
import { boxName, diceNaming, lostText, optionLabels, strategyWords } from './words.js';

/** One of a person's costliest decisions. */
export interface ReviewItem {
  /** The turn (1-13) and the roll whose dice were decided on (1-3). */
  readonly turn: number;
  readonly roll: number;
  /**
   * What was chosen and what was best, in words, by their faces (the review does not show the dice, so their keys or
   * letters would name nothing): "kept 6 6, rerolled 3 dice", "keep 6 6 6, reroll 2 dice" (Spectrum "held", "hold").
   */
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
  /**
   * The game as the fresh value, the luck of the dice and the loss of the choices (solver/play/luck.ts), or null when
   * not known.
   */
  readonly split: LuckSkill | null;
  /** Why the split is not known (the game's record is not whole, as after a resume from a save without it), else null. */
  readonly splitProblem: string | null;
  /**
   * The only person reviewed, at one terminal or on a guest's own review: their luck and skill are said to them
   * ("the dice gave you"), else of them (luck.ts).
   */
  readonly you: boolean;
}

/** The review after a game: each person's, or why it is not there yet. */
export interface ReviewView {
  readonly status: 'ready' | 'waiting';
  readonly waiting: string;
  readonly people: readonly PersonReview[];
}

function chosenWords(rules: RuleSet, naming: DiceNaming, record: DecisionRecord): string {
  const c = record.choice;
  if (c.kind === 'score') return `scored ${boxName(rules, c.box)} ${scoreOptions(rules, record.card, record.dice).boxes.find((o) => o.box === c.box)?.points ?? 0}`;
  return keptWords(naming, c.keep);
}

const reviewMemo = new WeakMap<readonly SeatDecision[], { values: Float64Array; naming: DiceNaming; hosted: boolean; people: PersonReview[] }>();

/**
 * The people's reviews from their decisions (reviewDecisions), remembered for the same decisions, table and naming.
 * A lone person is spoken to, except at a hosted table, where the host and every guest see the review on their screen.
 */
function reviewPeople(g: GameState, decisions: readonly SeatDecision[], table: StrategyTable, naming: DiceNaming, hosted: boolean): PersonReview[] {
  const memo = reviewMemo.get(decisions);
  if (memo && memo.values === table.values && memo.naming === naming && memo.hosted === hosted) return memo.people;
  const rules = rulesOf(g);
  const { reviewDecisions, totalLoss, luckOfGame } = tableSolver();
  const people: PersonReview[] = [];
  g.players.forEach((p, seat) => {
    if (p.kind !== 'human') return;
    const records = decisions.filter((d) => d.seat === seat && tableFor(table, g, d.record.card)).map((d) => d.record);
    const reviewed = reviewDecisions(table, records);
    const worst = reviewed
      .filter((r) => r.loss >= 0.05)
      .sort((a, b) => b.loss - a.loss)
      .slice(0, 3)
      .map((r) => ({
        turn: Object.keys(r.record.card.boxes).length + 1,
        roll: MAX_ROLLS - r.record.rollsLeft,
        chosen: chosenWords(rules, naming, r.record),
        best: optionLabels(rules, r.best, naming, null)[0],
        loss: r.loss,
      }));
    const luck = luckOfGame(table, records, g.cards[seat], reviewed);
    const split = luck.ok ? luck.split : null;
    people.push({ seat, name: p.name, decisions: records.length, loss: totalLoss(reviewed), worst, split, splitProblem: luck.ok ? null : luck.reason, you: false });
  });
  if (people.length === 1 && !hosted) people[0] = { ...people[0], you: true };
  reviewMemo.set(decisions, { values: table.values, naming, hosted, people });
  return people;
}

/**
 * The review after a game (null while it is on, or when only the computer played): every person's, or on a guest's
 * own review at a hosted table their own alone.
 */
export function reviewView(model: AppModel, table: StrategyTable | undefined): ReviewView | null {
  const g = model.game;
  if (g === null || g.phase !== 'gameOver' || !g.players.some((p) => p.kind === 'human')) return null;
  if (table === undefined || table.rules !== g.rules) return { status: 'waiting', waiting: strategyWords(model.strategy), people: [] };
  const people = reviewPeople(g, model.decisions, table, diceNaming(model), model.settings.hosted === true);
  // A guest's own review (AppModel.reviewSeat) is theirs alone, on their own screen: it speaks to them.
  const seat = model.reviewSeat;
  return { status: 'ready', waiting: '', people: seat === undefined ? people : people.filter((p) => p.seat === seat).map((p) => ({ ...p, you: true })) };
}

/**
 * Under the results after a game: each person's expected points lost, as many lines as fit in `room`; with room for
 * two lines a person, what the dice gave each under their loss, with four or more the name and under it the whole
 * sentence ("the dice gave you +23.4, your choices cost you 6.1: 254.6 expected, 272 scored") as far as it fits (when
 * known for all: the review page says why not).
 */
export function reviewSummary(view: ReviewView | null, room: number, width: number): PanelLine[] {
  if (view === null || room < 2) return [];
  const head: PanelLine = { text: clip('REVIEW', width), role: 'heading' };
  if (view.status === 'waiting') return [head, ...fitLines(view.waiting, width, room - 1).map((text): PanelLine => ({ text, role: 'dim' }))];
  // One wording for every line, so that the figures stand in a column: "lost 4.0 points" where every name has room
  // for it, else "lost 4.0" (the name is cut before the figure).
  const long = view.people.every((p) => textWidth(p.name) + 1 + textWidth(lostText(p.loss)) <= width);
  const lost = (p: PersonReview): PanelLine => ({ text: fitLine('', [p.name], lostText(p.loss, !long), width) });
  if (room < 1 + 2 * view.people.length || view.people.some((p) => p.split === null)) return [head, ...view.people.map(lost)].slice(0, room);
  // With room for three lines or more under each loss, and for their figures whole, the whole sentence (fitted in
  // whole words); else the dice alone.
  const each = Math.floor((room - 1) / view.people.length) - 1;
  const sentence = each >= 3 && view.people.every((p) => p.split !== null && luckPartsFit(p.split, width - 2));
  const under = (p: PersonReview): string[] => (sentence && p.split !== null ? luckLines(p.split, width - 2, each, p.you) : [diceShort(p.split, width - 2)]);
  // The whole sentence says what the choices cost: over it the name alone, not the same figure twice.
  const over = (p: PersonReview): PanelLine => (sentence ? { text: clip(p.name, width) } : lost(p));
  return [head, ...view.people.flatMap((p): PanelLine[] => [over(p), ...under(p).map((text): PanelLine => ({ text: fitLine('  ', [text], '', width), role: 'dim' }))])];
}

/** What stands on a line of the review page: the page and the spoken review are both drawn from these. */
export type ReviewEntry =
  | { readonly line: number; readonly kind: 'title' }
  | { readonly line: number; readonly kind: 'person'; readonly person: PersonReview }
  /** What the dice gave the person and what their choices cost (the line under the person's). */
  | { readonly line: number; readonly kind: 'luck'; readonly person: PersonReview }
  /** A costly decision: it takes this line and the next (the best choice). */
  | { readonly line: number; readonly kind: 'decision'; readonly item: ReviewItem }
  /** No decision cost anything; `takeBacks`: the game took boxes back, whose decisions the record no longer holds. */
  | { readonly line: number; readonly kind: 'all-best'; readonly takeBacks: boolean };

/** The review's words for a person none of whose decisions cost anything. */
export function allBestWords(takeBacks: boolean): string {
  return takeBacks ? 'every decision not taken back was the best one' : 'every decision was the best one';
}

/**
 * The review document: each entry on the line of the page where it stands (reviewLayout). A heading and a blank line,
 * then for each person a line, a line for the luck of the dice and the cost of the choices, two lines for each of
 * their three costliest decisions (fewer when they decided less), or "every decision was the best one" when none
 * cost anything; a blank line between people.
 */
export function reviewDocument(view: ReviewView, model: AppModel): ReviewEntry[] {
  const entries: ReviewEntry[] = [{ line: 0, kind: 'title' }];
  if (view.status === 'waiting') return entries;
  const layout = reviewLayout(model);
  view.people.forEach((person, i) => {
    const at = layout.people[i];
    if (at === undefined) return;
    entries.push({ line: at.line, kind: 'person', person }, { line: at.line + 1, kind: 'luck', person });
    at.items.forEach((line, k) => {
      const item = person.worst[k];
      if (item !== undefined) entries.push({ line, kind: 'decision', item });
      else if (k === 0) entries.push({ line, kind: 'all-best', takeBacks: model.settings.takeBack });
    });
  });
  return entries;
}

/**
 * The review page's lines, `width` wide: for each person the expected points lost against optimal play over the
 * game, then the three costliest decisions (the turn, the roll, what was chosen, what was best, the cost).
 */
export function reviewLines(view: ReviewView, model: AppModel, width: number): InstructionLine[] {
  const out: InstructionLine[] = [];
  const set = (line: number, text: string, heading = false) => {
    while (out.length <= line) out.push({ text: '' });
    out[line] = heading ? { text, heading } : { text };
  };
  for (const e of reviewDocument(view, model)) {
    if (e.kind === 'title') set(e.line, clip('REVIEW: expected points lost against optimal play', width), true);
    else if (e.kind === 'person') {
      const p = e.person;
      set(e.line, clip(`${p.name} ${lostText(p.loss)} in ${p.decisions} ${p.decisions === 1 ? 'decision' : 'decisions'}`, width), true);
    } else if (e.kind === 'luck') {
      set(e.line, '  ' + luckLine(e.person.split, width - 2, e.person.splitProblem, e.person.you));
    } else if (e.kind === 'decision') {
      const w = e.item;
      set(e.line, fitLine('  ', [`turn ${w.turn}, roll ${w.roll}: ${w.chosen}`], lostText(w.loss, true), width));
      set(e.line + 1, clip(`      best: ${w.best}`, width));
    } else set(e.line, clip(`  ${allBestWords(e.takeBacks)}`, width));
  }
  if (view.status === 'waiting') {
    set(1, '');
    out.push(...wrapWords(view.waiting, width).map((text) => ({ text })));
  }
  const total = reviewLayout(model).lines;
  while (out.length < total) out.push({ text: '' });
  return out;
}

/** The review page on screen: its lines, and which page of how many. */
export function reviewPage(model: AppModel, table: StrategyTable | undefined): { lines: InstructionLine[]; page: number; pages: number } {
  const view = reviewView(model, table) ?? { status: 'waiting', waiting: 'nothing to review', people: [] };
  const per = linesPerPage(model.size.rows);
  const pages = reviewPageCount(model);
  const page = Math.min(Math.max(0, model.overlayPage), pages - 1);
  return { lines: reviewLines(view, model, Math.max(10, pageColumns(model.size.columns) - 2)).slice(page * per, (page + 1) * per), page, pages };
}
