import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cardTotal, getRuleSet, type Card, type Dice, type Face } from '../../src/engine/index.js';
import { distributionFile, finalDistribution, writeDistributions, type DistributionTable } from '../../src/solver/distribution/distributionTable.js';
import { solveSubgame } from '../../src/solver/index.js';
import { FACES_OF, ROLL_COUNT } from '../../src/solver/dice/multisets.js';
import { ChancesClient, startChancesChild } from '../../src/solver/chances/client.js';
import { stateIndex, stateOfCard } from '../../src/solver/strategy/state.js';
import type { WinTurnSpec } from '../../src/solver/win/winGoal.js';
import { WinSolver, winDecision, winTargetUtility, winUtility } from '../../src/solver/win/winPlay.js';
import { chooseMove } from '../../src/solver/play/policy.js';
import { seedRng } from '../../src/engine/index.js';
import { solverFromReply, winChooser, winTurnWork, winValueOf } from '../../src/solver/win/turnWork.js';
import { PLAYED_BOXES, playedCard, tempDir } from './helpers.js';
import { sleep } from '../support/wait.js';

const official = getRuleSet('official');
// The seat to move (me) with three boxes open, and the other seat; the table solved from the boxes both have filled.
const ME = playedCard(['fours', 'sixes', 'yahtzee']);
const OTHER = playedCard(['chance', 'largeStraight'], { fourOfAKind: 25 });
const TABLE = solveSubgame('official', playedCard(['fours', 'sixes', 'yahtzee', 'chance', 'largeStraight']));
const SPEC: WinTurnSpec = { key: 'k', rules: 'official', seat: 1, cards: [OTHER, ME], goal: { kind: 'game' } };

/** The process the game runs a win seat's turn work in (the chances' process); the table goes with each question. */
const chances = new ChancesClient();
afterAll(() => chances.close());

/** Every roll of five dice, as dice. */
const ROLLS: Dice[] = Array.from({ length: ROLL_COUNT }, (_, r) => [...FACES_OF[r]] as Face[] as Dice);

describe("a win seat's turn work (winTurnWork) against winDecision computed in this thread", () => {
  it('decides every roll of the turn, with 2, 1 and 0 rolls left, as winDecision from a WinSolver of its own', () => {
    const reply = winTurnWork(TABLE, SPEC);
    const { solver, turn } = solverFromReply(TABLE.tables, reply);
    const own = new WinSolver(TABLE.tables, [finalDistribution(TABLE, undefined, OTHER)]);
    const ownTurn = own.turn(stateOfCard(TABLE.tables, ME), cardTotal(official, ME));
    expect(turn.value).toBeCloseTo(ownTurn.value, 12);
    let differs = 0;
    for (const dice of ROLLS) {
      for (const rollsLeft of [2, 1, 0]) {
        const a = winDecision(solver, official, ME, dice, rollsLeft, turn);
        expect(a).toEqual(winDecision(own, official, ME, dice, rollsLeft, ownTurn));
        if (a.kind === 'score') differs++;
      }
    }
    // Not a table of one answer: it scores some rolls and keeps dice of others.
    expect(differs).toBeGreaterThan(0);
    expect(differs).toBeLessThan(ROLLS.length * 3);
  });

  it('the chances\' process gives the same answer as this thread', async () => {
    const here = winTurnWork(TABLE, SPEC);
    const there = await chances.win(TABLE, SPEC);
    expect(there.key).toBe('k');
    expect(there.utility).toEqual(here.utility);
    expect(there.memo).toEqual(here.memo);
    expect(there.turn).toEqual(here.turn);
  });

  it('a child readied ahead of the turn gives the same answer once handed the turn, and goes once it is done', async () => {
    const warm = new ChancesClient();
    try {
      warm.warm();
      expect(warm.running).toBe(true);
      // The readied child must not go of itself: a fixed wait, as there is nothing to wait for.
      await sleep(50);
      expect(warm.running).toBe(true);
      const there = await warm.win(TABLE, SPEC);
      expect(there.memo).toEqual(winTurnWork(TABLE, SPEC).memo);
      expect(there.turn).toEqual(winTurnWork(TABLE, SPEC).turn);
      expect(warm.running).toBe(false);
    } finally {
      await warm.close();
    }
  });

  it('the chances and the turn work asked together are both answered by one child process, never two', async () => {
    let started = 0;
    const counting = new ChancesClient(() => (started++, startChancesChild()));
    try {
      counting.warm();
      // A question about rules the solver does not know: answered at once (as failed) by the same child.
      const [odds, there] = await Promise.all([counting.ask('no-such-rules' as 'official', [OTHER, ME]), counting.win(TABLE, SPEC)]);
      expect(odds).toMatchObject({ kind: 'failed', error: expect.any(String) });
      expect(there.turn).toEqual(winTurnWork(TABLE, SPEC).turn);
      expect(started).toBe(1);
    } finally {
      await counting.close();
    }
  });

  it('a client that was closed rejects the turn (the seat then plays mean-optimally)', async () => {
    const closed = new ChancesClient();
    closed.warm();
    await closed.close();
    await expect(closed.win(TABLE, SPEC)).rejects.toThrow(/no longer/);
  });

  it('turn work that fails rejects with the reason (the seat then plays mean-optimally), and the child answers the next', async () => {
    // A card the table does not cover: the work throws in the child, and the promise says why.
    const early = playedCard(['chance', 'largeStraight', 'aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'yahtzee', 'fullHouse', 'threeOfAKind']);
    await expect(chances.win(TABLE, { ...SPEC, cards: [early, ME] })).rejects.toThrow(/distribution table|later position/);
    expect((await chances.win(TABLE, SPEC)).turn).toEqual(winTurnWork(TABLE, SPEC).turn);
  });
});

describe("the win seat's choice (winChooser): winDecision's, or the mean-optimal one when that is as likely to win", () => {
  it('every roll: as high a chance to win as winDecision; where mean-optimal play is worse, the same decision', () => {
    const reply = winTurnWork(TABLE, SPEC);
    const choose = winChooser(TABLE, reply);
    const { solver, turn } = solverFromReply(TABLE.tables, reply);
    let departs = 0;
    for (const dice of ROLLS) {
      for (const rollsLeft of [2, 1, 0]) {
        const p = { card: ME, dice, rollsLeft };
        const best = winDecision(solver, official, ME, dice, rollsLeft, turn);
        const mean = chooseMove(TABLE, 'optimal', p, seedRng(0)).decision;
        const chosen = choose(p);
        expect(winValueOf(solver, official, p, turn, chosen)).toBeCloseTo(winValueOf(solver, official, p, turn, best), 12);
        if (winValueOf(solver, official, p, turn, mean) < winValueOf(solver, official, p, turn, best) - 1e-12) {
          expect(chosen).toEqual(best);
          departs++;
        } else expect(chosen).toEqual(mean);
      }
    }
    // The position is one where playing for the win differs from playing for points.
    expect(departs).toBeGreaterThan(0);
  });

  it('a win already sure: it plays for points (mean-optimal) on every roll', () => {
    // The other seat has finished on 0 points: the win seat wins whatever it does.
    const behind: Card = { boxes: Object.fromEntries(Object.keys(PLAYED_BOXES).map((id) => [id, 0])), yahtzeeBonuses: 0 };
    const spec: WinTurnSpec = { ...SPEC, cards: [behind, ME] };
    const choose = winChooser(TABLE, winTurnWork(TABLE, spec));
    expect(winTurnWork(TABLE, spec).turn.value).toBeCloseTo(1, 12);
    for (const dice of ROLLS.slice(0, 60)) for (const rollsLeft of [2, 1, 0]) {
      const p = { card: ME, dice, rollsLeft };
      expect(choose(p)).toEqual(chooseMove(TABLE, 'optimal', p, seedRng(0)).decision);
    }
  });
});

describe('the utility of a target match (winTargetUtility)', () => {
  const other = { before: 120, final: { lo: 50, p: Float64Array.of(0.5, 0.5) } };
  const ahead = { lo: -1, p: Float64Array.of(0.25, 0.5, 0.25) };

  it.each([
    // m = 100 + s; the other ends on 170 or 171; target 200.
    ['reaching the target above the other: the match is won', 100, 1],
    ['below the target, level or one behind: the further games decide', 70, 0.5 * 0.25 + 0.5 * 0],
    ['below the target, one ahead or level', 71, 0.5 * 0.75 + 0.5 * 0.25],
    ['below the target, far ahead: the further games cannot turn it', 90, 1],
  ])('%s (s = %d)', (_name, s, chance) => {
    expect(winTargetUtility(100, [other], 200, ahead)(s)).toBeCloseTo(chance, 12);
  });

  it('the other reaching the target while the win seat does not: lost', () => {
    const reaches = { before: 150, final: { lo: 50, p: Float64Array.of(1) } };
    expect(winTargetUtility(100, [reaches], 200, ahead)(99)).toBe(0);
    expect(winTargetUtility(100, [reaches], 200, ahead)(101)).toBe(1);
  });

  it('with no further game to come, falling short of the target is worth nothing', () => {
    expect(winTargetUtility(100, [other], 200)(90)).toBe(0);
  });

  it('a target every seat reaches in this game: the same as winning this game outright', () => {
    const finals = [
      { lo: 180, p: Float64Array.of(0.2, 0.3, 0.5) },
      { lo: 181, p: Float64Array.of(0.6, 0.4) },
    ];
    const u = winTargetUtility(0, finals.map((final) => ({ before: 0, final })), 1, ahead);
    const game = winUtility(finals);
    for (let s = 175; s <= 190; s++) expect(u(s)).toBeCloseTo(game(s), 12);
  });

  it('the last turn of a target match (the target reached, the win seat last in the round): only this turn counts', () => {
    // The other seat's match total is 600 (the target); the win seat needs 31 points or more this turn to be above it.
    const before = [600 - cardTotal(official, OTHER), 570 - cardTotal(official, ME)];
    const spec: WinTurnSpec = { ...SPEC, goal: { kind: 'target', target: 500, before, lastTurn: true } };
    const reply = winTurnWork(TABLE, spec);
    expect(reply.lastTurn).toBe(true);
    expect(reply.memo).toHaveLength(0);
    const { solver, turn } = solverFromReply(TABLE.tables, reply);
    const p = { card: ME, dice: [4, 4, 4, 4, 4] as Dice, rollsLeft: 0 };
    // Fours would give 20, not enough; Yahtzee 50 wins.
    expect(winValueOf(solver, official, p, turn, { kind: 'score', box: 'fours' })).toBe(0);
    expect(winValueOf(solver, official, p, turn, { kind: 'score', box: 'yahtzee' })).toBe(1);
    expect(winChooser(TABLE, reply)(p)).toEqual({ kind: 'score', box: 'yahtzee' });
  });

  it('in a win seat\'s turn work, a target match is played for: its decisions follow the match standing', () => {
    const fresh = { lo: 250, p: Float64Array.of(1) };
    // Far ahead over the finished games, with a target just in reach: the turn's chance differs from the game's.
    const match = winTurnWork(TABLE, { ...SPEC, goal: { kind: 'target', target: 600, before: [0, 400] } }, fresh);
    const game = winTurnWork(TABLE, SPEC);
    expect(match.fresh).toBe(fresh);
    expect(match.turn.value).not.toBeCloseTo(game.turn.value, 3);
    expect(match.turn.value).toBeGreaterThan(game.turn.value);
  });
});

describe("a win seat's turn work when another seat's card is early (its distribution from the cache file)", () => {
  it("reads the other seat's distribution from the file and decides as with the whole table in hand", () => {
    // The whole game's table (an early card needs it) and a made-up distribution table holding the early card's state.
    const whole = solveSubgame('official', { boxes: {}, yahtzeeBonuses: 0 });
    const t = whole.tables;
    const other: Card = { boxes: { chance: 22 }, yahtzeeBonuses: 0 };
    const state = stateIndex(t, stateOfCard(t, other));
    const dist: DistributionTable = {
      rules: 'official',
      fresh: { lo: 200, p: Float64Array.of(0.5, 0.5) },
      kept: new Map([[state, { lo: 150, offset: 0, len: 3 }]]),
      data: Float32Array.of(0.25, 0.5, 0.25),
    };
    const home = tempDir('win-early');
    vi.stubEnv('YAHTZEE_HOME', home);
    try {
      expect(writeDistributions(t, dist, distributionFile('official'))).toBe(true);
      const spec: WinTurnSpec = { key: 'e', rules: 'official', seat: 1, cards: [other, ME], goal: { kind: 'game' } };
      const fromFile = winTurnWork(whole, spec);
      const inHand = winTurnWork(whole, spec, undefined, dist);
      expect(fromFile.utility).toEqual(inHand.utility);
      expect(fromFile.turn).toEqual(inHand.turn);
    } finally {
      vi.unstubAllEnvs();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
