import { describe, expect, it } from 'vitest';
import { describeSave, resumeKey, resumeModel } from '../../src/app/index.js';
import { parsePlayFlags } from '../../src/commands/playOptions.js';
import { newGame, reduce } from '../../src/engine/index.js';

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
    expect(lines[0]).toBe('official rules · game 1 of 3');
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
});
