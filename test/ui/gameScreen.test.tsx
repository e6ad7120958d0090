import { describe, expect, it } from 'vitest';
import { press, start } from '../app/helpers.js';
import { frame, lines } from './render.js';

const width = (l: string) => [...l].length;

describe('main screen, MSX layout, 80x24, four players (seed 7)', () => {
  const m = press(start({ players: 4, computers: 1, match: { kind: 'games', games: 3 } }), '1', '3');
  const ls = lines(m);

  it('fits 80x24 with a row to spare', () => {
    expect(ls.length).toBeLessThanOrEqual(23);
    expect(Math.max(...ls.map(width))).toBeLessThanOrEqual(80);
  });

  it('shows the match and what decides it, whose turn and the roll on the status line (the rule set gives way at 80 columns)', () => {
    expect(ls[0]).toBe(' YAHTZEE  game 1 of 3, most games won           PLAYER 1\'s turn  ·  roll 1 of 3');
  });

  it('heads a column per player; a computer seat named CPU gets no CPU tag under it', () => {
    expect(ls[2].trimEnd()).toBe('                 PLAYER 1 PLAYER 2 PLAYER 3      CPU   ╔═════╗ ╭─────╮ ╔═════╗');
    expect(ls[3]).toMatch(/^ Aces\s/);
  });

  it('shows dimmed potential scores in the current player\'s open boxes and dashes elsewhere', () => {
    expect(ls.find((l) => l.startsWith(' Sixes'))).toMatch(/^ Sixes\s+\(12\)\s+-\s+-\s+-/);
    expect(ls.find((l) => l.startsWith(' Chance'))).toMatch(/^ Chance\s+\(18\)/);
    expect(ls.find((l) => l.startsWith(' TOTAL'))).toMatch(/^ TOTAL\s+0\s+0\s+0\s+0/);
  });

  it('letters the dice A-E with their keys 1-5 as key caps (no bare digit that reads like a face), marked dice with a double border and KEEP', () => {
    const f = frame(m);
    expect(f).toContain(' A [1]   B [2]   C [3]');
    expect(f).toContain(' D [4]   E [5]');
    expect(f).not.toMatch(/[A-E] +\d/);
    expect(f.match(/KEEP/g)).toHaveLength(2);
    expect(f.match(/╔═════╗/g)).toHaveLength(2);
  });

  it('ends with the prompt line of the keys that do something now', () => {
    // The full words do not all fit at 80 columns: "score now" is said shorter.
    expect(ls.at(-1)).toBe(' 1-5 mark  0 clear  SPACE roll  i score  t tip  w chances  h/? help  q/ESC quit');
  });

  it('puts the cursor on the chart when choosing, and says what the box would score', () => {
    const c = press(start({ players: 2 }), 'i', 'down', 'down', 'down');
    const f = frame(c);
    expect(f).toMatch(/▶Fours\s+\(4\)/);
    expect(f).toContain('Fours: 4 points');
    // Ended early at the first roll: i goes back to rolling.
    expect(lines(c).at(-1)).toBe(' ↑↓ move  →/ENTER score  i roll on  t tip  w chances  h/? help  q/ESC quit');
  });

  it('shows a refusal on the message line', () => {
    expect(frame(press(start({ players: 2 }), 'space', 'space', 'space'))).toContain(' No rolls left: choose a box');
  });
});

describe('main screen, Spectrum layout', () => {
  const game = (size = { columns: 80, rows: 24 }) => start({ layout: 'spectrum', rules: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }, { size });

  it('numbers the options 1-13 in front of the box names', () => {
    const f = frame(game());
    expect(f).toMatch(/^ 1 1's\s+\(2\)\s+-/m);
    expect(f).toMatch(/^10 Yatzee\s+\(0\)/m);
    expect(f).toMatch(/^13 Chance\s+\(18\)/m);
  });

  it('letters the dice A-E without keys and marks held dice HOLD', () => {
    const f = frame(press(game(), 'b'));
    expect(f).toContain('   A       B       C');
    expect(f).toContain('HOLD');
    expect(f).not.toContain('[2]');
  });

  it('asks for the option number while choosing', () => {
    const c = press(game(), '0', '1');
    expect(frame(c)).toContain('OPTION (1-13)? 1_');
    // The full words do not all fit at 80 columns: "instructions" is said shorter.
    expect(lines(c).at(-1)).toBe(' 1-13 option  BACKSPACE edit  ENTER score  H hint  W chances  I help  Q quit');
  });

  it('a number typed that is no option: the prompt line says ENTER clears it, as the message does', () => {
    const c = press(game(), '0', '6', '1');
    expect(lines(c).at(-2)).toBe(' There is no option 61: BACKSPACE corrects it, ENTER clears it');
    expect(lines(c).at(-1)).toBe(' BACKSPACE edit  ENTER clear  H hint  W chances  I instructions  Q quit');
  });

  it('fits 80x24 with four players in every rule set', () => {
    for (const rules of ['official', 'free-joker', 'spectrum', 'brazilian'] as const) {
      const m = start({ layout: 'spectrum', rules, names: ['ANNABELLE', 'BOB', 'CHRISTOPHE', 'DEE'], match: { kind: 'single' } });
      const ls = lines(m);
      expect(ls.length).toBeLessThanOrEqual(23);
      expect(Math.max(...ls.map(width))).toBeLessThanOrEqual(80);
    }
  });

  it('on a tall terminal puts the dice in a row under the chart, as on the Spectrum', () => {
    const f = frame(game({ columns: 120, rows: 40 }));
    expect(f).toContain('╭─────╮  ╭─────╮  ╭─────╮  ╭─────╮  ╭─────╮');
    expect(f).toMatch(/A {8}B {8}C {8}D {8}E/);
  });
});

describe('status line on a full table', () => {
  it('gives the rule set\'s title up for its --rules name rather than overflow 80 columns', () => {
    const m = start({ layout: 'spectrum', rules: 'spectrum', names: ['ANNABELLE', 'BOB', 'CHRISTOPHE', 'DEE'], computers: 1, match: { kind: 'target', target: 99999 } });
    const first = lines(m)[0];
    expect(first).toBe(" YATZEE  spectrum  ·  game 1, first to 99999   ANNABELLE's turn  ·  roll 1 of 3");
    expect(lines(start({ players: 1 }))[0]).toContain('official rules');
  });

  it("keeps the rule set's --rules name where its title does not fit", () => {
    const m = start({ layout: 'spectrum', rules: 'official', names: ['ANN', 'BOB'], match: { kind: 'games', games: 2 } });
    expect(lines(m)[0]).toBe(" YATZEE  official  ·  game 1 of 2, most games won    ANN's turn  ·  roll 1 of 3");
  });

  it('shows no HOLD marks once the rolling is over', () => {
    const m = press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), 'd', 'enter', 'enter');
    expect(m.game?.held[3]).toBe(true);
    expect(frame(m)).not.toContain('HOLD');
  });
});

describe('names in the chart heads', () => {
  it('a name longer than its column is cut with "…" on one line, and the columns keep a gap', () => {
    const m = start({ players: 4, names: ['ANNABELLE', 'BARTHOLOME', 'ZOE', 'MAXIMILIAN'] });
    const [head, next] = lines(m).slice(2, 4);
    expect(head).toMatch(/ANNABEL… BARTHOL… +ZOE MAXIMIL… /);
    expect(next).toMatch(/^ Aces /);
  });

  it('a name that fits is shown whole', () => {
    expect(lines(start({ players: 2, names: ['ANN', 'BOB'] }))[2]).toMatch(/ANN\s+BOB/);
  });
});
