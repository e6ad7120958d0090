import { describe, expect, it } from 'vitest';
import { instructionLines, update, type AppModel } from '../../../src/app/index.js';
import { chartView } from '../../../src/view/index.js';
import { RULE_SETS, RULE_SET_IDS, type RuleSetId } from '../../../src/engine/index.js';
import { MSX, SPECTRUM, inlayNumbering, inlayOption } from '../../../src/app/keymaps/index.js';
import { press, start } from '../helpers.js';

/** The inlay's numbers for each rule set's lower boxes, by box id. */
const INLAY: Record<RuleSetId, Record<string, number>> = {
  official: { threeOfAKind: 7, fourOfAKind: 8, fullHouse: 9, yahtzee: 10, smallStraight: 11, largeStraight: 12, chance: 13 },
  'free-joker': { threeOfAKind: 7, fourOfAKind: 8, fullHouse: 9, yahtzee: 10, smallStraight: 11, largeStraight: 12, chance: 13 },
  spectrum: { threeOfAKind: 7, fourOfAKind: 8, fullHouse: 9, yahtzee: 10, smallStraight: 11, largeStraight: 12, chance: 13 },
  // Two runs of five: the one worth less (alta, 30) is the short run's 11, the one worth more (baixa, 40) the long run's 12.
  brazilian: { trinca: 7, quadra: 8, fullHouse: 9, general: 10, sequenciaAlta: 11, sequenciaBaixa: 12, aleatoria: 13 },
};

describe('the Spectrum layout numbers the options as its inlay, under every rule set', () => {
  it.each(RULE_SET_IDS)('%s: 1-6 the faces, 7 3 of a kind ... 10 Yatzee, 11 short run, 12 long run, 13 chance', (id) => {
    const rules = RULE_SETS[id];
    const numbers = Object.fromEntries(rules.boxes.filter((b) => b.section === 'lower').map((b) => [b.id, inlayOption(rules, b)]));
    expect(numbers).toEqual(INLAY[id]);
    expect(rules.boxes.filter((b) => b.section === 'upper').map((b) => inlayOption(rules, b))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inlayNumbering(rules).boxes.map((b) => b.option)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(inlayNumbering(rules)).toBe(inlayNumbering(rules));
  });

  it.each<[RuleSetId, string, string]>([
    ['official', '10', 'yahtzee'],
    ['official', '11', 'smallStraight'],
    ['official', '12', 'largeStraight'],
    ['free-joker', '10', 'yahtzee'],
    ['spectrum', '10', 'yahtzee'],
    ['brazilian', '10', 'general'],
  ])('%s rules: typing %s scores %s', (rules, typed, box) => {
    const m = start({ layout: 'spectrum', rules, names: ['ANN', 'BOB'], match: { kind: 'single' } });
    const five: AppModel = { ...m, game: { ...m.game!, dice: [5, 5, 5, 5, 5] } };
    const after = [...typed].reduce((x, c) => update(x, { type: 'type', char: c }), update(five, { type: 'stop-rolling' }));
    const scored = update(after, { type: 'submit' });
    expect(Object.keys(scored.game!.cards[0].boxes)).toEqual([box]);
  });

  it('the chart and the instructions show the inlay numbers, in their order (official rules)', () => {
    const labels = chartView(start({ layout: 'spectrum', rules: 'official', names: ['ANN'], match: { kind: 'single' } }))
      .rows.filter((r) => r.kind === 'box')
      .map((r) => r.label);
    expect(labels.slice(6)).toEqual([' 7 Three of a kind', ' 8 Four of a kind', ' 9 Full house', '10 Yahtzee', '11 Small straight', '12 Large straight', '13 Chance']);
    const help = instructionLines(RULE_SETS.official, SPECTRUM, 100).map((l) => l.text).join('\n');
    expect(help).toMatch(/10 Yahtzee[\s\S]*11 Small straight[\s\S]*12 Large straight/);
  });

  it('the MSX layout keeps the rule sheet order (no numbers shown)', () => {
    const labels = chartView(press(start({ players: 1 }))).rows.filter((r) => r.kind === 'box').map((r) => r.label);
    expect(labels.slice(9, 12)).toEqual(['Small straight', 'Large straight', 'Yahtzee']);
    expect(instructionLines(RULE_SETS.official, MSX, 100).map((l) => l.text).join('\n')).not.toMatch(/10 Yahtzee/);
  });
});
