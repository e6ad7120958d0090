import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentOptions,
  faceCounts,
  legalBoxes,
  newGame,
  reduce,
  RULE_SET_IDS,
  seedRng,
  rollDice,
  type Action,
  type GameState,
  type MatchKind,
  type RuleSetId,
} from '../../src/engine/index.js';
import { validateGameState } from '../../src/engine/validate.js';
import type { LooseJson } from '../looseJson.js';

/** A small seeded chooser for the test player (mulberry32). */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The next action of a player who chases five alike (so Jokers and bonuses happen) and otherwise plays at random. */
function nextAction(s: GameState, pick: (n: number) => number): Action {
  if (s.phase === 'gameOver') return { type: 'next-game' };
  if (s.phase === 'rolling' && pick(20) > 0) {
    const counts = faceCounts(s.dice);
    const best = counts.indexOf(Math.max(...counts));
    const want = s.dice.map((d) => d === best);
    if (want.every((w) => w)) return { type: 'stop-rolling' };
    const toggle = want.findIndex((w, i) => w !== s.held[i]);
    if (toggle >= 0) return { type: 'toggle-hold', die: toggle };
    return pick(10) === 0 ? { type: 'stop-rolling' } : { type: 'roll' };
  }
  const legal = legalBoxes(s);
  if (pick(2) === 0) return { type: 'score', box: legal[pick(legal.length)].id };
  const options = currentOptions(s).boxes.filter((o) => o.allowed);
  return { type: 'score', box: options.reduce((a, b) => (b.points > a.points ? b : a)).box };
}

/** Every state of a randomly played match, the first included. */
function playedStates(seed: number, rules: RuleSetId, seats: number, match: MatchKind, clearHoldsAfterRoll: boolean): GameState[] {
  const players = Array.from({ length: seats }, (_, i) => ({ name: `P${i + 1}`, kind: 'human' as const }));
  let s = newGame({ players, seed, rules, match, clearHoldsAfterRoll });
  const pick = chooser(seed);
  const states = [s];
  for (let i = 0; i < 5000; i++) {
    const r = reduce(s, nextAction(s, pick));
    if (!r.ok) break; // next-game refused: the match is over
    s = r.state;
    states.push(s);
  }
  return states;
}

const matches: MatchKind[] = [{ kind: 'single' }, { kind: 'games', games: 2 }, { kind: 'target', target: 300 }];

describe('validateGameState accepts every state reached by legal play', () => {
  it.each(RULE_SET_IDS.flatMap((rules, r) => [1, 2, 3, 4].map((seats) => [rules, seats, matches[(r + seats) % 3], 1000 * r + seats] as const)))(
    '%s with %i player(s), match %o, seed %i: every state is accepted',
    (rules, seats, match, seed) => {
      const states = playedStates(seed, rules, seats, match, seats % 2 === 0);
      expect(states[states.length - 1].phase).toBe('gameOver');
      for (const s of states) {
        const v = validateGameState(JSON.parse(JSON.stringify(s)));
        expect(v.ok ? 'ok' : `${v.error} in ${JSON.stringify(s)}`).toBe('ok');
      }
    },
  );

  it('accepts the states of 40 one-player games, which include cards with Yahtzee bonuses', () => {
    const states = Array.from({ length: 40 }, (_, seed) => playedStates(seed, 'official', 1, { kind: 'single' }, true)).flat();
    expect(states.filter((s) => !validateGameState(JSON.parse(JSON.stringify(s))).ok)).toEqual([]);
    expect(Math.max(...states.map((s) => s.cards[0].yahtzeeBonuses))).toBeGreaterThan(0);
  });

  it('never throws on arbitrary JSON, and refuses it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(validateGameState(value).ok).toBe(false);
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it('never throws on a saved game with any one value, at any depth, replaced by arbitrary JSON', () => {
    const paths = (v: LooseJson, at: (string | number)[] = []): (string | number)[][] =>
      v !== null && typeof v === 'object' ? [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))] : [at];
    const states = [base(), finished()];
    const all = states.flatMap((s, i) => paths(s).filter((p) => p.length > 0).map((p) => [i, p] as const));
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.jsonValue(), ([i, path], value) => {
        const s = structuredClone(states[i]) as LooseJson;
        let parent = s as Record<string | number, LooseJson>;
        for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, LooseJson>;
        parent[path[path.length - 1]] = value as LooseJson;
        expect(typeof validateGameState(s).ok).toBe('boolean');
      }),
      { seed: 11, numRuns: 3000 },
    );
  });
});

/** A two-player official game in P2's turn, with P1 having scored twos=6 and P2 nothing yet. */
function base(): Record<string, LooseJson> {
  let s = newGame({ players: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'computer', strength: 'casual' }], seed: 7 });
  s = { ...s, cards: [{ boxes: { twos: 6 }, yahtzeeBonuses: 0 }, { boxes: {}, yahtzeeBonuses: 0 }], current: 1 };
  return JSON.parse(JSON.stringify(s));
}

/** A finished single game for two players whose result matches the cards. */
function finished(): Record<string, LooseJson> {
  const s = base();
  const full = { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 20, fourOfAKind: 0, fullHouse: 25, smallStraight: 30, largeStraight: 0, yahtzee: 50, chance: 22 };
  s.cards = [{ boxes: full, yahtzeeBonuses: 1 }, { boxes: { ...full, yahtzee: 0 }, yahtzeeBonuses: 0 }];
  s.results = [{ totals: [63 + 35 + 147 + 100, 63 + 35 + 97] }];
  s.phase = 'gameOver';
  s.held = [false, false, false, false, false];
  return s;
}

type Edit = (s: Record<string, LooseJson>) => void;

describe('validateGameState refuses impossible states, with the reason', () => {
  it.each(['optimal', 'strong', 'casual', 'win'])('a computer seat of strength %s is accepted, and one without a strength (older saves)', (strength) => {
    const s = base();
    s.players[1].strength = strength;
    expect(validateGameState(s).ok).toBe(true);
    delete s.players[1].strength;
    expect(validateGameState(s).ok).toBe(true);
  });

  it('the unedited base states are accepted (so each refusal below is caused by its edit)', () => {
    expect(validateGameState(base()).ok).toBe(true);
    expect(validateGameState(finished()).ok).toBe(true);
  });

  it.each<[string, Edit, RegExp, (() => Record<string, LooseJson>)?]>([
    ['a non-object', () => {}, /not a JSON object/, () => [] as unknown as Record<string, LooseJson>],
    ['version 2', (s) => (s.version = 2), /version 2/],
    ['an unknown rule set', (s) => (s.rules = 'yatzy'), /unknown rule set "yatzy"/],
    ['a seed that is not a whole number', (s) => (s.seed = 1.5), /seed/],
    ['a broken generator state', (s) => (s.rng = [1, 2, 3]), /random generator/],
    ['an all-zero generator state (xoroshiro128+ would roll the same dice forever)', (s) => (s.rng = [0, 0, 0, 0]), /random generator state .*not all zero/],
    ['no players', (s) => ((s.players = []), (s.cards = [])), /1 to 4 players, not 0/],
    ['five players', (s) => (s.players = [...s.players, ...s.players, s.players[0]]), /1 to 4 players, not 5/],
    ['an empty name', (s) => (s.players[0].name = '  '), /player 1: the name is empty/],
    ['a name with an escape sequence', (s) => (s.players[0].name = 'A\u001b[2J'), /holds U\+001B, which is not a printable character/],
    ['a name with a bidi override', (s) => (s.players[0].name = 'AB\u202eC'), /holds U\+202E/],
    ['a name with a zero-width space', (s) => (s.players[0].name = 'A\u200bB'), /holds U\+200B/],
    ['a name with a C1 control', (s) => (s.players[0].name = 'A\u009bB'), /holds U\+009B/],
    ['a name 21 columns wide', (s) => (s.players[0].name = 'x'.repeat(21)), /21 columns wide, more than 20/],
    ['a name 22 columns wide in 11 wide characters', (s) => (s.players[0].name = '李'.repeat(11)), /22 columns wide, more than 20/],
    ['two players whose names read the same', (s) => ((s.players[0].name = 'ANN'), (s.players[1].name = 'ann')), /player 2 \(ann\) reads the same as player 1: two players cannot share a name/],
    ['a player kind that is neither', (s) => (s.players[0].kind = 'robot'), /neither human nor computer/],
    ['a human with a strength', (s) => (s.players[0].strength = 'optimal'), /human but has a computer strength/],
    ['an unknown strength', (s) => (s.players[1].strength = 'godlike'), /unknown strength "godlike"/],
    ['an unknown match kind', (s) => (s.match = { kind: 'forever' }), /unknown match kind "forever"/],
    ['a match of 0 games', (s) => (s.match = { kind: 'games', games: 0 }), /number of games/],
    ['a match of 100 games (the setup allows 99)', (s) => (s.match = { kind: 'games', games: 100 }), /number of games from 1 to 99/],
    ['a match to a target of 1e300', (s) => (s.match = { kind: 'target', target: 1e300 }), /target from 1 to 99999/],
    ['a result with too few totals', (s) => ((s.match = { kind: 'games', games: 3 }), (s.results = [{ totals: [200] }])), /1 totals for 2 players/],
    ['a result beyond the best possible total', (s) => ((s.match = { kind: 'games', games: 3 }), (s.results = [{ totals: [200, 99999] }])), /impossible total 99999/],
    ['a finished single game with another game in play', (s) => (s.results = [{ totals: [200, 180] }]), /match is already over after 1 game/],
    ['one card for two players', (s) => (s.cards = [s.cards[0]]), /1 score cards for 2 players/],
    ['a box the rule set does not have', (s) => (s.cards[0].boxes = { trinca: 20 }), /no box "trinca" in the official rules/],
    ['a hand-edited impossible score (Full house 20)', (s) => (s.cards[0].boxes = { fullHouse: 20 }), /card of player 1 \(Ann\): Full house cannot hold 20 points/],
    ['7 in Twos', (s) => (s.cards[0].boxes = { twos: 7 }), /Twos cannot hold 7 points/],
    ['a score written as text', (s) => (s.cards[0].boxes = { twos: '6' }), /Twos cannot hold "6" points/],
    ['a negative Yahtzee bonus count', (s) => (s.cards[0].yahtzeeBonuses = -1), /Yahtzee bonus count/],
    ['a Yahtzee bonus without 50 in the Yahtzee box', (s) => (s.cards[0].yahtzeeBonuses = 1), /1 Yahtzee bonus\(es\) without 50 in the Yahtzee box/],
    ['a Yahtzee bonus with 0 in the Yahtzee box', (s) => (s.cards[0] = { boxes: { yahtzee: 0, twos: 10 }, yahtzeeBonuses: 1 }), /without 50/],
    ['more Yahtzee bonuses than further turns', (s) => ((s.cards[0] = { boxes: { yahtzee: 50, twos: 10 }, yahtzeeBonuses: 2 }), (s.cards[1] = { boxes: { aces: 1 }, yahtzeeBonuses: 0 })), /2 Yahtzee bonus\(es\) after only 2 turns/],
    ['a Yahtzee bonus under the Spectrum rules', (s) => ((s.rules = 'spectrum'), (s.cards[0] = { boxes: { yahtzee: 50 }, yahtzeeBonuses: 1 })), /no Yahtzee bonus, but the card has 1/],
    ['a turn out of order (both seats with one box, seat 2 to play)', (s) => (s.cards[1].boxes = { aces: 2 }), /player 1 \(Ann\) has 1 box filled, but 2 are expected/],
    ['a seat after the current one ahead', (s) => ((s.current = 0), (s.cards[1].boxes = { aces: 2, threes: 3 })), /player 2 \(Bob\) has 2 boxes filled, but 1 is expected/],
    ['a current seat that does not exist', (s) => (s.current = 2), /not a seat from 0 to 1/],
    ['four dice', (s) => (s.dice = [1, 2, 3, 4]), /five faces/],
    ['a die showing 7', (s) => (s.dice = [1, 2, 3, 4, 7]), /five faces/],
    ['holds that are not marks', (s) => (s.held = [0, 0, 0, 0, 0]), /held dice/],
    ['no rolls used', (s) => (s.rollsUsed = 0), /rolls used must be 1 to 3, not 0/],
    ['four rolls used', (s) => ((s.rollsUsed = 4), (s.phase = 'choosing')), /not 4/],
    ['rolling with all three rolls used', (s) => (s.rollsUsed = 3), /phase is rolling, but all 3 rolls are used/],
    ['an unknown phase', (s) => (s.phase = 'bidding'), /unknown phase "bidding"/],
    ['held dice while choosing after stopping early', (s) => ((s.phase = 'choosing'), (s.held = [true, false, false, false, false])), /held while choosing/],
    ['game over with an open box', (s) => ((s.phase = 'gameOver'), (s.results = [{ totals: [6, 0] }]), (s.held = [false, false, false, false, false])), /game is over but the card of player 1 \(Ann\) has 1 of 13/],
    ['game over without a result', (s) => (s.results = []), /over but it has no result/, finished],
    ['game over with a result that does not add up', (s) => (s.results[0].totals[1] = 100), /result of player 2 \(Bob\) is 100, but the card adds up to 195/, finished],
    ['game over with held dice', (s) => (s.held[2] = true), /held after the game is over/, finished],
    ['a result of a game played after the match was over', (s) => (s.results = [{ totals: [1, 1] }, ...s.results]), /already over after 1 game/, finished],
  ])('refuses %s', (_name, edit, reason, make = base) => {
    const s = make();
    edit(s);
    const v = validateGameState(s);
    expect(v.ok ? 'accepted' : v.error).toMatch(reason);
  });

  it.each<[string, Edit, string | RegExp]>([
    ['a target match that ended after the round reaching its target (cards not full) is accepted', () => {}, 'accepted'],
    ['a target match that ended in the middle of a round is refused', (s) => (s.cards[1].boxes = { aces: 2 }), /ended at its target, but player 2 \(Bob\) has 1 box filled and player 1 \(Ann\) 2/],
    ['a game over with open boxes and the target not reached is refused', (s) => (s.match = { kind: 'target', target: 500 }), /game is over but the card of player 1 \(Ann\) has 2 of 13/],
    [
      'an old save: the target passed at a round boundary while the game went on (as before the round rule) still loads',
      (s) => Object.assign(s, { phase: 'rolling', results: [{ totals: [40, 30] }], held: [false, false, false, false, false] }),
      'accepted',
    ],
  ])('%s', (_name, edit, want) => {
    const s = base();
    Object.assign(s, { match: { kind: 'target', target: 60 }, phase: 'gameOver', current: 0 });
    s.cards = [{ boxes: { twos: 6, chance: 24 }, yahtzeeBonuses: 0 }, { boxes: { twos: 8, chance: 25 }, yahtzeeBonuses: 0 }];
    s.results = [{ totals: [40, 7] }, { totals: [30, 33] }];
    edit(s);
    const v = validateGameState(s);
    expect(v.ok ? 'accepted' : v.error).toMatch(want);
  });

  it('accepts a Yahtzee bonus once the Yahtzee box holds 50 and a further turn was played', () => {
    const s = base();
    s.cards[0] = { boxes: { yahtzee: 50, twos: 10 }, yahtzeeBonuses: 1 };
    s.cards[1] = { boxes: { aces: 1 }, yahtzeeBonuses: 0 };
    expect(validateGameState(s)).toMatchObject({ ok: true });
  });

  it('accepts holds kept while choosing after the third roll when holds stay after rolls', () => {
    const s = base();
    Object.assign(s, { phase: 'choosing', rollsUsed: 3, clearHoldsAfterRoll: false, held: [true, true, false, false, false] });
    expect(validateGameState(s)).toMatchObject({ ok: true });
  });

  it('the generator state of a seed is accepted as it is after rolling', () => {
    const s = base();
    s.rng = [...rollDice(seedRng(99), 5).rng];
    expect(validateGameState(s)).toMatchObject({ ok: true });
  });
});
