import { describe, expect, it } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import type { Dice } from '../../src/engine/index.js';
import { turnPanel } from '../../src/view/panels.js';
import { press, start } from './helpers.js';

/** A Spectrum game of one person, scoring, with the dice set to `dice` (option numbers in the inlay's order). */
function choosing(dice: Dice): AppModel {
  const m = press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), '0');
  return { ...m, game: { ...m.game!, dice } };
}

const panel = (m: AppModel) => turnPanel(m).map((l) => l.text);

describe('the Spectrum option entry never leaves a different option for ENTER', () => {
  it('0 1 4 ENTER: 14 stays in the entry, ENTER refuses it whole and scores nothing', () => {
    const m = press(choosing([4, 2, 4, 4, 2]), '1', '4');
    expect(m.option).toBe('14');
    expect(panel(m)).toContain('14 is no option: 1 to 13');
    // Said on the message line at once too (the hint panel, when up, hides the turn's panel).
    expect(m.message).toEqual({ text: 'There is no option 14: BACKSPACE corrects it, ENTER clears it', tone: 'error' });
    expect(press(m, 'backspace')).toMatchObject({ option: '1' });
    const after = press(m, 'enter');
    expect(after.game).toEqual(m.game);
    expect(after.option).toBe('');
    expect(after.message?.text).toBe('There is no option 14: type 1 to 13');
  });

  it('a filled box typed is said to be used before ENTER, as ENTER says it', () => {
    const m = choosing([4, 2, 4, 4, 2]);
    const used = { ...m, game: { ...m.game!, cards: [{ boxes: { aces: 1 }, yahtzeeBonuses: 0 }] } };
    const typed = press(used, '1');
    expect(panel(typed)).toContain('Aces: already used');
    expect(press(typed, 'enter').message?.text).toBe('Aces is already used');
  });

  it('2 0 is twenty, refused at ENTER, not left as 2', () => {
    const m = press(choosing([4, 2, 4, 4, 2]), '2', '0');
    expect(m.option).toBe('20');
    expect(press(m, 'enter').game).toEqual(m.game);
  });

  it('a third digit and a leading 0 are refused and change nothing', () => {
    const m = press(choosing([1, 2, 3, 4, 5]), '1', '2');
    expect(m.option).toBe('12');
    const third = press(m, '3');
    expect(third.option).toBe('12');
    expect(third.message?.text).toBe('Options go from 1 to 13');
    expect(press(choosing([1, 2, 3, 4, 5]), '0').option).toBe('');
  });

  it('ESC clears the entry; with none typed, back to rolling while rolls are left; BACKSPACE and ENTER on an empty entry say what to type', () => {
    const typed = press(choosing([1, 2, 3, 4, 5]), '1');
    const cleared = press(typed, 'escape');
    expect(cleared.option).toBe('');
    expect(cleared.game).toEqual(typed.game);
    // 0 pressed at roll 1 (a stray key): ESC takes it back, and the dice roll on.
    const back = press(cleared, 'escape');
    expect(back.game).toEqual({ ...cleared.game, phase: 'rolling' });
    expect(press(back, 'enter').game?.rollsUsed).toBe(2);
    // The holds from before are given back with the rolling.
    const held = press(press(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), 'c', 'd', '0'), 'escape');
    expect([held.game?.phase, held.game?.held]).toEqual(['rolling', [false, false, true, true, false]]);
    // After the third roll there is no rolling to go back to: ESC says what to type.
    const third = { ...cleared, game: { ...cleared.game!, rollsUsed: 3 } };
    expect(press(third, 'escape').message?.text).toBe('Type an option number 1-13, then ENTER');
    expect(press(cleared, 'backspace').message?.text).toBe('Type an option number 1-13, then ENTER');
    expect(press(cleared, 'enter').message?.text).toBe('Type an option number 1-13, then ENTER');
  });

  it('the panel says what ENTER will score before it is pressed', () => {
    expect(panel(press(choosing([4, 2, 4, 4, 2]), '4'))).toContain('ENTER scores Fours: 12 points');
    expect(panel(choosing([4, 2, 4, 4, 2])).some((t) => t.startsWith('ENTER'))).toBe(false);
  });
});
