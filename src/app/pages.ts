/**
 * The pages of the paged overlays (the instructions and the review), counted here because the controller turns
 * them and closes the overlay after the last: pure geometry of lines and rows, no wording.
 */
import { getLayout, type Layout, type Mode } from './keymaps/index.js';
import { getRuleSet, type RuleSet } from '../engine/index.js';
import { instructionLines, type InstructionLine, type KeyGroupId } from './instructions.js';
import type { AppModel, Reader, TermSize } from './model.js';
import { modeOf } from './modes.js';

/** Lines of instructions per page at `rows` (two rows go to the title and the prompt line). */
export function linesPerPage(rows: number): number {
  return Math.max(1, rows - 2);
}

/**
 * The lines split into pages of at most `per` lines; a heading never ends a page, an entry wrapped onto several
 * lines is not split between two pages (unless it is longer than a page), and a line marked newPage starts one (when
 * the lines take more than one page). A page that starts under a heading of one line repeats it (`repeated`), so that
 * the keys on it say where they work. The pages between two such starts split as few groups as they can, and are
 * then filled evenly, so that the last is not a lone line or two under its heading.
 */
export function paginate(lines: readonly InstructionLine[], per: number): InstructionLine[][] {
  if (lines.length <= per) return [[...lines]];
  const parts: InstructionLine[][] = [];
  for (const line of lines) {
    if (line.newPage === true || parts.length === 0) parts.push([]);
    parts[parts.length - 1].push(line);
  }
  return parts.flatMap((part) => {
    const full = fill(part, per);
    // Of the page sizes that take no more pages than when each is filled up, the one that splits the fewest groups,
    // then the fewest lines a page: the pages even, the last not a lone line or two under its heading.
    let best = full;
    for (let fewer = per; fewer >= Math.ceil(part.length / full.length); fewer--) {
      for (const whole of [false, true]) {
        const even = fill(part, fewer, whole);
        if (even.length <= full.length && splits(even) <= splits(best)) best = even;
      }
    }
    return best;
  });
}

/** The lines of the group that starts at `start`: its heading and the lines up to the next heading. */
function groupLength(lines: readonly InstructionLine[], start: number): number {
  let end = start + 1;
  while (end < lines.length && lines[end].heading !== true) end++;
  return end - start;
}

/** How many groups the pages split: each page that repeats the heading of the page before. */
function splits(pages: readonly InstructionLine[][]): number {
  return pages.filter((page) => page[0]?.repeated === true).length;
}

/**
 * The lines split into pages of `per` lines, each filled before the next is begun (paginate's rules); with `whole`, a
 * group (a heading and its lines) that fits on a page but not on the rest of this one starts the next.
 */
function fill(lines: readonly InstructionLine[], per: number, whole = false): InstructionLine[][] {
  const pages: InstructionLine[][] = [];
  let page: InstructionLine[] = [];
  // The heading the lines are under: only one of a line (a wrapped heading's first line alone would say less).
  let under: InstructionLine | null = null;
  lines.forEach((line, i) => {
    const group = whole && line.heading === true ? groupLength(lines, i) : 0;
    const full =
      page.length >= per ||
      (line.heading === true && page.length === per - 1 && i < lines.length - 1) ||
      (group <= per && page.length + group > per);
    if (full && page.length > 0) {
      // The entry this line goes on from moves to the next page with it (and a heading right above it), where it fits.
      let first = page.length - 1;
      while (first > 0 && page[first].continued === true) first--;
      if (first > 0 && page[first - 1].heading === true) first--;
      const moves = line.continued === true && first > 0 && page.length - first < per - 1;
      pages.push(moves ? page.slice(0, first) : page);
      page = moves ? page.slice(first) : [];
      const starts = page[0] ?? line;
      if (under !== null && starts.heading !== true && per > 2) page.unshift({ text: under.text, heading: true, repeated: true });
    }
    if (line.heading === true) under = lines[i + 1]?.heading === true || lines[i - 1]?.heading === true ? null : line;
    page.push(line);
  });
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

/** The widest a page of text is drawn (the instructions, the review): longer lines are hard to read across. */
const PAGE_COLUMNS_MAX = 100;

/** The columns a page of text takes in a terminal this wide; the rest is left on both sides, as the game is centred. */
export function pageColumns(columns: number): number {
  return Math.min(columns, PAGE_COLUMNS_MAX);
}

/** Who reads the instructions on this model's screen. */
function readerOf(model: AppModel): Reader {
  if (model.reader === 'guest') return 'guest';
  return model.settings.hosted === true ? 'host' : 'player';
}

/** The instruction pages at this size, for this reader. */
export function instructionPages(rules: RuleSet, layout: Layout, columns: number, rows: number, reader: Reader = 'player'): InstructionLine[][] {
  return paginate(instructionLines(rules, layout, pageColumns(columns) - 2, reader), linesPerPage(rows));
}

/** The instruction pages of the model's screen: its rules, layout, size and reader. */
export function modelInstructionPages(model: AppModel, size: TermSize = model.size): InstructionLine[][] {
  return instructionPages(getRuleSet(model.settings.rules), getLayout(model.layout), size.columns, size.rows, readerOf(model));
}

/**
 * The instructions page at a new terminal size that shows about where the reader was: the lines wrap anew, so the
 * page with the same group of keys where the page read has one, else the same share of the text read, not the page
 * number (which could be past the new last page).
 */
export function instructionsPageAt(model: AppModel, size: TermSize): number {
  const lines = (pages: readonly (readonly InstructionLine[])[]) => pages.reduce((n, p) => n + p.length, 0);
  const before = modelInstructionPages(model);
  const page = Math.min(model.overlayPage, before.length - 1);
  const read = lines(before.slice(0, page));
  const after = modelInstructionPages(model, size);
  // A share of lines can land a line before a group's heading, which starts a page: the group itself is surer.
  const group = before[page]?.find((l) => l.keys !== undefined)?.keys;
  const same = group === undefined ? -1 : after.findIndex((p) => p.some((l) => l.keys === group));
  if (same >= 0) return same;
  const target = Math.round((read / Math.max(1, lines(before))) * lines(after));
  let seen = 0;
  for (const [i, page] of after.entries()) {
    if (seen + page.length > target) return i;
    seen += page.length;
  }
  return after.length - 1;
}

/** The keys the instructions open at, by the screen under them: in a game its own; elsewhere the first page. */
const OPEN_AT: Partial<Record<Mode, KeyGroupId>> = { rolling: 'rolling', choosing: 'rolling', computer: 'rolling', 'game-over': 'after', 'match-over': 'after' };

/**
 * The page the instructions open at for the screen under them (the one with the heading of its keys, else 0). The
 * pages go round from there, and close once every page has been shown.
 */
export function instructionsStart(model: AppModel): number {
  const group = OPEN_AT[modeOf({ ...model, overlay: null })];
  if (group === undefined) return 0;
  const pages = modelInstructionPages(model);
  return Math.max(0, pages.findIndex((page) => page.some((line) => line.keys === group)));
}

/** How many decisions each person made in the game in play, seat order (the review gives each its lines). */
export function humanDecisionCounts(model: AppModel): number[] {
  const g = model.game;
  if (g === null) return [];
  return g.players.flatMap((p, seat) => (p.kind === 'human' ? [model.decisions.filter((d) => d.seat === seat).length] : []));
}

/**
 * The lines of each person's items under their own two (their loss, their luck): two for each costly decision shown,
 * or one that says every decision was the best one. Until the review is known (the strategy table), the room of the
 * three costliest decisions, or fewer when they decided less.
 */
function reviewItems(model: AppModel): number[][] {
  const counts = humanDecisionCounts(model);
  const known = model.reviewKnown?.decisions === model.decisions ? model.reviewKnown.worst : null;
  const items = counts.map((n, i) => {
    const shown = Math.min(3, n, known?.[i] ?? 3);
    if (shown === 0) return n > 0 ? [1] : [];
    return Array.from({ length: shown }, () => 2);
  });
  // A guest's own review (AppModel.reviewSeat) lays out their block alone, as reviewView shows it.
  const seats = model.game?.players.flatMap((p, seat) => (p.kind === 'human' ? [seat] : [])) ?? [];
  return model.reviewSeat === undefined ? items : items.filter((_, i) => seats[i] === model.reviewSeat);
}

/** Where the review's entries stand: each person's first line and the first line of each of their items. */
export interface ReviewLayout {
  readonly people: readonly { readonly line: number; readonly items: readonly number[] }[];
  /** The review's length in lines, up to its last entry. */
  readonly lines: number;
}

/**
 * The review laid out on pages: a heading and a blank line, then each person's block (their two lines and their
 * items), a blank line between blocks. A block that does not fit in what is left of a page starts the next; one longer
 * than a page goes on from page to page between its items, the first kept with the person's lines. Known before the
 * table is (reviewItems), so that the pages can be counted, and laid out again once it is.
 */
export function reviewLayout(model: AppModel): ReviewLayout {
  const per = linesPerPage(model.size.rows);
  let at = 2;
  // Goes on to the next page's top when `height` lines fit there and not in what is left of this one.
  const room = (height: number) => {
    const left = per - (at % per);
    if (height > left && height <= per) at += left;
  };
  const place = (height: number): number => {
    room(height);
    const line = at;
    at += height;
    return line;
  };
  const people = reviewItems(model).map((items, i) => {
    // A blank line after the block before, unless it ended a page.
    if (i > 0 && at % per !== 0) at++;
    room(2 + items.reduce((sum, h) => sum + h, 0));
    const line = place(2 + (items[0] ?? 0));
    return { line, items: [...(items.length > 0 ? [line + 2] : []), ...items.slice(1).map(place)] };
  });
  return { people, lines: at };
}

/** The review's pages at the model's size. */
export function reviewPageCount(model: AppModel): number {
  return Math.max(1, Math.ceil(reviewLayout(model).lines / linesPerPage(model.size.rows)));
}
