import type { BoxDef, RuleSet } from './types.js';

const upper = (face: 1 | 2 | 3 | 4 | 5 | 6, id: string, english: string): BoxDef => ({
  id,
  name: `Jogada de ${face}`,
  english,
  option: face,
  section: 'upper',
  scoring: { kind: 'upper', face },
  help: `a soma dos ${face} (the sum of the ${face}s)`,
});

/** The Brazilian sheet (004): fixed scores for Trinca and Quadra, one run each for the straights, no bonuses. */
export const brazilian: RuleSet = {
  id: 'brazilian',
  title: 'regras brasileiras',
  sheet: '004 (Yahtzee, descrição em português)',
  // The sheet names the boxes only: the sums are worded as a Brazilian score pad has them.
  sumLabels: { upper: 'Total superior', total: 'TOTAL', gamesWon: 'Partidas ganhas', matchTotal: 'Total geral' },
  boxes: [
    upper(1, 'aces', 'Aces'),
    upper(2, 'twos', 'Twos'),
    upper(3, 'threes', 'Threes'),
    upper(4, 'fours', 'Fours'),
    upper(5, 'fives', 'Fives'),
    upper(6, 'sixes', 'Sixes'),
    { id: 'trinca', name: 'Trinca', english: 'Three of a kind', option: 7, section: 'lower', scoring: { kind: 'ofAKind', count: 3, points: 20 }, help: 'três dados iguais: 20 (three alike)' },
    { id: 'quadra', name: 'Quadra', english: 'Four of a kind', option: 8, section: 'lower', scoring: { kind: 'ofAKind', count: 4, points: 30 }, help: 'quatro dados iguais: 30 (four alike)' },
    { id: 'fullHouse', name: 'Full house', english: 'Full house', option: 9, section: 'lower', scoring: { kind: 'fullHouse', points: 25 }, help: 'três iguais e um par: 25 (three and a pair)' },
    { id: 'sequenciaAlta', name: 'Sequência alta', english: 'High straight', option: 10, section: 'lower', scoring: { kind: 'straight', runs: [[2, 3, 4, 5, 6]], points: 30 }, help: '2-3-4-5-6: 30' },
    { id: 'sequenciaBaixa', name: 'Sequência baixa', english: 'Low straight', option: 11, section: 'lower', scoring: { kind: 'straight', runs: [[1, 2, 3, 4, 5]], points: 40 }, help: '1-2-3-4-5: 40 (more than the high one: so the sheet has it)' },
    { id: 'general', name: 'General', english: 'Yahtzee', option: 12, section: 'lower', scoring: { kind: 'yahtzee', points: 50 }, help: 'cinco iguais: 50 (five alike)' },
    { id: 'aleatoria', name: 'Aleatória', english: 'Chance', option: 13, section: 'lower', scoring: { kind: 'chance' }, help: 'a soma dos dados (the sum of all dice)' },
  ],
  upperBonus: null,
  yahtzeeBonus: 0,
  joker: 'none',
};
