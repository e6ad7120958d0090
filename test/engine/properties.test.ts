import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardTotal,
  isYahtzee,
  legalBoxes,
  newGame,
  reduce,
  RULE_SETS,
  type Action,
  type Card,
  type Face,
  type GameState,
  type MatchKind,
  type RuleSetId,
} from '../../src/engine/index.js';
import { players } from './helpers.js';

/** Each rule set's bonuses as the sheets state them, written out here so the engine's data is not trusted. */
const SHEET: Record<RuleSetId, { upperBonus: boolean; yahtzeeBonus: number; yahtzeeBox: string }> = {
  official: { upperBonus: true, yahtzeeBonus: 100, yahtzeeBox: 'yahtzee' },
  'free-joker': { upperBonus: true, yahtzeeBonus: 100, yahtzeeBox: 'yahtzee' },
  spectrum: { upperBonus: true, yahtzeeBonus: 0, yahtzeeBox: 'yahtzee' },
  brazilian: { upperBonus: false, yahtzeeBonus: 0, yahtzeeBox: 'general' },
};
const UPPER = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes'];
const ALL_BOXES = [...new Set(Object.values(RULE_SETS).flatMap((r) => r.boxes.map((b) => b.id)))];

/**
 * A step of a random run: an engine action (legal or not), `score-legal` (the k-th legal box, so games get
 * finished), or `five-alike` (the test sets the dice to five alike, to reach the Joker and bonus paths often).
 */
type Step = Action | { type: 'score-legal'; k: number } | { type: 'five-alike'; face: Face };

/** fast-check makes records without a prototype unless told; states and actions here are plain objects. */
const PLAIN = { noNullPrototype: true } as const;

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ type: fc.constant('toggle-hold' as const), die: fc.integer({ min: -1, max: 5 }) }, PLAIN) },
  { weight: 1, arbitrary: fc.constant({ type: 'clear-holds' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'roll' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'stop-rolling' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resume-rolling' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'next-game' as const }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('score' as const), box: fc.constantFrom(...ALL_BOXES, 'bogus', '') }, PLAIN) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('score-legal' as const), k: fc.nat(12) }, PLAIN) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('five-alike' as const), face: fc.constantFrom<Face>(1, 2, 3, 4, 5, 6) }, PLAIN) },
);

const matchArb: fc.Arbitrary<MatchKind> = fc.oneof(
  fc.constant({ kind: 'single' as const }),
  fc.record({ kind: fc.constant('games' as const), games: fc.integer({ min: 1, max: 3 }) }, PLAIN),
  fc.record({ kind: fc.constant('target' as const), target: fc.integer({ min: 1, max: 400 }) }, PLAIN),
);

/** The total of a card computed from the sheet: boxes, 35 at 63 or more in the upper boxes, and the bonuses counted by the test. */
function expectedTotal(rules: RuleSetId, card: Card, bonuses: number): number {
  const sum = (ids: string[]) => ids.reduce((s, id) => s + (card.boxes[id] ?? 0), 0);
  const upper = sum(UPPER);
  return sum(Object.keys(card.boxes)) + (SHEET[rules].upperBonus && upper >= 63 ? 35 : 0) + bonuses * SHEET[rules].yahtzeeBonus;
}

/** What one step does to a state: an action for the engine, or a test edit of the dice. */
type Applied = { kind: 'action'; action: Action } | { kind: 'dice'; face: Face };

function resolve(state: GameState, step: Step): Applied {
  if (step.type === 'five-alike') return { kind: 'dice', face: step.face };
  if (step.type === 'score-legal') {
    const legal = legalBoxes(state);
    return { kind: 'action', action: { type: 'score', box: legal.length ? legal[step.k % legal.length].id : 'chance' } };
  }
  return { kind: 'action', action: step };
}

function apply(state: GameState, a: Applied): GameState {
  if (a.kind === 'dice') return state.phase === 'gameOver' ? state : { ...state, dice: [a.face, a.face, a.face, a.face, a.face] };
  return reduce(state, a.action).state;
}

/** Fails the property with `message` unless `ok`; cheaper than expect() on every step of every run. */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/** True when `value` is plain JSON data: null, booleans, strings, finite numbers, arrays and plain objects of those. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainJson);
}

/** Runs the steps, then finishes the game in play, checking every invariant after each step; returns the log. */
function runAndCheck(rules: RuleSetId, seats: number, seed: number, match: MatchKind, steps: Step[]): { final: GameState; log: Applied[] } {
  const boxCount = RULE_SETS[rules].boxes.length;
  let s = newGame({ players: players(seats), seed, rules, match });
  let scored = 0;
  let bonuses = Array<number>(seats).fill(0);
  const log: Applied[] = [];
  const finish = Array.from({ length: 13 * seats }, (_, k): Step => ({ type: 'score-legal', k }));

  for (const step of [...steps, ...finish]) {
    if (log.length >= steps.length && s.phase === 'gameOver') break;
    const a = resolve(s, step);
    log.push(a);
    if (a.kind === 'dice') {
      s = apply(s, a);
      continue;
    }
    const prev = s;
    let r: ReturnType<typeof reduce>;
    try {
      r = reduce(prev, a.action);
    } catch (e) {
      throw new Error(`reduce threw on ${JSON.stringify(a.action)}: ${String(e)}`, { cause: e });
    }
    if (!r.ok) {
      check(r.state === prev && r.error.length > 0, `a refusal changed the state or gave no reason: ${r.error}`);
      continue;
    }
    s = r.state;
    if (a.action.type === 'score') {
      const seat = prev.current;
      const before = prev.cards[seat].boxes;
      const after = s.cards[seat];
      check(!(a.action.box in before), `${a.action.box} was filled twice`);
      check(Object.keys(after.boxes).length === Object.keys(before).length + 1, 'a score filled more or less than one box');
      check(Object.entries(before).every(([id, p]) => after.boxes[id] === p), 'a score changed a filled box');
      const y = SHEET[rules];
      if (y.yahtzeeBonus > 0 && isYahtzee(prev.dice) && before[y.yahtzeeBox] === 50) bonuses[seat]++;
      check(after.yahtzeeBonuses === bonuses[seat], `Yahtzee bonuses ${after.yahtzeeBonuses}, expected ${bonuses[seat]}`);
      scored++;
      // A target match ends after the round (every seat the same turns) in which a seat's match total reaches it.
      const earlier = prev.results.map((r) => r.totals);
      const reached =
        match.kind === 'target' && s.cards.some((c, i) => earlier.reduce((t, r) => t + r[i], 0) + cardTotal(RULE_SETS[rules], c) >= match.target);
      const roundDone = scored % seats === 0;
      if (s.phase === 'gameOver') {
        check(scored === boxCount * seats || (reached && roundDone), `the game ended after ${scored} scores`);
        check(reached || s.cards.every((c) => Object.keys(c.boxes).length === boxCount), 'the game ended with a box open');
        const totals = s.cards.map((c, i) => expectedTotal(rules, c, bonuses[i]));
        check(JSON.stringify(s.results[s.results.length - 1].totals) === JSON.stringify(totals), `results ${JSON.stringify(s.results)}, expected ${totals}`);
      } else {
        check(scored < boxCount * seats, `the game goes on after ${scored} scores`);
        check(!(reached && roundDone), `the game goes on after the round in which the target ${JSON.stringify(match)} was reached`);
        check(s.current === (seat + 1) % seats, 'the turn did not pass to the next seat');
      }
    }
    if (a.action.type === 'next-game') {
      scored = 0;
      bonuses = Array<number>(seats).fill(0);
      check(s.cards.every((c) => Object.keys(c.boxes).length === 0), 'next-game kept filled boxes');
    }
    s.cards.forEach((c, i) => check(cardTotal(RULE_SETS[rules], c) === expectedTotal(rules, c, bonuses[i]), `seat ${i}: total ${cardTotal(RULE_SETS[rules], c)}, expected ${expectedTotal(rules, c, bonuses[i])}`));
    check(isPlainJson(s), 'the state is not plain JSON');
  }
  expect(s.phase).toBe('gameOver');
  expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  return { final: s, log };
}

describe.each(Object.keys(RULE_SETS) as RuleSetId[])('properties of random play (%s)', (rules) => {
  it('random actions, legal or not, 1-4 seats: never throws, boxes filled once, 13 turns each (a target match: until the round that reaches it), totals add up, plain JSON, replayable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        matchArb,
        fc.array(stepArb, { maxLength: 300, size: 'max' }),
        (seats, seed, match, steps) => {
          const { final, log } = runAndCheck(rules, seats, seed, match, steps);
          const replayed = log.reduce(apply, newGame({ players: players(seats), seed, rules, match }));
          expect(replayed).toStrictEqual(final);
        },
      ),
      { numRuns: 40, seed: 20261129 },
    );
  });
});
