import { describe, expect, it } from 'vitest';
import { update, yahtzeeNotice, type AppModel } from '../../src/app/index.js';
import { chartView, sidePanel } from '../../src/view/index.js';
import type { Face } from '../../src/engine/index.js';
import { lateGame, press, start } from './helpers.js';

/** A one-player game late on, with the dice set to `dice` (a roll made) and the boxes in `open` still open. */
function withDice(over: Parameters<typeof start>[0], open: string[], filled: Record<string, number>, dice: Face[]): AppModel {
  const m = lateGame(start({ names: ['ANN'], match: { kind: 'single' }, ...over }), open, filled);
  return { ...m, game: { ...m.game!, dice } };
}
const text = (m: AppModel, width?: number) => yahtzeeNotice(m, width)?.text ?? null;

describe('five alike is celebrated and explained', () => {
  const cases: [string, AppModel, string][] = [
    ['MSX: YAHTZEE! and what the Yahtzee box scores', withDice({}, ['yahtzee', 'chance'], {}, [3, 3, 3, 3, 3]), 'YAHTZEE! Five 3s: Yahtzee scores 50'],
    ['Spectrum keys and rules: Yatzee!', withDice({ layout: 'spectrum', rules: 'spectrum' }, ['yahtzee', 'chance'], {}, [3, 3, 3, 3, 3]), 'Yatzee! Five 3s: Yatzee scores 50'],
    ['Spectrum keys, official rules: the box is named Yahtzee, so is the shout', withDice({ layout: 'spectrum' }, ['yahtzee', 'chance'], {}, [3, 3, 3, 3, 3]), 'Yahtzee! Five 3s: Yahtzee scores 50'],
    ['MSX keys, Brazilian rules: GENERAL!', withDice({ rules: 'brazilian' }, ['general', 'aleatoria'], {}, [3, 3, 3, 3, 3]), 'GENERAL! Five 3s: General scores 50'],
    [
      'official Joker: the box it forces, and the 100 the dice earn when scored',
      withDice({}, ['fives', 'chance', 'fullHouse'], { yahtzee: 50 }, [5, 5, 5, 5, 5]),
      'YAHTZEE! A Yahtzee bonus of 100 when scored. Joker: these dice must go in Fives',
    ],
    [
      'official Joker, its upper box filled: the lower boxes it opens',
      withDice({}, ['chance', 'fullHouse', 'aces'], { yahtzee: 50 }, [5, 5, 5, 5, 5]),
      'YAHTZEE! A Yahtzee bonus of 100 when scored. Joker: these dice may go in Full house or Chance',
    ],
    [
      'free Joker: any open box, and the 100 coming',
      withDice({ rules: 'free-joker' }, ['chance', 'aces'], { yahtzee: 50 }, [5, 5, 5, 5, 5]),
      'YAHTZEE! A Yahtzee bonus of 100 when scored. Joker: these dice may go in Aces or Chance',
    ],
  ];
  it.each(cases)('%s', (_what, m, want) => {
    expect(text(m, 100)).toBe(want);
  });

  it('a shorter wording where the line is narrow, never a cut word', () => {
    const m = withDice({}, ['fives', 'chance', 'fullHouse'], { yahtzee: 50 }, [5, 5, 5, 5, 5]);
    expect(text(m, 58)).toBe('YAHTZEE! A Yahtzee bonus of 100 when scored. Joker: Fives');
    expect(text(m, 55)).toBe('YAHTZEE! +100 bonus. Joker: these dice must go in Fives');
    expect(text(m, 40)).toBe('YAHTZEE! +100 bonus. Joker: Fives');
    expect(text(m, 30)).toBe('YAHTZEE! +100. Joker: Fives');
  });

  it('no notice without five alike', () => {
    expect(text(withDice({}, ['yahtzee'], {}, [3, 3, 3, 3, 2]), 100)).toBeNull();
  });

  // The first seed whose first roll is five alike (about one in 1296).
  const five = (x: AppModel) => x.game!.dice.every((d) => d === x.game!.dice[0]);
  const seed = Array.from({ length: 20000 }, (_, i) => i).find((s) => five(start({ players: 1 }, { seed: s })))!;

  it('a roll that brings five alike puts the notice on the message line', () => {
    expect(five(start({ players: 1 }, { seed }))).toBe(true);
    expect(start({ players: 1 }, { seed }).message?.text).toMatch(/^YAHTZEE! Five \ds: Yahtzee scores 50$/);
    expect(start({ players: 1 }, { seed: seed + 1 }).message).toBeNull();
  });

  it('with the animation on, the notice waits until the dice land', () => {
    const m = start({ players: 1, animation: true }, { seed });
    expect(m.message).toBeNull();
    expect(update(m, { type: 'roll-landed', count: m.roll.count }).message?.text).toMatch(/^YAHTZEE!/);
  });

  // The first seed whose second player's first roll, which comes with the first player's score, is five alike.
  const afterScore = (s: number, animation = false) => press(start({ players: 2, animation }, { seed: s }), 'i', 'right');
  const seed2 = Array.from({ length: 20000 }, (_, i) => i).find((s) => five(afterScore(s)))!;

  it.each([
    ['at 80 columns: both, the score and the five alike', 80, undefined, /^PLAYER 1 scored \d+ in Aces · PLAYER 2: YAHTZEE! Five \ds: Yahtzee scores 50$/],
    ['at 60 columns: the five alike alone, in full', 60, undefined, /^YAHTZEE! Five \ds: Yahtzee scores 50$/],
    ['long names at 70 columns: the five alike alone, in full', 70, ['BARTHOLOMEW', 'MAXIMILIAN'], /^YAHTZEE! Five \ds: Yahtzee scores 50$/],
  ])('five alike on the first roll of the next turn keeps the last score where there is room, with --no-animation: %s', (_what, columns, names, want) => {
    expect(afterScore(seed2).game!.current).toBe(1);
    const at = press(start({ players: 2, ...(names ? { names } : {}) }, { seed: seed2, size: { columns, rows: 24 } }), 'i', 'right');
    expect(five(at)).toBe(true);
    expect(at.message?.text).toMatch(want);
  });

  it('five alike on the first roll of the next turn, with the animation on: the score while the dice roll, both when they land', () => {
    const m = afterScore(seed2, true);
    expect(m.message?.text).toMatch(/^PLAYER 1 scored \d+ in Aces$/);
    expect(update(m, { type: 'roll-landed', count: m.roll.count }).message?.text).toMatch(/^PLAYER 1 scored \d+ in Aces · PLAYER 2: YAHTZEE!/);
  });

  it('the boxes a Joker forbids are marked x in the chart, the others of the player open as "-" only elsewhere', () => {
    const m = withDice({}, ['fives', 'chance', 'fullHouse'], { yahtzee: 50 }, [5, 5, 5, 5, 5]);
    const cell = (box: string) => chartView(m).rows.find((r) => r.boxId === box)!.cells[0];
    expect(cell('fives')).toEqual({ text: '(25)', kind: 'potential' });
    expect(cell('chance')).toEqual({ text: 'x', kind: 'refused' });
    expect(cell('fullHouse')).toEqual({ text: 'x', kind: 'refused' });
  });

  it('a further Yahtzee shows the bonus it brings in the Yahtzee bonus row, in brackets as a box\'s score; none without one', () => {
    const row = (m: AppModel) => chartView(m).rows.find((r) => r.label.trim() === 'Yahtzee bonus')!.cells[0];
    expect(row(withDice({}, ['fives', 'chance'], { yahtzee: 50 }, [5, 5, 5, 5, 5]))).toEqual({ text: '(100)', kind: 'potential' });
    // The Yahtzee box scored 0: no bonus to come.
    expect(row(withDice({}, ['fives', 'chance'], { yahtzee: 0 }, [5, 5, 5, 5, 5])).kind).not.toBe('potential');
    expect(row(withDice({}, ['fives', 'chance'], { yahtzee: 50 }, [5, 5, 5, 5, 4])).kind).not.toBe('potential');
  });

  it('the turn panel shouts the rule set\'s word on five alike, as the layout writes it', () => {
    expect(sidePanel(withDice({}, ['yahtzee'], {}, [2, 2, 2, 2, 2]), undefined, 6, 30)[0].text).toBe('YAHTZEE!');
    expect(sidePanel(withDice({ layout: 'spectrum', rules: 'spectrum' }, ['yahtzee'], {}, [2, 2, 2, 2, 2]), undefined, 6, 30)[0].text).toBe('Yatzee!');
    expect(sidePanel(withDice({ layout: 'spectrum' }, ['yahtzee'], {}, [2, 2, 2, 2, 2]), undefined, 6, 30)[0].text).toBe('Yahtzee!');
  });
});

describe('a Joker that allows many boxes says so in a few words', () => {
  it('all the open boxes: "any open box", not a list of five', () => {
    const m = withDice({}, ['fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'chance'], { yahtzee: 50 }, [2, 2, 2, 2, 2]);
    expect(text(m, 98)).toBe('YAHTZEE! A Yahtzee bonus of 100 when scored. Joker: these dice may go in any open box');
  });
});

describe("a roll's news that comes after its turn is over", () => {
  it('is dropped: a game that ends before the last roll lands keeps the last box\'s news (and what comes after)', () => {
    // A computer seat hurried (SPACE): its box comes before the dice of its last roll have landed on the screen.
    const m = lateGame(start({ players: 1, computers: 1, animation: true, match: { kind: 'single' } }, { computerPlays: true }), ['chance']);
    const rolling = { ...m, roll: { count: m.roll.count + 1, dice: [true, true, true, true, true], landed: false, news: { text: 'CPU rolls: 2 4 4 4 4', tone: 'info' as const } } };
    const over = update(rolling, { type: 'computer-move', action: { type: 'score', box: 'chance' } });
    expect(over.game?.phase).toBe('gameOver');
    const landed = update(over, { type: 'roll-landed', count: over.roll.count });
    expect(landed.message?.text).not.toContain('CPU rolls');
    expect(landed.message?.text).toMatch(/scored \d+ in Chance/);
    expect(over.message?.text).toMatch(/scored \d+ in Chance/);
  });
});
