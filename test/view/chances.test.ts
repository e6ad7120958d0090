import { describe, expect, it } from 'vitest';
import { gameGeometry, chancesKey, panelRoom, panelRowsBelow, panelWidth, shapeOf, update, type AppModel, type ChancesStatus, type TermSize } from '../../src/app/index.js';
import { chancesLines, chancesView, percentText, sidePanel, spokenChances, spokenLines, type ChancesView } from '../../src/view/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { textWidth } from '../../src/text/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { cutTextProblem } from '../fuzz/frame.js';
import { lateGame, press, start } from '../app/helpers.js';

const answered = (m: AppModel, odds: ChancesStatus) => update(m, { type: 'chances-status', key: chancesKey(m)!, chances: odds });
const even = (n: number): ChancesStatus => ({ status: 'ready', win: Array(n).fill(0.9 / n), tie: 0.1 });
const texts = (lines: readonly { text: string }[]) => lines.map((l) => l.text);

/** The side panel as the game screen lays it out at `size` (the chances may take the blank line under the chart). */
function panel(m: AppModel, table?: Parameters<typeof sidePanel>[1]): string[] {
  const geo = gameGeometry(shapeOf(m), m.size);
  return texts(sidePanel(m, table, panelRoom(geo), panelWidth(geo, m.size.columns), panelRowsBelow(geo)));
}

const MATCH: ChancesView = { status: 'ready', seats: [{ name: 'ANNABELLE', win: 0.4966 }, { name: 'CPU', win: 0.4966 }], tie: 0.0068, thisGame: true, match: { win: [0.6123, 0.3876], tie: 0.0001 } };
const THREE: ChancesView = { status: 'ready', seats: [{ name: 'ANN', win: 0.301 }, { name: 'BARTHOLOMEW', win: 0.4 }, { name: 'CY', win: 0.29 }], tie: 0.009 };

describe('a chance as a percentage', () => {
  it.each([
    [0, '0%'],
    [1e-15, '0%'],
    [0.0004, '<0.1%'],
    [0.0068, '0.7%'],
    [0.4966, '49.7%'],
    [0.99962, '>99.9%'],
    [1, '100%'],
  ])('%s is %s', (x, text) => expect(percentText(x)).toBe(text));
});

describe('the win-chance lines fitted to their room, whole words only', () => {
  it.each([
    [5, 30, ['chances to win', 'ANN                      30.1%', 'BARTHOLOMEW              40.0%', 'CY                       29.0%', 'top score shared          0.9%']],
    // No line for the tie: it goes in the heading, so that the figures add up to the whole.
    [4, 30, ['chances to win (tie 0.9%)', 'ANN                      30.1%', 'BARTHOLOMEW              40.0%', 'CY                       29.0%']],
    [4, 20, ['to win (tie 0.9%)', 'ANN            30.1%', 'BARTHOLOMEW    40.0%', 'CY             29.0%']],
    // Packed, the shared top too where it fits, so that the figures add up to the whole.
    [3, 30, ['chances to win', 'ANN 30.1%  BARTHOLOMEW 40.0%', 'CY 29.0%  tie 0.9%']],
    [2, 30, ['to win: ANN 30.1%', 'BARTHOLOMEW 40.0%  CY 29.0%']],
    [1, 30, ['ANN 30.1%  BA… 40.0%  CY 29.0%']],
    [5, 10, ['to win', 'ANN 30.1%', 'BAR… 40.0%', 'CY 29.0%', 'tie 0.9%']],
    [1, 30, ['ANN 30.1%  BA… 40.0%  CY 29.0%']],
    [2, 48, ['chances to win', 'ANN 30.1%  BARTHOLOMEW 40.0%  CY 29.0%  tie 0.9%']],
    [1, 25, ['ANN 30 BARTHOL 40 CY 29 %']],
    [1, 20, ['AN 30 BA 40 CY 29 %']],
  ])('room %i, width %i', (room, width, lines) => {
    expect(texts(chancesLines(THREE, room, width))).toEqual(lines);
  });

  it('packed under a heading, the tie goes in the heading where it is not among the figures', () => {
    const two: ChancesView = { status: 'ready', seats: [{ name: 'PLAYER 1', win: 0.45 }, { name: 'PLAYER 2', win: 0.45 }], tie: 0.1 };
    expect(texts(chancesLines(two, 2, 32))).toEqual(['chances to win (tie 10.0%)', 'PLAYER 1 45.0%  PLAYER 2 45.0%']);
  });

  it('after "to win:", the figures in whole percentages rather than the tie left out', () => {
    const three: ChancesView = { status: 'ready', seats: [{ name: 'ANN', win: 0.378 }, { name: 'BOB', win: 0.378 }, { name: 'CPU', win: 0.241 }], tie: 0.003 };
    expect(texts(chancesLines(three, 2, 24))).toEqual(['to win: ANN 38%  BOB 38%', 'CPU 24%  tie <1%']);
  });

  it('seats whose cut names would look alike are named by their seat numbers', () => {
    const view: ChancesView = { status: 'ready', seats: [1, 2, 3, 4].map((i) => ({ name: `PLAYER ${i}`, win: 0.225 })), tie: 0.1 };
    expect(texts(chancesLines(view, 3, 20))).toEqual(['to win, by seat', '1 22.5%  2 22.5%', '3 22.5%  4 22.5%']);
  });

  it.each([
    ['the whole note where it fits', 3, 40, ['chances to win: making the score', 'distribution table first, 45% done (a', 'one-time wait)']],
    ['its short form on one line', 1, 37, ['chances to win: tables 45% done']],
    ['its short form after "to win" on a narrow line', 1, 26, ['to win: tables 45% done']],
  ] as const)('while the tables are made, a panel shows %s', (_, room, width, lines) => {
    const waiting: ChancesView = { status: 'waiting', note: 'making the score distribution table first, 45% done (a one-time wait)', short: 'tables 45% done' };
    expect(texts(chancesLines(waiting, room, width))).toEqual(lines);
  });

  it('every room and width: no line too wide, no text cut but a name', () => {
    const waiting: ChancesView = { status: 'waiting', note: 'making the score distribution table first, 45% done (a one-time wait)', short: 'tables 45% done' };
    const failed: ChancesView = { status: 'failed', note: 'not available: the worker thread stopped (exit code 1)', short: 'not available' };
    for (const view of [THREE, MATCH, waiting, failed]) {
      for (let room = 1; room <= 8; room++) {
        // At 10 columns (narrower than any panel) two seats' figures end as the game's alone do, the first name cut.
        for (let width = view === MATCH ? 11 : 10; width <= 44; width++) {
          const lines = texts(chancesLines(view, room, width));
          expect(lines.length).toBeLessThanOrEqual(room);
          expect(lines.length).toBeGreaterThan(0);
          for (const l of lines) expect(textWidth(l), l).toBeLessThanOrEqual(width);
          expect(cutTextProblem(lines.join('\n'), ['ANN', 'BARTHOLOMEW', 'CY', 'ANNABELLE', 'CPU'])).toBeNull();
          // A shorter wording never leaves a parenthesis open.
          const all = lines.join(' ');
          expect(all.split('(').length, all).toBe(all.split(')').length);
          // Where "to win: tables 45% done" fits, what the chances wait for is always said.
          if ((view === waiting || view === failed) && width >= 23) expect(all).toMatch(view === waiting ? /45% done/ : /not available/);
          // Where "match: A 61 C 39 %" fits, the match's chances are there.
          if (view === MATCH && width >= 18) expect(all).toMatch(/match/);
        }
      }
    }
  });
});

describe('whole percentages', () => {
  // 12.9 + 0.6 + 0.6 + 85.6 + 0.3: each rounded alone, 13 + 1 + 1 + 86 and the tie, 101 in all.
  const FOUR: ChancesView = { status: 'ready', seats: [{ name: 'ANN', win: 0.129 }, { name: 'BOB', win: 0.006 }, { name: 'CPU 1', win: 0.006 }, { name: 'CPU 2', win: 0.856 }], tie: 0.003 };

  it.each([
    [2, 30, ['to win: ANN 13%  BOB 1%', 'CPU 1 1%  CPU 2 85%  tie <1%']],
    [1, 40, ['ANN 13 BOB 1 CPU 1 1 CPU 2 85 tie <1 %']],
  ])('add up to 100 (room %i, width %i), the largest remainders rounded up', (room, width, lines) => {
    expect(texts(chancesLines(FOUR, room, width))).toEqual(lines);
  });

  it('show equal chances alike', () => {
    expect(texts(chancesLines(MATCH, 2, 23))[0]).toBe('game: ANNA 50 CPU 50 %');
  });
});

describe('the win-chance lines in the side panel (2-player game, seed 7)', () => {
  const two = (size: TermSize = { columns: 80, rows: 24 }, players = 2) => press(start({ players }, { size }), 'w');

  it('say they are being worked out until the answer for this turn comes', () => {
    expect(panel(two())).toEqual(['chances to win: working it out']);
  });

  it.each([
    [{ columns: 80, rows: 24 }, 2, ['chances to win', 'PLAYER 1                       45.0%', 'PLAYER 2                       45.0%', 'top score shared               10.0%']],
    // The blank line under the chart taken too: four seats and the tie at 80x24.
    [{ columns: 80, rows: 24 }, 3, ['chances to win', 'PLAYER 1           30.0%', 'PLAYER 2           30.0%', 'PLAYER 3           30.0%', 'top score shared   10.0%']],
    [{ columns: 80, rows: 24 }, 4, ['to win (tie 10.0%)', 'PLAYER 1           22.5%', 'PLAYER 2           22.5%', 'PLAYER 3           22.5%', 'PLAYER 4           22.5%']],
    [{ columns: 120, rows: 40 }, 3, ['chances to win', 'PLAYER 1                               30.0%', 'PLAYER 2                               30.0%', 'PLAYER 3                               30.0%', 'top score shared                       10.0%']],
    [
      { columns: 120, rows: 40 },
      4,
      ['chances to win', 'PLAYER 1                               22.5%', 'PLAYER 2                               22.5%', 'PLAYER 3                               22.5%', 'PLAYER 4                               22.5%', 'top score shared                       10.0%'],
    ],
  ])('at %o with %i players, a line a seat as the room allows', (size, players, lines) => {
    expect(panel(answered(two(size, players), even(players)))).toEqual(lines);
  });

  it('share the panel with the turn: while choosing, the box under the cursor stays, its heading goes first', () => {
    const m = answered(press(two({ columns: 80, rows: 24 }, 3), 'i'), even(3));
    expect(panel(m)).toEqual(['Aces: 2 points', 'to win (tie 10.0%)', 'PLAYER 1           30.0%', 'PLAYER 2           30.0%', 'PLAYER 3           30.0%']);
    expect(panel(answered(press(two(), 'i'), even(2)))).toEqual(['Aces: 2 points', 'chances to win', 'PLAYER 1                       45.0%', 'PLAYER 2                       45.0%', 'top score shared               10.0%']);
  });

  it('share the panel with the hint: the hint keeps its choice on screen and two best, the chances get the rest', () => {
    const OPEN = ['fours', 'fullHouse', 'chance'];
    const table = solveSubgame('official', cardWithOpen('official', OPEN));
    const m = answered(press(lateGame(start({ players: 2 }, { size: { columns: 80, rows: 24 } }), OPEN), 't', 'w'), even(2));
    expect(panel(m, table)).toEqual(['keep 1 1 6 6: mark 1 2 4 5      49.9', 'keep 6 6: mark 4 5              48.8', 'yours: reroll all 5 dice        -3.9', 'chances to win (tie 10.0%)', 'PLAYER 1 45.0%  PLAYER 2 45.0%']);
    // A tall terminal gives the panel the rows it leaves free under the game: the whole hint, the chances a line each.
    expect(panel({ ...m, size: { columns: 120, rows: 40 } }, table)).toEqual([
      'tip: expected final score',
      'keep 1 1 6 6: mark 1 2 4 5              49.9',
      'keep 6 6: mark 4 5                      48.8',
      'keep 4 6 6: mark 3 4 5                  48.6',
      'yours: reroll all 5 dice                -3.9',
      'chances to win',
      'PLAYER 1                               45.0%',
      'PLAYER 2                               45.0%',
      'top score shared                       10.0%',
    ]);
  });

  it.each([
    ['the strategy table being made', { status: 'preparing', stage: 'strategy', done: 1, total: 4 }, ['chances to win: computing the', 'strategy table first, 25% done']],
    ['the distribution table being made', { status: 'preparing', stage: 'distribution', done: 45, total: 100 }, ['chances to win: making the score', 'distribution table first, 45% done', '(a one-time wait)']],
    ['a worker that failed', { status: 'failed', error: 'the worker thread stopped (exit code 1)' }, ['chances to win: not available: the', 'worker thread stopped (exit code 1)']],
  ] as const)('say so honestly: %s', (_what, odds, lines) => {
    expect(panel(answered(two(), odds))).toEqual(lines);
  });

  it('wait for the strategy table this thread is loading, and say how far it is', () => {
    const loading = update(two(), { type: 'strategy', strategy: { status: 'loading', done: 31, total: 100 } });
    expect(panel(loading)).toEqual(['chances to win: computing the', 'strategy table first, 31% done']);
    expect(panel(answered(loading, even(2)))[0]).toBe('chances to win');
  });

  it('are not there in a 1-player game, nor with the hints and the chances off', () => {
    expect(chancesView(press(start({ players: 1 }), 't'))).toBeNull();
    expect(chancesView(start({ players: 2 }))).toBeNull();
    expect(panel(start({ players: 2 }))).toEqual([]);
  });
});

describe('the win chances in a match of several games', () => {
  it('are said to be this game\'s, in the panel and in words (the match is not in them)', () => {
    const m = answered(press(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'games', games: 3 } }), 'w'), even(2));
    expect(panel(m)[0]).toBe('chances to win this game');
    expect(spokenChances({ ...m, screenReader: true })).toMatch(/^Chances to win this game, each playing optimally/);
    // A single game: its chances are the whole story.
    const single = answered(press(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), 'w'), even(2));
    expect(panel(single)[0]).toBe('chances to win');
    // Narrow, the short heading says it too.
    expect(chancesLines({ ...(chancesView(m) as Extract<ChancesView, { status: 'ready' }>) }, 4, 18).map((l) => l.text)[0]).toBe('to win this game');
  });
});

describe('the chances to win the match, two seats in a match of several games', () => {
  const match = (size: TermSize = { columns: 80, rows: 24 }) => press(start({ players: 2, names: ['ANN', 'CPU'], match: { kind: 'games', games: 3 } }, { size }), 'w');
  const READY: ChancesStatus = { status: 'ready', win: [0.474, 0.519], tie: 0.007, match: { win: [0.488, 0.5119], tie: 0.0001 } };

  it('at 80x24, a table: the game and the match side by side, and the ties', () => {
    expect(panel(answered(match(), READY))).toEqual([
      'chances to win           game  match',
      'ANN                     47.4%  48.8%',
      'CPU                     51.9%  51.2%',
      'tie                      0.7%  <0.1%',
    ]);
  });

  it.each([
    [2, 36, ['game: ANNABELLE 49.7%  CPU 49.7%', 'match: ANNABELLE 61.2%  CPU 38.8%']],
    // One line: the match's alone, what the game's lead to.
    [1, 36, ['match: ANNABELLE 61.2%  CPU 38.8%']],
    [3, 40, ['chances to win               game  match', 'ANNABELLE                   49.7%  61.2%', 'CPU                         49.7%  38.8%']],
    // Narrow: the names cut plainly, whole percentages, rather than cut to a letter and "…".
    [2, 23, ['game: ANNA 50 CPU 50 %', 'match: ANNA 61 CPU 39 %']],
    [1, 20, ['match: AN 61 CP 39 %']],
    [4, 20, ['game: AN 50 CP 50 %', 'match: AN 61 CP 39 %']],
  ])('room %i, width %i', (room, width, lines) => {
    expect(texts(chancesLines(MATCH, room, width))).toEqual(lines);
  });

  it('in words: the game, then the match', () => {
    expect(spokenChances({ ...answered(match(), READY), screenReader: true })).toBe(
      'Chances to win this game, each playing optimally from their card: ANN 47.4 percent, CPU 51.9 percent; the top score shared 0.7 percent.' +
        ' Chances to win the match: ANN 48.8 percent, CPU 51.2 percent; level on games and points under 0.1 percent.',
    );
  });

  it("while the new dice's are worked out, the last figures of both, dimmed", () => {
    const known = answered(match(), READY);
    const rolled = press(known, 'space');
    const lines = chancesLines(chancesView(rolled)!, 4, 36);
    expect(texts(lines)).toContain('ANN                     47.4%  48.8%');
    expect(lines.every((l) => l.role === 'dim')).toBe(true);
  });

  it("an answer without a figure for each seat's match is shown as the game's alone", () => {
    const odd = answered(match(), { ...READY, match: { win: [0.5], tie: 0 } } as ChancesStatus);
    expect(chancesView(odd)).not.toHaveProperty('match');
    expect(panel(odd)[0]).toBe('chances to win this game');
  });
});

describe('the win chances in words, for a screen reader', () => {
  const m = press(start({ players: 2, names: ['ANN', 'BOB'] }, { screenReader: true }), 'w');

  it.each([
    ['known', { status: 'ready', win: [0.4966, 0.4966], tie: 0.0068 }, 'Chances to win, each playing optimally from their card: ANN 49.7 percent, BOB 49.7 percent; the top score shared 0.7 percent.'],
    ['tiny and sure', { status: 'ready', win: [0.9996, 0.0003], tie: 0.0001 }, 'Chances to win, each playing optimally from their card: ANN over 99.9 percent, BOB under 0.1 percent; the top score shared under 0.1 percent.'],
    ['being worked out', { status: 'working' }, 'Chances to win: working it out.'],
    ['waiting for the distribution table', { status: 'preparing', stage: 'distribution', done: 45, total: 100 }, 'Chances to win: making the score distribution table first, 45 percent done (a one-time wait).'],
    ['not available', { status: 'failed', error: 'there is no solver in this game' }, 'The chances to win are not available: there is no solver in this game.'],
  ] as const)('%s', (_what, odds, line) => {
    const said = answered(m, odds);
    expect(spokenChances(said)).toBe(line);
    expect(spokenLines(said)).toContain(line);
  });

  it('the chances key is among the spoken keys; nothing is said of chances in a 1-player game', () => {
    expect(spokenLines(m).at(-1)).toMatch(/w chances/);
    const one = press(start({ players: 1 }, { screenReader: true }), 't');
    expect(spokenLines(one).some((l) => l.startsWith('Chances'))).toBe(false);
  });
});

describe('every seat\'s chance at 80x24 with the hints on', () => {
  const OPEN = ['fours', 'fullHouse', 'chance'];
  const table = solveSubgame('official', cardWithOpen('official', OPEN));
  const NAMES = [
    ['ANN', 'BOB', 'CPU', 'DEE'],
    ['BARTHOLOME', 'BARBARELLA', 'CY', 'DEE'],
    ['ÅSA', 'ÖRJAN', 'ÄNGEL', 'ÉMILE'],
    undefined,
  ];
  const wins = [0.329, 0.329, 0.21, 0.132];
  for (const layout of ['msx', 'spectrum'] as const) {
    for (const players of [2, 3, 4]) {
      for (const names of NAMES) {
        for (const hint of [true, false]) {
          it(`${layout}, ${players} seats, names ${names?.slice(0, players).join(' ') ?? 'by default'}, hints ${hint ? 'on' : 'off (the chances key)'}: every seat's figure`, () => {
            // The Spectrum asks the names first: its games here start with them (PLAYER 1... as the MSX names its seats).
            const given = names ?? (layout === 'spectrum' ? [1, 2, 3, 4].map((i) => `PLAYER ${i}`) : undefined);
            const named = given ? { names: given.slice(0, players), match: { kind: 'single' as const } } : {};
            let m = lateGame(start({ players, layout, ...named }, { size: { columns: 80, rows: 24 } }), OPEN);
            m = hint ? { ...m, hint: true, chances: true } : { ...m, chances: true };
            const share = wins.slice(0, players);
            const sum = share.reduce((a, b) => a + b, 0);
            m = answered(m, { status: 'ready', win: share.map((w) => w / sum - 0.001), tie: 0.001 * players });
            const lines = panel(m, table);
            const geo = gameGeometry(shapeOf(m), m.size);
            expect(lines.length).toBeLessThanOrEqual(panelRoom(geo) + panelRowsBelow(geo));
            for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(panelWidth(geo, 80));
            const text = lines.join('\n');
            // Each seat's figure as a whole or one-decimal percentage, the seats in order.
            let at = 0;
            for (const w of share.map((x) => x / sum - 0.001)) {
              const whole = String(Math.round(100 * w));
              const decimal = (100 * w).toFixed(1);
              const found = [text.indexOf(` ${decimal}%`, at), text.indexOf(` ${whole}%`, at), text.indexOf(` ${whole} `, at), text.indexOf(`:${whole} `, at), text.indexOf(`:${whole}\n`, at), text.indexOf(` ${whole}\n`, at)].filter((i) => i >= 0);
              expect(found.length, `${w} in ${JSON.stringify(lines)}`).toBeGreaterThan(0);
              at = Math.min(...found) + 2;
            }
            // The hint keeps its best choice on top.
            if (hint) expect(lines[0]).toMatch(/^(keep|mark|hold) .* \d+\.\d$/);
          });
        }
      }
    }
  }
});

describe('the last figures while the new dice\'s are worked out', () => {
  it('are shown dimmed, every line, and said to be from before these dice', () => {
    const m = press(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), 'w');
    const known = answered(m, { status: 'ready', win: [0.45, 0.5], tie: 0.05 });
    const rolled = update(press(known, 'space'), { type: 'chances-status', key: chancesKey(press(known, 'space'))!, chances: { status: 'working' } });
    const view = chancesView(rolled);
    expect(view).toMatchObject({ status: 'ready', stale: true, seats: [{ name: 'ANN', win: 0.45 }, { name: 'BOB', win: 0.5 }] });
    const lines = chancesLines(view!, 4, 30);
    expect(lines.map((l) => l.text)).toContain('ANN                      45.0%');
    expect(lines.every((l) => l.role === 'dim')).toBe(true);
    expect(spokenChances(rolled)).toMatch(/^Chances to win before these dice, being worked out again: ANN 45.0 percent/);
  });
});
