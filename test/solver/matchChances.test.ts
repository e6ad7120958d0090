import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScoreDistribution } from '../../src/solver/distribution/distribution.js';
import { gameDifference, matchChances, type MatchSoFar } from '../../src/solver/chances/matchChances.js';

/*
 * The chance to win a match of games between two seats against hand-worked cases and against a brute force that
 * walks every (games ahead, points ahead) of the match game by game with plain convolutions.
 */

const dist = (lo: number, p: number[]): ScoreDistribution => ({ lo, p: Float64Array.from(p) });

/** The match by brute force: the chances of every (W, D) after the game in play and each game after it. */
function bruteMatch(now: ScoreDistribution, fresh: ScoreDistribution, so: MatchSoFar): { win: [number, number]; tie: number } {
  let states = new Map<string, number>([[`${so.gamesAhead},${so.pointsAhead}`, 1]]);
  const play = (game: ScoreDistribution) => {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      const [w, d] = key.split(',').map(Number);
      for (let i = 0; i < game.p.length; i++) {
        const x = game.lo + i;
        const k = `${w + Math.sign(x)},${d + x}`;
        next.set(k, (next.get(k) ?? 0) + p * game.p[i]);
      }
    }
    states = next;
  };
  play(now);
  for (let g = 0; g < so.gamesAfter; g++) play(fresh);
  let a = 0;
  let b = 0;
  let tie = 0;
  for (const [key, p] of states) {
    const [w, d] = key.split(',').map(Number);
    if (w > 0 || (w === 0 && d > 0)) a += p;
    else if (w < 0 || (w === 0 && d < 0)) b += p;
    else tie += p;
  }
  return { win: [a, b], tie };
}

describe("a game's difference", () => {
  it('is every score of the first less every score of the second, with the product of their chances', () => {
    const d = gameDifference(dist(10, [0.5, 0.5]), dist(9, [0.25, 0.75]));
    expect(d.lo).toBe(0);
    expect([...d.p]).toEqual([0.375, 0.5, 0.125]);
  });
});

describe('the chance to win a match of games between two seats', () => {
  // This game: seat 0 ahead by 1 or behind by 3, evenly; a fresh game: won, tied or lost by 1 (1/4, 1/2, 1/4).
  const now = dist(-3, [0.5, 0, 0, 0, 0.5]);
  const fresh = dist(-1, [0.25, 0.5, 0.25]);
  const cases: { readonly so: MatchSoFar; readonly win: [number, number]; readonly tie: number; readonly why: string }[] = [
    // Level after +1 then -1 (a tie on points too) or -3 then +1 (seat 1 ahead on points).
    { so: { gamesAhead: 0, pointsAhead: 0, gamesAfter: 1 }, win: [0.375, 0.5], tie: 0.125, why: 'level so far' },
    // The same two level ends, now both seat 0's on the 3 points it brings.
    { so: { gamesAhead: 0, pointsAhead: 3, gamesAfter: 1 }, win: [0.625, 0.375], tie: 0, why: 'level on games, 3 points ahead' },
    // Level only after winning this game and tying the next, where seat 0 is then 1 point ahead.
    { so: { gamesAhead: -1, pointsAhead: 0, gamesAfter: 1 }, win: [0.375, 0.625], tie: 0, why: 'a game behind' },
    // The last game: this game alone decides; behind by a game, winning it only levels, and the points decide.
    { so: { gamesAhead: -1, pointsAhead: -1, gamesAfter: 0 }, win: [0, 0.5], tie: 0.5, why: 'the last game, a game and a point behind' },
    { so: { gamesAhead: -1, pointsAhead: 0, gamesAfter: 0 }, win: [0.5, 0.5], tie: 0, why: 'the last game, a game behind, level on points' },
    // Three games ahead with one to come after this: out of reach.
    { so: { gamesAhead: 3, pointsAhead: -100, gamesAfter: 1 }, win: [1, 0], tie: 0, why: 'out of reach' },
  ];
  for (const c of cases) {
    it(`worked by hand: ${c.why}`, () => {
      const m = matchChances(now, fresh, c.so);
      expect(m.win[0]).toBeCloseTo(c.win[0], 14);
      expect(m.win[1]).toBeCloseTo(c.win[1], 14);
      expect(m.tie).toBeCloseTo(c.tie, 14);
    });
  }

  it("as the brute force has it, on small games and matches of any standing", () => {
    const game = fc.tuple(fc.integer({ min: -4, max: 6 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }));
    const toDist = ([lo, w]: [number, number[]]): ScoreDistribution | null => {
      const sum = w.reduce((a, b) => a + b, 0);
      return sum === 0 ? null : dist(lo, w.map((x) => x / sum));
    };
    fc.assert(
      fc.property(game, game, game, fc.integer({ min: -4, max: 4 }), fc.integer({ min: -12, max: 12 }), fc.integer({ min: 0, max: 5 }), (a, b, f, gamesAhead, pointsAhead, gamesAfter) => {
        const [da, db, df] = [toDist(a), toDist(b), toDist(f)];
        if (!da || !db || !df) return;
        const now = gameDifference(da, db);
        const fresh = gameDifference(df, df);
        const so = { gamesAhead, pointsAhead, gamesAfter };
        const m = matchChances(now, fresh, so);
        const e = bruteMatch(now, fresh, so);
        expect(Math.abs(m.win[0] - e.win[0])).toBeLessThan(1e-12);
        expect(Math.abs(m.win[1] - e.win[1])).toBeLessThan(1e-12);
        expect(Math.abs(m.tie - e.tie)).toBeLessThan(1e-12);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('as the brute force has it, over wider games and more of them', () => {
    // Two lopsided seats' scores over 40 points, nine games after this one, a game and some points behind.
    const a = dist(20, Array.from({ length: 40 }, (_, i) => 1 + ((i * 7) % 5) + (i > 30 ? 3 : 0)));
    const b = dist(15, Array.from({ length: 40 }, (_, i) => 2 + ((i * 3) % 4)));
    const f = dist(10, Array.from({ length: 35 }, (_, i) => 1 + Math.abs(17 - i)));
    const norm = (d: ScoreDistribution) => dist(d.lo, [...d.p].map((x) => x / d.p.reduce((s, y) => s + y, 0)));
    const now = gameDifference(norm(a), norm(b));
    const fresh = gameDifference(norm(f), norm(f));
    for (const so of [
      { gamesAhead: -1, pointsAhead: -7, gamesAfter: 9 },
      { gamesAhead: 2, pointsAhead: 0, gamesAfter: 4 },
      { gamesAhead: 0, pointsAhead: 25, gamesAfter: 0 },
    ]) {
      const m = matchChances(now, fresh, so);
      const e = bruteMatch(now, fresh, so);
      expect(Math.abs(m.win[0] - e.win[0])).toBeLessThan(1e-12);
      expect(Math.abs(m.win[1] - e.win[1])).toBeLessThan(1e-12);
      expect(Math.abs(m.tie - e.tie)).toBeLessThan(1e-12);
    }
  });

  it('a match already decided is certain, though the distributions miss the chance of their dropped tails', () => {
    const short = dist(-3, [0.45, 0, 0, 0, 0.45]);
    const fresh = dist(-1, [0.2, 0.5, 0.2]);
    expect(matchChances(short, fresh, { gamesAhead: 2, pointsAhead: -50, gamesAfter: 0 })).toEqual({ win: [1, 0], tie: 0 });
    expect(matchChances(short, fresh, { gamesAhead: -3, pointsAhead: 50, gamesAfter: 1 })).toEqual({ win: [0, 1], tie: 0 });
    // Undecided, the chances are of the chance kept: as the brute force has them, over what it keeps.
    const so = { gamesAhead: 0, pointsAhead: 0, gamesAfter: 2 };
    const e = bruteMatch(short, fresh, so);
    const kept = e.win[0] + e.win[1] + e.tie;
    const m = matchChances(short, fresh, so);
    expect(m.win[0]).toBeCloseTo(e.win[0] / kept, 14);
    expect(m.tie).toBeCloseTo(e.tie / kept, 14);
  });

  it('refuses a number of games still to come that is not a whole number', () => {
    expect(() => matchChances(dist(0, [1]), dist(0, [1]), { gamesAhead: 0, pointsAhead: 0, gamesAfter: -1 })).toThrow(RangeError);
  });
});
