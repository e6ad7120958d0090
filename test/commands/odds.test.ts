import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adviseDistributionCommand } from '../../src/commands/distribution.js';
import { UsageError } from '../../src/commands/errors.js';
import { oddsCommand } from '../../src/commands/odds.js';
import { EMPTY_CARD, cardTotal, getRuleSet, type Card, type Dice, type RuleSet } from '../../src/engine/index.js';
import { midTurnFinal, type MidTurn } from '../../src/solver/distribution/midTurn.js';
import { chancesFor } from '../../src/solver/chances/work.js';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { finalDistribution } from '../../src/solver/distribution/distributionTable.js';
import { solveSubgame, turnStartValue } from '../../src/solver/index.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import { meanOf } from '../../src/solver/distribution/scoreStats.js';

const LATE = 'aces=3,twos=6,threes=9,fours=12,fives=15,threeOfAKind=20,fourOfAKind=0,smallStraight=30,largeStraight=40';
const LATER = 'aces=3,twos=6,threes=9,fours=12,fives=15,sixes=24,threeOfAKind=20,fourOfAKind=0,smallStraight=30,largeStraight=40,chance=21';
/** Late cards only: their distributions come from a sub-game table, solved on the spot. */
const late = async (rules: RuleSet, card: Card): Promise<ScoreDistribution> => finalDistribution(solveSubgame(rules.id, card), undefined, card);
/** Each late card's distribution, as `late` finds it (oddsCommand asks for its cards together). */
const lateAll = async (rules: RuleSet, cards: readonly Card[]): Promise<ScoreDistribution[]> => Promise.all(cards.map((c) => late(rules, c)));
/** Fails the test if a distribution is asked for (for mistakes that must be refused first). */
const none = async (): Promise<never> => {
  throw new Error('no distribution should be computed');
};

describe('yahtzee odds: what it refuses', () => {
  it.each([
    ['both --players and --card', { players: '2', card: ['-', '-'] }, /either --players N .* or a --card for each player, not both/],
    ['neither', {}, /say who plays: --players N, --names, or a --card for each player/],
    ['one name alone', { names: 'Ann' }, /--names gives 1 name: the chances to win are for 2 to 4 players/],
    ['five names alone', { names: 'A,B,C,D,E' }, /--names gives 5 names: the chances to win are for 2 to 4 players/],
    ['one player', { players: '1' }, /--players must be a whole number from 2 to 4 \(got "1"\)/],
    ['five players', { players: '5' }, /--players must be a whole number from 2 to 4/],
    ['a word for --players', { players: 'two' }, /--players must be a whole number/],
    ['one card', { card: ['-'] }, /give 2 to 4 cards, one per player \(got 1\)/],
    ['five cards', { card: ['-', '-', '-', '-', '-'] }, /give 2 to 4 cards, one per player \(got 5\)/],
    ['a card with an unknown box', { card: ['-', 'sevens=7'] }, /unknown box "sevens"/],
    ['a box score it cannot hold', { card: ['-', 'fives=7'] }, /fives cannot hold 7 points/],
    ['names that do not match the players', { players: '3', names: 'Ann,Bob' }, /--names needs 3 names separated by commas/],
    // The one rule for names (src/engine/names.ts), as the game's --names: what was typed is echoed printable, never sent.
    ['the same name twice', { players: '3', names: 'a,b,a' }, /^--names "a" twice: two players cannot share a name/],
    ['two that read the same', { players: '2', names: 'é,e\u0301' }, /^--names ".*" reads the same as "é"/],
    ['a name with control characters', { players: '2', names: 'A\u001b]0;pwned\u0007\u001b[2J,B' }, /^--names "A\\u\{1b\}\]0;pwned\\u\{7\}\\u\{1b\}\[2J": the name holds U\+001B/],
    ['an unknown rule set', { players: '2', rules: 'klingon' }, /unknown rule set "klingon"/],
  ])('%s: a usage error, nothing computed', async (_what, opts, message) => {
    const p = oddsCommand(opts, none);
    await expect(p).rejects.toThrow(UsageError);
    await expect(p).rejects.toThrow(message);
  });
});

describe('yahtzee odds: the chances', () => {
  it('--names alone: a player on a fresh card for each name', async () => {
    const asked: Card[][] = [];
    const fresh = async (_rules: RuleSet, cards: readonly Card[]): Promise<ScoreDistribution[]> => {
      asked.push([...cards]);
      return cards.map(() => ({ lo: 200, p: Float64Array.of(1) }));
    };
    const out = JSON.parse(await oddsCommand({ names: 'Ann,Bob,Cy', json: true }, fresh));
    expect(out.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob', 'Cy']);
    // The three fresh cards are one card, whose distribution is asked for once.
    expect(asked).toEqual([[EMPTY_CARD]]);
    expect(out.tie).toBe(1);
    const cpus = JSON.parse(await oddsCommand({ names: 'CPU,cpu', json: true }, fresh));
    expect(cpus.players.map((p: { name: string }) => p.name)).toEqual(['CPU 1', 'CPU 2']);
  });

  it('--json: {rules, players: [{name?, win}], tie}; the wins and the tie add up to 1', async () => {
    const out = JSON.parse(await oddsCommand({ card: [LATE, LATER], names: 'Ann,Bob', json: true }, lateAll));
    expect(Object.keys(out)).toEqual(['rules', 'players', 'tie']);
    expect(out.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob']);
    // The later states are held in single precision: the chances are good to about 1e-7.
    expect(out.players[0].win + out.players[1].win + out.tie).toBeCloseTo(1, 6);
    const unnamed = JSON.parse(await oddsCommand({ card: [LATE, LATER], json: true }, lateAll));
    expect(Object.keys(unnamed.players[0])).toEqual(['win']);
  });

  it('a finished card counts as its total: 5 points on a full card never beat 215 with two boxes open', async () => {
    const full = 'aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0,threeOfAKind=0,fourOfAKind=0,fullHouse=0,smallStraight=0,largeStraight=0,yahtzee=0,chance=5';
    const out = JSON.parse(await oddsCommand({ card: [full, LATER], json: true }, lateAll));
    expect(out.players[0].win).toBe(0);
    expect(out.tie).toBeCloseTo(0, 6);
    expect(out.players[1].win).toBeCloseTo(1, 6);
  });

  it('as text: a line per player with the points on the card, and the shared top', async () => {
    const text = await oddsCommand({ card: [LATE, LATER] }, lateAll);
    expect(text).toMatch(/^Chances to win \(official rules\), each playing optimally from their card:\n {2}Player 1 \(135 points on the card\) +\d+\.\d\d%\n {2}Player 2 \(215 points on the card\) +\d+\.\d\d%\n {2}the top score shared +\d+\.\d\d%$/);
  });
});

describe('advise --distribution', () => {
  it('--json from a late card: the mean is the expected final score of the strategy table, and the chances add up to 1', async () => {
    const out = JSON.parse(await adviseDistributionCommand({ card: LATE, json: true }, late));
    expect(Object.keys(out)).toEqual(['rules', 'expectedRemaining', 'expectedFinal', 'sd', 'percentiles', 'atLeast', 'distribution']);
    const card = { boxes: Object.fromEntries(LATE.split(',').map((e) => [e.split('=')[0], Number(e.split('=')[1])])), yahtzeeBonuses: 0 };
    // The later states are held in single precision: the chances are good to about 1e-7.
    expect(out.expectedRemaining).toBeCloseTo(turnStartValue(solveSubgame('official', card), card), 4);
    expect(out.distribution.reduce((s: number, [, p]: [number, number]) => s + p, 0)).toBeCloseTo(1, 6);
  });

  it('as text: the card, the summary and a histogram, every line within 80 columns', async () => {
    const text = await adviseDistributionCommand({ card: LATE }, late);
    const lines = text.split('\n');
    expect(lines[0]).toBe('official rules, 135 points on the card: final score under optimal play');
    expect(lines[1]).toMatch(/^ {2}mean \d+\.\d{4}, standard deviation \d+\.\d\d, from \d+ to \d+$/);
    expect(lines[2]).toMatch(/^ {2}percentiles 1 5 10 25 50 75 90 95 99:( \d+){9}$/);
    expect(lines[3]).toMatch(/^ {2}chance of at least: 200 \d+\.\d\d%, 250 \d+\.\d\d%, 300 \d+\.\d\d%, 400 \d+\.\d\d%$/);
    expect(lines.filter((l) => / \| +\d+\.\d% #*$/.test(l)).length).toBeGreaterThan(3);
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
  });

  it('refuses dice (it is from the start of a turn) and a finished card', async () => {
    await expect(adviseDistributionCommand({ card: LATE, dice: '1,2,3,4,5', rollsLeft: '1' }, none)).rejects.toThrow(/--distribution is from the start of a turn/);
    const full = 'aces=3,twos=6,threes=9,fours=12,fives=15,sixes=24,threeOfAKind=30,fourOfAKind=30,fullHouse=25,smallStraight=30,largeStraight=40,yahtzee=50,chance=26';
    await expect(adviseDistributionCommand({ card: full }, none)).rejects.toThrow(/the game is over/);
  });
});

const arbDistribution = fc
  .record({ lo: fc.integer({ min: 0, max: 40 }), weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 }) })
  .filter((r) => r.weights.some((w) => w > 0))
  .map(({ lo, weights }): ScoreDistribution => {
    const sum = weights.reduce((a, b) => a + b, 0);
    return { lo, p: Float64Array.from(weights, (w) => w / sum) };
  });

describe('winChances, properties', () => {
  it('the wins and the tie add up to 1, for 2 to 4 players', () => {
    fc.assert(
      fc.property(fc.array(arbDistribution, { minLength: 2, maxLength: 4 }), (ds) => {
        const { win, tie } = winChances(ds);
        expect(win.reduce((a, b) => a + b, 0) + tie).toBeCloseTo(1, 12);
        expect(Math.min(...win, tie)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('agrees with counting every combination of final scores one by one, for 2 or 3 players', () => {
    fc.assert(
      fc.property(fc.array(arbDistribution, { minLength: 2, maxLength: 3 }), (ds) => {
        const win = ds.map(() => 0);
        let tie = 0;
        const walk = (i: number, scores: number[], p: number): void => {
          if (i === ds.length) {
            const top = Math.max(...scores);
            const at = scores.flatMap((s, j) => (s === top ? [j] : []));
            if (at.length === 1) win[at[0]] += p;
            else tie += p;
            return;
          }
          ds[i].p.forEach((q, k) => q > 0 && walk(i + 1, [...scores, ds[i].lo + k], p * q));
        };
        walk(0, [], 1);
        const odds = winChances(ds);
        odds.win.forEach((w, i) => expect(w).toBeCloseTo(win[i], 12));
        expect(odds.tie).toBeCloseTo(tie, 12);
      }),
    );
  });

  it('players with the same card have the same chance', () => {
    fc.assert(
      fc.property(arbDistribution, fc.integer({ min: 2, max: 4 }), (d, n) => {
        const { win } = winChances(Array.from({ length: n }, () => d));
        for (const w of win) expect(w).toBeCloseTo(win[0], 12);
      }),
    );
  });
});

describe('the distribution of a late card, property', () => {
  const OPEN_SETS = [
    ['chance', 'yahtzee', 'sixes'],
    ['fullHouse', 'fours', 'threeOfAKind'],
    ['aces', 'twos', 'smallStraight', 'largeStraight'],
  ];
  it('its mean is the strategy table\'s expected final score, its chances add up to 1 (random filled boxes)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPEN_SETS), fc.integer({ min: 0, max: 5 }), fc.boolean(), (open, fives, yahtzee) => {
        const boxes: Record<string, number> = { aces: 1, twos: 4, threes: 9, fours: 8, fives: 5 * fives, sixes: 18, threeOfAKind: 17, fourOfAKind: 0, fullHouse: 25, smallStraight: 30, largeStraight: 0, yahtzee: yahtzee ? 50 : 0, chance: 22 };
        for (const b of open) delete boxes[b];
        const card: Card = { boxes, yahtzeeBonuses: 0 };
        const table = solveSubgame('official', card);
        const d = finalDistribution(table, undefined, card);
        expect(d.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
        expect(meanOf(d)).toBeCloseTo(cardTotal(getRuleSet('official'), card) + turnStartValue(table, card), 4);
      }),
      { numRuns: 12 },
    );
  });
});

describe('yahtzee odds --dice --rolls-left: the first player in the middle of their turn', () => {
  const lateMid = async (rules: RuleSet, at: MidTurn): Promise<ScoreDistribution> => midTurnFinal(solveSubgame(rules.id, at.card), undefined, at);
  const parse = (text: string): Card => ({ boxes: Object.fromEntries(text.split(',').map((e) => [e.split('=')[0], Number(e.split('=')[1])])), yahtzeeBonuses: 0 });

  it.each([
    ['--dice without --rolls-left', { dice: '6,6,6,2,1' }, /--dice needs --rolls-left/],
    ['--rolls-left without --dice', { rollsLeft: '1' }, /--rolls-left goes with --dice/],
    ['three rolls left', { dice: '6,6,6,2,1', rollsLeft: '3' }, /--rolls-left must be 0, 1 or 2 \(got "3"\)/],
    ['a seven', { dice: '6,6,6,2,7', rollsLeft: '1' }, /.+/],
    ['four dice', { dice: '6,6,6,2', rollsLeft: '1' }, /.+/],
  ])('%s: a usage error, nothing computed', async (_what, flags, message) => {
    const p = oddsCommand({ card: [LATE, LATER], ...flags }, none, none);
    await expect(p).rejects.toThrow(UsageError);
    await expect(p).rejects.toThrow(message);
  });

  it('a full first card has no turn to roll in: a usage error', async () => {
    const full = 'aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0,threeOfAKind=0,fourOfAKind=0,fullHouse=0,smallStraight=0,largeStraight=0,yahtzee=0,chance=5';
    await expect(oddsCommand({ card: [full, LATER], dice: '1,2,3,4,5', rollsLeft: '0' }, none, none)).rejects.toThrow(/no turn to roll dice in/);
  });

  it('gives the figures the game gives (its worker\'s chancesFor), and they add up to 1', async () => {
    const turn = { seat: 0, dice: [6, 6, 6, 2, 1] as Dice, rollsLeft: 1 as const };
    const out = JSON.parse(await oddsCommand({ card: [LATE, LATER], dice: '6,6,6,2,1', rollsLeft: '1', json: true }, lateAll, lateMid));
    const game = await chancesFor('official', [parse(LATE), parse(LATER)], () => undefined, solveSubgame('official', parse(LATE)).values, [], turn);
    expect(out.players[0].win).toBeCloseTo(game.win[0], 9);
    expect(out.players[1].win).toBeCloseTo(game.win[1], 9);
    expect(out.tie).toBeCloseTo(game.tie, 9);
    expect(out.players[0].win + out.players[1].win + out.tie).toBeCloseTo(1, 6);
    // From the start of the turn the figures are others: the dice count.
    const start = JSON.parse(await oddsCommand({ card: [LATE, LATER], json: true }, lateAll));
    expect(Math.abs(start.players[0].win - out.players[0].win)).toBeGreaterThan(1e-4);
    // The same position asked again (the worker holds it) gives the same figures.
    const again = await chancesFor('official', [parse(LATE), parse(LATER)], () => undefined, solveSubgame('official', parse(LATE)).values, [], { ...turn, dice: [1, 2, 6, 6, 6] as Dice });
    expect(again.win).toEqual(game.win);
  });

  it('as text: whose dice and how many rolls are left, then a line per player', async () => {
    const text = await oddsCommand({ card: [LATE, LATER], names: 'Ann,Bob', dice: '6,6,6,2,1', rollsLeft: '2' }, lateAll, lateMid);
    expect(text.split('\n')[0]).toBe('Chances to win (official rules), Ann with 6 6 6 2 1 and 2 rolls left, each playing optimally from there:');
    expect(text.split('\n')).toHaveLength(4);
  });
});
