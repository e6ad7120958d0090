import { ENGLISH_UPPER, LARGE_RUNS, SMALL_RUNS } from './official.js';
import type { RuleSet } from './types.js';

/** YATZEE for the ZX Spectrum (sheet 001, CP Software 1984): its option order, no Yahtzee bonus, no Joker. */
export const spectrum: RuleSet = {
  id: 'spectrum',
  title: 'ZX Spectrum rules',
  sheet: '001 (YATZEE, CP Software 1984)',
  boxes: [
    ...ENGLISH_UPPER.map((b) => ({ ...b, name: `${b.option}'s` })),
    { id: 'threeOfAKind', name: '3 of a kind', option: 7, section: 'lower', scoring: { kind: 'ofAKind', count: 3 }, help: 'three alike: the sum of all dice' },
    { id: 'fourOfAKind', name: '4 of a kind', option: 8, section: 'lower', scoring: { kind: 'ofAKind', count: 4 }, help: 'four alike: the sum of all dice' },
    { id: 'fullHouse', name: 'Full house', option: 9, section: 'lower', scoring: { kind: 'fullHouse', points: 25 }, help: '3 of a kind plus a pair: 25' },
    { id: 'yahtzee', name: 'Yatzee', option: 10, section: 'lower', scoring: { kind: 'yahtzee', points: 50 }, help: '5 of a kind: 50' },
    { id: 'smallStraight', name: 'Short run', option: 11, section: 'lower', scoring: { kind: 'straight', runs: SMALL_RUNS, points: 30 }, help: 'a run of at least 4 dice: 30' },
    { id: 'largeStraight', name: 'Long run', option: 12, section: 'lower', scoring: { kind: 'straight', runs: LARGE_RUNS, points: 40 }, help: 'a run of all 5 dice: 40' },
    { id: 'chance', name: 'Chance', option: 13, section: 'lower', scoring: { kind: 'chance' }, help: 'any combination: the sum of all dice' },
  ],
  upperBonus: { threshold: 63, points: 35 },
  yahtzeeBonus: 0,
  joker: 'none',
};
