import type { RuleSetId } from './types.js';

/** What a rule set is worth: the mean final score of a fresh game under optimal play, and why it differs. */
export interface RuleSetValue {
  /** The exact mean to two places (the solver's value; test/solver/ruleValues.test.ts checks each one). */
  readonly value: number;
  /** One line on what makes the difference from the official rules. */
  readonly why: string;
}

/** Each rule set's value under optimal play, the one place these figures are written. */
export const RULE_SET_VALUES: Readonly<Record<RuleSetId, RuleSetValue>> = {
  official: { value: 254.59, why: 'the reference (bonuses of 35 and 100)' },
  'free-joker': { value: 254.71, why: 'any open box takes a further Yahtzee' },
  spectrum: { value: 245.87, why: 'no bonus for further Yahtzees, no Joker' },
  brazilian: { value: 215.22, why: 'no bonuses, fixed Trinca and Quadra' },
};

/**
 * "254.59 on average with optimal play": a rule set's value, for screens that have just said its rules (what makes the
 * difference, `why`, would only say them again; --help, which lists the rule sets side by side, gives it).
 */
export function ruleSetValueText(id: RuleSetId): string {
  return `${RULE_SET_VALUES[id].value.toFixed(2)} on average with optimal play`;
}

/** The rule sets and their values, a line each, for --help. */
export function ruleSetValuesHelp(): string {
  const ids = Object.keys(RULE_SET_VALUES) as RuleSetId[];
  const w = Math.max(...ids.map((id) => id.length));
  return ['Rule sets (--rules), each worth on average with optimal play:', ...ids.map((id) => `  ${id.padEnd(w)}  ${RULE_SET_VALUES[id].value.toFixed(2)}  ${RULE_SET_VALUES[id].why}`)].join('\n');
}
