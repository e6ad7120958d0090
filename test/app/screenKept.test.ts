/** Resume is exact for what the screen keeps: the MSX cursor, a half-typed Spectrum option number, the hints and chances. */
import { describe, expect, it } from 'vitest';
import { resumeModel, screenKeptFrom, screenKeptOf } from '../../src/app/index.js';
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

describe('what the screen kept comes back on resume', () => {
  it('MSX: the cursor where it was moved to, not the first open box', () => {
    const played = press(start({ players: 1 }), 'i', 'down', 'down', 'down');
    const typed = screenKeptOf(played);
    expect(typed.cursor).not.toBe(press(start({ players: 1 }), 'i').cursor);
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...typed }));
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: SIZE }, played.game!, 'msx', [], screenKeptFrom(saved, played.game!));
    expect(model.cursor).toBe(played.cursor);
  });

  it('Spectrum: a half-typed option number, which ENTER then scores', () => {
    const played = press(start({ players: 1, layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), '0', '1');
    expect(played.option).toBe('1');
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...screenKeptOf(played) }));
    const model = resumeModel(parsePlayFlags({ layout: 'spectrum' }), { seed: 1, size: SIZE }, played.game!, 'spectrum', [], screenKeptFrom(saved, played.game!));
    expect(model.option).toBe('1');
    expect(press(model, '3', 'enter').message?.text).toMatch(/scored \d+ in Chance/);
  });

  it('the hints and the chances to win, each as it was turned', () => {
    const two = { players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' as const } };
    for (const keys of [['t'], ['w'], ['w', 't'], []]) {
      const played = press(start(two), ...keys);
      const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...screenKeptOf(played) }));
      const model = resumeModel(parsePlayFlags({}), { seed: 1, size: SIZE }, played.game!, 'msx', [], screenKeptFrom(saved, played.game!));
      expect([model.hint, model.chances === true]).toEqual([keys.includes('t'), keys.includes('w')]);
    }
  });

  it('MSX: a rolling ended early with die A marked rolls on after the resume (i), A still marked', () => {
    const played = press(start({ players: 1 }), '1', 'i');
    expect(played.game?.phase).toBe('choosing');
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...screenKeptOf(played) }));
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: SIZE }, played.game!, 'msx', [], screenKeptFrom(saved, played.game!));
    const rolledOn = press(model, 'i');
    expect(rolledOn.game?.phase).toBe('rolling');
    expect(rolledOn.game?.held).toEqual([true, false, false, false, false]);
  });

  it('the chances turned on and the hints off again: the chances come back on their own', () => {
    const played = press(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), 't', 'w', 't');
    expect(screenKeptOf(played)).toMatchObject({ hint: false, chances: true });
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...screenKeptOf(played) }));
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: SIZE }, played.game!, 'msx', [], screenKeptFrom(saved, played.game!));
    expect([model.hint, model.chances]).toEqual([false, true]);
  });
});

describe('screenKeptFrom checks what it reads against the saved game', () => {
  const g = choosing();
  it.each<[string, Record<string, unknown> | undefined, { cursor?: string; option?: string; hint?: true; chances?: true; stopped?: boolean[] }]>([
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
    ['the hints and chances on', { hint: true, chances: true }, { hint: true, chances: true }],
    ['toggles that are not true', { hint: 'yes', chances: 1 }, {}],
    ['the holds of the rolling ended early', { stopped: [true, false, false, true, false] }, { stopped: [true, false, false, true, false] }],
    ['holds for four dice', { stopped: [true, false, false, true] }, {}],
    ['holds that are not true or false', { stopped: [1, 0, 0, 0, 0] }, {}],
    ['holds that are not a list', { stopped: 'AD' }, {}],
  ])('%s', (_what, ui, want) => {
    expect(screenKeptFrom(ui, g)).toEqual(want);
  });

  it('takes no typing while the dice are still rolling, only the toggles', () => {
    const rolling = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
    expect(screenKeptFrom({ cursor: 'fives', option: '5', hint: true }, rolling)).toEqual({ hint: true });
  });

  it('takes no holds to roll on with once the three rolls are used', () => {
    let g = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
    while (g.phase === 'rolling') {
      const r = reduce(g, { type: 'roll' });
      if (!r.ok) throw new Error(r.error);
      g = r.state;
    }
    expect(g.rollsUsed).toBe(3);
    expect(screenKeptFrom({ stopped: [true, false, false, false, false] }, g)).toEqual({});
  });
});

describe('a box taken back (--take-back) is kept with the save, for the game it was taken back in', () => {
  it('comes back on resume in that game; a later game of the match, or a new match, has none', () => {
    const match = { players: 1, names: ['ANN'], match: { kind: 'games' as const, games: 2 }, takeBack: true };
    const back = press(start(match), 'i', 'right', 'u');
    expect(back.takenBackIn).toBe(0);
    const saved = JSON.parse(JSON.stringify({ recordedGames: 0, ...screenKeptOf(back) }));
    expect(screenKeptFrom(saved, back.game!).takenBackIn).toBe(0);
    expect(resumeModel(parsePlayFlags({ takeBack: true }), { seed: 1, size: SIZE }, back.game!, 'msx', [], screenKeptFrom(saved, back.game!)).takenBackIn).toBe(0);
    // The same ui read with the second game in play: that game's is not known, so none.
    expect(screenKeptFrom(saved, { ...back.game!, results: [{ totals: [100] }] } as unknown as GameState).takenBackIn).toBeUndefined();
    expect(press(start(match), 'i', 'right').takenBackIn ?? null).toBeNull();
  });
});
