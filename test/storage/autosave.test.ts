import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newGame, reduce, type Action, type GameState } from '../../src/engine/index.js';
import { Autosave } from '../../src/storage/autosave.js';
import { loadGame, loadScores, savePath, type StorageDirs } from '../../src/storage/index.js';

const fresh = (): StorageDirs => {
  const dir = mkdtempSync(join(tmpdir(), 'yahtzee-autosave-'));
  return { state: join(dir, 'state'), data: join(dir, 'data') };
};
const act = (s: GameState, a: Action): GameState => {
  const r = reduce(s, a);
  if (!r.ok) throw new Error(r.error);
  return r.state;
};
/** Scores the first open box each turn until the game ends, calling onChange after every move. */
function playOut(state: GameState, save: Autosave): GameState {
  let s = state;
  while (s.phase !== 'gameOver') {
    const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
    const box = open.find((b) => reduce(s, { type: 'score', box: b }).ok)!;
    s = act(s, { type: 'score', box });
    save.onChange(s);
  }
  return s;
}

describe('autosave', () => {
  it('saves every change so that loading gives back the same state, random generator included', () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'spectrum', false);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 5 });
    expect(save.onChange(s)).toBeNull();
    s = act(act(s, { type: 'toggle-hold', die: 1 }), { type: 'roll' });
    save.onChange(s);
    const loaded = loadGame(dirs);
    expect(loaded.kind).toBe('ok');
    if (loaded.kind !== 'ok') return;
    expect(loaded.save.state).toEqual(s);
    expect(loaded.save.layout).toBe('spectrum');
    expect(act(loaded.save.state, { type: 'roll' })).toEqual(act(s, { type: 'roll' }));
  });

  it('records the finished game in the high scores once, and drops the save when the match is over', () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'CPU', kind: 'computer', strength: 'optimal' }], seed: 9 });
    save.onChange(s);
    const end = playOut(s, save);
    save.onChange(end);
    const record = loadScores(dirs).book.rules.official;
    expect(record?.games).toBe(1);
    expect(record?.top.map((t) => t.name)).toEqual(['ANN']);
    expect(save.recorded).toBe('official');
    expect(existsSync(savePath(dirs))).toBe(false);
    expect(save.flush()).toBeNull();
    expect(existsSync(savePath(dirs))).toBe(false);
  });

  it('a practice game (undo allowed) does not enter the high scores', () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', true);
    playOut(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 9 }), save);
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    expect(save.recorded).toBeNull();
    expect(existsSync(savePath(dirs))).toBe(false);
  });

  it('keeps the save between the games of a match and records each game once', () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 3, match: { kind: 'games', games: 2 } });
    const first = playOut(s, save);
    expect(loadGame(dirs).kind).toBe('ok');
    const resumed = new Autosave(dirs, 'msx', false, 1);
    resumed.onChange(first);
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    playOut(act(first, { type: 'next-game' }), resumed);
    expect(loadScores(dirs).book.rules.official?.games).toBe(2);
    expect(loadGame(dirs).kind).toBe('none');
  });

  it('says once that saving failed, goes on, and says when saving works again', () => {
    const root = mkdtempSync(join(tmpdir(), 'yahtzee-autosave-'));
    const blocker = join(root, 'state');
    writeFileSync(blocker, 'a file where the folder should be');
    const dirs = { state: blocker, data: join(root, 'data') };
    const save = new Autosave(dirs, 'msx', false);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 });
    const first = save.onChange(s);
    expect(first?.tone).toBe('error');
    expect(first?.text).toMatch(/^Saving failed \(the game goes on\): /);
    s = act(s, { type: 'roll' });
    expect(save.onChange(s)).toBeNull();
    expect(save.flush()).toMatch(/could not be saved/);
  });
});
