import type { BoxDef, RuleSet } from './types.js';

/** The six upper boxes of the English sheets, Aces to Sixes. */
export const ENGLISH_UPPER: readonly BoxDef[] = [
  { id: 'aces', name: 'Aces', option: 1, section: 'upper', scoring: { kind: 'upper', face: 1 }, help: 'the sum of the 1s' },
  { id: 'twos', name: 'Twos', option: 2, section: 'upper', scoring: { kind: 'upper', face: 2 }, help: 'the sum of the 2s' },
  { id: 'threes', name: 'Threes', option: 3, section: 'upper', scoring: { kind: 'upper', face: 3 }, help: 'the sum of the 3s' },
  { id: 'fours', name: 'Fours', option: 4, section: 'upper', scoring: { kind: 'upper', face: 4 }, help: 'the sum of the 4s' },
  { id: 'fives', name: 'Fives', option: 5, section: 'upper', scoring: { kind: 'upper', face: 5 }, help: 'the sum of the 5s' },
  { id: 'sixes', name: 'Sixes', option: 6, section: 'upper', scoring: { kind: 'upper', face: 6 }, help: 'the sum of the 6s' },
];

/** Runs of four that make a small straight. */
export const SMALL_RUNS = [
  [1, 2, 3, 4],
  [2, 3, 4, 5],
  [3, 4, 5, 6],
] as const;

/** Runs of five that make a large straight. */
export const LARGE_RUNS = [
  [1, 2, 3, 4, 5],
  [2, 3, 4, 5, 6],
] as const;

/** The official Hasbro rules (sheets 000 and 002): forced Joker, 100 per further Yahtzee. */
export const official: RuleSet = {
  id: 'official',
  title: 'official rules',
  sheet: '000 (Yahtzee rules, MSX) and 002 (Yatzy rules sheet)',
  boxes: [
    ...ENGLISH_UPPER,
    { id: 'threeOfAKind', name: 'Three of a kind', option: 7, section: 'lower', scoring: { kind: 'ofAKind', count: 3 }, help: 'three alike: the sum of all dice' },
    { id: 'fourOfAKind', name: 'Four of a kind', option: 8, section: 'lower', scoring: { kind: 'ofAKind', count: 4 }, help: 'four alike: the sum of all dice' },
    { id: 'fullHouse', name: 'Full house', option: 9, section: 'lower', scoring: { kind: 'fullHouse', points: 25 }, help: 'three of one and two of another: 25' },
    { id: 'smallStraight', name: 'Small straight', option: 10, section: 'lower', scoring: { kind: 'straight', runs: SMALL_RUNS, points: 30 }, help: 'four in a row: 30' },
    { id: 'largeStraight', name: 'Large straight', option: 11, section: 'lower', scoring: { kind: 'straight', runs: LARGE_RUNS, points: 40 }, help: 'five in a row: 40' },
    { id: 'yahtzee', name: 'Yahtzee', option: 12, section: 'lower', scoring: { kind: 'yahtzee', points: 50 }, help: 'five alike: 50' },
    { id: 'chance', name: 'Chance', option: 13, section: 'lower', scoring: { kind: 'chance' }, help: 'any dice: the sum of all dice' },
  ],
  upperBonus: { threshold: 63, points: 35 },
  yahtzeeBonus: 100,
  joker: 'forced',
};
