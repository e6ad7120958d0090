import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modeOf, update, type AppAction } from '../../src/app/index.js';
import { promptItems } from '../../src/view/index.js';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { inkKey, press, start } from './helpers.js';

const KEYS = ['0', '1', '2', '3', '4', '5', '6', '9', 'a', 'b', 'c', 'e', 'f', 'p', 'u', 'i', 'I', 'h', '?', 'q', 'n', 'x', 'A', 'space', 'enter', 'backspace', 'escape', 'up', 'down', 'right', 'left', 'tab'];

describe('the controller is total: random keys never throw and leave a sound model', () => {
  it.each((['msx', 'spectrum'] as const).flatMap((layout) => RULE_SET_IDS.map((rules) => [layout, rules] as const)))('%s keys, %s rules', (layout, rules) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...KEYS), { maxLength: 120 }), fc.integer({ min: 0, max: 1000 }), (keys, seed) => {
        const m = press(start({ layout, rules }, { seed }), ...keys);
        expect(() => modeOf(m)).not.toThrow();
        expect(() => promptItems(m)).not.toThrow();
        expect(m.game === null || m.game.dice.length === 5).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('senseless actions are refused, not thrown', () => {
    const m = start({ players: 1 });
    const odd = [{ type: 'toggle-die', die: 9 }, { type: 'move-cursor', delta: 0 }, { type: 'choose-players', count: 7 }, { type: 'bogus' }] as unknown as AppAction[];
    for (const a of odd) expect(() => update(m, a)).not.toThrow();
    expect(update(m, odd[0]).message?.text).toBe('There are only five dice');
  });

  it('keys as Ink gives them all resolve', () => {
    for (const k of KEYS) expect(() => press(start({}), ...[k])).not.toThrow();
    expect(inkKey('up')).toEqual(['', { upArrow: true }]);
  });
});
