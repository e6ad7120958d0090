import { describe, expect, it } from 'vitest';
import { cardTotal, scoreBox, scoreOptions, upperBonus } from '../../src/engine/index.js';
import { card, dice, rules } from './helpers.js';

const brazilian = rules('brazilian');

function points(box: string, text: string): number {
  const def = brazilian.boxes.find((b) => b.id === box);
  if (!def) throw new Error(`no box ${box}`);
  return scoreBox(def.scoring, dice(text));
}

describe('brazilian rules: the examples of sheet 004 (Yahtzee, descrição)', () => {
  it.each([
    ['1-1-1-4-5', 3, 'jogada de 1', 'aces'],
    ['3-3-4-4-5', 6, 'jogada de 3', 'threes'],
    ['3-3-4-4-5', 8, 'jogada de 4', 'fours'],
    ['3-3-4-4-5', 5, 'jogada de 5', 'fives'],
    ['1-4-4-5-6', 20, 'aleatória', 'aleatoria'],
  ])('%s scores %i as a %s (sheet 004)', (text, expected, _label, box) => {
    expect(points(box, text)).toBe(expected);
  });

  it.each([
    ['2-2-2-5-6', 20, 'trinca (three alike: 20, not the sum)', 'trinca'],
    ['6-6-6-5-6', 20, 'trinca (four alike are also three alike)', 'trinca'],
    ['1-1-1-1-2', 30, 'quadra (four alike: 30, not the sum)', 'quadra'],
    ['3-3-5-5-5', 25, 'full house', 'fullHouse'],
    ['6-5-4-3-2', 30, 'sequência alta (2-3-4-5-6)', 'sequenciaAlta'],
    ['5-4-3-2-1', 40, 'sequência baixa (1-2-3-4-5)', 'sequenciaBaixa'],
    ['4-4-4-4-4', 50, 'general (five alike)', 'general'],
  ])('%s scores %i as %s (sheet 004)', (text, expected, _label, box) => {
    expect(points(box, text)).toBe(expected);
  });

  it.each([
    ['1-2-3-4-5', 'sequenciaAlta', 'the high straight is only 2-3-4-5-6'],
    ['2-3-4-5-6', 'sequenciaBaixa', 'the low straight is only 1-2-3-4-5'],
    ['2-3-4-5-5', 'sequenciaAlta', 'four in a row is no straight here'],
    ['1-2-3-4-4', 'sequenciaBaixa', 'four in a row is no straight here'],
    ['2-2-3-3-4', 'trinca', 'a trinca needs three alike'],
    ['2-2-2-3-3', 'quadra', 'a quadra needs four alike'],
  ])('%s scores 0 as %s: %s (sheet 004)', (text, box) => {
    expect(points(box, text)).toBe(0);
  });

  it('a roll may be written as 0 in a box it does not fit (sheet 004)', () => {
    const options = scoreOptions(brazilian, card(), dice('1-2-4-5-6'));
    expect(options.boxes.every((o) => o.allowed)).toBe(true);
    expect(options.boxes.find((o) => o.box === 'general')?.points).toBe(0);
  });

  it('has no upper bonus: 63 or more in the jogadas adds nothing (sheet 004)', () => {
    const c = card({ aces: 5, twos: 10, threes: 15, fours: 20, fives: 25, sixes: 30 });
    expect(brazilian.upperBonus).toBeNull();
    expect(upperBonus(brazilian, c)).toBe(0);
    expect(cardTotal(brazilian, c)).toBe(105);
  });

  it('numbers its boxes 1-13 with the names of sheet 004', () => {
    expect(brazilian.boxes.map((b) => [b.option, b.id, b.name, b.section])).toEqual([
      [1, 'aces', 'Jogada de 1', 'upper'],
      [2, 'twos', 'Jogada de 2', 'upper'],
      [3, 'threes', 'Jogada de 3', 'upper'],
      [4, 'fours', 'Jogada de 4', 'upper'],
      [5, 'fives', 'Jogada de 5', 'upper'],
      [6, 'sixes', 'Jogada de 6', 'upper'],
      [7, 'trinca', 'Trinca', 'lower'],
      [8, 'quadra', 'Quadra', 'lower'],
      [9, 'fullHouse', 'Full house', 'lower'],
      [10, 'sequenciaAlta', 'Sequência alta', 'lower'],
      [11, 'sequenciaBaixa', 'Sequência baixa', 'lower'],
      [12, 'general', 'General', 'lower'],
      [13, 'aleatoria', 'Aleatória', 'lower'],
    ]);
  });

  it('has no Yahtzee bonus and no Joker', () => {
    expect([brazilian.yahtzeeBonus, brazilian.joker]).toEqual([0, 'none']);
  });
});
