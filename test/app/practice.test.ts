import { describe, expect, it } from 'vitest';
import { modeOf, update, type AppModel } from '../../src/app/index.js';
import { finishGame, press, start } from './helpers.js';

const solo = () => start({ players: 1, practice: true });

describe('undo: refused in a real game, as on the originals ("no regret")', () => {
  it('says so and changes nothing', () => {
    const m = press(start({ players: 1 }), '1', 'space');
    const u = press(m, 'u');
    expect(u.message).toEqual({ text: 'Taking back is off (no regret, as on the originals): play with --take-back', tone: 'error' });
    expect(u.game).toBe(m.game);
    expect(m.undo).toEqual([]);
  });
});

describe('undo in practice (--practice): the last roll, stop or box of the person to move', () => {
  it('nothing to take back at the start', () => {
    expect(press(solo(), 'u').message?.text).toBe('Nothing to take back');
  });

  it('the end of the rolling, rolled on from with i: nothing left to take back of it', () => {
    const rolledOn = press(solo(), 'i', 'i');
    expect(rolledOn.game?.phase).toBe('rolling');
    expect(press(rolledOn, 'u').message?.text).toBe('Nothing to take back');
  });

  it('a roll: the dice and marks as they were; rolled again, the dice come fresh (the generator goes on)', () => {
    const m = solo();
    expect(m.game?.dice).toEqual([1, 1, 4, 6, 6]);
    const rolled = press(m, '1', '2', 'space');
    expect(rolled.game?.dice).toEqual([1, 1, 5, 5, 6]);
    const back = press(rolled, 'u');
    expect(back.message).toEqual({ text: "PLAYER 1's roll taken back", tone: 'info' });
    expect(back.game).toEqual({ ...press(m, '1', '2').game, rng: rolled.game!.rng });
    expect(back.decisions).toEqual([]);
    expect(press(back, 'space').game?.dice).toEqual([1, 1, 1, 3, 1]);
  });

  it('a stop: back to rolling', () => {
    const back = press(solo(), 'i', 'u');
    expect(back.game?.phase).toBe('rolling');
    expect(modeOf(back)).toBe('rolling');
    expect(back.message?.text).toBe("PLAYER 1 rolls on: the end of the rolling taken back");
  });

  it('a box: the box open again, choosing again; takes back step by step through the game', () => {
    const scored = press(solo(), 'i', 'down', 'right');
    expect(scored.game?.cards[0].boxes).toEqual({ twos: 0 });
    const back = press(scored, 'u');
    expect(back.game?.cards[0].boxes).toEqual({});
    expect(back.game?.phase).toBe('choosing');
    // The cursor is back on the box taken back, which the message names.
    expect(back.cursor).toBe('twos');
    expect(back.message?.text).toBe("PLAYER 1's Twos taken back");
    expect(press(back, 'u').game?.phase).toBe('rolling');
    expect(press(back, 'u', 'u').message?.text).toBe('Nothing to take back');
  });

  it('a box scored after ending the rolling early: taken back, the rolling can go on again (i), the marks back', () => {
    const back = press(solo(), '1', 'i', 'right', 'u');
    expect([back.game?.phase, back.game?.rollsUsed]).toEqual(['choosing', 1]);
    const rolledOn = press(back, 'i');
    expect(rolledOn.game?.phase).toBe('rolling');
    expect(rolledOn.game?.held).toEqual([true, false, false, false, false]);
    // With the three rolls used, a box taken back leaves the choice of a box alone.
    const late = press(solo(), 'space', 'space', 'right', 'u');
    expect([late.game?.phase, late.stopped ?? null]).toEqual(['choosing', null]);
  });

  it('another person cannot take back what the last one did; their own moves they can', () => {
    const m = start({ players: 2, names: ['ANN', 'BOB'], practice: true });
    const bobsTurn = press(m, 'i', 'right');
    expect(press(bobsTurn, 'u').message).toEqual({ text: "Nothing of BOB's to take back: ANN moved last", tone: 'error' });
    const bobRolled = press(bobsTurn, 'space');
    expect(bobRolled.undo.map((e) => e.seat)).toEqual([1]);
    expect(press(bobRolled, 'u').game?.rollsUsed).toBe(1);
  });

  it('during the computer\'s turn: the person\'s box before it, the computer\'s moves with it', () => {
    const m = start({ players: 2, names: ['ANN', 'CPU'], computers: 1, practice: true }, { computerPlays: true });
    let cpu = press(m, 'i', 'right');
    expect(modeOf(cpu)).toBe('computer');
    cpu = update(update(cpu, { type: 'computer-move', action: { type: 'toggle-hold', die: 0 } }), { type: 'computer-decision', decision: { kind: 'score', box: 'chance' }, rng: cpu.computer.rng });
    expect(cpu.computer.steps).toHaveLength(1);
    const back = press(cpu, 'u');
    expect(back.game?.current).toBe(0);
    expect(back.game?.cards[0].boxes).toEqual({});
    expect(back.computer.steps).toEqual([]);
    expect(modeOf(back)).toBe('choosing');
  });

  it('not once the game is over', () => {
    const over = finishGame(solo());
    expect(update(over, { type: 'undo' }).message?.text).toBe('The game is over: y plays again');
  });
});

describe('the people\'s decisions, recorded for the review as they happen', () => {
  const records = (m: AppModel) => m.decisions.map((d) => [d.seat, d.record.dice.join(''), d.record.rollsLeft, d.record.choice]);

  it('the holds at each roll, the box scored with the rolls that were left', () => {
    const m = press(start({ players: 1 }), '1', '2', 'space', '1', '2', 'space', 'right');
    expect(records(m)).toEqual([
      [0, '11466', 2, { kind: 'keep', keep: [1, 1] }],
      [0, '11556', 1, { kind: 'keep', keep: [1, 1] }],
      [0, '11131', 0, { kind: 'score', box: 'aces' }],
    ]);
  });

  it('stopping early: the box is judged with the rolls that were left', () => {
    expect(records(press(start({ players: 1 }), 'i', 'right'))).toEqual([[0, '11466', 2, { kind: 'score', box: 'aces' }]]);
  });

  it('marks and refused keys are no decisions; the computer\'s are not recorded; a new game starts afresh', () => {
    expect(press(start({ players: 1 }), '1', '2', '1').decisions).toEqual([]);
    const vsCpu = press(start({ players: 2, computers: 1 }, { computerPlays: true }), 'i', 'right');
    const after = update(vsCpu, { type: 'computer-move', action: { type: 'roll' } });
    expect(after.decisions.map((d) => d.seat)).toEqual([0]);
    const match = finishGame(start({ players: 1, match: { kind: 'games', games: 2 } }));
    expect(match.decisions.length).toBe(13);
    expect(press(match, 'y').decisions).toEqual([]);
  });
});
