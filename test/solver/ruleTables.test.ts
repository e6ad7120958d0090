import { describe, expect, it } from 'vitest';
import { RULE_SET_IDS } from '../../src/engine/index.js';
import { buildRuleTables, jokerAllowedPart, mergeJokerPart } from '../../src/solver/strategy/ruleTables.js';

// A cold solve builds the rule tables' Joker entries in two threads at once, half the masks each.
describe('the rule tables built in two halves', () => {
  for (const rules of RULE_SET_IDS) {
    it(`${rules}: the low half with the high half merged in is the whole table`, () => {
      const whole = buildRuleTables(rules);
      const low = buildRuleTables(rules, 'low');
      mergeJokerPart(low, 'low', jokerAllowedPart(rules, 'high'));
      expect(low).toEqual(whole);
    });
  }

  it('each half alone leaves the other half of the Joker entries empty', () => {
    const whole = buildRuleTables('official');
    const low = buildRuleTables('official', 'low');
    const high = jokerAllowedPart('official', 'high');
    const mid = (whole.jokerAllowed.length / 2) | 0;
    expect([...low.jokerAllowed.subarray(mid)].every((x) => x === 0)).toBe(true);
    expect([...high.subarray(0, mid)].every((x) => x === 0)).toBe(true);
    expect([...low.jokerAllowed.subarray(0, mid)]).toEqual([...whole.jokerAllowed.subarray(0, mid)]);
    expect([...high.subarray(mid)]).toEqual([...whole.jokerAllowed.subarray(mid)]);
  });

  it('refuses a part of another rule set\'s size', () => {
    expect(() => mergeJokerPart(buildRuleTables('official', 'low'), 'low', new Uint16Array(6))).toThrow(RangeError);
  });
});
