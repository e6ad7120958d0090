import { describe, expect, it } from 'vitest';
import { modeOf, update, type AppModel } from '../../src/app/index.js';
import { instructionLines } from '../../src/app/instructions.js';
import { getLayout } from '../../src/app/keymaps/index.js';
import { getRuleSet } from '../../src/engine/index.js';
import { promptItems, spokenLines } from '../../src/view/index.js';
import { finishGame, lateGame, press, start } from './helpers.js';

/** Two people, ANN and BOB, with the take-back on (or off). */
const duo = (takeBack = true, layout: 'msx' | 'spectrum' = 'msx') => start({ layout, players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' }, takeBack });

describe('the take-back off (the default): no regret, as on the originals', () => {
  it('is off unless asked for', () => {
    expect(start({ players: 1 }).settings.takeBack).toBe(false);
  });

  it('u after a box says it is off and how to turn it on, and changes nothing', () => {
    const scored = press(duo(false), 'i', 'right');
    const u = press(scored, 'u');
    expect(u.message).toEqual({ text: 'Taking back is off (no regret, as on the originals): play with --take-back', tone: 'error' });
    expect(u.game).toBe(scored.game);
    expect(u.decisions).toBe(scored.decisions);
  });
});

describe('the take-back on (--take-back): a box just scored, until a person rolls after it', () => {
  it('u puts the card, dice, holds, rolls left and turn back exactly as they were; ANN chooses again', () => {
    const choosing = press(duo(), '1', 'space', 'i', 'down');
    const scored = press(choosing, 'right');
    expect(scored.game?.current).toBe(1);
    const back = press(scored, 'u');
    expect(back.game).toEqual(choosing.game);
    expect(back.decisions).toEqual(choosing.decisions);
    expect(modeOf(back)).toBe('choosing');
    expect(back.cursor).toBe('twos');
    expect(back.message).toEqual({ text: "ANN's Twos taken back: choose again from these dice", tone: 'info' });
  });

  it('says on the message line that it can be taken back, while it can', () => {
    const scored = press(duo(), 'i', 'right');
    expect(scored.message?.text).toBe('ANN scored 2 in Aces (u takes it back)');
    // A key that does not change the game leaves it possible, and the line says so again.
    const hint = press(scored, 't');
    expect(hint.message?.text).toBe("u takes back ANN's Aces");
    expect(press(hint, 'u').game?.current).toBe(0);
  });

  it('the box scored again after a take-back is the one the record keeps; the taken-back one leaves no trace', () => {
    const scored = press(duo(), 'i', 'right');
    const again = press(scored, 'u', 'down', 'right');
    expect(again.game?.cards[0].boxes).toEqual({ twos: 0 });
    expect(again.decisions.map((d) => d.record.choice)).toEqual([{ kind: 'score', box: 'twos' }]);
    // The same generator: BOB's first roll is what it would have been.
    expect(again.game?.dice).toEqual(scored.game?.dice);
  });

  it('a box scored after ending the rolling early and taken back: the rolling stays over (rolling on would give dice already seen)', () => {
    const scored = press(duo(), 'i', 'enter');
    expect(scored.game?.current).toBe(1);
    const back = press(scored, 'u');
    expect([back.game?.phase, back.game?.rollsUsed]).toEqual(['choosing', 1]);
    const i = press(back, 'i');
    expect(i.game).toEqual(back.game);
    expect(i.message?.text).toBe('The rolling of this turn is over: choose a box');
    expect(promptItems(back).map((p) => p.keys)).not.toContain('i');
    expect(promptItems(press(duo(), 'i')).map((p) => p.keys)).toContain('i');
  });

  it('a box scored with no rolls left, taken back: "choose again", with no word of these dice', () => {
    const back = press(duo(), 'space', 'space', 'right', 'u');
    expect(back.game?.rollsUsed).toBe(3);
    expect(back.message?.text).toBe("ANN's Aces taken back: choose again");
  });

  it('only once: the taken-back box is gone from the take-back too', () => {
    const back = press(duo(), 'i', 'right', 'u');
    expect(press(back, 'u').message).toEqual({ text: 'Nothing to take back: u takes back a box just scored, until a person rolls after it', tone: 'error' });
  });

  it('refused once the next person has rolled; their marks alone do not end it', () => {
    const rolled = press(duo(), 'i', 'right', 'space');
    const u = press(rolled, 'u');
    expect(u.message).toEqual({ text: 'Too late to take back: BOB has rolled', tone: 'error' });
    expect(u.game).toBe(rolled.game);
    const marked = press(duo(), 'i', 'right', '1', '2');
    const back = press(marked, 'u');
    expect(back.game).toEqual(press(duo(), 'i').game);
    expect(back.message?.text).toBe("ANN's Aces taken back: choose again from these dice");
    // BOB's own box then has the take-back, in place of ANN's.
    const scored = press(duo(), 'i', 'right', 'i', 'right');
    expect(press(scored, 'u').message?.text).toBe("BOB's Aces taken back: choose again from these dice");
  });

  it('through a computer seat\'s turn: taken back, the game is as before the box, and the computer plays its turn again alike', () => {
    const m = start({ players: 2, names: ['ANN', 'CPU'], computers: 1, match: { kind: 'single' }, takeBack: true }, { computerPlays: true });
    const scored = press(m, 'i', 'right');
    expect(modeOf(scored)).toBe('computer');
    // Before it moves, and after it has moved and scored, the person can.
    expect(press(scored, 'u').game).toEqual(press(m, 'i').game);
    const moved = update(scored, { type: 'computer-move', action: { type: 'roll' } });
    const cpuScored = update(moved, { type: 'computer-move', action: { type: 'score', box: 'chance' } });
    expect(cpuScored.game?.current).toBe(0);
    const back = press(cpuScored, 'u');
    expect(back.game).toEqual(press(m, 'i').game);
    // The computer's box goes from the chart too, and the line says so.
    expect(back.message?.text).toBe("ANN's Aces taken back, and CPU's turn after it: choose again from these dice");
    expect(press(moved, 'u').message?.text).toBe("ANN's Aces taken back, and CPU's turn after it: choose again from these dice");
    expect(press(scored, 'u').message?.text).toBe("ANN's Aces taken back: choose again from these dice");
    // The same box again: the computer's turn begins with the same dice as before.
    expect(press(back, 'right').game?.dice).toEqual(scored.game?.dice);
    // Once ANN rolls on her next turn, it is too late.
    const annRolled = press(cpuScored, 'space');
    expect(press(annRolled, 'u').message).toEqual({ text: 'Too late to take back: ANN has rolled', tone: 'error' });
  });

  it('refused after the last box of the game: its scores are kept', () => {
    const last = lateGame(duo(), ['chance']);
    const over = press(last, 'i', 'right', 'i', 'right');
    expect(over.game?.phase).toBe('gameOver');
    // The key is not one of the results screen's; the action itself says why.
    expect(press(over, 'u').game).toBe(over.game);
    expect(update(over, { type: 'undo' }).message).toEqual({ text: 'Too late to take back: the game is over and its scores are kept', tone: 'error' });
    expect(over.takeBack).toBeNull();
  });

  it('the Spectrum: the mis-key 0 4 ENTER taken back with U, and the option typed again', () => {
    const choosing = press(duo(true, 'spectrum'), '0');
    const scored = press(choosing, '4', 'enter');
    expect(scored.game?.cards[0].boxes).toHaveProperty('fours');
    expect(scored.message?.text).toMatch(/^ANN scored \d+ in Fours \(U takes it back\)$/);
    const back = press(scored, 'U');
    expect(back.game).toEqual(choosing.game);
    expect(back.option).toBe('');
    expect(press(back, '6', 'enter').game?.cards[0].boxes).toHaveProperty('sixes');
  });

  it('practice keeps its own taking back (any roll or box), whatever the setting', () => {
    const m: AppModel = start({ players: 1, practice: true, takeBack: true });
    const back = press(m, 'i', 'u');
    expect(back.message?.text).toBe("PLAYER 1 rolls on: the end of the rolling taken back");
  });
});

describe('the take-back in the help and in words (screen-reader mode), from the keymap data', () => {
  it('the prompt line and the spoken keys list it while it can be used, and not after', () => {
    const scored = press(duo(), 'i', 'right');
    expect(promptItems(scored)).toContainEqual({ keys: 'u', does: 'take back', spare: true });
    expect(spokenLines(scored).join('\n')).toMatch(/ANN scored 2 in Aces \(u takes it back\)[\s\S]*Keys: .*u take back/);
    const rolled = press(scored, 'space');
    expect(promptItems(rolled).map((it) => it.keys)).not.toContain('u');
  });

  it('marks the game a box was taken back in (it goes in no high scores); playing again starts unmarked', () => {
    const back = press(duo(), 'i', 'right', 'u');
    expect(back.takenBackIn).toBe(0);
    const over = finishGame(back);
    expect(over.takenBackIn).toBe(0);
    expect(press(over, 'y').takenBackIn).toBeNull();
  });

  it('the instructions explain the key in both layouts', () => {
    for (const layout of ['msx', 'spectrum'] as const) {
      const text = instructionLines(getRuleSet('official'), getLayout(layout), 80)
        .map((l) => l.text)
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(text, layout).toMatch(/just scored, until a person rolls after it \(with --take-back; that game then goes in no high scores\)/);
    }
  });
});
