import { brazilian } from './brazilian.js';
import { freeJoker } from './freeJoker.js';
import { official } from './official.js';
import { spectrum } from './spectrum.js';
import { RULE_SET_IDS, type RuleSet, type RuleSetId } from './types.js';

export * from './types.js';
export * from './values.js';

/** Every rule set by its id. */
export const RULE_SETS: Readonly<Record<RuleSetId, RuleSet>> = {
  official,
  'free-joker': freeJoker,
  spectrum,
  brazilian,
};

/** True when `id` names a rule set. */
export function isRuleSetId(id: unknown): id is RuleSetId {
  return typeof id === 'string' && (RULE_SET_IDS as readonly string[]).includes(id);
}

/** The rule set named `id`. */
export function getRuleSet(id: RuleSetId): RuleSet {
  return RULE_SETS[id];
}
