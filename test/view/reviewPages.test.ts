import { describe, expect, it } from 'vitest';
import { reviewPageCount, update, type AppModel } from '../../src/app/index.js';
import { reviewLines, reviewPage, reviewView, type ReviewView } from '../../src/view/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { finishGame, lateGame, press, start } from '../app/helpers.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** ANN and BOB's last three turns (seed 7): each has three costly decisions to show. */
const over = () => finishGame(press(lateGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), OPEN), '1', '2', 'space'));

/** The review opened, the table's findings told to the model, on a terminal of `rows` rows. */
function opened(rows: number): AppModel {
  const m = over();
  return { ...press(known(m, reviewView(m, table)!), 'r'), size: { columns: 80, rows } };
}

/** The text of each review page in turn. */
function pageTexts(m: AppModel): string[][] {
  return Array.from({ length: reviewPageCount(m) }, (_, overlayPage) => reviewPage({ ...m, overlayPage }, table).lines.map((l) => l.text));
}

/** The review as the app knows it once the table is there: the costly decisions the review found, told to the model. */
function known(m: AppModel, view: ReviewView): AppModel {
  return update(m, { type: 'review-known', decisions: m.decisions, worst: view.people.map((p) => p.worst.length) });
}

/** The longest run of blank lines between two lines that are not blank. */
function longestGap(texts: readonly string[]): number {
  const last = texts.map((t) => t !== '').lastIndexOf(true);
  let run = 0;
  let most = 0;
  for (const t of texts.slice(0, last + 1)) {
    run = t === '' ? run + 1 : 0;
    most = Math.max(most, run);
  }
  return most;
}

describe('the review pages: filled, without runs of blank lines, an entry not split between pages', () => {
  it('a person whose every decision was the best one takes a line for it, not the room of three decisions', () => {
    const m = over();
    const real = reviewView(m, table);
    if (real === null || real.status !== 'ready') throw new Error('no review');
    // ANN decided as well as can be: the review has no costly decision of hers to show.
    const view: ReviewView = { ...real, people: [{ ...real.people[0], worst: [] }, real.people[1]] };
    const texts = reviewLines(view, known(m, view), 60).map((l) => l.text);
    expect(texts.slice(2, 6)).toEqual(['ANN lost 35.7 points in 4 decisions', '  the dice: not known', '  every decision was the best one', '']);
    expect(texts[6]).toMatch(/^BOB lost/);
    expect(longestGap(texts)).toBe(1);
    // With take-backs on, the record holds only the decisions that stand: the line claims no more than that.
    const withTakeBacks = known({ ...m, settings: { ...m.settings, takeBack: true } }, view);
    expect(reviewLines(view, withTakeBacks, 60)[4].text).toBe('  every decision not taken back was the best one');
  });

  it('a person\'s block goes whole to the next page rather than be split between two', () => {
    // 12 lines a page: the title, ANN's block (8 lines) and a blank line leave one line, too few for BOB's block.
    const [first, second, ...more] = pageTexts(opened(14));
    expect(more).toEqual([]);
    expect(first.some((t) => t.startsWith('ANN lost'))).toBe(true);
    expect(first.some((t) => t.startsWith('BOB'))).toBe(false);
    expect(second[0]).toMatch(/^BOB lost/);
    expect(second.filter((t) => t.startsWith('      best:'))).toHaveLength(3);
  });

  it('the decisions of a block longer than a page go on from page to page whole, never a decision split from its best choice', () => {
    // 5 lines a page: ANN's block (8 lines) cannot fit on one.
    const all = pageTexts(opened(7));
    for (const page of all) {
      const turn = page.map((t) => t.startsWith('  turn ')).lastIndexOf(true);
      if (turn >= 0) expect(page[turn + 1]).toMatch(/^ {6}best: /);
    }
    expect(all.flat().filter((t) => t.startsWith('      best:'))).toHaveLength(6);
  });
});

describe("a guest's own review at a hosted table (AppModel.reviewSeat)", () => {
  it('shows their block alone, spoken to them, and its pages are counted for that block', () => {
    const m = opened(14);
    const bob = { ...m, reviewSeat: 1 };
    const view = reviewView(bob, table);
    expect(view?.people.map((p) => [p.name, p.you])).toEqual([['BOB', true]]);
    const texts = pageTexts(bob).flat();
    expect(texts.some((t) => t.startsWith('BOB lost'))).toBe(true);
    expect(texts.some((t) => t.startsWith('ANN'))).toBe(false);
    expect(texts.filter((t) => t.startsWith('      best:'))).toHaveLength(3);
    // Both blocks take two pages of 12 lines; BOB's alone fits on one.
    expect(reviewPageCount(m)).toBe(2);
    expect(reviewPageCount(bob)).toBe(1);
  });
});
