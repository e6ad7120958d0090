import { describe, expect, it } from 'vitest';
import { computerChoice, update, winSource, type AppModel, type WinAnswer } from '../../src/app/index.js';
import type { Strength } from '../../src/engine/index.js';
import { chooseMove, positionOf, solveSubgame, type Decision } from '../../src/solver/index.js';
import { winTurnKey, winTurnSpec } from '../../src/solver/win/winGoal.js';
import { cardWithOpen } from '../solver/helpers.js';
import { lateGame, start } from './helpers.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** ANN against the computer (seed 7), late in the game: ANN has scored Fours, so it is the computer's turn with OPEN open. */
function cpuTurn(strength: Strength = 'win', layout: 'msx' | 'spectrum' = 'msx', open = OPEN): AppModel {
  const m = lateGame(start({ layout, players: 2, names: ['ANN', 'CPU'], computers: 1, strength, match: { kind: 'single' } }, { computerPlays: true }), open);
  return update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
}

const KEEP_ALL: Decision = { kind: 'score', box: 'chance' };

/** A turn's answer that decides `decision` whatever the roll. */
function answer(key: string, decision: Decision = KEEP_ALL): WinAnswer {
  return { key, decide: () => decision };
}

const keyOf = (m: AppModel) => winTurnKey(m.game!, m.game!.current);

const meanOptimal = (m: AppModel) => chooseMove(table, 'optimal', positionOf(m.game!), m.computer.rng);

describe("a win seat's turn work in the controller", () => {
  it('its last WIN_EXACT_OPEN turns want turn work; it waits for it (no decision) until the answer for this turn is in', () => {
    const m = cpuTurn();
    expect(winTurnSpec(m.game!)).toMatchObject({ seat: 1, goal: { kind: 'game' } });
    expect(computerChoice(m, table)).toBeNull();
    const started = update(m, { type: 'win-started', key: keyOf(m) });
    expect(started.win).toEqual({ key: keyOf(m), status: 'working' });
    expect(winSource(started, undefined)).toBe('wait');
    const ready = update(started, { type: 'win-answer', key: keyOf(m), ok: true });
    expect(ready.win?.status).toBe('ready');
    expect(computerChoice(ready, table, answer(keyOf(m)))).toEqual({ decision: KEEP_ALL, rng: m.computer.rng });
  });

  it.each([
    ['another turn of the same seat', (k: string) => k.replace(/:(\d+)$/, (_, n: string) => `:${Number(n) - 1}`)],
    ['another match', (k: string) => `9${k}`],
  ])('ignores a stale answer (%s): the model stays as it was', (_name, stale) => {
    const m = update(cpuTurn(), { type: 'win-started', key: keyOf(cpuTurn()) });
    const key = stale(keyOf(m));
    expect(key).not.toBe(keyOf(m));
    expect(update(m, { type: 'win-answer', key, ok: true })).toBe(m);
    expect(update(m, { type: 'win-answer', key, ok: false, reason: 'x' })).toBe(m);
    expect(update(m, { type: 'win-started', key })).toBe(m);
    // An answer held for another turn decides nothing.
    const ready = update(m, { type: 'win-answer', key: keyOf(m), ok: true });
    expect(computerChoice(ready, table, answer(key))).toBeNull();
  });

  it('ignores an answer that comes on a person\'s turn (the win seat\'s turn is over)', () => {
    const m = update(cpuTurn(), { type: 'win-started', key: keyOf(cpuTurn()) });
    const person = lateGame(start({ players: 2, names: ['ANN', 'CPU'], computers: 1, strength: 'win' }, { computerPlays: true }), OPEN);
    expect(update(person, { type: 'win-answer', key: keyOf(m), ok: true })).toBe(person);
  });

  it('the work unavailable: it plays mean-optimally, and the screen says so once', () => {
    const m = update(cpuTurn(), { type: 'win-started', key: keyOf(cpuTurn()) });
    const failed = update(m, { type: 'win-answer', key: keyOf(m), ok: false, reason: 'no solver to work it out' });
    expect(failed.message?.text).toBe('CPU plays for its average: no solver to work it out');
    expect(failed.win?.fallbackSaid).toBe(true);
    expect(winSource(failed, undefined)).toBe('mean');
    expect(computerChoice(failed, table)).toEqual(meanOptimal(m));
    // A later turn's failure says nothing more.
    const later = { ...cpuTurn('win', 'msx', ['fullHouse', 'chance']), winFallbackSaid: true, message: null };
    const again = update(update(later, { type: 'win-started', key: keyOf(later) }), { type: 'win-answer', key: keyOf(later), ok: false, reason: 'again' });
    expect(again.win?.status).toBe('unavailable');
    expect(again.message).toBeNull();
    expect(again.win?.fallbackSaid).toBeUndefined();
  });

  it('while the work is under way and the computer would decide, the screen says it is thinking (once)', () => {
    const m = update(cpuTurn(), { type: 'win-started', key: keyOf(cpuTurn()) });
    const waiting = update(m, { type: 'win-wait', key: keyOf(m) });
    expect(waiting.message?.text).toBe('CPU is thinking: working out its best chance to win…');
    expect(update({ ...waiting, message: null }, { type: 'win-wait', key: keyOf(m) }).message).toBeNull();
    const ready = update(m, { type: 'win-answer', key: keyOf(m), ok: true });
    expect(update(ready, { type: 'win-wait', key: keyOf(m) })).toBe(ready);
  });

  it.each([
    ['more than WIN_EXACT_OPEN boxes open', () => cpuTurn('win', 'msx', ['fours', 'fullHouse', 'chance', 'yahtzee'])],
    ['a lone computer (win is optimal then)', () => lateGame(start({ players: 1, computers: 1, strength: 'win' }, { computerPlays: true }), OPEN)],
  ])('mean-optimal with no turn work: %s', (_name, make) => {
    const m = make();
    const t = solveSubgame('official', m.game!.cards[m.game!.current]);
    expect(winTurnSpec(m.game!)).toBeNull();
    expect(winSource(m, undefined)).toBe('mean');
    expect(computerChoice(m, t)).toEqual(chooseMove(t, 'optimal', positionOf(m.game!), m.computer.rng));
  });

  it('in a target match it plays for the match: the totals of the finished games go with the goal', () => {
    const m = lateGame(start({ players: 2, names: ['ANN', 'CPU'], computers: 1, strength: 'win', match: { kind: 'target', target: 600 } }, { computerPlays: true }), OPEN);
    const g = { ...m.game!, results: [{ totals: [250, 210] }], current: 1 };
    expect(winTurnSpec(g)?.goal).toEqual({ kind: 'target', target: 600, before: [250, 210] });
    // ANN over the target already, the computer last in the round: its turn is the last of the match.
    expect(winTurnSpec({ ...g, results: [{ totals: [600, 210] }] })?.goal).toEqual({ kind: 'target', target: 600, before: [600, 210], lastTurn: true });
    // With a third seat after it, the round goes on after its turn: not its last turn.
    const three = { ...g, results: [{ totals: [600, 210, 0] }], players: [...g.players, { name: 'BOB', kind: 'human' as const }], cards: [...g.cards, g.cards[0]] };
    expect(winTurnSpec(three)?.goal).toEqual({ kind: 'target', target: 600, before: [600, 210, 0] });
  });
});
