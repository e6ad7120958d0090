import { describe, expect, it } from 'vitest';
import { farewell, type AppModel } from '../../src/app/index.js';
import { chartView, resultsView, statusView, turnPanel } from '../../src/view/index.js';
import { finishGame, lateGame, press, start } from '../app/helpers.js';

const row = (m: AppModel, label: string) => chartView(m).rows.find((r) => r.label === label);

describe('the chart (seed 7, first roll 1-1-4-6-6)', () => {
  const m = start({ players: 2 });

  it('shows in the current player\'s open boxes what the dice would score', () => {
    expect(['Aces', 'Fours', 'Sixes', 'Chance', 'Full house'].map((l) => row(m, l)?.cells[0])).toEqual([
      { text: '(2)', kind: 'potential' },
      { text: '(4)', kind: 'potential' },
      { text: '(12)', kind: 'potential' },
      { text: '(18)', kind: 'potential' },
      { text: '(0)', kind: 'potential' },
    ]);
    expect(row(m, 'Aces')?.cells[1]).toEqual({ text: '-', kind: 'open' });
  });

  it('lists the boxes in the rule set\'s order with the sums in between', () => {
    expect(chartView(m).rows.map((r) => r.label)).toEqual([
      'Aces', 'Twos', 'Threes', 'Fours', 'Fives', 'Sixes', 'Upper total', 'Bonus (63+)',
      'Three of a kind', 'Four of a kind', 'Full house', 'Small straight', 'Large straight', 'Yahtzee', 'Chance', 'Yahtzee bonus', 'TOTAL',
    ]);
  });

  it('a bonus not earned is "-" while it may still come, 0 once it cannot (the upper boxes filled, the game over)', () => {
    expect(row(m, 'Bonus (63+)')?.cells[0]).toEqual({ text: '-', kind: 'sum' });
    expect(row(m, 'Yahtzee bonus')?.cells[0]).toEqual({ text: '-', kind: 'sum' });
    const upperFull = lateGame(start({ players: 1 }), ['chance'], { aces: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 });
    expect(row(upperFull, 'Bonus (63+)')?.cells[0]).toEqual({ text: '0', kind: 'sum' });
    const over = finishGame(start({ players: 1 }));
    expect(row(over, 'Yahtzee bonus')?.cells[0].text).toMatch(/^\d+$/);
  });

  it('the upper bonus not earned: the points still needed once an upper box is filled, 0 as soon as it is out of reach', () => {
    const onTrack = lateGame(start({ players: 1 }), ['fives', 'sixes', 'chance'], { aces: 3, twos: 6, threes: 9, fours: 12 });
    expect(row(onTrack, 'Bonus (63+)')?.cells[0]).toEqual({ text: 'need 33', kind: 'open' });
    const lost = lateGame(start({ players: 1 }), ['sixes', 'chance'], { aces: 1, twos: 2, threes: 3, fours: 4, fives: 5 });
    expect(row(lost, 'Bonus (63+)')?.cells[0]).toEqual({ text: '0', kind: 'sum' });
    const earned = lateGame(start({ players: 1 }), ['chance'], { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 });
    expect(row(earned, 'Bonus (63+)')?.cells[0]).toEqual({ text: '35', kind: 'sum' });
  });

  it('leaves out the rows a rule set has no use for: no bonuses in the Brazilian rules', () => {
    const b = start({ players: 1, rules: 'brazilian' });
    expect(chartView(b).rows.map((r) => r.label)).not.toContain('Yahtzee bonus');
    expect(chartView(b).rows.map((r) => r.label)).not.toContain('Bonus');
  });

  it('numbers the boxes 1-13 in the Spectrum layout', () => {
    const s = start({ layout: 'spectrum', rules: 'spectrum', names: ['ANN'], match: { kind: 'single' } });
    expect(chartView(s).rows.filter((r) => r.kind === 'box').map((r) => r.label)).toEqual([
      " 1 1's", " 2 2's", " 3 3's", " 4 4's", " 5 5's", " 6 6's", ' 7 3 of a kind', ' 8 4 of a kind', ' 9 Full house', '10 Yatzee', '11 Short run', '12 Long run', '13 Chance',
    ]);
  });

  it('fills a scored box, sums it and moves the highlight to the next player', () => {
    const after = press(m, 'i', 'up', 'right'); // Chance, 18
    expect(row(after, 'Chance')?.cells[0]).toEqual({ text: '18', kind: 'filled' });
    expect(row(after, 'TOTAL')?.cells.map((c) => c.text)).toEqual(['18', '0']);
    expect(chartView(after).seats.map((s) => s.current)).toEqual([false, true]);
  });

  it('puts the MSX cursor on one row while choosing', () => {
    const c = press(m, 'i', 'down');
    expect(chartView(c).rows.filter((r) => r.cursor).map((r) => r.label)).toEqual(['Twos']);
    // Whose turn it is and the roll are on the status line only.
    expect(turnPanel(c).map((l) => l.text)).toEqual(['choose a box', 'Twos: 0 points']);
  });

  it('shows the Spectrum option typed so far', () => {
    const s = press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), '0', '1');
    expect(turnPanel(s).map((l) => l.text)).toEqual(['choose a scoring option', 'OPTION (1-13)? 1_', 'ENTER scores Aces: 2 points']);
  });
});

describe('an MSX screen watching a player who types an option number with the Spectrum keys (a hosted table)', () => {
  it('the cursor and the panel follow the number typed, in the Spectrum numbering (11: Small straight), not a cursor left on Aces', () => {
    const choosing = press(start({ players: 2 }), 'i');
    expect(row(choosing, 'Aces')?.cursor).toBe(true);
    const typed: AppModel = { ...choosing, option: '11' };
    expect(chartView(typed).rows.filter((r) => r.cursor).map((r) => r.label)).toEqual(['Small straight']);
    expect(turnPanel(typed).map((l) => l.text)).toEqual(['choose a box', 'Small straight: 0 points']);
    // A number that names no box: no cursor at all, rather than one on a box nobody chose.
    expect(chartView({ ...choosing, option: '14' }).rows.some((r) => r.cursor)).toBe(false);
  });
});

describe('status line', () => {
  it.each([
    ['a single game', {}, ''],
    ['a match of 3 games', { match: { kind: 'games', games: 3 } as const }, 'game 1 of 3, most games won'],
    ['a match to 500', { match: { kind: 'target', target: 500 } as const }, 'game 1, first to 500'],
  ])('%s', (_what, flags, match) => {
    expect(statusView(start({ players: 2, ...flags }))).toEqual({ title: 'YAHTZEE', rules: 'official rules', rulesId: 'official', match, turn: "PLAYER 1's turn 1 of 13", turnShort: "PLAYER 1's turn", roll: 'roll 1 of 3' });
  });

  it('tags a computer seat whose name does not say so, and only then', () => {
    const m = start({ players: 1, computers: 1 });
    expect(statusView(m).turn).toBe("CPU's turn 1 of 13");
    const hal = { ...m, game: { ...m.game!, players: m.game!.players.map((p) => ({ ...p, name: 'HAL' })) } };
    expect(statusView(hal).turn).toBe("HAL's turn 1 of 13 (CPU)");
    expect(statusView(hal).turnShort).toBe("HAL's turn (CPU)");
    expect(chartView(hal).seats.map((s) => s.tag)).toEqual([true]);
    expect(chartView(m).seats.map((s) => s.tag)).toEqual([false]);
  });
});

describe('results', () => {
  it('a single game: the winner and the score', () => {
    const r = resultsView(finishGame(start({ players: 2 })));
    expect(r).toEqual({ heading: 'GAME OVER', lines: ['PLAYER 1 wins with 40'], standings: [], standingsKind: 'game', matchOver: true });
  });

  it('a tie names everyone on top', () => {
    const m = finishGame(start({ players: 2 }));
    const tied: AppModel = { ...m, game: { ...m.game!, results: [{ totals: [40, 40] }] } };
    expect(resultsView(tied)?.lines).toEqual(['A tie: PLAYER 1 and PLAYER 2 with 40']);
  });

  it('a match: standings after each game, and the match winner at the end', () => {
    const one = finishGame(start({ players: 2, match: { kind: 'games', games: 2 } }));
    expect(resultsView(one)).toEqual({
      heading: 'GAME 1 OF 2 OVER',
      lines: ['PLAYER 1 wins this game with 40'],
      standings: [
        { place: 1, name: 'PLAYER 1', won: 1, tied: 0, total: 40, leader: true },
        { place: 2, name: 'PLAYER 2', won: 0, tied: 0, total: 28, leader: false },
      ],
      standingsKind: 'games',
      matchOver: false,
    });
    const two = finishGame(press(one, 'y'));
    expect(resultsView(two)?.lines).toEqual(['PLAYER 1 won game 1', 'PLAYER 2 wins this game with 57', 'PLAYER 2 wins the match: level on games won (1), more points (85)']);
    // Best first: the standings are ranked by what decides the match.
    expect(resultsView(two)?.standings.map((s) => [s.place, s.name, s.total])).toEqual([[1, 'PLAYER 2', 85], [2, 'PLAYER 1', 78]]);
  });

  it('prints the scores after leaving the screen', () => {
    expect(farewell(finishGame(start({ players: 2 })))).toBe('yahtzee: final scores: PLAYER 1: 40, PLAYER 2: 28\n');
    expect(farewell(start({}))).toBe('');
  });
});
