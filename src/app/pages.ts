/**
 * The pages of the paged overlays (the instructions and the review), counted here because the controller turns
 * them and closes the overlay after the last: pure geometry of lines and rows, no wording.
 */
import type { Layout } from './keymaps/index.js';
import type { RuleSet } from '../engine/index.js';
import { instructionLines, type InstructionLine } from './instructions.js';
import type { AppModel } from './model.js';

/** Lines of instructions per page at `rows` (two rows go to the title and the prompt line). */
export function linesPerPage(rows: number): number {
  return Math.max(1, rows - 2);
}

/**
 * The lines split into pages of `per` lines; a heading never ends a page, and an entry wrapped onto several lines is
 * not split between two pages (unless it is longer than a page).
 */
export function paginate(lines: readonly InstructionLine[], per: number): InstructionLine[][] {
  const pages: InstructionLine[][] = [];
  let page: InstructionLine[] = [];
  lines.forEach((line, i) => {
    const full = page.length >= per || (line.heading === true && page.length === per - 1 && i < lines.length - 1);
    if (full && page.length > 0) {
      // The entry this line goes on from moves to the next page with it (and a heading right above it), where it fits.
      let first = page.length - 1;
      while (first > 0 && page[first].continued === true) first--;
      if (first > 0 && page[first - 1].heading === true) first--;
      const moves = line.continued === true && first > 0 && page.length - first < per;
      pages.push(moves ? page.slice(0, first) : page);
      page = moves ? page.slice(first) : [];
    }
    page.push(line);
  });
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

/** The instruction pages at this size. */
export function instructionPages(rules: RuleSet, layout: Layout, columns: number, rows: number): InstructionLine[][] {
  return paginate(instructionLines(rules, layout, columns - 2), linesPerPage(rows));
}

/** The number of instruction pages at this size. */
export function pageCount(rules: RuleSet, layout: Layout, columns: number, rows: number): number {
  return instructionPages(rules, layout, columns, rows).length;
}

/** How many decisions each person made in the game in play, seat order (the review gives each its lines). */
export function humanDecisionCounts(model: AppModel): number[] {
  const g = model.game;
  if (g === null) return [];
  return g.players.flatMap((p, seat) => (p.kind === 'human' ? [model.decisions.filter((d) => d.seat === seat).length] : []));
}

/** The review page's length in lines; it does not depend on the table, so the pages are known before it is ready. */
export function reviewLineCount(model: AppModel): number {
  return 2 + humanDecisionCounts(model).reduce((sum, n) => sum + 3 + 2 * Math.min(3, n), 0);
}

/** The review's pages at the model's size. */
export function reviewPageCount(model: AppModel): number {
  return Math.max(1, Math.ceil(reviewLineCount(model) / linesPerPage(model.size.rows)));
}

