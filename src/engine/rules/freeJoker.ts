import { official } from './official.js';
import type { RuleSet } from './types.js';

/** Open Yahtzee (sheet 003): as official, but a further Yahtzee may go in any open box. */
export const freeJoker: RuleSet = {
  ...official,
  id: 'free-joker',
  title: 'free-choice Joker',
  sheet: '003 (Open Yahtzee help page)',
  joker: 'free',
};
