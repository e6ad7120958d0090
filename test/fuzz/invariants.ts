/**
 * What must hold after every key: the engine's invariants on the game in play, and how one key may change it.
 * The rule data used for totals is written out here from the rule sheets, not read from the engine.
 */
import { isDeepStrictEqual } from 'node:util';
import { type AppModel } from '../../src/app/index.js';
import { chartView } from '../../src/view/index.js';
import { cardSummary, scoreOptions, getRuleSet, validateGameState, type Card, type GameState, type RuleSetId } from '../../src/engine/index.js';

/** Bonuses as the sheets give them. */
const SHEET: Record<RuleSetId, { upperBonus: boolean; yahtzeeBonus: number; yahtzeeBox: string }> = {
  official: { upperBonus: true, yahtzeeBonus: 100, yahtzeeBox: 'yahtzee' },
  'free-joker': { upperBonus: true, yahtzeeBonus: 100, yahtzeeBox: 'yahtzee' },
  spectrum: { upperBonus: true, yahtzeeBonus: 0, yahtzeeBox: 'yahtzee' },
  brazilian: { upperBonus: false, yahtzeeBonus: 0, yahtzeeBox: 'general' },
};
const UPPER = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes'];

/** A broken invariant. */
export class Violation extends Error {
  override name = 'Violation';
}

function fail(text: string): never {
  throw new Violation(text);
}

/** A card's total from the sheet: every box, 35 for 63 or more in the upper boxes, each Yahtzee bonus. */
export function sheetTotal(rules: RuleSetId, card: Card): number {
  const values = Object.values(card.boxes);
  const upper = UPPER.reduce((s, id) => s + (card.boxes[id] ?? 0), 0);
  const sheet = SHEET[rules];
  return values.reduce((s, v) => s + v, 0) + (sheet.upperBonus && upper >= 63 ? 35 : 0) + card.yahtzeeBonuses * sheet.yahtzeeBonus;
}

const filledCount = (g: GameState) => g.cards.reduce((n, c) => n + Object.keys(c.boxes).length, 0);
const allEmpty = (g: GameState) => g.cards.every((c) => Object.keys(c.boxes).length === 0 && c.yahtzeeBonuses === 0);

/** True when every box filled in `before` is filled in `after` with the same points (the same game, later). */
function extends_(before: GameState, after: GameState): boolean {
  if (before.cards.length !== after.cards.length) return false;
  return before.cards.every((c, seat) => Object.entries(c.boxes).every(([box, points]) => after.cards[seat].boxes[box] === points));
}

/** Game states already checked: a key that leaves the game alone hands over the same object, checked once. */
const checked = new WeakSet<GameState>();

/** The invariants of one model on its own: the game is valid and its totals are the boxes plus bonuses. */
export function checkModel(model: AppModel): void {
  const g = model.game;
  if (g === null || checked.has(g)) return;
  const v = validateGameState(g);
  if (!v.ok) fail(`validateGameState: ${v.error}`);
  if (!Number.isInteger(g.rollsUsed) || g.rollsUsed < 1 || g.rollsUsed > 3) fail(`rollsUsed is ${g.rollsUsed}`);
  const totals = g.cards.map((c) => sheetTotal(g.rules, c));
  g.cards.forEach((_, seat) => {
    const summary = cardSummary(g, seat).total;
    if (summary !== totals[seat]) fail(`seat ${seat}: the engine's total ${summary} is not the boxes plus bonuses ${totals[seat]}`);
  });
  const totalRow = chartView(model).rows.find((r) => r.total === true);
  const shown = totalRow?.cells.map((c) => c.text);
  if (!isDeepStrictEqual(shown, totals.map(String))) fail(`the chart's TOTAL row shows ${JSON.stringify(shown)}, the boxes plus bonuses are ${JSON.stringify(totals)}`);
  checked.add(g);
}

/** What happened between two models: a key (and the app action it gave), a resize, or another event of the App. */
export type Step =
  | { readonly kind: 'key'; readonly name: string; readonly ctrlC: boolean; readonly action: string; readonly undo?: boolean }
  | { readonly kind: 'resize'; readonly columns: number; readonly rows: number }
  | { readonly kind: 'app'; readonly action: string };

/**
 * How one key (or resize, or App event) may change the model, and above all the game: a refusal changes nothing; a
 * filled box keeps its points (only practice undo takes a move back, checked by the caller); one key fills at most
 * one box, the current player's, with what the dice score there; held dice stay on a roll.
 */
export function checkStep(before: AppModel, after: AppModel, step: Step): void {
  if (before.layout !== after.layout) fail('the layout changed');
  // The rule set and the match are the setup's to choose (r, and m or the competition question's answer); nothing else
  // changes the settings.
  const chosen = before.screen === 'setup' && step.kind === 'key' && ['setup-rules', 'choose-match', 'submit'].includes(step.action);
  const { rules: rulesBefore, match: matchBefore, ...restBefore } = before.settings;
  const { rules: rulesAfter, match: matchAfter, ...restAfter } = after.settings;
  if (!isDeepStrictEqual(restBefore, restAfter)) fail('the settings changed');
  if (!chosen && (rulesBefore !== rulesAfter || !isDeepStrictEqual(matchBefore, matchAfter))) fail(`the rules or the match changed outside the setup, by ${JSON.stringify(step)}`);
  if (step.kind === 'resize') {
    if (after.size.columns !== step.columns || after.size.rows !== step.rows) fail(`resized to ${step.columns}x${step.rows} but the model says ${after.size.columns}x${after.size.rows}`);
    if (after.game !== before.game || after.screen !== before.screen) fail('a resize changed the game or the screen');
    return;
  }
  if (!isDeepStrictEqual(after.size, before.size)) fail(`${step.kind === 'key' ? 'a key' : step.action} changed the terminal size`);
  if (step.kind === 'key' && step.ctrlC && after.screen !== 'done') fail('Ctrl-C did not quit');
  if (before.screen === 'done') {
    if (after !== before && !isDeepStrictEqual(after, before)) fail('a key changed the model after the app quit');
    return;
  }
  // A refusal puts a new error on the message line (a message left from an earlier key is the same object).
  const what = step.kind === 'key' ? `key ${step.name} (${step.action})` : step.action;
  if (after.message?.tone === 'error' && after.message !== before.message) {
    if (!isDeepStrictEqual(after.game, before.game)) fail(`a refused ${what} ("${after.message.text}") changed the game`);
    if (after.screen !== before.screen) fail(`a refused ${what} ("${after.message.text}") changed the screen`);
  }
  if (step.kind === 'key' && step.undo === true) return;
  const a = before.game;
  const b = after.game;
  if (b === null) {
    if (a !== null) fail('the game disappeared');
    return;
  }
  if (a === null || !extends_(a, b)) {
    // A new game: from the setup, after a finished game of a match, or a new match after the last one.
    if (a !== null && a.phase !== 'gameOver') fail(`boxes changed or emptied while the game was on (phase ${a.phase})`);
    if (!allEmpty(b)) fail('a new game started with boxes already filled');
    if (b.rollsUsed !== 1 || b.current !== 0) fail('a new game did not start with the first roll of the first seat');
    if (a !== null) {
      const nextOfMatch = isDeepStrictEqual(b.results, a.results) && b.seed === a.seed;
      const newMatch = b.results.length === 0 && b.seed === ((a.seed + 1) >>> 0);
      if (!nextOfMatch && !newMatch) fail('a new game neither continues the match nor starts the next match');
    }
    return;
  }
  // The same game, possibly a key later.
  if (!isDeepStrictEqual(b.results.slice(0, a.results.length), a.results)) fail('a finished game\'s result changed');
  const added = filledCount(b) - filledCount(a);
  if (added < 0 || added > 1) fail(`${added} boxes filled by one key`);
  const rules = SHEET[a.rules];
  if (added === 1) {
    const seat = a.current;
    const box = Object.keys(b.cards[seat].boxes).find((id) => !(id in a.cards[seat].boxes));
    if (box === undefined) fail(`a box was filled outside the card of seat ${seat}, whose turn it was`);
    if (a.phase === 'gameOver') fail('a box was filled after the game was over');
    const option = scoreOptions(getRuleSet(a.rules), a.cards[seat], a.dice).boxes.find((o) => o.box === box);
    if (!option?.allowed) fail(`${box} was scored though the rules did not allow it`);
    if (b.cards[seat].boxes[box] !== option.points) fail(`${box} got ${b.cards[seat].boxes[box]}, the dice ${a.dice.join('')} score ${option.points} there`);
    const bonus = b.cards[seat].yahtzeeBonuses - a.cards[seat].yahtzeeBonuses;
    const five = a.dice.every((d) => d === a.dice[0]);
    const earned = rules.yahtzeeBonus > 0 && five && a.cards[seat].boxes[rules.yahtzeeBox] === 50 ? 1 : 0;
    if (bonus !== earned) fail(`Yahtzee bonuses went up by ${bonus} scoring ${box} with ${a.dice.join('')}, the sheet says ${earned}`);
    const othersSame = b.cards.every((c, i) => i === seat || c.yahtzeeBonuses === a.cards[i].yahtzeeBonuses);
    if (!othersSame) fail('another seat\'s Yahtzee bonuses changed');
    if (b.phase !== 'gameOver' && (b.rollsUsed !== 1 || b.current !== (a.current + 1) % a.players.length)) fail('after scoring, the next seat did not start with its first roll');
    if (b.phase === 'gameOver' && b.results.length !== a.results.length + 1) fail('the game ended without its result');
    // The game ends when the last seat of a round has scored and the cards are full, or, in a match to a target
    // score, a seat's total over the games (from the sheet's totals) has reached it: never elsewhere.
    const roundDone = b.current === 0 || b.phase === 'gameOver' ? b.cards.every((c) => Object.keys(c.boxes).length === Object.keys(b.cards[0].boxes).length) : false;
    const full = b.cards.every((c) => Object.keys(c.boxes).length === getRuleSet(b.rules).boxes.length);
    const earlier = a.results.map((r) => r.totals);
    const reached = b.match.kind === 'target' && b.cards.some((c, i) => earlier.reduce((t, r) => t + r[i], 0) + sheetTotal(b.rules, c) >= (b.match as { target: number }).target);
    const shouldEnd = seat === a.players.length - 1 && roundDone && (full || reached);
    if ((b.phase === 'gameOver') !== shouldEnd) fail(`after ${box} the game is ${b.phase === 'gameOver' ? 'over' : 'on'}, but the round ${roundDone ? 'is' : 'is not'} done, the cards ${full ? 'are' : 'are not'} full and the target ${reached ? 'is' : 'is not'} reached`);
    return;
  }
  if (!isDeepStrictEqual(b.cards, a.cards)) fail('a card changed without a box being filled');
  if (b.current !== a.current) fail('the turn passed without a box being filled');
  if (b.results.length !== a.results.length) fail('results changed without a box being filled');
  if (b.phase === 'gameOver' && a.phase !== 'gameOver') fail('the game ended without a box being filled');
  if (b.rollsUsed !== a.rollsUsed && b.rollsUsed !== a.rollsUsed + 1) fail(`rollsUsed went from ${a.rollsUsed} to ${b.rollsUsed}`);
  const rolled = b.rollsUsed === a.rollsUsed + 1;
  if (rolled) {
    if (a.phase !== 'rolling') fail('the dice were rolled outside the rolling');
    a.held.forEach((h, i) => {
      if (h && b.dice[i] !== a.dice[i]) fail(`held die ${'ABCDE'[i]} changed from ${a.dice[i]} to ${b.dice[i]} on a roll`);
    });
  } else if (!isDeepStrictEqual(b.dice, a.dice)) fail('the dice changed without a roll');
}
