import { describe, expect, it } from 'vitest';
import { afterHurry, computerChoice, computerRng, computerWaiting, modeOf, needsTable, pressKey, update, type AppModel } from '../../src/app/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { getRuleSet, seedRng, type Strength } from '../../src/engine/index.js';
import { positionOf, rankOptions, solveSubgame } from '../../src/solver/index.js';
import { turnPanel } from '../../src/view/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { finishGame, lateGame, press, start } from './helpers.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** ANN against the computer (seed 7), late in the game; ANN has scored Fours, so it is the computer's turn: 5 5 6 1 3. */
function cpuTurn(layout: 'msx' | 'spectrum' = 'msx', strength: Strength = 'optimal'): AppModel {
  const m = lateGame(start({ layout, players: 2, names: ['ANN', 'CPU'], computers: 1, strength, match: { kind: 'single' } }, { computerPlays: true }), OPEN);
  return update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
}

/** The computer's next decision applied through the controller, as the app does. */
function decide(m: AppModel): AppModel {
  const choice = computerChoice(m, table);
  if (choice === null) throw new Error('no decision');
  return update(m, { type: 'computer-decision', decision: choice.decision, rng: choice.rng });
}

describe("the computer players' generator", () => {
  it('comes from the match seed, apart from the dice generator, and is the same for the same seed', () => {
    expect(computerRng(7)).toEqual([-1, -1540483475, 1540483474, 0]);
    expect(computerRng(7)).toEqual(computerRng(7));
    expect(computerRng(7)).not.toEqual(seedRng(7));
    expect(start({ players: 1 }, { seed: 7 }).computer).toEqual({ rng: computerRng(7), steps: [], hurry: false, hurriedAt: null });
  });
});

describe('computerChoice: the decision for the computer seat to move', () => {
  it('is null on a person\'s turn', () => {
    const m = lateGame(start({ players: 2, names: ['ANN', 'CPU'], computers: 1 }, { computerPlays: true }), OPEN);
    expect(computerChoice(m, table)).toBeNull();
  });

  it('optimal: the top option of rankOptions, the generator untouched', () => {
    const m = cpuTurn();
    expect(m.game?.dice).toEqual([5, 5, 6, 1, 3]);
    const p = positionOf(m.game!);
    const top = rankOptions(table, getRuleSet('official'), p.card, p.dice, p.rollsLeft)[0];
    expect(computerChoice(m, table)).toEqual({ decision: { kind: 'keep', keep: [5, 5, 6], hold: [true, true, true, false, false] }, rng: m.computer.rng });
    expect(top).toMatchObject({ kind: 'keep', keep: [5, 5, 6] });
  });

  it('strong: a little doubt from its own generator, which moves on', () => {
    const m = cpuTurn('msx', 'strong');
    expect(computerChoice(m, table)).toEqual({
      decision: { kind: 'keep', keep: [3, 5, 5, 6], hold: [true, true, true, false, true] },
      rng: [1034127883, 1994668845, -1700779652, -1365876611],
    });
  });

  it('casual: greedy, no table needed', () => {
    const m = cpuTurn('msx', 'casual');
    expect(computerChoice(m, undefined)).toEqual({ decision: { kind: 'keep', keep: [5, 5], hold: [true, true, false, false, false] }, rng: m.computer.rng });
  });

  it('optimal without its table waits (null); once the table failed it plays casual rather than never', () => {
    const m = cpuTurn();
    expect(computerChoice(m, undefined)).toBeNull();
    expect(computerWaiting(m, undefined)).toBe(true);
    expect(computerWaiting(m, table)).toBe(false);
    // A table of other rules (the last game's, say) is no table for this game: still waiting, and saying so.
    const otherRules = { ...table, rules: 'free-joker' as const };
    expect(computerChoice(m, otherRules)).toBeNull();
    expect(computerWaiting(m, otherRules)).toBe(true);
    const failed = update(m, { type: 'strategy', strategy: { status: 'failed', error: 'disk full' } });
    expect(computerWaiting(failed, undefined)).toBe(false);
    expect(computerChoice(failed, undefined)?.decision).toEqual({ kind: 'keep', keep: [5, 5], hold: [true, true, false, false, false] });
  });
});

describe('needsTable: when the strategy table is loaded', () => {
  it('for an optimal or strong computer, hints, practice, and the review after a game a person played', () => {
    expect(needsTable(start())).toBe(false);
    expect(needsTable(start({ players: 1 }))).toBe(false);
    expect(needsTable(press(start({ players: 1 }), 't'))).toBe(true);
    expect(needsTable(start({ players: 1, practice: true }))).toBe(true);
    expect(needsTable(finishGame(start({ players: 1 })))).toBe(true);
    expect(needsTable(start({ players: 2, computers: 1 }))).toBe(true);
    expect(needsTable(start({ players: 2, computers: 2, strength: 'strong' }))).toBe(true);
    expect(needsTable(start({ players: 2, computers: 2, strength: 'casual' }))).toBe(false);
    expect(needsTable(finishGame(start({ players: 2, computers: 2, strength: 'casual' })))).toBe(false);
  });
});

describe("a computer's turn, step by step", () => {
  it('holds: set at once and told on the message line; the roll is the next step', () => {
    const m = decide(cpuTurn());
    expect(m.game?.held).toEqual([true, true, true, false, false]);
    expect(m.game?.rollsUsed).toBe(1);
    // The faces kept, then the dice as the layout names them (MSX: their keys), then how many roll.
    expect(m.message).toEqual({ text: 'CPU keeps 5 5 6: marks 1 2 3, rolls 2 dice', tone: 'info' });
    expect(decide(cpuTurn('spectrum')).message).toEqual({ text: 'CPU holds 5 5 6: A B C, rolls 2 dice', tone: 'info' });
    expect(m.computer.steps).toEqual([[{ type: 'roll' }]]);
    const rolled = update(m, { type: 'computer-step' });
    expect(rolled.game?.rollsUsed).toBe(2);
    expect(rolled.game?.dice.slice(0, 3)).toEqual([5, 5, 6]);
    expect(rolled.message).toEqual({ text: `CPU rolls: ${rolled.game!.dice.join(' ')}`, tone: 'info' });
    expect(rolled.computer.steps).toEqual([]);
  });

  it('a box: the rolling ends and the MSX cursor shows the box; the scoring is the next step, then the turn passes', () => {
    let m = cpuTurn();
    const boxes: string[] = [];
    for (let i = 0; i < 10 && m.game?.current === 1; i++) {
      m = decide(m);
      if (m.computer.steps[0]?.[0]?.type === 'score') {
        expect(m.game?.phase).toBe('choosing');
        expect(m.cursor).toBe((m.computer.steps[0][0] as { box: string }).box);
        expect(m.message?.text).toMatch(/^CPU chooses /);
        boxes.push(m.cursor!);
      }
      m = update(m, { type: 'computer-step' });
    }
    expect(boxes).toEqual(['chance']);
    expect(m.game?.current).toBe(0);
    expect(m.message?.text).toBe('CPU scored 23 in Chance');
    expect(modeOf(m)).toBe('rolling');
  });

  it('its last roll ends the rolling: no cursor and no box worth on the panel until its decision shows the box', () => {
    for (const layout of ['msx', 'spectrum'] as const) {
      let m = cpuTurn(layout);
      let waiting: AppModel | null = null;
      for (let i = 0; i < 10 && m.game?.current === 1 && waiting === null; i++) {
        m = update(decide(m), { type: 'computer-step' });
        if (m.game?.phase === 'choosing' && m.computer.steps.length === 0) waiting = m;
      }
      expect(waiting?.game?.rollsUsed).toBe(3);
      expect(waiting?.cursor).toBeNull();
      expect(waiting?.option).toBe('');
      expect(turnPanel(waiting!)).toEqual([{ text: 'the computer is playing…', role: 'dim' }]);
      // A narrow panel says it in fewer words, not cut: "the computer is …" would not say what it does.
      expect(turnPanel(waiting!, 20)).toEqual([{ text: 'computer playing…', role: 'dim' }]);
      expect(decide(waiting!).computer.steps[0]?.[0]?.type).toBe('score');
    }
  });

  it('Spectrum: the option number of the box it chooses shows as if typed', () => {
    let m = decide(cpuTurn('spectrum'));
    for (let i = 0; i < 10 && m.computer.steps[0]?.[0]?.type !== 'score'; i++) m = decide(update(m, { type: 'computer-step' }));
    expect(m.option).toBe('13');
    expect(m.game?.phase).toBe('choosing');
  });

  it('refuses a decision while a step is still to show, a step with none, and both on a person\'s turn', () => {
    const m = decide(cpuTurn());
    expect(update(m, { type: 'computer-decision', decision: { kind: 'score', box: 'chance' }, rng: m.computer.rng }).message?.text).toBe('The computer is still showing its last move');
    expect(update(update(m, { type: 'computer-step' }), { type: 'computer-step' }).message?.text).toBe('The computer has no move to show');
    const person = lateGame(start({ players: 2, names: ['ANN', 'CPU'], computers: 1 }, { computerPlays: true }), OPEN);
    expect(update(person, { type: 'computer-step' }).message?.tone).toBe('error');
    expect(update(person, { type: 'computer-decision', decision: { kind: 'score', box: 'chance' }, rng: [] }).game).toBe(person.game);
  });

  it('SPACE (MSX) or ENTER (Spectrum) asks for the rest of the turn at once; that ends with the turn', () => {
    const m = press(cpuTurn(), 'space');
    expect(m.computer.hurry).toBe(true);
    expect(m.message?.text).toBe('CPU plays the rest of its turn at once');
    expect(press(cpuTurn('spectrum'), 'enter').computer.hurry).toBe(true);
    let t = m;
    for (let i = 0; i < 10 && t.game?.current === 1; i++) t = update(decide(t), { type: 'computer-step' });
    expect(t.game?.current).toBe(0);
    expect(t.computer.hurry).toBe(false);
  });

  it.each([
    ['msx', ' '],
    ['spectrum', '\r'],
  ] as const)('%s: the keys that hurried it, still coming after its turn, are not the next player\'s while they keep coming', (layout, hurryKey) => {
    const keys = (text: string) => decodeKeys(text);
    // Pressed during the computer's turn: all kept (it is hurried once), and when noted.
    const during = afterHurry(cpuTurn(layout), keys(hurryKey + hurryKey), 1000);
    expect(during.keys).toHaveLength(2);
    let t = [...during.keys].reduce((m, k) => pressKey(m, k.input, k.key), during.model);
    expect(t.computer).toMatchObject({ hurry: true, hurriedAt: 1000 });
    for (let i = 0; i < 10 && t.game?.current === 1; i++) t = update(decide(t), { type: 'computer-step' });
    expect(t.game?.current).toBe(0);
    // ANN's turn: the same key 500 ms later is dropped, and said; a die's key in the same read is played.
    const after = afterHurry(t, keys(`1${hurryKey}`), 1500);
    expect(after.keys.map((k) => k.input)).toEqual(['1']);
    expect(after.model.message?.text).toBe("ANN's turn: the keys that hurried the computer on are not played");
    expect(after.model.game).toBe(t.game);
    // Still coming, each within 800 ms of the last: dropped; a pause of 800 ms, and the key plays again.
    expect(afterHurry(after.model, keys(hurryKey), 2200).keys).toHaveLength(0);
    expect(afterHurry(after.model, keys(hurryKey), 2300).keys).toHaveLength(1);
    // With no computer's turn hurried, nothing is dropped.
    const plain = { ...t, computer: { ...t.computer, hurriedAt: null } };
    expect(afterHurry(plain, keys(hurryKey), 1500)).toEqual({ model: plain, keys: keys(hurryKey) });
  });

  it('the keys that hurried its last turn of the game are dropped, and the game\'s result stays on the message line', () => {
    let t = press(cpuTurn(), 'space');
    t = { ...t, computer: { ...t.computer, hurriedAt: 1000 } };
    const over = { ...t, game: { ...t.game!, phase: 'gameOver' as const }, message: { text: 'CPU wins', tone: 'info' as const } };
    const after = afterHurry(over, decodeKeys(' '), 1300);
    expect(after.keys).toHaveLength(0);
    expect(after.model.message).toBe(over.message);
    expect(after.model.computer.hurriedAt).toBe(1300);
  });

  it('a person\'s keys are refused during its turn', () => {
    expect(press(cpuTurn(), '1').message?.text).toBe('CPU is the computer: wait for its move');
  });
});

describe('a game against the optimal computer, through the app\'s computer provider', () => {
  it('plays the top option of rankOptions at every decision, to the end of the game', () => {
    let m = lateGame(start({ players: 2, names: ['ANN', 'CPU'], computers: 1, match: { kind: 'single' } }, { computerPlays: true }), OPEN);
    let decisions = 0;
    for (let i = 0; i < 200 && m.game!.phase !== 'gameOver'; i++) {
      if (modeOf(m) !== 'computer') {
        m = update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
        continue;
      }
      if (m.computer.steps.length > 0) {
        m = update(m, { type: 'computer-step' });
        continue;
      }
      const p = positionOf(m.game!);
      const top = rankOptions(table, getRuleSet('official'), p.card, p.dice, p.rollsLeft)[0];
      const choice = computerChoice(m, table)!;
      if (top.kind === 'keep') expect(choice.decision).toEqual({ kind: 'keep', keep: top.keep, hold: top.hold });
      else expect(choice.decision).toEqual({ kind: 'score', box: top.box });
      decisions++;
      m = update(m, { type: 'computer-decision', decision: choice.decision, rng: choice.rng });
    }
    expect(m.game?.phase).toBe('gameOver');
    expect(decisions).toBeGreaterThanOrEqual(3);
    expect(m.game?.results[0].totals).toEqual([16, 48]);
  });
});
