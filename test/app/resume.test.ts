import { describe, expect, it } from 'vitest';
import { decisionsFrom, resumeKey, resumeModel, type SeatDecision } from '../../src/app/index.js';
import { describeSave } from '../../src/view/index.js';
import { parsePlayFlags } from '../../src/commands/playOptions.js';
import { newGame, reduce } from '../../src/engine/index.js';
import { press, start } from './helpers.js';
import type { LooseJson } from '../looseJson.js';

const game = () => {
  const g = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'BOB', kind: 'human' }], seed: 4, match: { kind: 'games', games: 3 }, clearHoldsAfterRoll: false });
  const r = reduce(g, { type: 'score', box: 'chance' });
  if (!r.ok) throw new Error(r.error);
  return r.state;
};

describe('resuming a saved game', () => {
  it.each([
    ['y', {}, 'resume'],
    ['Y', {}, 'resume'],
    ['', { return: true }, 'resume'],
    ['n', {}, 'new'],
    ['q', {}, 'quit'],
    ['', { escape: true }, 'quit'],
    ['c', { ctrl: true }, 'interrupt'],
    ['x', {}, null],
  ] as const)('key %j %j answers %s', (input, key, choice) => {
    expect(resumeKey(input, key)).toBe(choice);
  });

  it('describes the saved game: rules, match, scores, whose turn', () => {
    const lines = describeSave(game(), '2026-11-29T13:04:05Z');
    expect(lines[0]).toBe('official rules · game 1 of 3, most games won');
    expect(lines[1]).toMatch(/^ANN \d+ · BOB 0$/);
    expect(lines[2]).toBe("BOB's turn, turn 1 of 13");
  });

  it('takes the game up exactly where it was, in the saved layout, with no setup questions', () => {
    const g = game();
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, g, 'spectrum');
    expect(model.screen).toBe('game');
    expect(model.layout).toBe('spectrum');
    expect(model.game).toBe(g);
    expect(model.seed).toBe(4);
    expect(model.message?.text).toMatch(/Welcome back/);
  });

  it('takes the decisions made before the save along, so the review covers the whole game', () => {
    // ANN keeps A and C and rolls, then scores: two decisions of hers; BOB keeps B and rolls: one of his.
    const played = press(start({ players: 2, names: ['ANN', 'BOB'] }), '1', '3', 'space', 'i', 'right', '2', 'space');
    expect(played.decisions.map((d) => d.seat)).toEqual([0, 0, 1]);
    // As the save holds them: plain JSON.
    const saved: unknown = JSON.parse(JSON.stringify(played.decisions));
    const game = played.game!;
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, game, 'msx', decisionsFrom(saved, game));
    expect(model.decisions).toEqual(played.decisions);
  });
});

describe('decisions read back from a save', () => {
  const played = () => press(start({ players: 2, names: ['ANN', 'BOB'], computers: 1 }), '1', '3', 'space', 'i', 'right');
  const decisions = () => JSON.parse(JSON.stringify(played().decisions)) as SeatDecision[];
  const change = (f: (d: LooseJson[]) => unknown): unknown => {
    const d = decisions() as LooseJson[];
    f(d);
    return d;
  };

  it('the decisions as saved are taken', () => {
    expect(decisions().length).toBe(2);
    expect(decisionsFrom(decisions(), played().game!)).toEqual(played().decisions);
  });

  it.each<[string, () => unknown]>([
    ['no decisions at all (an older save)', () => undefined],
    ['not a list', () => ({ seat: 0 })],
    ['a seat that is not there', () => change((d) => (d[0].seat = 5))],
    ["the computer's seat (only people's decisions are reviewed)", () => change((d) => (d[0].seat = 1))],
    ['a card with a box of another rule set', () => change((d) => (d[1].record.card = { boxes: { sorte: 12 } }))],
    ['six dice', () => change((d) => (d[0].record.dice = [1, 2, 3, 4, 5, 6]))],
    ['a die showing 7', () => change((d) => (d[0].record.dice[2] = 7))],
    ['three rolls left after a roll', () => change((d) => (d[0].record.rollsLeft = 3))],
    ['a box that does not exist', () => change((d) => (d[1].record.choice = { kind: 'score', box: 'pair' }))],
    ['a choice of another kind', () => change((d) => (d[0].record.choice = { kind: 'reroll' }))],
  ])('%s: none are taken, the review starts at the resume', (_what, value) => {
    expect(decisionsFrom(value(), played().game!)).toEqual([]);
  });
});

