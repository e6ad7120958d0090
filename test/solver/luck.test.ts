import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsFrom, update, type AppAction, type AppModel } from '../../src/app/index.js';
import { EMPTY_CARD, RULE_SET_IDS, getRuleSet, legalBoxes, rollsLeft, seedRng, type Face, type RuleSetId } from '../../src/engine/index.js';
import { casualMove, chooseMove, loadOrSolve, luckOfGame, turnStartValue, type DecisionRecord, type StrategyTable } from '../../src/solver/index.js';
import { start } from '../app/helpers.js';
import { tempDir } from './helpers.js';

/** How a seat plays in these games: any legal move at random, the casual player's greedy moves, or the table's. */
type Player = 'random' | 'casual' | 'optimal' | 'strong';

const tables = new Map<RuleSetId, StrategyTable>();
// A cache of this file's own (other files check what happens when the shared one holds no table).
const env = { XDG_CACHE_HOME: tempDir('luck') };
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

beforeAll(async () => {
  for (const id of RULE_SET_IDS) tables.set(id, await loadOrSolve(id, { env }));
}, 240_000);

/** A small seeded generator for the random player (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const act = (m: AppModel, action: AppAction): AppModel => update(m, action);

/** Scores `box` as a player does: stop rolling if need be, put the cursor on it, score. */
function scoreBox(m: AppModel, box: string): AppModel {
  const stopped = m.game!.phase === 'rolling' ? act(m, { type: 'stop-rolling' }) : m;
  return act({ ...stopped, cursor: box }, { type: 'score-cursor' });
}

/** Holds exactly `hold` (die by die, as the keys do) and rolls. */
function holdAndRoll(m: AppModel, hold: readonly boolean[]): AppModel {
  let next = m;
  hold.forEach((h, die) => {
    if (next.game!.held[die] !== h) next = act(next, { type: 'toggle-die', die });
  });
  return act(next, { type: 'roll' });
}

/** One move of the seat to move, by the app's actions (so the decisions are recorded as in a real game). */
function move(m: AppModel, kind: Player, table: StrategyTable, next: () => number): AppModel {
  const g = m.game!;
  const position = { card: g.cards[g.current], dice: g.dice, rollsLeft: rollsLeft(g) };
  if (kind === 'random') {
    const boxes = legalBoxes(g);
    if (g.phase === 'rolling' && position.rollsLeft > 0 && next() < 0.6) {
      let hold = g.dice.map(() => next() < 0.5);
      if (hold.every((h) => h)) hold = hold.map((h, i) => (i === 0 ? false : h));
      return holdAndRoll(m, hold);
    }
    return scoreBox(m, boxes[Math.floor(next() * boxes.length)].id);
  }
  const decision = kind === 'casual' ? casualMove(getRuleSet(g.rules), position) : chooseMove(table, kind, position, seedRng(Math.floor(next() * 2 ** 31))).decision;
  return decision.kind === 'score' ? scoreBox(m, decision.box) : holdAndRoll(m, decision.hold);
}

interface GameSpec {
  readonly seed: number;
  readonly seats: readonly Player[];
  /** A first-to match's target (the game then may end with boxes open), or none. */
  readonly target: number | null;
  /** Practice (one seat): moves taken back now and then. */
  readonly practice: boolean;
}

/** Plays one game through the app to its end; every seat is a person, played by its kind. */
function playThrough(rules: RuleSetId, spec: GameSpec): AppModel {
  const table = tables.get(rules)!;
  const names = spec.seats.map((_, i) => `P${i + 1}`);
  let m = start(
    { rules, players: spec.seats.length, names, practice: spec.practice, match: spec.target !== null ? { kind: 'target', target: spec.target } : { kind: 'single' } },
    { seed: spec.seed },
  );
  const next = random(spec.seed ^ 0x9e3779b9);
  for (let steps = 0; m.game!.phase !== 'gameOver'; steps++) {
    if (steps > 2000) throw new Error('the game did not end');
    if (spec.practice && m.undo.length > 0 && next() < 0.1) m = act(m, { type: 'undo' });
    else m = move(m, spec.seats[m.game!.current], table, next);
  }
  return m;
}

const recordsOf = (m: AppModel, seat: number): DecisionRecord[] => m.decisions.filter((d) => d.seat === seat).map((d) => d.record);

const gameSpec = fc.oneof(
  fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    seats: fc.array(fc.constantFrom<Player>('random', 'casual', 'optimal', 'strong'), { minLength: 1, maxLength: 4 }),
    target: fc.option(fc.integer({ min: 40, max: 200 }), { nil: null }),
    practice: fc.constant(false),
  }),
  fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    seats: fc.tuple(fc.constantFrom<Player>('random', 'casual', 'optimal')),
    target: fc.constant(null),
    practice: fc.constant(true),
  }),
);

describe('luck and skill: final score = fresh value + luck - loss - unplayed, for every person of every game', () => {
  it.each(RULE_SET_IDS)('%s: random games by random, casual, strong and optimal players, target matches and practice with undo', (rules) => {
    const table = tables.get(rules)!;
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const m = playThrough(rules, spec);
        const g = m.game!;
        g.players.forEach((_, seat) => {
          const result = luckOfGame(table, recordsOf(m, seat), g.cards[seat]);
          if (!result.ok) throw new Error(`seat ${seat + 1}: ${result.reason}`);
          const s = result.split;
          expect(s.fresh).toBe(turnStartValue(table, EMPTY_CARD));
          expect(s.final).toBe(g.results[g.results.length - 1].totals[seat]);
          expect(Math.abs(s.fresh + s.luck - s.loss - s.unplayed - s.final)).toBeLessThan(1e-9);
          expect(s.loss).toBeGreaterThanOrEqual(0);
          expect(s.unplayed).toBe(spec.target === null ? 0 : s.unplayed);
          if (spec.seats[seat] === 'optimal') expect(s.loss).toBeLessThan(1e-9);
        });
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it.each<RuleSetId>(['official', 'free-joker'])('%s: a game with a Yahtzee bonus (and so a Joker) adds up too', (rules) => {
    const table = tables.get(rules)!;
    let m: AppModel | undefined;
    for (let seed = 0; seed < 400 && m === undefined; seed++) {
      const played = playThrough(rules, { seed, seats: ['optimal'], target: null, practice: false });
      if (played.game!.cards[0].yahtzeeBonuses > 0) m = played;
    }
    expect(m).toBeDefined();
    const result = luckOfGame(table, recordsOf(m!, 0), m!.game!.cards[0]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Math.abs(result.split.fresh + result.split.luck - result.split.loss - result.split.final)).toBeLessThan(1e-9);
  }, 120_000);

  it('a target match that ends with boxes open: the unplayed turns are the open card\'s expected rest', () => {
    const table = tables.get('official')!;
    const m = playThrough('official', { seed: 11, seats: ['optimal', 'casual'], target: 60, practice: false });
    const g = m.game!;
    g.players.forEach((_, seat) => {
      const result = luckOfGame(table, recordsOf(m, seat), g.cards[seat]);
      expect(result.ok && result.split.unplayed).toBe(turnStartValue(table, g.cards[seat]));
      expect(result.ok && result.split.unplayed).toBeGreaterThan(0);
    });
  });
});

describe('luck and skill: a record that is not the whole game is said to be so, never split', () => {
  const table = () => tables.get('official')!;
  const whole = () => {
    const m = playThrough('official', { seed: 5, seats: ['casual'], target: null, practice: false });
    return { records: recordsOf(m, 0), card: m.game!.cards[0] };
  };

  it.each<[string, (r: DecisionRecord[]) => DecisionRecord[], RegExp]>([
    ['nothing recorded', () => [], /no decision/],
    ['a record that starts after the first turn (a resume without its decisions)', (r) => r.slice(r.findIndex((d) => d.choice.kind === 'score') + 1), /does not start/],
    ['a turn missing in the middle', (r) => {
      const scores = r.flatMap((d, i) => (d.choice.kind === 'score' ? [i] : []));
      return [...r.slice(0, scores[3] + 1), ...r.slice(scores[4] + 1)];
    }, /turn is missing/],
    ['the last box missing', (r) => r.slice(0, -1), /does not end on its final card|ends during a turn/],
  ])('%s', (_, cut, reason) => {
    const { records, card } = whole();
    const result = luckOfGame(table(), cut(records), card);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('a roll missing inside a turn: its dice do not hold the keep before them', () => {
    const { records, card } = whole();
    const i = records.findIndex((d, k) => d.choice.kind === 'keep' && d.choice.keep.length > 0 && records[k + 1]?.choice.kind !== 'score');
    const choice = records[i].choice;
    const other: Face = choice.kind === 'keep' && choice.keep[0] === 6 ? 1 : 6;
    const broken = records.map((d, k) => (k === i + 1 ? { ...d, dice: [other, other, other, other, other] as typeof d.dice } : d));
    const result = luckOfGame(table(), broken, card);
    expect(!result.ok && result.reason).toMatch(/roll is missing/);
  });

  it('the decisions as a save keeps them (JSON, read back by decisionsFrom) split the same: a resumed game is whole', () => {
    const m = playThrough('official', { seed: 8, seats: ['casual', 'random'], target: null, practice: false });
    const back = decisionsFrom(JSON.parse(JSON.stringify(m.decisions)), m.game!);
    expect(back).toHaveLength(m.decisions.length);
    for (const seat of [0, 1]) {
      const records = back.filter((d) => d.seat === seat).map((d) => d.record);
      expect(luckOfGame(table(), records, m.game!.cards[seat])).toEqual(luckOfGame(table(), recordsOf(m, seat), m.game!.cards[seat]));
    }
  });

  it('the whole record splits', () => {
    const { records, card } = whole();
    expect(luckOfGame(table(), records, card).ok).toBe(true);
  });
});
