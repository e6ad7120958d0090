import { describe, expect, it } from 'vitest';
import { modeOf, reviewPageCount, update } from '../../src/app/index.js';
import { reviewLines, reviewPage, reviewSummary, reviewView } from '../../src/view/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { finishGame, lateGame, press, start } from '../app/helpers.js';
import { lines } from '../ui/render.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** ANN and BOB's last three turns (seed 7): ANN keeps 1 1 once, otherwise both score the first box at once. */
const over = () => finishGame(press(lateGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), OPEN), '1', '2', 'space'));

describe('the review after a game: expected points lost against optimal play', () => {
  it('for each person: the loss over the game and the three costliest decisions', () => {
    const v = reviewView(over(), table)!;
    expect(v.status).toBe('ready');
    expect(v.people.map((p) => [p.name, p.decisions, p.loss.toFixed(2)])).toEqual([
      ['ANN', 4, '35.65'],
      ['BOB', 3, '31.73'],
    ]);
    expect(v.people[0].worst.map((w) => [w.turn, w.roll, w.chosen, w.best, w.loss.toFixed(2)])).toEqual([
      [13, 1, 'scored Chance 10', 'reroll all 5 dice', '11.25'],
      [12, 1, 'scored Full house 0', 'keep 4 4 5, reroll 2 dice', '11.06'],
      [11, 2, 'scored Fours 0', 'keep 5 5 6, reroll 2 dice', '8.79'],
    ]);
  });

  it('is null while the game is on, or when only the computer played; waits for the table', () => {
    expect(reviewView(start({ players: 1 }), table)).toBeNull();
    expect(reviewView(finishGame(start({ players: 2, computers: 2 })), table)).toBeNull();
    const waiting = reviewView(update(over(), { type: 'strategy', strategy: { status: 'loading', done: 1, total: 4 } }), undefined);
    expect(waiting).toEqual({ status: 'waiting', waiting: 'computing the strategy table… 25%', people: [] });
  });

  it('under the results: a line per person, as many as fit', () => {
    const v = reviewView(over(), table);
    expect(reviewSummary(v, 5, 24).map((l) => l.text)).toEqual(['REVIEW', 'ANN     lost 35.7 points', 'BOB     lost 31.7 points']);
    expect(reviewSummary(v, 2, 24).map((l) => l.text)).toEqual(['REVIEW', 'ANN     lost 35.7 points']);
    expect(reviewSummary(v, 1, 24)).toEqual([]);
    expect(reviewSummary(null, 5, 24)).toEqual([]);
  });

  it('under the results: one wording for every line, so that the figures stand in a column', () => {
    const v = reviewView(over(), table);
    if (v === null || v.status !== 'ready') throw new Error('no review');
    const named = { ...v, people: [{ ...v.people[0], name: 'ANNABELLE' }, { ...v.people[1], name: 'CY' }] };
    // ANNABELLE has no room for "points" at 24 columns: CY's line goes without it too.
    expect(reviewSummary(named, 5, 24).map((l) => l.text)).toEqual(['REVIEW', 'ANNABELLE      lost 35.7', 'CY             lost 31.7']);
    expect(reviewSummary(named, 5, 30).map((l) => l.text)).toEqual(['REVIEW', 'ANNABELLE     lost 35.7 points', 'CY            lost 31.7 points']);
  });

  it('the review page: each person, the decisions with what was best and what they cost', () => {
    const m = over();
    expect(reviewLines(reviewView(m, table)!, m, 60).map((l) => l.text)).toEqual([
      'REVIEW: expected points lost against optimal play',
      '',
      'ANN lost 35.7 points in 4 decisions',
      '  the dice: not known',
      '  turn 13, roll 1: scored Chance 10                lost 11.3',
      '      best: reroll all 5 dice',
      '  turn 12, roll 1: scored Full house 0             lost 11.1',
      '      best: keep 4 4 5, reroll 2 dice',
      '  turn 11, roll 2: scored Fours 0                   lost 8.8',
      '      best: keep 5 5 6, reroll 2 dice',
      '',
      'BOB lost 31.7 points in 3 decisions',
      '  the dice: not known',
      '  turn 12, roll 1: scored Full house 0             lost 12.3',
      '      best: keep 5 5, reroll 3 dice',
      '  turn 11, roll 1: scored Fours 0                  lost 10.2',
      '      best: keep 6, reroll 4 dice',
      '  turn 13, roll 1: scored Chance 12                 lost 9.3',
      '      best: reroll all 5 dice',
    ]);
  });

  it.each([
    ['msx', ['3', 'space'], 'kept 4, rerolled 4 dice', 'keep 1 1 6 6, reroll 1 die'],
    ['spectrum', ['c', 'enter'], 'held 4, rerolled 4 dice', 'hold 1 1 6 6, reroll 1 die'],
  ] as const)('%s: a keep by its faces in the layout\'s words (the page does not show the dice to name them)', (layout, keys, chosen, best) => {
    const m = finishGame(press(lateGame(start({ players: 1, layout, names: ['ANN'], match: { kind: 'single' } }), OPEN), ...keys));
    const item = reviewView(m, table)!.people[0].worst.find((w) => w.turn === 11 && w.roll === 1);
    expect([item?.chosen, item?.best]).toEqual([chosen, best]);
    const text = reviewLines(reviewView(m, table)!, m, 60).map((l) => l.text);
    expect(text).toContain(`      best: ${best}`);
    expect(text.find((l) => l.includes('turn 11, roll 1'))).toMatch(new RegExp(`^  turn 11, roll 1: ${chosen}\\s+lost 2\\.6$`));
  });

  it('r opens it after the game, any key pages on and back to the results; refused during the game', () => {
    const m = over();
    const page = press(m, 'r');
    expect(modeOf(page)).toBe('review');
    expect(reviewPage(page, table).pages).toBe(1);
    expect(press(page, 'x').overlay).toBeNull();
    expect(update(start({ players: 1 }), { type: 'review' }).message?.text).toBe('The review comes after the game');
    expect(update(finishGame(start({ players: 2, computers: 2 })), { type: 'review' }).message?.text).toBe('Only the computer played: nothing to review');
  });

  it('the line told at the end of the game (a new high score) is there again when the review is left', () => {
    const told = update(over(), { type: 'notice', text: 'ANN: a high score, the best of the official rules on this machine', tone: 'info' });
    const back = press(press(told, 'r'), 'x');
    expect(back.overlay).toBeNull();
    expect(back.message?.text).toBe('ANN: a high score, the best of the official rules on this machine');
    expect(lines(back).join('\n')).toContain('ANN: a high score, the best of the official rules on this machine');
  });

  it('pages are counted from the decisions, so they are known before the table is', () => {
    // Four people, 13 decisions each: two lines for each (the loss, the dice), two for each of three decisions, a blank; 38 lines in all.
    const four = finishGame(start({ players: 4 }));
    expect(reviewPageCount(four)).toBe(2);
    const opened = press(four, 'r');
    expect(reviewPage(opened, undefined)).toMatchObject({ page: 0, pages: 2 });
    expect(reviewPage(opened, undefined).lines.map((l) => l.text).slice(0, 3)).toEqual(['REVIEW: expected points lost against optimal play', '', 'loading the strategy table…']);
    const second = press(opened, 'x');
    expect(second.overlayPage).toBe(1);
    expect(reviewPage(second, undefined).page).toBe(1);
    expect(press(second, 'x').overlay).toBeNull();
  });
});
