/** Resume is exact for what the player had typed: the MSX cursor and a half-typed Spectrum option number. */
import { describe, expect, it } from 'vitest';
import { resumeModel, typedFrom, typedOf } from '../../src/app/index.js';
import { parsePlayFlags } from '../../src/commands/playOptions.js';
import { newGame, reduce, type GameState } from '../../src/engine/index.js';
import { press, start } from './helpers.js';

const SIZE = { columns: 80, rows: 24 };
/** A one-player game in its choosing phase, Aces already scored. */
function choosing(): GameState {
  let g = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
  for (const a of [{ type: 'score', box: 'aces' }, { type: 'stop-rolling' }] as const) {
    const r = reduce(g, a);
    if (!r.ok) throw new Error(r.error);
    g = r.state;
  }
  return g;
}

describe('what the player had typed comes back on resume', () => {
  it('MSX: the cursor where it was moved to, not the first open box', () => {
    const played = press(start({ players: 1 }), 'i', 'down', 'down', 'down');
    const typed = typedOf(played);
    expect(typed.cursor).not.toBe(press(start({ players: 1 }), 'i').cursor);
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...typed }));
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: SIZE }, played.game!, 'msx', [], typedFrom(saved, played.game!));
    expect(model.cursor).toBe(played.cursor);
  });

  it('Spectrum: a half-typed option number, which ENTER then scores', () => {
    const played = press(start({ players: 1, layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), '0', '1');
    expect(played.option).toBe('1');
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...typedOf(played) }));
    const model = resumeModel(parsePlayFlags({ layout: 'spectrum' }), { seed: 1, size: SIZE }, played.game!, 'spectrum', [], typedFrom(saved, played.game!));
    expect(model.option).toBe('1');
    expect(press(model, '3', 'enter').message?.text).toMatch(/scored \d+ in Chance/);
  });
});

describe('typedFrom checks what it reads against the saved game', () => {
  const g = choosing();
  it.each<[string, Record<string, unknown> | undefined, { cursor?: string; option?: string }]>([
    ['nothing saved', undefined, {}],
    ['a cursor on an open box', { cursor: 'fives' }, { cursor: 'fives' }],
    ['a cursor on a filled box', { cursor: 'aces' }, {}],
    ['a cursor on no box of these rules', { cursor: 'trinca' }, {}],
    ['a cursor that is not text', { cursor: 3 }, {}],
    ['an option 1-13', { option: '13' }, { option: '13' }],
    ['a one-digit option', { option: '1' }, { option: '1' }],
    ['option 0', { option: '0' }, {}],
    ['option 14', { option: '14' }, {}],
    ['an option with a leading zero', { option: '01' }, {}],
    ['an option that is a number, not text', { option: 7 }, {}],
    ['an option with a letter', { option: '1a' }, {}],
    ['a huge option', { option: '1'.repeat(400) }, {}],
  ])('%s', (_what, ui, want) => {
    expect(typedFrom(ui, g)).toEqual(want);
  });

  it('takes nothing while the dice are still rolling', () => {
    const rolling = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
    expect(typedFrom({ cursor: 'fives', option: '5' }, rolling)).toEqual({});
  });
});
