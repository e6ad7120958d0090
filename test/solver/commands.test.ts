import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { adviceTable, adviseCommand } from '../../src/commands/advise.js';
import { UsageError } from '../../src/commands/errors.js';
import { drawHistogram, simulateCommand, type SimulateDeps } from '../../src/commands/simulate.js';
import { solveCommand } from '../../src/commands/solve.js';
import { getRuleSet, type Card, type RuleSet } from '../../src/engine/index.js';
import { simulateParallel, solveSubgame, type StrategyTable } from '../../src/solver/index.js';
import { solveInThread } from '../../src/solver/strategy/solve.js';
import { makeTable } from '../../src/solver/strategy/table.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';

const BIN = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));
const LATE = 'aces=3,twos=6,threes=9,fours=12,fives=15,threeOfAKind=20,fourOfAKind=0,smallStraight=30,largeStraight=40';
const subgame = async (rules: RuleSet, card: Card): Promise<StrategyTable> => solveSubgame(rules.id, card);

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)))) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
});

describe('yahtzee advise', () => {
  it('--json with dice: {rules, expectedRemaining, expectedFinal, options} with keeps and boxes ranked best first', async () => {
    const out = JSON.parse(await adviseCommand({ card: LATE, dice: '6,6,6,2,6', rollsLeft: '1', json: true }, subgame));
    expect(Object.keys(out)).toEqual(['rules', 'expectedRemaining', 'expectedFinal', 'options']);
    expect(out.expectedFinal).toBe(out.options[0].expectedFinal);
    expect(out.expectedFinal - out.expectedRemaining).toBeCloseTo(135, 9);
    const keep = out.options.find((o: { kind: string }) => o.kind === 'keep');
    const box = out.options.find((o: { kind: string }) => o.kind === 'score');
    expect(Object.keys(keep)).toEqual(['kind', 'keep', 'expectedFinal']);
    expect(Object.keys(box)).toEqual(['kind', 'box', 'points', 'expectedFinal']);
    expect(out.options.find((o: { box?: string }) => o.box === 'sixes').points).toBe(24);
    const values = out.options.map((o: { expectedFinal: number }) => o.expectedFinal);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
  });

  it('without dice: the value at the start of a turn, and no options', async () => {
    const out = JSON.parse(await adviseCommand({ card: LATE, json: true }, subgame));
    expect(out.options).toEqual([]);
    expect(out.expectedFinal).toBeCloseTo(135 + out.expectedRemaining, 9);
    expect(out.expectedRemaining).toBeGreaterThan(40);
    const text = await adviseCommand({ card: LATE }, subgame);
    expect(text).toMatch(/^At the start of a turn \(official rules, 135 points on the card\):\nexpected remaining score \d+\.\d\d, expected final score \d+\.\d\d$/);
  });

  it('as text: one numbered line per choice, with how far each is behind the best', async () => {
    const text = await adviseCommand({ card: LATE, dice: '66661', rollsLeft: '0' }, subgame);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^6 6 6 6 1 with no rolls left \(official rules, 135 points on the card\); expected final score/);
    expect(lines[1]).toMatch(/^ {2}1\. score Sixes: 24 +\d+\.\d\d$/);
    expect(lines.slice(2).every((l) => /\(-\d+\.\d\d\)$/.test(l))).toBe(true);
    expect(lines).toHaveLength(1 + 4);
  });

  it('a box that five alike earn the Yahtzee bonus with says the bonus beside its points (its expected score holds it)', async () => {
    const text = await adviseCommand({ card: `${LATE},yahtzee=50`, dice: '66666', rollsLeft: '0' }, subgame);
    expect(text.split('\n')[1]).toMatch(/^ {2}1\. score Sixes: 30 \+ 100 Yahtzee bonus +\d+\.\d\d$/);
    const plain = await adviseCommand({ card: LATE, dice: '66666', rollsLeft: '0' }, subgame);
    expect(plain).not.toContain('bonus');
  });

  it('names the dice of a keep as the game does: faces spaced, then the keys of the layout (MSX by default)', async () => {
    const msx = (await adviseCommand({ card: LATE, dice: '6,2,6,6,6', rollsLeft: '1' }, subgame)).split('\n');
    expect(msx[0]).toMatch(/^6 2 6 6 6 with 1 roll left /);
    expect(msx).toContainEqual(expect.stringMatching(/^ +\d+\. keep 6 6 6 6: mark 1 3 4 5, reroll 1 die +\d/));
    const spectrum = (await adviseCommand({ card: LATE, dice: '6,2,6,6,6', rollsLeft: '1', layout: 'spectrum' }, subgame)).split('\n');
    expect(spectrum).toContainEqual(expect.stringMatching(/^ +\d+\. hold 6 6 6 6: A C D E, reroll 1 die +\d/));
    // Never a die said with dashes or as a run of digits.
    const keeps = [...msx, ...spectrum].flatMap((l) => /\. ((keep|hold|reroll) [^(]*?) +\d+\.\d\d/.exec(l)?.[1] ?? []);
    expect(keeps.length).toBeGreaterThan(4);
    for (const keep of keeps) expect(keep).not.toMatch(/\d-\d|\d\d/);
  });

  it('a late card with no cached table is solved on the spot as a sub-game', async () => {
    const rules = getRuleSet('official');
    const card: Card = { boxes: { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }, yahtzeeBonuses: 0 };
    // A cache of its own, empty: the one the other tests share may hold the whole table by now.
    const home = process.env.YAHTZEE_HOME;
    process.env.YAHTZEE_HOME = mkdtempSync(join(tmpdir(), 'yahtzee-advise-'));
    try {
      expect((await adviceTable(rules, card)).baseMask).not.toBe(0);
    } finally {
      rmSync(process.env.YAHTZEE_HOME, { recursive: true, force: true });
      if (home === undefined) delete process.env.YAHTZEE_HOME;
      else process.env.YAHTZEE_HOME = home;
    }
  });

  it.each<[string, Parameters<typeof adviseCommand>[0], RegExp]>([
    ['an unknown rule set', { rules: 'yatzy' }, /unknown rule set "yatzy"/],
    ['a malformed card', { card: 'fives:15' }, /malformed card entry/],
    ['a box that cannot hold those points', { card: 'fives=14' }, /fives cannot hold 14 points/],
    ['four dice', { dice: '1,2,3,4', rollsLeft: '0' }, /dice must be five values/],
    ['dice without rolls left', { dice: '1,2,3,4,5' }, /--dice needs --rolls-left/],
    ['rolls left without dice', { rollsLeft: '1' }, /--rolls-left goes with --dice/],
    ['3 rolls left', { dice: '1,2,3,4,5', rollsLeft: '3' }, /--rolls-left must be 0, 1 or 2/],
    ['an unknown layout', { layout: 'zx81' }, /unknown layout "zx81": use msx or spectrum/],
    ['a finished card', { card: `${LATE},sixes=18,fullHouse=25,yahtzee=0,chance=20` }, /the game is over/],
  ])('refuses %s with a clear message', async (_, opts, message) => {
    await expect(adviseCommand(opts, subgame)).rejects.toThrow(UsageError);
    await expect(adviseCommand(opts, subgame)).rejects.toThrow(message);
  });

  it('the built CLI: ranked JSON on stdout; bad input gives one line on stderr and exit code 2', async () => {
    const ok = await cli('advise', '--card', LATE, '--dice', '3,3,5,5,5', '--rolls-left', '0', '--json');
    expect([ok.status, ok.stderr]).toEqual([0, '']);
    expect(JSON.parse(ok.stdout).options[0]).toMatchObject({ kind: 'score', box: 'fullHouse', points: 25 });
    const bad = await cli('advise', '--dice', '7,1,1,1,1', '--rolls-left', '0');
    expect([bad.status, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toMatch(/^yahtzee: dice must be five values from 1 to 6, such as 2,3,4,4,4 \(got "7,1,1,1,1"\) -- see "yahtzee advise --help"\n$/);
  });
});

describe('yahtzee solve and simulate', () => {
  const brazilian = makeTable('brazilian', solveInThread(ruleTables('brazilian')));
  const deps: SimulateDeps = { table: async () => brazilian, play: simulateParallel, progress: () => ({ stop: () => {} }) };

  it('solve prints the fresh-game value to 4 places and how the table was had', async () => {
    const text = await solveCommand({ rules: 'brazilian' }, async () => ({ table: brazilian, source: 'memory', seconds: 0.5 }));
    expect(text).toBe('regras brasileiras: a fresh game is worth 215.2221 points with optimal play\n(table loaded from memory in 0.50 s)');
    await expect(solveCommand({ rules: 'bogus' })).rejects.toThrow(UsageError);
  });

  it('solve says why a table was computed, and whether it was cached, in a sentence', async () => {
    const computed = (reason: 'missing' | 'corrupt' | 'stale', saved: boolean) => solveCommand({ rules: 'brazilian' }, async () => ({ table: brazilian, source: 'computed', reason, saved, threads: 2, seconds: 1.13 }));
    expect((await computed('corrupt', true)).split('\n')[1]).toMatch(/^\(table computed in 1\.13 s on 2 threads, as the cached file could not be used \(damaged, or not a file\); saved to .*strategy-brazilian\.bin\)$/);
    expect((await computed('missing', false)).split('\n')[1]).toBe('(table computed in 1.13 s on 2 threads; it could not be saved to the cache)');
    expect((await computed('stale', true)).split('\n')[1]).toMatch(/, as the cached file was made for another version; saved to /);
  });

  it('simulate --json: the statistics, the histogram, the seed and the solved value', async () => {
    const out = JSON.parse(await simulateCommand({ games: '40', rules: 'brazilian', seed: '9', json: true }, deps));
    expect(Object.keys(out)).toEqual(['rules', 'strategy', 'seed', 'games', 'mean', 'sd', 'standardError', 'min', 'max', 'upperBonusRate', 'yahtzeeRate', 'yahtzeesPerGame', 'histogram', 'solvedValue', 'seconds']);
    expect([out.rules, out.strategy, out.seed, out.games]).toEqual(['brazilian', 'optimal', 9, 40]);
    expect(out.histogram.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(40);
    expect(out.solvedValue).toBeCloseTo(215.2221, 4);
    expect(out.min).toBeLessThanOrEqual(out.mean);
  });

  it('simulate as text: summary lines, then a bar per score range', async () => {
    const text = await simulateCommand({ games: '40', rules: 'brazilian', strategy: 'strong', seed: '9' }, deps);
    expect(text).toMatch(/^40 games of the regras brasileiras, strong play, seed 9 \(\d+\.\d\d s\):\n {2}mean \d+\.\d\d \(standard error \d+\.\d\d\), standard deviation \d+\.\d\d\n/);
    expect(text).toMatch(/\nfinal scores:\n( +\d+-\d+ \| +\d+ ?#*\n?)+$/);
  });

  it.each<[string, Parameters<typeof simulateCommand>[0], RegExp]>([
    ['no --games', {}, /--games must be a whole number from 1 to 1000000/],
    ['--games 0', { games: '0' }, /--games must be a whole number from 1 to 1000000 \(got "0"\)/],
    ['an unknown strategy', { games: '5', strategy: 'perfect' }, /unknown strategy "perfect"/],
    ['a negative seed', { games: '5', seed: '-1' }, /--seed must be a whole number/],
  ])('simulate refuses %s', async (_, opts, message) => {
    await expect(simulateCommand(opts, deps)).rejects.toThrow(message);
  });

  it('the built CLI plays the same seeded casual games as this process', async () => {
    const r = await cli('simulate', '--games', '30', '--strategy', 'casual', '--seed', '4', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const here = JSON.parse(await simulateCommand({ games: '30', strategy: 'casual', seed: '4', json: true }, deps));
    const there = JSON.parse(r.stdout);
    expect({ ...there, seconds: 0 }).toEqual({ ...here, seconds: 0 });
    const bad = await cli('simulate', '--games', 'many');
    expect([bad.status, bad.stderr]).toEqual([2, 'yahtzee: --games must be a whole number from 1 to 1000000 (got "many") -- see "yahtzee simulate --help"\n']);
  });

  it('the histogram scales the longest bar to the width', () => {
    expect(drawHistogram([{ from: 100, to: 125, count: 2 }, { from: 125, to: 150, count: 8 }], 4)).toEqual(['100-124 | 2 #', '125-149 | 8 ####']);
  });
});
