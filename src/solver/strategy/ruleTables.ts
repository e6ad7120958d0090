// From the engine's own files, not its index: the strategy table's worker thread (workers/strategyThread.ts) then
// loads only the scoring, not the rest of the engine (names.ts's text widths among it).
import { EMPTY_CARD, scoreOptions, yahtzeeBox } from '../../engine/card.js';
import { isYahtzee } from '../../engine/dice.js';
import type { Card, RuleSetId } from '../../engine/index.js';
import { getRuleSet } from '../../engine/rules/index.js';
import { FACES_OF, FIVE_ALIKE, ROLL_COUNT } from '../dice/multisets.js';

/**
 * One rule set as flat numeric tables, read off the engine's scoreOptions once, so the solver's hot loop never
 * calls the engine. Plain data (typed arrays and numbers) so it can be sent to worker threads.
 */
export interface RuleTables {
  readonly rules: RuleSetId;
  readonly boxCount: number;
  /** Box ids in the rule set's order; box b is bit b of a filled-boxes mask. */
  readonly boxIds: readonly string[];
  /** The face of each upper box, 0 for lower boxes. */
  readonly upperFace: Int8Array;
  /** points[b * ROLL_COUNT + r]: what roll r scores in box b while the Yahtzee box is open (no Joker). */
  readonly points: Float64Array;
  /** The Yahtzee box's index, or -1 when the rule set has none. */
  readonly yahtzeeBox: number;
  /** The Yahtzee box's full points (50); holding them keeps the Yahtzee bonus alive. */
  readonly yahtzeeFull: number;
  /** jokerPoints[(f - 1) * boxCount + b]: what five alike of f score in box b once the Yahtzee box is filled. */
  readonly jokerPoints: Float64Array;
  /** jokerAllowed[mask * 6 + f - 1]: the boxes five alike of f may use once the Yahtzee box is filled (bitmask). */
  readonly jokerAllowed: Uint16Array;
  /** The Yahtzee bonus earned by five alike of f while the Yahtzee box holds its full points. */
  readonly jokerBonus: Float64Array;
  /** The upper total that earns the upper bonus (0 when the rule set has none). */
  readonly threshold: number;
  /** The upper bonus's points (0 when none). */
  readonly upperBonus: number;
  /** Size of the upper-total dimension: threshold + 1 (totals are capped at the threshold), or 1. */
  readonly upperSize: number;
  /** Size of the Yahtzee-box-holds-full-points dimension: 2 with a Yahtzee bonus, else 1. */
  readonly flagSize: number;
}

function cardOfMask(ids: readonly string[], mask: number, yahtzeeId: string | undefined, yahtzeePoints: number): Card {
  const boxes: Record<string, number> = {};
  ids.forEach((id, b) => {
    if (mask & (1 << b)) boxes[id] = id === yahtzeeId ? yahtzeePoints : 0;
  });
  return { boxes, yahtzeeBonuses: 0 };
}

/**
 * Which masks' Joker entries to build: all of them, or the lower or upper half of the masks (below or from the
 * last box's bit), which two threads can build at once (jokerAllowedPart, then mergeJokerPart).
 */
export type JokerHalf = 'all' | 'low' | 'high';

function jokerMasks(n: number, half: JokerHalf): [number, number] {
  const mid = 1 << (n - 1);
  return half === 'low' ? [0, mid] : half === 'high' ? [mid, 1 << n] : [0, 1 << n];
}

/** Fills jokerAllowed (see RuleTables) for the masks in [from, to) that have the Yahtzee box filled. */
function fillJokerAllowed(id: RuleSetId, jokerAllowed: Uint16Array, from: number, to: number): void {
  const rules = getRuleSet(id);
  const yDef = yahtzeeBox(rules);
  if (!yDef) return;
  const boxIds = rules.boxes.map((b) => b.id);
  const yBit = 1 << boxIds.indexOf(yDef.id);
  const fives = [1, 2, 3, 4, 5, 6].map((f) => FACES_OF[FIVE_ALIKE[f]]);
  // Every card with the Yahtzee box filled (with 0) and each five alike: one card per mask for the six.
  for (let mask = from; mask < to; mask++) {
    if (!(mask & yBit)) continue;
    const card = cardOfMask(boxIds, mask, yDef.id, 0);
    for (let f = 1; f <= 6; f++) {
      const opts = scoreOptions(rules, card, fives[f - 1]).boxes;
      let allowed = 0;
      for (let b = 0; b < opts.length; b++) if (opts[b].allowed) allowed |= 1 << b;
      jokerAllowed[mask * 6 + f - 1] = allowed;
    }
  }
}

/** The jokerAllowed entries of one half of the masks (the rest 0), built while another thread builds the rest. */
export function jokerAllowedPart(id: RuleSetId, half: Exclude<JokerHalf, 'all'>): Uint16Array {
  const n = getRuleSet(id).boxes.length;
  const part = new Uint16Array((1 << n) * 6);
  const [from, to] = jokerMasks(n, half);
  fillJokerAllowed(id, part, from, to);
  return part;
}

/** Completes tables built with `half` from the other half's part (jokerAllowedPart). */
export function mergeJokerPart(t: RuleTables, half: Exclude<JokerHalf, 'all'>, part: Uint16Array): void {
  if (part.length !== t.jokerAllowed.length) throw new RangeError('a Joker part of other rules');
  const [from, to] = jokerMasks(t.boxCount, half === 'low' ? 'high' : 'low');
  t.jokerAllowed.set(part.subarray(from * 6, to * 6), from * 6);
}

/**
 * Builds the solver's tables for a rule set from the engine's scoring (about 25,000 scoreOptions calls, nearly all
 * for the Joker's boxes: with `half`, only those of that half of the masks, the rest left 0 for mergeJokerPart).
 */
export function buildRuleTables(id: RuleSetId, half: JokerHalf = 'all'): RuleTables {
  const rules = getRuleSet(id);
  const n = rules.boxes.length;
  if (n > 16) throw new Error(`the solver handles at most 16 boxes (${id} has ${n})`);
  const boxIds = rules.boxes.map((b) => b.id);
  const upperFace = Int8Array.from(rules.boxes.map((b) => (b.scoring.kind === 'upper' ? b.scoring.face : 0)));
  const yDef = yahtzeeBox(rules);
  const yIndex = yDef ? boxIds.indexOf(yDef.id) : -1;
  const yFull = yDef && yDef.scoring.kind === 'yahtzee' ? yDef.scoring.points : 0;

  const points = new Float64Array(n * ROLL_COUNT);
  for (let r = 0; r < ROLL_COUNT; r++) {
    const opts = scoreOptions(rules, EMPTY_CARD, FACES_OF[r]);
    opts.boxes.forEach((o, b) => {
      const face = upperFace[b];
      if (face > 0 && o.points !== face * FACES_OF[r].filter((d) => d === face).length) {
        throw new Error(`${id}: upper box ${o.box} does not score the sum of its face`);
      }
      points[b * ROLL_COUNT + r] = o.points;
    });
  }

  const jokerPoints = new Float64Array(6 * n);
  const jokerBonus = new Float64Array(6);
  const jokerAllowed = new Uint16Array((1 << n) * 6);
  if (yIndex >= 0) {
    const yBit = 1 << yIndex;
    for (let f = 1; f <= 6; f++) {
      const dice = FACES_OF[FIVE_ALIKE[f]];
      if (!isYahtzee(dice)) throw new Error('five alike table is wrong');
      const full = scoreOptions(rules, cardOfMask(boxIds, yBit, yDef!.id, yFull), dice);
      const zero = scoreOptions(rules, cardOfMask(boxIds, yBit, yDef!.id, 0), dice);
      if (zero.yahtzeeBonus !== 0) throw new Error(`${id}: a Yahtzee bonus with 0 in the Yahtzee box is not modelled`);
      jokerBonus[f - 1] = full.yahtzeeBonus;
      full.boxes.forEach((o, b) => (jokerPoints[(f - 1) * n + b] = o.points));
    }
    fillJokerAllowed(id, jokerAllowed, ...jokerMasks(n, half));
  }
  const threshold = rules.upperBonus?.threshold ?? 0;
  return {
    rules: id,
    boxCount: n,
    boxIds,
    upperFace,
    points,
    yahtzeeBox: yIndex,
    yahtzeeFull: yFull,
    jokerPoints,
    jokerAllowed,
    jokerBonus,
    threshold,
    upperBonus: rules.upperBonus?.points ?? 0,
    upperSize: rules.upperBonus ? threshold + 1 : 1,
    flagSize: rules.yahtzeeBonus > 0 && yIndex >= 0 ? 2 : 1,
  };
}

/** The tables of each rule set, built on first use. */
const built = new Map<RuleSetId, RuleTables>();

/** Uses tables built in another thread, unless this one has the rule set's already; returns the tables in use. */
export function adoptRuleTables(t: RuleTables): RuleTables {
  const have = built.get(t.rules);
  if (have) return have;
  built.set(t.rules, t);
  return t;
}

/** The rule set's tables, built once per process. */
export function ruleTables(id: RuleSetId): RuleTables {
  let t = built.get(id);
  if (!t) {
    t = buildRuleTables(id);
    built.set(id, t);
  }
  return t;
}
