import { describe, expect, it } from 'vitest';
import { finishGame, press, start } from '../app/helpers.js';
import { frame, lines } from './render.js';

describe('instructions page', () => {
  it.each([
    ['msx', 'h', 'YAHTZEE: official rules, MSX keys'],
    ['spectrum', 'I', 'YATZEE: official rules, ZX Spectrum keys'],
  ] as const)('%s: opens on %s, a page at a time at 80x24', (layout, key, title) => {
    // In a game, the page of its keys first, at the top of the page.
    const m = press(start({ layout, players: 1, names: ['ANN'], match: { kind: 'single' } }), key);
    const ls = lines(m);
    expect(ls[0]).toBe(' Keys: rolling');
    expect(ls[1]).toMatch(layout === 'msx' ? /^ {3}1-5 +mark die A-E/ : /^ {3}A-E +hold die A-E/);
    expect(ls.length).toBeLessThanOrEqual(23);
    expect(ls.at(-1)).toMatch(/^ INSTRUCTIONS, page [2-9] of \d: {2}[qQ]\/ESC close {2}any other key to go on$/);
    let all = '';
    for (let page = m; page.overlay === 'help'; page = press(page, 'x')) all += frame(page);
    expect(all).toContain(` ${title}`);
    expect(all).toContain(layout === 'msx' ? 'SPACE  roll the unmarked dice' : 'ENTER  roll the dice not held');
  });

  it('on a narrow terminal the page number is said in fewer words, so that the keys stay whole', () => {
    expect(lines(press(start({}, { size: { columns: 60, rows: 20 } }), 'h')).at(-1)).toMatch(/^ INSTRUCTIONS 1\/\d+: {2}q\/ESC close {2}any other key to go on$/);
    expect(lines(press(start({}, { size: { columns: 44, rows: 12 } }), 'h')).at(-1)).toMatch(/^ INSTRUCTIONS 1\/\d+: {2}q\/ESC {2}any other key$/);
  });

  it('fits on one page on a tall terminal', () => {
    const m = press(start({ players: 1 }, { size: { columns: 100, rows: 100 } }), 'h');
    expect(lines(m).at(-1)).toBe(' INSTRUCTIONS:  q/ESC close  any other key to go on');
  });
});

describe('quit question', () => {
  it.each([
    ['msx', 'q', ' y yes, quit  n/ESC no, play on'],
    ['spectrum', 'Q', ' Y yes, quit  N/ESC no, play on'],
  ] as const)('%s: %s asks over the game screen', (layout, key, prompt) => {
    const m = press(start({ layout, players: 1, names: ['ANN'], match: { kind: 'single' } }), key);
    expect(frame(m)).toContain('Quit the game? It is saved: start yahtzee again to resume it.');
    expect(lines(m).at(-1)).toBe(prompt);
  });
});

describe('too small', () => {
  it('says how big the terminal must be', () => {
    expect(frame(start({ players: 4 }, { size: { columns: 70, rows: 24 } }))).toBe('78x22 needed: enlarge the terminal\nit is 70x24 now (q/ESC or Ctrl-C quits)');
    expect(frame(start({}, { size: { columns: 30, rows: 8 } }))).toBe('44x12 needed: enlarge\nthe terminal\nit is 30x8 now (q/ESC or\nCtrl-C quits)');
    expect(frame(start({}, { size: { columns: 1, rows: 1 } }))).toBe('4');
  });
});

describe('end of a game', () => {
  it('a single game: the final chart and the winner; y plays again', () => {
    const m = finishGame(start({ players: 2 }));
    const f = frame(m);
    expect(f).toContain('GAME OVER');
    expect(f).toContain('PLAYER 1 wins with 40');
    expect(f).toMatch(/TOTAL\s+40\s+28/);
    expect(f).not.toMatch(/\(\d+\)/);
    expect(lines(m).at(-1)).toBe(' y play again  r review  h/? help  q/ESC quit');
  });

  it('a match: the standings after each game', () => {
    const m = finishGame(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'games', games: 2 } }));
    const f = frame(m);
    expect(f).toContain('GAME 1 OF 2 OVER');
    expect(f).toContain('ANN wins this game with 40');
    expect(f).toMatch(/STANDINGS\s+won\s+total/);
    expect(f).toMatch(/ANN\s+1\s+40/);
    expect(f).toMatch(/BOB\s+0\s+28/);
    expect(lines(m).at(-1)).toBe(' Y next game  R review  I instructions  Q quit');
  });

  it('the last game of a match names the match winner', () => {
    const one = finishGame(start({ players: 2, match: { kind: 'games', games: 2 } }));
    const f = frame(finishGame(press(one, 'y')));
    expect(f).toContain('PLAYER 2 wins the match: level on');
    expect(f).toContain('games won (1), more points (85)');
    expect(f).toMatch(/1 PLAYER 2\s+1\s+85/);
  });

  it('a race to a target score says the target', () => {
    expect(frame(finishGame(start({ players: 2, match: { kind: 'target', target: 100 } })))).toContain('first to 100 points');
  });
});
