/**
 * The fuzz checks themselves: each one fails on a broken model, step or frame, the key simulation gives what Ink
 * gives, and the driver's streams play games to the end.
 */
import { describe, expect, it } from 'vitest';
import { initialModel, type AppModel } from '../../src/app/index.js';
import { keyName } from '../../src/input/index.js';
import { newGame, reduce, type GameState } from '../../src/engine/index.js';
import { playOptionsFor, runStream, type Intent, type Scenario } from './driver.js';
import { checkFrame, frameProblem, renderFrame } from './frame.js';
import { checkModel, checkStep, sheetTotal, Violation } from './invariants.js';
import { terminalKeys } from './terminal.js';
import { displayWidth } from './width.js';

const SCENARIO: Scenario = { layout: 'msx', rules: 'official', players: 2, computers: 0, strength: 'optimal', computerPlays: false, practice: false, color: false, seed: 7, size: { kind: 'abs', columns: 80, rows: 24 } };

function model(over: Partial<Scenario> = {}): AppModel {
  const s = { ...SCENARIO, ...over };
  return initialModel(playOptionsFor(s), { seed: s.seed, size: { columns: 80, rows: 24 } });
}

const withGame = (m: AppModel, game: GameState): AppModel => ({ ...m, game });
const ok = (g: GameState, action: Parameters<typeof reduce>[1]): GameState => {
  const r = reduce(g, action);
  if (!r.ok) throw new Error(r.error);
  return r.state;
};
const KEY = { kind: 'key', name: 'x', ctrlC: false, action: 'unknown-key' } as const;

describe('display width', () => {
  it('counts box drawing, pips and arrows as one column, CJK and emoji as two, combining marks as none', () => {
    expect(displayWidth('╭─────╮│●   ●│▶·…')).toBe(17);
    expect(displayWidth('漢字ＡＢ🎲')).toBe(10);
    expect(displayWidth('e\u0301va')).toBe(3);
    expect(displayWidth('\u001B[1m\u001B[33mAB\u001B[39m\u001B[22m')).toBe(2);
  });
});

describe('the frame check', () => {
  it('passes a frame that fits and fails one line too many, one column too many, wide characters and control characters', () => {
    expect(frameProblem('─'.repeat(80) + '\n' + 'x', 80, 2)).toBeNull();
    expect(frameProblem('a\nb\nc', 80, 2)).toMatch(/3 lines on a terminal of 2 rows/);
    expect(frameProblem('─'.repeat(81), 80, 24)).toMatch(/81 columns wide on a terminal of 80/);
    expect(frameProblem('漢'.repeat(41), 80, 24)).toMatch(/82 columns wide/);
    expect(frameProblem('ok\u0007', 80, 24)).toMatch(/control characters/);
  });

  it('takes an ellipsis of a text from outside (an error\'s reason) for what it is, not for a cut', () => {
    const frame = ' hint: no strategy table (a…&ô FÀo)';
    expect(frameProblem(frame, 80, 24, ['ANN'])).toMatch(/text cut short/);
    expect(frameProblem(frame, 80, 24, ['ANN'], ['a…&ô FÀo'])).toBeNull();
    expect(frameProblem(' hint: no strategy table (a…&ô FÀo) expected fin…', 80, 24, ['ANN'], ['a…&ô FÀo'])).toMatch(/text cut short/);
  });

  it('takes an ellipsis typed into the name field (a paste) for what it is, not for a cut', () => {
    const m = initialModel(playOptionsFor({ ...SCENARIO, layout: 'spectrum', players: undefined }), { seed: 7, size: { columns: 80, rows: 24 } });
    expect(m.setup.step).toBe('name');
    const typed: AppModel = { ...m, setup: { ...m.setup, field: 'e\u0301\u0301…' } };
    const { frame, problem } = checkFrame(typed);
    expect(frame).toContain('your name? e\u0301\u0301…_');
    expect(problem).toBeNull();
    expect(frameProblem(frame, 80, 24, [])).toMatch(/text cut short/);
  });

  it.each([
    ['a hint cut by Ink', ' hint: expected final sc…', ['ANN'], /text cut short/],
    ['a box name cut', ' Three of a kin…  (25)', ['ANN'], /text cut short/],
    ['a cut name', ' ANNABEL… BARTHOL…', ['ANNABELLE', 'BARTHOLOMEW'], null],
    ['the computer at work', ' the computer is playing…', ['CPU'], null],
    ['the table in the making', ' computing the strategy table… 45%', ['ANN'], null],
    ['an ellipsis after a name that is not cut', ' ANN…', ['ANN'], /text cut short/],
    ['whole words and a marker that more was meant', ' the computer …', ['ANN'], null],
  ] as const)('finds a text cut short in a frame, or not: %s', (_what, frame, names, problem) => {
    const found = frameProblem(frame, 80, 24, names);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('measures the frame Ink draws at the model size', () => {
    const m = model();
    const frame = renderFrame(m);
    expect(frame).toContain('YAHTZEE');
    expect(frameProblem(frame, 80, 24)).toBeNull();
    expect(frameProblem(frame, 60, 24)).not.toBeNull();
    expect(frameProblem(frame, 80, 10)).not.toBeNull();
  });
});

describe('keys as Ink hands them over', () => {
  const names = (raw: string) => terminalKeys(raw).map(([input, key]) => keyName(input, key));

  it('names arrows, ENTER, BACKSPACE, ESC, TAB and Ctrl-C as the layouts bind them', () => {
    expect(names('\u001B[A')).toEqual(['up']);
    expect(names('\u001B[C')).toEqual(['right']);
    expect(names('\r')).toEqual(['enter']);
    expect(names('\u007F')).toEqual(['backspace']);
    expect(names('\u001B')).toEqual(['escape']);
    expect(names('\t')).toEqual(['tab']);
    expect(names('\u0003')).toEqual(['ctrl-c']);
    expect(names(' ')).toEqual(['space']);
  });

  it('splits pasted text into single keys and leaves function keys unbound', () => {
    expect(names('ANN\r')).toEqual(['A', 'N', 'N', 'enter']);
    expect(names('\u001BOP')).toEqual([null]);
    expect(names('\u001B[15~')).toEqual([null]);
  });
});

describe('the invariant checks fail on broken states and steps', () => {
  const start = model();
  const g0 = start.game!;

  it('accepts the real game, and the sheet total is the boxes plus bonuses', () => {
    expect(() => checkModel(start)).not.toThrow();
    expect(sheetTotal('official', { boxes: { sixes: 36, fives: 25, fours: 4, yahtzee: 50 }, yahtzeeBonuses: 1 })).toBe(36 + 25 + 4 + 35 + 50 + 100);
    expect(sheetTotal('brazilian', { boxes: { sixes: 36, fives: 25, fours: 4 }, yahtzeeBonuses: 0 })).toBe(65);
  });

  it('rollsUsed out of 1-3, or a card the rules cannot give, fails', () => {
    expect(() => checkModel(withGame(start, { ...g0, rollsUsed: 4 }))).toThrow(Violation);
    expect(() => checkModel(withGame(start, { ...g0, cards: [{ boxes: { chance: 3 }, yahtzeeBonuses: 0 }, g0.cards[1]] }))).toThrow(Violation);
  });

  it('a refused key that changes the game fails', () => {
    const changed = withGame({ ...start, message: { text: 'No', tone: 'error' } }, ok(g0, { type: 'toggle-hold', die: 0 }));
    expect(() => checkStep(start, changed, KEY)).toThrow(/refused key/);
  });

  it('a filled box that changes, two boxes at once, or a box the dice do not give fails', () => {
    const scored = ok(ok(g0, { type: 'stop-rolling' }), { type: 'score', box: 'chance' });
    const after = withGame(start, scored);
    expect(() => checkStep(start, after, KEY)).not.toThrow();
    const rescored = { ...scored, cards: [{ ...scored.cards[0], boxes: { chance: scored.cards[0].boxes.chance + 1 } }, scored.cards[1]] };
    expect(() => checkStep(after, withGame(start, rescored), KEY)).toThrow(Violation);
    const two = { ...scored, cards: [{ ...scored.cards[0], boxes: { ...scored.cards[0].boxes, aces: 0 } }, scored.cards[1]] };
    expect(() => checkStep(start, withGame(start, two), KEY)).toThrow(/2 boxes/);
    const wrong = { ...scored, cards: [{ ...scored.cards[0], boxes: { chance: 31 } }, scored.cards[1]] };
    expect(() => checkStep(start, withGame(start, wrong), KEY)).toThrow(/score/);
  });

  it('a roll that moves a held die, or Ctrl-C that does not quit, fails', () => {
    const held = ok(g0, { type: 'toggle-hold', die: 2 });
    const rolled = ok(held, { type: 'roll' });
    const before = withGame(start, held);
    expect(() => checkStep(before, withGame(start, rolled), KEY)).not.toThrow();
    const moved = { ...rolled, dice: rolled.dice.map((d, i) => (i === 2 ? (((d % 6) + 1) as typeof d) : d)) };
    expect(() => checkStep(before, withGame(start, moved), KEY)).toThrow(/held die C/);
    expect(() => checkStep(start, start, { kind: 'key', name: 'ctrl-c', ctrlC: true, action: 'quit-now' })).toThrow(/Ctrl-C/);
  });

  it('a game that starts over while it is on fails', () => {
    const scored = withGame(start, ok(ok(g0, { type: 'stop-rolling' }), { type: 'score', box: 'chance' }));
    const fresh = withGame(start, newGame({ players: g0.players, seed: 99, clearHoldsAfterRoll: true }));
    expect(() => checkStep(scored, fresh, KEY)).toThrow(/while the game was on/);
  });
});

describe('the driver plays games to the end', () => {
  const advance: Intent[] = Array.from({ length: 120 }, (_, i) => ({ k: 'advance', n: i * 7 + 3 }));

  it.each(['msx', 'spectrum'] as const)('%s keys: a one-player game ends on advancing keys alone', (layout) => {
    const stats = runStream({ ...SCENARIO, layout, players: 1, names: ['ANN'] }, advance, { kind: 'sample', every: 25, arrivals: 'results', first: true });
    expect(stats.gamesEnded).toBeGreaterThanOrEqual(1);
    expect(stats.byMode['match-over']).toBeGreaterThan(0);
    expect(stats.frames).toBeGreaterThanOrEqual(3);
  });

  it('practice: moves taken back with u go back to a game state the stream had (the checks pass through undo)', () => {
    const steps: Intent[] = Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? { k: 'raw', key: { name: 'u', raw: 'u' } } : { k: 'advance', n: i * 5 + 1 }));
    const stats = runStream({ ...SCENARIO, players: 1, practice: true }, steps, { kind: 'none' });
    expect(stats.undone).toBeGreaterThan(5);
    expect(() => runStream({ ...SCENARIO, players: 1, practice: false }, steps, { kind: 'none' })).not.toThrow();
  });

  it('take-back: boxes taken back with u go back to a game state the stream had; without --take-back none is', () => {
    const steps: Intent[] = Array.from({ length: 90 }, (_, i) => (i % 3 === 2 ? { k: 'raw', key: { name: 'u', raw: 'u' } } : { k: 'advance', n: i * 5 + 1 }));
    const stats = runStream({ ...SCENARIO, takeBack: true }, steps, { kind: 'none' });
    expect(stats.undone).toBeGreaterThan(3);
    expect(runStream({ ...SCENARIO, takeBack: false }, steps, { kind: 'none' }).undone).toBe(0);
  });

  it('computer seats played by the App step by step (casual without a strategy table) finish their turns', () => {
    const steps: Intent[] = Array.from({ length: 150 }, (_, i) => ({ k: i % 2 === 0 ? 'advance' : 'computer', n: i * 3 + 1 }) as Intent);
    const stats = runStream({ ...SCENARIO, players: 2, computers: 1, strength: 'casual', computerPlays: true }, steps, { kind: 'none' });
    expect(stats.computerSteps).toBeGreaterThan(5);
    expect(stats.byMode.computer).toBeGreaterThan(5);
    expect(stats.scored).toBeGreaterThan(10);
  });
});
