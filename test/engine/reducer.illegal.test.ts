import { describe, expect, it } from 'vitest';
import { reduce, type Action, type GameState } from '../../src/engine/index.js';
import { act, card, dice, game, playToEnd } from './helpers.js';

const fresh = () => game(1, 42);
const afterThirdRoll = () => act(act(fresh(), { type: 'roll' }), { type: 'roll' });
const acesFilled = () => act(fresh(), { type: 'score', box: 'aces' });
const jokerOnFives = (): GameState => ({ ...fresh(), dice: dice('5-5-5-5-5'), cards: [card({ yahtzee: 50 })] });
const over = () => playToEnd(fresh());
const overOfMatch = () => playToEnd(game(2, 3, { match: { kind: 'games', games: 1 } }));

/** An action as bad input might deliver it, unchecked by the type system. */
const raw = (value: unknown) => value as Action;

const CASES: [string, () => GameState, Action, RegExp][] = [
  ['a fourth roll', afterThirdRoll, { type: 'roll' }, /No rolls left/],
  ['a hold after the third roll', afterThirdRoll, { type: 'toggle-hold', die: 0 }, /^No rolls left: choose a box$/],
  ['a roll after stop-rolling, with rolls left', () => act(fresh(), { type: 'stop-rolling' }), { type: 'roll' }, /^The rolling is over: choose a box$/],
  ['clear-holds after stop-rolling', () => act(fresh(), { type: 'stop-rolling' }), { type: 'clear-holds' }, /choose a box/],
  ['stop-rolling twice', () => act(fresh(), { type: 'stop-rolling' }), { type: 'stop-rolling' }, /already over/],
  ['resume-rolling while rolling', fresh, { type: 'resume-rolling' }, /^The rolling is not over$/],
  ['resume-rolling after the third roll', afterThirdRoll, { type: 'resume-rolling' }, /^No rolls left: choose a box$/],
  ['resume-rolling after the game ends', over, { type: 'resume-rolling' }, /The game is over/],
  ['a filled box (no regret: sheet 000; each option once: sheet 001; each line once: sheet 002)', acesFilled, { type: 'score', box: 'aces' }, /Aces is already used/],
  ['a box the forced Joker forbids', jokerOnFives, { type: 'score', box: 'fullHouse' }, /Joker: this Yahtzee must go in Fives/],
  ['a roll after the game ends', over, { type: 'roll' }, /The game is over/],
  ['a score after the game ends', over, { type: 'score', box: 'chance' }, /The game is over/],
  ['a hold after the game ends', over, { type: 'toggle-hold', die: 0 }, /The game is over/],
  ['stop-rolling after the game ends', over, { type: 'stop-rolling' }, /The game is over/],
  ['next-game after a single game', over, { type: 'next-game' }, /The match is over/],
  ['next-game after the last game of a match', overOfMatch, { type: 'next-game' }, /The match is over/],
  ['next-game during a game', fresh, { type: 'next-game' }, /not over/],
  ['die index 5', fresh, { type: 'toggle-hold', die: 5 }, /only five dice/],
  ['die index -1', fresh, { type: 'toggle-hold', die: -1 }, /only five dice/],
  ['die index 1.5', fresh, { type: 'toggle-hold', die: 1.5 }, /only five dice/],
  ['die index NaN', fresh, { type: 'toggle-hold', die: NaN }, /only five dice/],
  ['die index "0" (a string)', fresh, raw({ type: 'toggle-hold', die: '0' }), /only five dice/],
  ['a hold without a die', fresh, raw({ type: 'toggle-hold' }), /only five dice/],
  ['unknown box "bogus"', fresh, { type: 'score', box: 'bogus' }, /no box "bogus"/],
  ['unknown box "" (empty)', fresh, { type: 'score', box: '' }, /no box ""/],
  ['unknown box "__proto__"', fresh, { type: 'score', box: '__proto__' }, /no box "__proto__"/],
  ['unknown box "constructor"', fresh, { type: 'score', box: 'constructor' }, /no box "constructor"/],
  ['a brazilian box in an official game', fresh, { type: 'score', box: 'trinca' }, /no box "trinca"/],
  ['a score without a box', fresh, raw({ type: 'score' }), /Choose a box/],
  ['a score with a number for a box', fresh, raw({ type: 'score', box: 7 }), /Choose a box/],
  ['an unknown action', fresh, raw({ type: 'cheat' }), /Unknown action/],
  ['null instead of an action', fresh, raw(null), /Unknown action/],
  ['a string instead of an action', fresh, raw('roll'), /Unknown action/],
];

describe('reducer: illegal actions change nothing and never throw', () => {
  it.each(CASES)('%s is refused with the same state and a readable error', (_name, make, action, message) => {
    const state = make();
    const before = JSON.stringify(state);
    let result: ReturnType<typeof reduce> | undefined;
    expect(() => (result = reduce(state, action))).not.toThrow();
    expect(result?.ok).toBe(false);
    expect(result?.state).toBe(state);
    if (result && !result.ok) {
      expect(result.error).toMatch(message);
      expect(result.error).not.toMatch(/undefined|TypeError|\[object/);
    }
    expect(JSON.stringify(state)).toBe(before);
  });
});
