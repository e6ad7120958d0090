import { describe, expect, it } from 'vitest';
import { press, start } from './helpers.js';
import { promptItems } from '../../src/view/index.js';

const typed = (m: ReturnType<typeof start>, text: string) => [...text].reduce((acc, ch) => press(acc, ch), m);

describe('MSX setup: naming the players', () => {
  it('a digit still starts at once as PLAYER 1-4', () => {
    const m = press(start({}), '2');
    expect(m.game?.players.map((p) => p.name)).toEqual(['PLAYER 1', 'PLAYER 2']);
  });

  it('n, then each name and ENTER, then ENTER on an empty name: a single game of the people named', () => {
    let m = press(start({}), 'n');
    expect(m.setup.step).toBe('name');
    expect(promptItems(m).map((i) => i.keys)).toContain('A-Z');
    m = press(typed(m, 'ANNABELLE'), 'enter');
    m = press(typed(m, 'BOB'), 'enter');
    expect(m.screen).toBe('setup');
    m = press(m, 'enter');
    expect(m.screen).toBe('game');
    expect(m.game?.players.map((p) => p.name)).toEqual(['ANNABELLE', 'BOB']);
    expect(m.game?.match).toEqual({ kind: 'single' });
  });

  it('the same rules and refusals as the Spectrum name question: a name taken, too long, none', () => {
    let m = press(typed(press(start({}), 'n'), 'ann'), 'enter');
    const again = press(typed(m, 'ANN'), 'enter');
    expect(again.message?.text).toMatch(/ANN/);
    expect(again.setup.names).toEqual(['ann']);
    m = typed(press(start({}), 'n'), 'ABCDEFGHIJ');
    const long = press(m, 'K');
    expect(long.setup.field).toBe('ABCDEFGHIJ');
    expect(long.message).not.toBeNull();
    const none = press(press(start({}), 'n'), 'enter');
    expect(none.setup.step).toBe('name');
    expect(none.message).not.toBeNull();
  });

  it("a pasted decomposed name: the accent of a letter refused (the name full) is refused with it, not put on the letter before", () => {
    const full = typed(press(start({}), 'n'), 'abcdefghij');
    const after = typed(full, 'e\u0301');
    expect(after.setup.field).toBe('abcdefghij');
    expect(after.message).not.toBeNull();
    // A letter typed and accepted takes its marks again (after erasing one).
    const erased = typed(press(after, 'backspace'), 'e\u0301');
    expect(erased.setup.field).toBe('abcdefghie\u0301');
  });

  it('four names start the game; the computer seats of c come after the people', () => {
    const four = ['A', 'B', 'C', 'D'].reduce((m, n) => press(typed(m, n), 'enter'), press(start({}), 'n'));
    expect(four.game?.players.map((p) => p.name)).toEqual(['A', 'B', 'C', 'D']);
    const withCpu = press(press(typed(press(press(start({}), 'c'), 'n'), 'ANN'), 'enter'), 'enter');
    expect(withCpu.game?.players.map((p) => [p.name, p.kind])).toEqual([['ANN', 'human'], ['CPU', 'computer']]);
  });

  it('ESC before the first name goes back to the number of players', () => {
    const back = press(press(start({}), 'n'), 'escape');
    expect(back.setup.step).toBe('players');
    expect(press(back, '3').game?.players).toHaveLength(3);
  });
});
