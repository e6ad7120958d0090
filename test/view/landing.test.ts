import { describe, expect, it } from 'vitest';
import { hasLanded, update, type AppModel } from '../../src/app/index.js';
import { chartView, sidePanel, spokenLines } from '../../src/view/index.js';
import { press, start } from '../app/helpers.js';

/** A game with the roll animation on: the dice of the first roll are still rolling on the screen. */
const animated = (over = {}) => start({ players: 2, animation: true, ...over });
const previews = (m: AppModel) => chartView(m).rows.flatMap((r) => r.cells).filter((c) => c.kind === 'potential').length;
const landed = (m: AppModel) => update(m, { type: 'roll-landed', count: m.roll.count });

describe("a roll's result shows when the dice land", () => {
  it('with the animation on, a roll has not landed until the animation says so', () => {
    const m = animated();
    expect(hasLanded(m)).toBe(false);
    expect(hasLanded(landed(m))).toBe(true);
  });

  it('with --no-animation a roll has landed at once', () => {
    expect(hasLanded(start({ players: 2 }))).toBe(true);
    expect(hasLanded(press(start({ players: 2 }), 'space'))).toBe(true);
  });

  it("the chart's previews wait for the dice to land", () => {
    const m = animated();
    expect(previews(m)).toBe(0);
    expect(previews(landed(m))).toBeGreaterThan(0);
  });

  it('the hint panel waits for the dice to land, its lines kept blank but for its word (what is under it stays put)', () => {
    const m = { ...animated(), hint: true };
    const rolling = sidePanel(m, undefined, 8, 30).map((l) => l.text.trimEnd());
    const after = sidePanel(landed(m), undefined, 8, 30).map((l) => l.text.trimEnd());
    expect(after[0]).toMatch(/^tip: \w/);
    expect(rolling).toEqual(['tip: …', ...after.slice(1).map(() => '')]);
  });

  it('the screen-reader words name the dice only when they land', () => {
    const m = animated();
    expect(spokenLines(m).some((l) => l.startsWith('Dice'))).toBe(false);
    expect(spokenLines(m)).toContain('The dice are rolling.');
    expect(spokenLines(landed(m)).some((l) => l.startsWith('Dice'))).toBe(true);
  });

  it('a landing of an older roll does not land the newer one', () => {
    const m = press(landed(animated()), 'space');
    expect(hasLanded(update(m, { type: 'roll-landed', count: m.roll.count - 1 }))).toBe(false);
  });

  it('a key pressed while the dice roll lands them first, then acts', () => {
    const m = press(animated(), '1');
    expect(hasLanded(m)).toBe(true);
    expect(m.game?.held[0]).toBe(true);
  });

  it("the computer's words about its roll come when the dice land", () => {
    const rolled = { ...animated(), roll: { count: 5, dice: [true, true, true, true, true], landed: false, news: { text: 'CPU rolls: 1 2 3 4 5', tone: 'info' as const } } };
    expect(rolled.message?.text).not.toBe('CPU rolls: 1 2 3 4 5');
    expect(landed(rolled).message?.text).toBe('CPU rolls: 1 2 3 4 5');
  });
});
