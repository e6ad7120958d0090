import { describe, expect, it } from 'vitest';
import { cachedOptimal, peopleText, personBins, personHistogram, personLines } from '../../src/commands/personScores.js';
import { scoresCommand, type ScoresContext } from '../../src/commands/scores.js';
import { loadDistributions } from '../../src/solver/index.js';
import { recordGame, type GameReview } from '../../src/storage/highScores.js';
import type { PersonFigures } from '../../src/storage/personFigures.js';
import type { StorageDirs } from '../../src/storage/paths.js';
import { textWidth } from '../../src/text/index.js';
import { cardWorth, tempDir, tempDirs } from '../storage/helpers.js';

/** A made-up distribution of optimal play: every score from 30 to 69 as likely. */
const FLAT = { lo: 30, p: Float64Array.from({ length: 40 }, () => 1 / 40) };
const review = (luck: number, loss: number, decisions: number): GameReview => ({ luck, loss, decisions });

/** ANN's three reviewed games (40, 50, 55) and BOB's one game without a review. */
function played(): StorageDirs {
  const dirs = tempDirs();
  recordGame(dirs, 'official', [{ name: 'ANN', card: cardWorth(40), review: review(12.5, 3, 30) }, { name: 'BOB', card: cardWorth(20) }], { gameId: 'a' });
  recordGame(dirs, 'official', [{ name: 'ANN', card: cardWorth(50), review: review(-2.5, 1.5, 30) }], { gameId: 'b' });
  recordGame(dirs, 'official', [{ name: 'ANN', card: cardWorth(55), review: review(5, 0, 30) }], { gameId: 'c' });
  return dirs;
}

const context = (dirs: StorageDirs, optimal: ScoresContext['optimal']): ScoresContext => ({ dirs, interactive: false, ask: async () => '', optimal });

const ann: PersonFigures = { name: 'ANN', games: 3, totals: [40, 50, 55], reviewed: 3, lossPerDecision: 4.5 / 90, luckPerGame: 5 };

describe("yahtzee scores: each person's last games", () => {
  it("the loss per decision over the reviewed games, with what a good player's is, and the luck per game", () => {
    expect(personLines(ann)).toEqual([
      'ANN, last 3 games: average 48.3',
      '  over the 3 reviewed games: 0.050 points lost per decision (a good player',
      '  loses under 0.2), the dice +5.0 a game',
    ]);
    expect(personLines({ ...ann, reviewed: 0, lossPerDecision: null, luckPerGame: null })).toEqual(['ANN, last 3 games: average 48.3; no game of theirs was reviewed yet']);
  });

  it("says what a good player's loss is once, at the first person with reviewed games, not at each", () => {
    const text = peopleText([{ ...ann, name: 'AL', reviewed: 0, lossPerDecision: null, luckPerGame: null }, ann, { ...ann, name: 'BEA' }], 'no distribution');
    expect(text.match(/a good player/g)).toHaveLength(1);
    expect(text).toMatch(/ANN, last 3 games[^]*a good player[^]*BEA, last 3 games/);
    expect(text.replace(/\s+/g, ' ')).toContain('0.050 points lost per decision, the dice +5.0 a game');
  });

  it('the histogram: their share of games per 20 points beside the chance under optimal play, on one scale', () => {
    const bins = personBins(ann.totals, FLAT);
    expect(bins.map((b) => [b.from, b.to, b.games])).toEqual([
      [20, 40, 0],
      [40, 60, 3],
      [60, 80, 0],
    ]);
    [0.25, 0.5, 0.25].forEach((chance, i) => expect(bins[i].optimal).toBeCloseTo(chance, 12));
    expect(personHistogram(ann, FLAT, 8)).toEqual([
      'score | ANN (#)         | optimal play (*)',
      '20-39 |   0.0%          |  25.0% **',
      '40-59 | 100.0% ######## |  50.0% ****',
      '60-79 |   0.0%          |  25.0% **',
    ]);
    expect(personHistogram(ann, 'not at hand', 8)).toEqual(['score | ANN (#)', '40-59 | 100.0% ########']);
  });

  it('the whole output: the figures and each person, every line in 80 columns; optimal play missing is said once', async () => {
    const withOptimal = await scoresCommand({ rules: 'official' }, context(played(), async () => FLAT));
    expect(withOptimal.code).toBe(0);
    expect(withOptimal.out).toContain('  By person, over their last games (final scores per 20 points):\n\n  ANN, last 3 games: average 48.3\n');
    expect(withOptimal.out).toContain('  BOB, last game: 20; no game of theirs was reviewed yet');
    expect(withOptimal.out).not.toContain('BOB (#)');
    for (const line of withOptimal.out.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const without = await scoresCommand({ rules: 'official' }, context(played(), async () => 'the distribution is not computed yet'));
    expect(without.out.match(/not computed yet/g)).toHaveLength(1);
    expect(without.out).not.toContain('optimal play (*)');
  });

  it('--json: each person with their figures and histogram', async () => {
    const out = JSON.parse((await scoresCommand({ rules: 'official', json: true }, context(played(), async () => FLAT))).out);
    expect(out.official.people[0]).toEqual({
      name: 'ANN',
      games: 3,
      totals: [40, 50, 55],
      reviewed: 3,
      lossPerDecision: 4.5 / 90,
      luckPerGame: 5,
      histogram: personBins([40, 50, 55], FLAT),
    });
    expect(out.official.optimalUnavailable).toBeUndefined();
  });

  it('with nothing in the cache: says how to compute the distribution, and computes nothing', async () => {
    const env = { YAHTZEE_HOME: tempDir() };
    expect(await cachedOptimal(env)('official')).toMatch(/^the distribution of optimal play is not computed yet: `yahtzee solve --rules official --distribution` computes it/);
  });

  it('with the tables cached: the fresh game\'s distribution of optimal play (mean 254.59)', async () => {
    // A cache of this test's own (other files check what happens when the shared one holds no table).
    const env = { XDG_CACHE_HOME: tempDir() };
    const expected = (await loadDistributions('official', { env })).distributions.fresh;
    const found = await cachedOptimal(env)('official');
    expect(found).toEqual(expected);
    const out = await scoresCommand({ rules: 'official' }, context(played(), cachedOptimal(env)));
    expect(out.out).toMatch(/\n {4}240-259 \| +0\.0% +\| +\d+\.\d% \*+\n/);
  }, 120_000);
});
