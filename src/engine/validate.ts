import { cardTotal, isCardComplete, isFilled, yahtzeeBox, type Card } from './card.js';
import { DICE_COUNT, isDice } from './dice.js';
import { isMatchComplete } from './match.js';
import { isRngState } from './rng.js';
import { getRuleSet, isRuleSetId, type RuleSet } from './rules/index.js';
import { checkName, sameName, SAVED_NAME_COLUMNS } from './names.js';
import { possibleScores } from './scoring.js';
import { MAX_PLAYERS, MAX_ROLLS, STRENGTH_IDS, type GameResult, type GameState, type MatchKind, type Player } from './state.js';

/** The outcome of checking a game state read from outside (a saved game): the state, or the first reason it is impossible. */
export type Validation = { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly error: string };

class Invalid extends Error {}

/** "1 box", "3 boxes". */
const boxesWord = (n: number): string => `${n} ${n === 1 ? 'box' : 'boxes'}`;

function fail(message: string): never {
  throw new Invalid(message);
}

/** True when value is a JSON object (not null, not an array). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Why `name` cannot be a player's name in a saved game or the high scores, or null when it can (the rule of names.ts). */
export function nameProblem(name: unknown): string | null {
  return checkName(name, SAVED_NAME_COLUMNS);
}

/** The highest total a card can reach under `rules` (every box at its best, both bonuses, a bonus on every further turn). */
export function maxCardTotal(rules: RuleSet): number {
  const boxes = rules.boxes.reduce((s, b) => s + Math.max(...possibleScores(b.scoring)), 0);
  return boxes + (rules.upperBonus?.points ?? 0) + rules.yahtzeeBonus * (rules.boxes.length - 1);
}

/** Why `value` cannot be a score card under `rules`, or null when it can: known boxes, possible scores, Yahtzee bonuses earned. */
export function cardProblem(rules: RuleSet, value: unknown): string | null {
  if (!isObject(value)) return 'it is not a score card';
  const { boxes, yahtzeeBonuses } = value;
  if (!isObject(boxes)) return 'its boxes are missing';
  for (const [id, points] of Object.entries(boxes)) {
    const def = rules.boxes.find((b) => b.id === id);
    if (!def) return `there is no box "${id}" in the ${rules.title}`;
    if (typeof points !== 'number' || !possibleScores(def.scoring).has(points)) return `${def.name} cannot hold ${JSON.stringify(points)} points`;
  }
  if (!isCount(yahtzeeBonuses)) return 'its Yahtzee bonus count is not a whole number of 0 or more';
  if (yahtzeeBonuses > 0) {
    if (rules.yahtzeeBonus === 0) return `the ${rules.title} have no Yahtzee bonus, but the card has ${yahtzeeBonuses}`;
    const yBox = yahtzeeBox(rules);
    if (!yBox || yBox.scoring.kind !== 'yahtzee' || boxes[yBox.id] !== yBox.scoring.points) {
      return `it has ${yahtzeeBonuses} Yahtzee bonus(es) without ${yBox && yBox.scoring.kind === 'yahtzee' ? yBox.scoring.points : 50} in the ${yBox?.name ?? 'Yahtzee'} box`;
    }
    // The turn that put 50 in the Yahtzee box earned no bonus; each bonus needs a further turn.
    const turns = Object.keys(boxes).length;
    if (yahtzeeBonuses > turns - 1) return `it has ${yahtzeeBonuses} Yahtzee bonus(es) after only ${turns} turns`;
  }
  return null;
}

function checkPlayers(value: unknown): readonly Player[] {
  if (!Array.isArray(value)) fail('the players are missing');
  if (value.length < 1 || value.length > MAX_PLAYERS) fail(`a game has 1 to ${MAX_PLAYERS} players, not ${value.length}`);
  value.forEach((p: unknown, i) => {
    const seat = `player ${i + 1}`;
    if (!isObject(p)) fail(`${seat} is not a player`);
    const problem = nameProblem(p.name);
    if (problem) fail(`${seat}: ${problem}`);
    const name = p.name as string;
    if (p.kind !== 'human' && p.kind !== 'computer') fail(`${seat} (${name}) is neither human nor computer`);
    if (p.strength !== undefined) {
      if (p.kind === 'human') fail(`${seat} (${name}) is human but has a computer strength`);
      if (!(STRENGTH_IDS as readonly unknown[]).includes(p.strength)) fail(`${seat} (${name}) has an unknown strength ${JSON.stringify(p.strength)}`);
    }
    const same = (value as { name: string }[]).slice(0, i).findIndex((q) => sameName(q.name, name));
    if (same >= 0) fail(`${seat} (${name}) reads the same as player ${same + 1}: two players cannot share a name`);
  });
  return value as Player[];
}

/** The largest match the game sets up (as --games and --target, and the setup's questions): a saved one is no bigger. */
export const MATCH_MAX = { games: 99, target: 99999 } as const;

function checkMatch(value: unknown): MatchKind {
  if (!isObject(value)) fail('the match is missing');
  const inRange = (v: unknown, max: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= max;
  if (value.kind === 'single') return value as MatchKind;
  if (value.kind === 'games') {
    if (!inRange(value.games, MATCH_MAX.games)) fail(`a match of a number of games needs a whole number of games from 1 to ${MATCH_MAX.games}`);
    return value as MatchKind;
  }
  if (value.kind === 'target') {
    if (!inRange(value.target, MATCH_MAX.target)) fail(`a match to a target score needs a whole target from 1 to ${MATCH_MAX.target}`);
    return value as MatchKind;
  }
  return fail(`unknown match kind ${JSON.stringify(value.kind)}`);
}

function checkResults(value: unknown, seats: number, rules: RuleSet): readonly GameResult[] {
  if (!Array.isArray(value)) fail('the results of the match are missing');
  const max = maxCardTotal(rules);
  value.forEach((r: unknown, g) => {
    if (!isObject(r) || !Array.isArray(r.totals)) fail(`result of game ${g + 1} has no totals`);
    if (r.totals.length !== seats) fail(`result of game ${g + 1} has ${r.totals.length} totals for ${seats} players`);
    for (const t of r.totals) {
      if (!isCount(t) || t > max) fail(`result of game ${g + 1} has an impossible total ${JSON.stringify(t)}`);
    }
  });
  return value as GameResult[];
}

function checkCards(value: unknown, players: readonly Player[], rules: RuleSet): readonly Card[] {
  if (!Array.isArray(value)) fail('the score cards are missing');
  if (value.length !== players.length) fail(`there are ${value.length} score cards for ${players.length} players`);
  value.forEach((c: unknown, i) => {
    const problem = cardProblem(rules, c);
    if (problem) fail(`the card of player ${i + 1} (${players[i].name}): ${problem}`);
  });
  return value as Card[];
}

/** Whose turn it is must match the cards: seats before `current` have one box more than `current` and the seats after it. */
function checkTurnOrder(cards: readonly Card[], players: readonly Player[], current: number, rules: RuleSet, over: boolean, atTarget: boolean): void {
  const filled = cards.map((c) => rules.boxes.filter((b) => isFilled(c, b.id)).length);
  if (over && atTarget && !cards.every((c) => isCardComplete(rules, c))) {
    // A target match ends after the round in which the target is reached: every seat has had the same turns.
    filled.forEach((n, i) => {
      if (n !== filled[0]) fail(`the match ended at its target, but player ${i + 1} (${players[i].name}) has ${boxesWord(n)} filled and player 1 (${players[0].name}) ${filled[0]}`);
    });
    return;
  }
  if (over) {
    cards.forEach((c, i) => {
      if (!isCardComplete(rules, c)) fail(`the game is over but the card of player ${i + 1} (${players[i].name}) has ${filled[i]} of ${rules.boxes.length} boxes filled`);
    });
    return;
  }
  const turn = filled[current];
  if (turn >= rules.boxes.length) fail(`it is the turn of player ${current + 1} (${players[current].name}), whose card is already full`);
  filled.forEach((n, i) => {
    const expected = i < current ? turn + 1 : turn;
    if (n !== expected) {
      fail(`player ${i + 1} (${players[i].name}) has ${boxesWord(n)} filled, but ${expected} ${expected === 1 ? 'is' : 'are'} expected when player ${current + 1} (${players[current].name}) has ${turn} and it is their turn`);
    }
  });
}

function checkTurn(s: Record<string, unknown>): void {
  if (!isDice(s.dice)) fail('the dice are not five faces from 1 to 6');
  if (!Array.isArray(s.held) || s.held.length !== DICE_COUNT || !s.held.every((h) => typeof h === 'boolean')) fail('the held dice are not five true/false marks');
  if (typeof s.rollsUsed !== 'number' || !Number.isInteger(s.rollsUsed) || s.rollsUsed < 1 || s.rollsUsed > MAX_ROLLS) {
    fail(`rolls used must be 1 to ${MAX_ROLLS}, not ${JSON.stringify(s.rollsUsed)}`);
  }
  if (typeof s.clearHoldsAfterRoll !== 'boolean') fail('clearHoldsAfterRoll must be true or false');
  const anyHeld = s.held.some((h) => h);
  if (s.phase === 'rolling') {
    if (s.rollsUsed >= MAX_ROLLS) fail(`the phase is rolling, but all ${MAX_ROLLS} rolls are used`);
  } else if (s.phase === 'choosing') {
    // Holds survive into choosing only when the third roll ended the rolling and holds are kept after rolls.
    if (anyHeld && (s.rollsUsed < MAX_ROLLS || s.clearHoldsAfterRoll)) fail('dice are held while choosing a box, which the game never leaves');
  } else if (s.phase === 'gameOver') {
    if (anyHeld) fail('dice are held after the game is over');
  } else {
    fail(`unknown phase ${JSON.stringify(s.phase)}`);
  }
}

function check(value: unknown): GameState {
  if (!isObject(value)) fail('the game is not a JSON object');
  if (value.version !== 1) fail(`unknown game state version ${JSON.stringify(value.version)} (this version reads 1)`);
  if (!isRuleSetId(value.rules)) fail(`unknown rule set ${JSON.stringify(value.rules)}`);
  const rules = getRuleSet(value.rules);
  const seed = value.seed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < -0x80000000 || seed > 0xffffffff) fail('the seed is not a 32-bit whole number');
  if (!isRngState(value.rng)) fail('the random generator state is not four 32-bit whole numbers, not all zero');
  const players = checkPlayers(value.players);
  const match = checkMatch(value.match);
  const results = checkResults(value.results, players.length, rules);
  const cards = checkCards(value.cards, players, rules);
  const current = value.current;
  if (typeof current !== 'number' || !Number.isInteger(current) || current < 0 || current >= players.length) {
    fail(`the player whose turn it is (${JSON.stringify(current)}) is not a seat from 0 to ${players.length - 1}`);
  }
  checkTurn(value);
  const over = value.phase === 'gameOver';
  checkTurnOrder(cards, players, current, rules, over, match.kind === 'target' && isMatchComplete(match, results));
  if (over) {
    if (results.length === 0) fail('the game is over but it has no result');
    const last = results[results.length - 1].totals;
    cards.forEach((c, i) => {
      if (last[i] !== cardTotal(rules, c)) fail(`the result of player ${i + 1} (${players[i].name}) is ${last[i]}, but the card adds up to ${cardTotal(rules, c)}`);
    });
    if (isMatchComplete(match, results.slice(0, -1))) fail(`the match was already over after ${results.length - 1} game(s)`);
  } else if (isMatchComplete(match, results)) {
    fail(`the match is already over after ${results.length} game(s), yet a game is in play`);
  }
  return value as unknown as GameState;
}

/**
 * Checks a game state read from outside (a saved game, possibly hand-edited) against the rules:
 * its shape, the cards (only the rule set's boxes, scores each box can hold, Yahtzee bonuses earned),
 * the turn order, the dice and the phase. Pure; any JSON is refused with the reason, and anything else thrown is a
 * bug in the checks, for the crash handler (not a damaged save).
 */
export function validateGameState(value: unknown): Validation {
  try {
    return { ok: true, state: check(value) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.message };
    throw e;
  }
}
