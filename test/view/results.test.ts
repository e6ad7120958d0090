import { describe, expect, it } from 'vitest';
import { chartView, fitResultLine, matchText, resultsPlan, resultsView, reviewView, type PersonReview } from '../../src/view/index.js';
import { textWidth } from '../../src/text/index.js';
import { finishGame, start } from '../app/helpers.js';
import { lines, linesAt } from '../ui/render.js';

const over = (columns: number, rows: number, names?: string[]) => finishGame(start({ players: 4, names, match: { kind: 'games', games: 1 } }, { size: { columns, rows } }));

describe('the results after a game fit where the game was', () => {
  it('beside the chart: stacked, the review summary under the standings', () => {
    const m = over(80, 24);
    const plan = resultsPlan(m, resultsView(m)!, reviewView(m, undefined));
    expect(plan).toMatchObject({ side: false, width: 24, leftWidth: 24 });
    expect(plan.review.map((l) => l.text)).toEqual(['REVIEW', 'loading the', 'strategy table…']);
  });

  it('under the chart, where only the dice row was: the standings and the review beside the winner lines', () => {
    const m = over(198, 32);
    const plan = resultsPlan(m, resultsView(m)!, reviewView(m, undefined));
    expect(plan).toMatchObject({ side: true, leftWidth: 32, standingsWidth: 23, reviewWidth: 26 });
    const ls = linesAt(m);
    expect(ls.length).toBeLessThanOrEqual(31);
    expect(ls.find((l) => l.includes('GAME 1 OF 1 OVER'))).toMatch(/GAME 1 OF 1 OVER\s+STANDINGS\s+won {2}total {2}REVIEW/);
  });

  it('under the chart on a tall terminal: the rows left free below the centred game hold the review under the standings (3 people)', () => {
    const m = finishGame(start({ players: 3, match: { kind: 'single' } }, { size: { columns: 120, rows: 40 } }));
    const plan = resultsPlan(m, resultsView(m)!, reviewView(m, undefined));
    expect(plan.side).toBe(false);
    expect(plan.review.map((l) => l.text)[0]).toBe('REVIEW');
    const ls = linesAt(m);
    expect(ls.length).toBeLessThanOrEqual(39);
    expect(ls.some((l) => l.includes('REVIEW'))).toBe(true);
  });

  it('under the chart at 120x40 after a match game of a person and a computer: side by side, so the whole review shows (stacked, it lost its lines)', () => {
    const m = finishGame(start({ players: 2, names: ['BOB'], computers: 1, match: { kind: 'games', games: 2 } }, { size: { columns: 120, rows: 40 } }));
    const people: PersonReview[] = [{ seat: 0, name: 'BOB', decisions: 26, loss: 210.6, worst: [], split: { fresh: 254.6, luck: -9, loss: 210.6, unplayed: 0, final: 35, decisions: 26 }, splitProblem: null, you: true }];
    const plan = resultsPlan(m, resultsView(m)!, { status: 'ready', waiting: '', people });
    expect(plan.side).toBe(true);
    expect(plan.review.map((l) => l.text.trim())).toEqual(['REVIEW', 'BOB', 'dice cost 9.0', 'choices cost 210.6', '254.6 expected', '35 scored']);
  });

  it('too narrow for the review beside them (long wide names at 80 columns, their column heads on two lines): the standings only', () => {
    const m = over(80, 33, ['ＡＢＣＤＥＦＧＨＩＪ', 'ＫＬＭＮＯＰＱＲＳＴ', 'ＵＶＷＸＹＺＡＢＣＤ', 'ＥＦＧＨＩＪＫＬＭＮ']);
    const plan = resultsPlan(m, resultsView(m)!, reviewView(m, undefined));
    expect(plan).toMatchObject({ side: true, standingsWidth: 34, review: [] });
    const ls = lines(m);
    expect(ls.length).toBeLessThanOrEqual(32);
    expect(Math.max(...ls.map(textWidth))).toBeLessThanOrEqual(80);
  });
});

describe('a results line fits its room in a shorter wording, not wrapped', () => {
  it.each([
    [40, 'BOB wins this game with 305', 'BOB wins this game with 305'],
    [24, 'BOB wins this game with 305', 'BOB wins with 305'],
    [12, 'BOB wins this game with 305', 'BOB: 305'],
    [24, 'A tie: ANN and BOB with 200', 'Tie: ANN and BOB: 200'],
    [20, 'ANNABELLE wins the match!', 'ANNABELLE wins match'],
    [40, 'CPU wins the match with 2 of 2 games won!', 'CPU wins the match: 2 of 2 games'],
    [34, 'ANN wins the match with 1 of 3 games won!', 'ANN wins the match: 1 of 3 games'],
    [30, 'PLAYER 1 wins the match with 1 of 2 games won!', 'PLAYER 1 wins the match!'],
    // A game the target cut short: its figure is this game's, never bare under the target reached.
    [24, 'CPU 2 led this game with 342', 'CPU 2 led this game: 342'],
    [20, 'CPU 2 led this game with 342', 'CPU 2 this game: 342'],
  ])('at %i columns: %s', (width, line, want) => {
    expect(fitResultLine(line, width)).toBe(want);
  });

  it('at 80x24 with four players the winner line stays on one line', () => {
    const m = over(80, 24, ['ANN', 'BOB', 'DEE', 'EVE']);
    const winner = lines(m).find((l) => / wins /.test(l));
    expect(winner).toMatch(/[A-Z]+ wins the match(: | with )\d+!?\s*$/);
  });
});

describe('the winner lines wrap with no word or number left alone', () => {
  /** The results column of a frame: from the heading down to the standings (or the review). */
  const winnerLines = (ls: readonly string[]): string[] => {
    const top = ls.findIndex((l) => / OVER\b/.test(l));
    const at = ls[top].search(/GAME \d|MATCH OVER/);
    const out: string[] = [];
    for (const l of ls.slice(top + 1)) {
      const text = l.slice(at).trim();
      if (text === '' || /^(STANDINGS|PLACES|REVIEW)\b/.test(text)) break;
      out.push(text);
    }
    return out;
  };

  it.each([60, 64, 66, 68, 70, 72, 76, 80, 90])('at %i columns: "in round N" and "wins ... N" keep their number, no line is one word', (columns) => {
    for (const names of [undefined, ['ANNABELLE', 'BARTHOLOMY']]) {
      const m = finishGame(start({ players: 2, names, match: { kind: 'target', target: 20 } }, { size: { columns, rows: 24 } }));
      const ls = winnerLines(lines(m));
      expect(ls.join(' ')).toMatch(/reached 20 in round \d+/);
      for (const [i, l] of ls.entries()) {
        if (i > 0) expect(l, ls.join(' | ')).not.toMatch(/^[+-]?\d/);
        expect(l.includes(' '), ls.join(' | ')).toBe(true);
      }
    }
  });
});

describe('a match to a target, ended in the middle of a game', () => {
  it("says the match is over, and shows the unfinished cards' Yahtzee bonus as '-', as their upper bonus", () => {
    const m = finishGame(start({ players: 2, match: { kind: 'target', target: 20 } }));
    expect(m.game!.cards.some((c) => Object.keys(c.boxes).length < 13)).toBe(true);
    expect(resultsView(m)?.heading).toBe('MATCH OVER');
    const bonus = chartView(m).rows.find((r) => r.label.trim() === 'Yahtzee bonus');
    expect(bonus?.cells.map((c) => c.text)).toEqual(['-', '-']);
  });

  it('a match of one game is not said to be won by the most games', () => {
    const one = start({ players: 2, match: { kind: 'games', games: 1 } });
    expect(matchText(one.game!)).toBe('game 1 of 1');
    expect(matchText(start({ players: 2, match: { kind: 'games', games: 3 } }).game!)).toBe('game 1 of 3, most games won');
  });
});
