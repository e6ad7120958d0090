import { describe, expect, it } from 'vitest';
import { MAX_ROLLS, reduce, rollsLeft } from '../../src/engine/index.js';
import { act, game } from './helpers.js';

const NONE = [false, false, false, false, false];

describe('reducer: one turn', () => {
  it('the engine makes the first roll itself: a new game is rolling, with one roll used and no holds (sheet 000: first roll already done)', () => {
    const s = game(1, 42);
    expect([s.phase, s.rollsUsed, s.held, s.dice]).toEqual(['rolling', 1, NONE, [2, 4, 6, 5, 3]]);
    expect(rollsLeft(s)).toBe(2);
  });

  it('allows three rolls at most: after the third the turn moves to choosing a box (sheets 000, 001)', () => {
    const third = act(act(game(1, 42), { type: 'roll' }), { type: 'roll' });
    expect([third.rollsUsed, third.phase, rollsLeft(third)]).toEqual([MAX_ROLLS, 'choosing', 0]);
    const fourth = reduce(third, { type: 'roll' });
    expect(fourth).toEqual({ ok: false, state: third, refusal: 'rolling-over', error: 'No rolls left: choose a box' });
  });

  it('after the third roll only scoring is accepted (sheet 001: you must select a scoring option)', () => {
    const third = act(act(game(1, 42), { type: 'roll' }), { type: 'roll' });
    for (const a of [{ type: 'toggle-hold', die: 0 }, { type: 'clear-holds' }, { type: 'roll' }, { type: 'stop-rolling' }, { type: 'next-game' }] as const) {
      expect(reduce(third, a).ok, a.type).toBe(false);
    }
    expect(reduce(third, { type: 'score', box: 'chance' }).ok).toBe(true);
  });

  it('held dice keep their faces through a roll; the others are rolled again (seed 7)', () => {
    let s = game(1, 7);
    expect(s.dice).toEqual([1, 1, 4, 6, 6]);
    s = act(act(s, { type: 'toggle-hold', die: 0 }), { type: 'toggle-hold', die: 2 });
    expect(s.held).toEqual([true, false, true, false, false]);
    s = act(s, { type: 'roll' });
    expect(s.dice).toEqual([1, 5, 4, 5, 6]);
  });

  it('toggling a die twice releases it', () => {
    const s = act(act(game(1, 7), { type: 'toggle-hold', die: 3 }), { type: 'toggle-hold', die: 3 });
    expect(s.held).toEqual(NONE);
  });

  it('clear-holds releases every die', () => {
    let s = game(1, 7);
    for (const die of [0, 1, 4]) s = act(s, { type: 'toggle-hold', die });
    expect(act(s, { type: 'clear-holds' }).held).toEqual(NONE);
  });

  it('MSX holds (clearHoldsAfterRoll true, the default) are cleared after each roll (sheet 000)', () => {
    const s = act(act(game(1, 7), { type: 'toggle-hold', die: 1 }), { type: 'roll' });
    expect(s.clearHoldsAfterRoll).toBe(true);
    expect(s.held).toEqual(NONE);
  });

  it('with clearHoldsAfterRoll false, holds stay through the rolls (seed 7)', () => {
    let s = act(act(game(1, 7, { clearHoldsAfterRoll: false }), { type: 'toggle-hold', die: 1 }), { type: 'roll' });
    expect([s.held, s.dice]).toEqual([[false, true, false, false, false], [5, 1, 5, 6, 1]]);
    s = act(s, { type: 'roll' });
    expect(s.dice).toEqual([3, 1, 1, 6, 1]);
  });

  it('with clearHoldsAfterRoll false, the next turn still starts with no holds', () => {
    let s = act(game(1, 7, { clearHoldsAfterRoll: false }), { type: 'toggle-hold', die: 1 });
    s = act(s, { type: 'score', box: 'chance' });
    expect([s.held, s.rollsUsed, s.phase]).toEqual([NONE, 1, 'rolling']);
  });

  it('a roll with all five dice held is refused', () => {
    let s = game(1, 7);
    for (const die of [0, 1, 2, 3, 4]) s = act(s, { type: 'toggle-hold', die });
    const r = reduce(s, { type: 'roll' });
    expect(r.ok).toBe(false);
    expect(r.state).toBe(s);
  });

  it('stop-rolling ends the rolling early: the dice stay, only scoring is accepted (sheet 000 "i", sheet 001 "0")', () => {
    const s = act(game(1, 42), { type: 'stop-rolling' });
    expect([s.phase, s.rollsUsed, s.dice, rollsLeft(s)]).toEqual(['choosing', 1, [2, 4, 6, 5, 3], 0]);
    expect(reduce(s, { type: 'roll' }).ok).toBe(false);
    expect(reduce(s, { type: 'toggle-hold', die: 0 }).ok).toBe(false);
    expect(act(s, { type: 'score', box: 'largeStraight' }).cards[0].boxes).toEqual({ largeStraight: 40 });
  });

  it('resume-rolling takes stop-rolling back while rolls are left: the dice and the rolls used stay', () => {
    const s = act(game(1, 42), { type: 'stop-rolling' });
    const back = act(s, { type: 'resume-rolling' });
    expect([back.phase, back.rollsUsed, back.dice, rollsLeft(back)]).toEqual(['rolling', 1, [2, 4, 6, 5, 3], 2]);
    expect(act(back, { type: 'roll' }).rollsUsed).toBe(2);
  });

  it('a box may be scored straight after any roll, without stop-rolling', () => {
    const s = act(game(1, 42), { type: 'score', box: 'smallStraight' });
    expect(s.cards[0].boxes).toEqual({ smallStraight: 30 });
  });

  it('scoring starts the next turn with a fresh first roll', () => {
    const s = act(act(game(1, 42), { type: 'roll' }), { type: 'score', box: 'chance' });
    expect([s.phase, s.rollsUsed, s.held]).toEqual(['rolling', 1, NONE]);
  });
});
