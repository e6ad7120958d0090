import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { HINT_CHOICES, diceNaming, fitLine, hintLines, hintView, lossText, optionLabels, yoursLine } from '../../src/view/index.js';
import { getLayout } from '../../src/app/keymaps/index.js';
import { rankOptions, solveSubgame } from '../../src/solver/index.js';
import { getRuleSet, type Face } from '../../src/engine/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { lateGame, noRollsLeft, press, start } from '../app/helpers.js';

// A late game (every card has only Fours, Full house and Chance open) and its sub-game table: quick to solve.
const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));
const msx = (over: Parameters<typeof start>[0] = {}) => lateGame(start({ players: 1, ...over }), OPEN);
const texts = (m: AppModel, room = 5, width = 36) => hintLines(hintView(m, table)!, room, width).map((l) => l.text);

describe('the hint: the best choices now and what yours would lose (seed 7, dice 1 1 4 6 6)', () => {
  it('is off until the hint key, and always on in practice', () => {
    expect(hintView(msx(), table)).toBeNull();
    expect(hintView(press(msx(), 't'), table)?.status).toBe('ready');
    expect(hintView(press(msx(), 't', 't'), table)).toBeNull();
    expect(hintView(msx({ practice: true }), table)?.status).toBe('ready');
  });

  it('stays up under the quit question, as it was (it went, and the chances panel took its place)', () => {
    const asking = press(msx(), 't', 'q');
    expect(asking.overlay).toBe('confirm');
    expect(hintView(asking, table)?.status).toBe('ready');
  });

  it('while rolls are left: the three best keeps with their expected final scores, the marks against the best', () => {
    const m = press(msx(), 't');
    expect(m.game?.dice).toEqual([1, 1, 4, 6, 6]);
    expect(texts(m)).toEqual([
      'tip: expected final score',
      'keep 1 1 6 6: mark 1 2 4 5      49.9',
      'keep 6 6: mark 4 5              48.8',
      'keep 4 6 6: mark 3 4 5          48.6',
      'yours: reroll all 5 dice        -3.9',
    ]);
    // The values are rankOptions' own.
    const ranked = rankOptions(table, getRuleSet('official'), m.game!.cards[0], m.game!.dice, 2);
    expect(hintView(m, table)?.best.map((c) => c.expectedFinal)).toEqual(ranked.slice(0, 3).map((o) => o.expectedFinal));
  });

  it('after the rolling is ended early (i, or Spectrum 0): rolling on, the keeps it could be, weighed against the box', () => {
    expect(texts(press(msx(), 't', 'i'))).toEqual([
      'tip: expected final score',
      'roll on, keep 1 1 6 6           49.9',
      'roll on, keep 6 6               48.8',
      'roll on, keep 4 6 6             48.6',
      '▶ Fours 4                       -9.5',
    ]);
    expect(texts(press(msx(), 't', 'i'), 5, 60)[1]).toBe('roll on, keep 1 1 6 6: mark 1 2 4 5, reroll 1 die       49.9');
    const spectrum = press(lateGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), OPEN), 'H', '0');
    expect(texts(spectrum)[1]).toBe('roll on, hold 1 1 6 6: A B D E  49.9');
    // Rolled on again: the marks are the choice on screen, as before.
    expect(texts(press(msx(), 't', 'i', 'i'))[1]).toBe('keep 1 1 6 6: mark 1 2 4 5      49.9');
  });

  it('follows the marks: marking the best keep says "best"', () => {
    expect(texts(press(msx(), 't', '1', '2', '4', '5')).at(-1)).toBe('yours: mark 1 2 4 5             best');
    expect(texts(press(msx(), 't', '4', '5')).at(-1)).toBe('yours: keep 6 6: mark 4 5       -1.1');
    // Narrow, the dice alone rather than cut: "yours: mark 1 2 …" would hide which.
    expect(texts(press(msx(), 't', '1', '2', '4', '5'), 5, 22).at(-1)).toBe('yours: 1 2 4 5    best');
    expect(texts(press(lateGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), OPEN), 'H', 'A', 'B', 'D', 'E'), 5, 22).at(-1)).toBe('yours: A B D E    best');
  });

  it("on the screen of someone who is not to move (a hosted table's onlooker), the marks are named as the mover's", () => {
    const m = press(msx({ names: ['ann'], hosted: true }), 't', '4', '5');
    for (const onlooker of ['guest', 'host'] as const) {
      expect(texts({ ...m, onlooker }).at(-1)).toBe("ann's: keep 6 6: mark 4 5       -1.1");
      expect(hintView({ ...m, onlooker }, table)?.yours?.whose).toBe('ann');
    }
    expect(texts(m).at(-1)).toBe('yours: keep 6 6: mark 4 5       -1.1');
  });

  it('when scoring: the best boxes, and what the box under the MSX cursor would lose', () => {
    const m = noRollsLeft(press(msx(), 't', 'i'));
    expect(texts(m)).toEqual([
      'tip: expected final score',
      'Fours 4                         40.4',
      'Chance 18                       39.4',
      'Full house 0                    33.3',
      '▶ Fours 4                       best',
    ]);
    expect(texts(press(m, 'down', 'down')).at(-1)).toBe('▶ Chance 18                     -1.0');
  });

  it('Spectrum: the option typed so far is the field line, with what it would lose', () => {
    const m = lateGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), OPEN);
    const choosing = noRollsLeft(press(m, 'h', '0'));
    expect(texts(choosing).at(-1)).toBe('OPTION (1-13)? _                    ');
    expect(texts(press(choosing, '4')).at(-1)).toBe('OPTION (1-13)? 4_ Fours 4       best');
    expect(texts(press(choosing, '1', '3')).at(-1)).toBe('OPTION (1-13)? 13_ Chance 18    -1.0');
    // A filled box is said to be used, as ENTER would say it.
    expect(texts(press(choosing, '1')).at(-1)).toBe('OPTION (1-13)? 1_ Aces  already used');
  });

  it('fits the room: the line about yours first (from two lines), then as many choices as fit, a heading only with a line to spare', () => {
    const m = press(msx(), 't');
    // One wording for the three: the longest in which all fit.
    expect(texts(m, 4, 23)).toEqual(['mark 1 2 4 5       49.9', 'mark 4 5           48.8', 'mark 3 4 5         48.6', 'yours: reroll all  -3.9']);
    expect(texts(m, 4, 33)).toEqual(['keep 1 1 6 6: mark 1 2 4 5   49.9', 'keep 6 6: mark 4 5           48.8', 'keep 4 6 6: mark 3 4 5       48.6', 'yours: reroll all 5 dice     -3.9']);
    expect(texts(m, 3, 47)).toEqual(['keep 1 1 6 6: mark 1 2 4 5, reroll 1 die   49.9', 'keep 6 6: mark 4 5, reroll 3 dice          48.8', 'yours: reroll all 5 dice                   -3.9']);
    expect(texts(m, 2, 30)).toEqual(['mark 1 2 4 5              49.9', 'yours: reroll all 5 dice  -3.9']);
    // One line (a short chart with the chances under it): the best choice, not only what yours would lose.
    expect(texts(m, 1, 30)).toEqual(['mark 1 2 4 5              49.9']);
    expect(texts(m, 0, 30)).toEqual([]);
  });

  it("the hint key's help promises what every panel size keeps: up to three choices, as many as there is room for", () => {
    for (const layout of ['msx', 'spectrum'] as const) {
      const help = getLayout(layout).bindings.find((b) => b.modes.includes('rolling') && b.action('', 0).type === 'hint')?.help;
      expect(help).toMatch(/^(tip|hint) on or off: the best choices now \(up to three, as many as the panel has room for\)/);
    }
    const m = press(msx(), 't');
    expect(hintView(m, table)?.best).toHaveLength(HINT_CHOICES);
    expect(texts(m, 2, 36).filter((l) => /^keep /.test(l))).toHaveLength(1);
  });

  it('without a table for the position: says it is being computed, with the progress', () => {
    const m = update(press(msx(), 't'), { type: 'strategy', strategy: { status: 'loading', done: 45, total: 100 } });
    // The panel is named as the layout names its key: "tip" on the MSX, "hint" on the Spectrum.
    expect(hintLines(hintView(m, undefined)!, 5, 36).map((l) => l.text)).toEqual(['tip: computing the strategy', 'table… 45%']);
    const zx = update(press(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }), 'H'), { type: 'strategy', strategy: { status: 'loading', done: 45, total: 100 } });
    expect(hintLines(hintView(zx, undefined)!, 5, 36).map((l) => l.text)).toEqual(['hint: computing the strategy', 'table… 45%']);
    const early = press(start({ players: 1 }), 't');
    expect(hintView(early, table)?.status).toBe('waiting');
  });

  it('words: losses to one decimal, lines exactly as wide as the panel', () => {
    expect([lossText(0), lossText(0.04), lossText(2.345)]).toEqual(['best', 'best', '-2.3']);
    expect(fitLine('1 ', ['a very long label indeed', 'short'], '12.5', 16)).toBe('1 short     12.5');
    expect(fitLine('1 ', ['a very long label indeed'], '12.5', 16)).toBe('1 a very …  12.5');
  });
});

describe('the hint names the dice as the layout does: the faces kept, then the keys or letters', () => {
  const dice = [6, 2, 6, 6, 1] as const;
  const none = [false, false, false, false, false];
  const cases: [string, Face[], 'msx' | 'spectrum', readonly boolean[], string][] = [
    ['MSX: the faces, then the keys of the dice to mark', [6, 6, 6], 'msx', none, 'keep 6 6 6: mark 1 3 4, reroll 2 dice'],
    ['Spectrum: the faces, then the letters of the dice to hold', [6, 6, 6], 'spectrum', none, 'hold 6 6 6: A C D, reroll 2 dice'],
    ['one die to keep', [1], 'msx', none, 'keep 1: mark 5, reroll 4 dice'],
    ['the dice marked already come first when they fit', [6, 6], 'msx', [false, false, true, true, false], 'keep 6 6: mark 3 4, reroll 3 dice'],
    ['nothing to keep', [], 'spectrum', none, 'reroll all 5 dice'],
  ];
  it.each(cases)('%s', (_what, keep, layout, held, label) => {
    const m = lateGame(start({ players: 1, layout, names: ['ANN'], match: { kind: 'single' } }), OPEN);
    const g = { ...m.game!, dice: [...dice], held: [...held] };
    // The solver's leftmost dice (hold): the hint names those marked or held already first instead.
    const option = { kind: 'keep', keep, hold: none, expectedFinal: 0 } as const;
    expect(optionLabels(getRuleSet('official'), option, diceNaming(m), g)[0]).toBe(label);
  });
});

describe('the hint never packs the dice, at any size of the panel', () => {
  // Two digits or two die letters side by side read as a number or a word, not as dice.
  const PACKED = /\d\d|[A-E]{2}/;
  /** A line's words without its rank ("1 ") and its figure (the score, "best", "-1.1"). */
  const words = (line: string) => line.trimEnd().replace(/^\d /, '').replace(/\s+\S+$/, '');
  it.each(['msx', 'spectrum'] as const)('%s: every width, every room, with and without marks', (layout) => {
    const m = lateGame(start({ players: 1, layout, names: ['ANN'], match: { kind: 'single' } }), OPEN);
    const hint = layout === 'msx' ? 't' : 'h';
    const marks = layout === 'msx' ? [[], ['4', '5'], ['1', '2', '4', '5']] : [[], ['d', 'e'], ['a', 'b', 'd', 'e']];
    let seen = 0;
    for (const keys of marks) {
      const view = hintView(press(m, hint, ...keys), table)!;
      for (let width = 12; width <= 60; width++) {
        for (let room = 1; room <= 5; room++) {
          for (const line of hintLines(view, room, width)) {
            expect(words(line.text), `${width} columns: "${line.text}"`).not.toMatch(PACKED);
            seen++;
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(500);
  });
});

describe('the line about the choice on screen keeps its figure whole', () => {
  it.each([
    [40, { lead: 'OPTION (1-13)? 1_ ', labels: ['Aces 2'], whose: null, right: 'not allowed' }, 'OPTION (1-13)? 1_ Aces 2     not allowed'],
    [25, { lead: 'OPTION (1-13)? 1_ ', labels: ['Aces 2'], whose: null, right: 'not allowed' }, '1_ Aces 2     not allowed'],
    [22, { lead: 'OPTION (1-13)? 12_ ', labels: ['Yahtzee 50'], whose: null, right: '-14.3' }, '12_ Yahtzee 50   -14.3'],
    [12, { lead: 'OPTION (1-13)? 1_ ', labels: ['Aces 2'], whose: null, right: 'not allowed' }, '1_ Aces 2 no'],
  ])('at %i columns', (width, yours, want) => {
    const line = yoursLine(yours, width);
    expect(line).toBe(want.padEnd(width));
    expect(line.length).toBe(width);
  });
});

describe('a box is named in full wherever the panel has room, shortened only where it must be', () => {
  // The straights open, and dice that make one: scoring it now ranks among keeps whose longest wording is too long.
  const open = ['threeOfAKind', 'smallStraight', 'largeStraight', 'chance'];
  const straights = solveSubgame('official', cardWithOpen('official', open));
  const m = press(lateGame(start({ players: 1 }), open), 't');
  const straight: AppModel = { ...m, game: { ...m.game!, dice: [1, 2, 3, 4, 5] } };
  const lines = (model: AppModel, room: number, width: number) => hintLines(hintView(model, straights)!, room, width).map((l) => l.text);

  it('beside keeps that take a shorter wording (the panel beside the dice at 80 columns)', () => {
    expect(lines(straight, 4, 44)).toEqual([
      'Large straight 40                      109.5',
      'keep 2 3 4 5: mark 2 3 4 5             101.1',
      'keep 1 2 3 4: mark 1 2 3 4              96.4',
      'yours: reroll all 5 dice               -21.8',
    ]);
  });

  it('each box on its own: a shorter name only for the box that does not fit in full', () => {
    const choosing = noRollsLeft(press(straight, 'i'));
    const words = (width: number) => lines(choosing, 4, width).map((l) => l.replace(/\s+\S+$/, ''));
    expect(words(44)).toEqual(['Large straight 40', 'Small straight 30', 'Chance 15', '▶ Three of a kind 0']);
    // The first box's figure (109.5) leaves a column less than the second's: only its name is shortened.
    expect(words(23)).toEqual(['Lg straight 40', 'Small straight 30', 'Chance 15', '▶ 3 of a kind 0']);
    // A name whole only with one space between its points and the expected score ("30 109.6") is shortened too.
    expect(words(22)).toEqual(['Lg straight 40', 'Sm straight 30', 'Chance 15', '▶ 3 of a kind 0']);
    for (const line of lines(choosing, 4, 22)) expect(line).not.toMatch(/\d \d/);
  });
});
