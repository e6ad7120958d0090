import { describe, expect, it } from 'vitest';
import { press, start } from '../app/helpers.js';
import { frame, lines } from './render.js';

describe('setup screens', () => {
  it('MSX: asks the number of players with keys 1-4', () => {
    const f = frame(start());
    expect(f).toContain('YAHTZEE  official rules  ·  MSX keys');
    expect(f).toContain('Number of players (1-4)?');
    expect(lines(start()).at(-1)).toBe(' 1-4 players  n names  c computer  r rules  m match  h/? help  q/ESC quit');
  });

  it('Spectrum: asks each name, showing the names given so far', () => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'B', 'O');
    const f = frame(m);
    expect(f).toContain('YATZEE  official rules  ·  ZX Spectrum keys');
    expect(f).toContain('Player 1: ANN');
    expect(f).toContain('Player 2, your name? BO_');
    expect(f).toContain('(ENTER on an empty name: no more players)');
    expect(lines(m).at(-1)).toBe(' A-Z name  BACKSPACE edit  ENTER next  ESC back  TAB instructions');
  });

  it.each(['spectrum', 'msx'] as const)('%s: a name that seats the computer is marked so among the names given', (layout) => {
    const naming = layout === 'msx' ? press(start(), 'n') : start({ layout });
    expect(frame(naming)).toContain(`Name a player ${layout === 'msx' ? 'CPU' : 'SPECTRUM'}: the computer`);
    const f = frame(press(naming, 'A', 'N', 'N', 'enter', ...'cpu', 'enter'));
    expect(f).toContain('Player 1: ANN\n');
    expect(f).toContain('Player 2: cpu (the computer)');
  });

  it('Spectrum: the competition question lists F, P and U from the key table', () => {
    const f = frame(start({ layout: 'spectrum', names: ['ANN', 'BOB'] }));
    expect(f).toContain('Players: ANN, BOB');
    expect(f).toContain('Type of competition?');
    expect(f).toMatch(/F a fixed number of games\n\s+P first to a set score\n\s+U single games/);
    expect(f).not.toContain('Q quit, after');
  });

  it('MSX: the competition question lists g, t and s without the instructions\' "after m:"', () => {
    const f = frame(press(start({ players: undefined }), 'm'));
    expect(f).toMatch(/g a number of games \(how many is asked next\)\n\s+t first to a set score \(the score is asked next\)\n\s+s a single game/);
    expect(f).not.toContain('after m');
  });

  it('Spectrum: asks the number of games, then the target score', () => {
    expect(frame(press(start({ layout: 'spectrum', names: ['ANN'] }), 'f', '3'))).toContain('Number of games (1-99)? 3_');
    expect(frame(press(start({ layout: 'spectrum', names: ['ANN'] }), 'p', '5', '0', '0'))).toContain('Target score (1-99999)? 500_');
  });

  it.each([
    ['the competition question: what decides F and P', () => start({ layout: 'spectrum', names: ['ANN', 'BOB'] }), [/F: the most games won wins the match; level on games, the higher total/, /P: the match ends after the round in which a total over the games reaches the\s+score; the highest total then wins/]],
    ['the target question', () => press(start({ layout: 'spectrum', names: ['ANN'] }), 'p'), [/The match ends after the round in which a total over the games reaches the/]],
    ['the games question', () => press(start({ layout: 'spectrum', names: ['ANN'] }), 'f'), [/The most games won wins the match/]],
    ['MSX with --games 3', () => start({ match: { kind: 'games', games: 3 } }), [/Match: 3 games: the most games won wins the match/]],
    ['Spectrum names with --target 300', () => start({ layout: 'spectrum', match: { kind: 'target', target: 300 } }), [/Match: First to 300: the match ends after the round/]],
  ] as const)('says what decides the match: %s', (_name, model, want) => {
    const f = frame(model());
    for (const w of want) expect(f).toMatch(w);
  });

  it.each([
    ['official', 'official rules'],
    ['spectrum', 'ZX Spectrum rules'],
  ] as const)('says which rules are in play (%s) on its title line', (rules, title) => {
    expect(lines(start({ rules }))[0]).toBe(` YAHTZEE  ${title}  ·  MSX keys`);
    expect(lines(start({ rules, layout: 'spectrum' }))[0]).toBe(` YATZEE  ${title}  ·  ZX Spectrum keys`);
  });

  it.each([
    ['official', 'Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker', '254.59'],
    ['spectrum', 'Rules: upper bonus 35 at 63, no Yatzee bonus, no Joker', '245.87'],
  ] as const)('says which rules are in play (%s) under the title, and what they are worth with optimal play, once', (rules, line, value) => {
    for (const layout of ['msx', 'spectrum'] as const) {
      const shown = lines(start({ rules, layout }));
      expect(shown[1].startsWith(`  ${line}. Worth ${value} on`)).toBe(true);
      expect(`${shown[1]} ${shown[2].trim()}`).toBe(`  ${line}. Worth ${value} on average with optimal play.`);
    }
  });

  it('shows a refusal on the message line', () => {
    expect(frame(press(start({ layout: 'spectrum' }), 'enter'))).toContain('Type a name, then ENTER');
  });
});
