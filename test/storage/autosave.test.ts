import { writeFileSync, existsSync, rmSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newGame, reduce, type Action, type GameState } from '../../src/engine/index.js';
import { Autosave, type Notice } from '../../src/storage/autosave.js';
import { loadGame, loadScores, realFsAsync, recordGame, savePath, type AsyncFileSystem, type StorageDirs } from '../../src/storage/index.js';
import { filesIn, tempDir, tempDirs } from './helpers.js';

const fresh = (): StorageDirs => tempDirs();
const act = (s: GameState, a: Action): GameState => {
  const r = reduce(s, a);
  if (!r.ok) throw new Error(r.error);
  return r.state;
};
/** Scores the first open box each turn until the game ends, calling onChange after every move. */
function playOut(state: GameState, save: Autosave, told: Notice[] = []): GameState {
  let s = state;
  while (s.phase !== 'gameOver') {
    const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
    const box = open.find((b) => reduce(s, { type: 'score', box: b }).ok)!;
    s = act(s, { type: 'score', box });
    told.push(save.onChange(s));
  }
  return s;
}

/** The states of a one-player game from its start to its end, scoring the first open box each turn. */
function wholeGame(seed: number, match?: Parameters<typeof newGame>[0]['match']): GameState[] {
  const states = [newGame({ players: [{ name: 'ANN', kind: 'human' }], seed, ...(match ? { match } : {}) })];
  const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
  for (let s = states[0]; s.phase !== 'gameOver'; states.push(s)) s = act(s, { type: 'score', box: open.find((b) => reduce(s, { type: 'score', box: b }).ok)! });
  return states;
}

/** `count` different states of one turn: the holds toggled one die after another. */
function holdToggles(s: GameState, count: number): GameState[] {
  const states: GameState[] = [];
  for (let i = 0; i < count; i++) states.push((s = act(s, { type: 'toggle-hold', die: i % 5 })));
  return states;
}

/**
 * The real promise-based file system with a gate at one step of every write (opening its temporary file, or the rename):
 * writes wait there until release(). Counts the writes started and the renames asked for.
 */
function gatedFs(step: 'open' | 'rename') {
  let held = true;
  const waiting: Array<() => void> = [];
  const arrivals: Array<() => void> = [];
  const counts = { writes: 0, renames: 0 };
  const gate = async (): Promise<void> => {
    if (!held) return;
    for (const arrived of arrivals.splice(0)) arrived();
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const io: AsyncFileSystem = {
    ...realFsAsync,
    open: async (file, flags, mode) => {
      if (flags === 'wx') {
        counts.writes++;
        if (step === 'open') await gate();
      }
      return fsp.open(file, flags, mode);
    },
    rename: async (from, to) => {
      counts.renames++;
      if (step === 'rename') await gate();
      return fsp.rename(from, to);
    },
  };
  return {
    io,
    counts,
    /** Resolves when a write waits at the gate. */
    reached: () => (waiting.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => arrivals.push(resolve))),
    /** Opens the gate for good. */
    release: () => {
      held = false;
      for (const go of waiting.splice(0)) go();
    },
  };
}

/** An autosave in a fresh folder whose background writes stop at `step` until the gate is released. */
function gatedAutosave(step: 'open' | 'rename') {
  const dirs = fresh();
  const gate = gatedFs(step);
  return { dirs, gate, save: new Autosave(dirs, 'msx', false, 0, { asyncIo: gate.io }) };
}

describe('autosave', () => {
  it('saves every change so that loading gives back the same state, random generator included', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'spectrum', false);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 5 });
    expect(save.onChange(s)).toBeNull();
    s = act(act(s, { type: 'toggle-hold', die: 1 }), { type: 'roll' });
    save.onChange(s);
    await save.idle();
    const loaded = loadGame(dirs);
    expect(loaded.kind).toBe('ok');
    if (loaded.kind !== 'ok') return;
    expect(loaded.save.state).toEqual(s);
    expect(loaded.save.layout).toBe('spectrum');
    expect(act(loaded.save.state, { type: 'roll' })).toEqual(act(s, { type: 'roll' }));
  });

  it('saves the decisions handed over with the state, in the background and on flush, and none when there are none', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 5 });
    const decisions = [{ seat: 0, record: { card: { boxes: {} }, dice: [1, 2, 3, 4, 5], rollsLeft: 2, choice: { kind: 'keep', keep: [1] } } }];
    const saved = () => {
      const loaded = loadGame(dirs);
      return loaded.kind === 'ok' ? loaded.save.ui : 'not loaded';
    };
    save.onChange(s);
    await save.idle();
    const matchId = save.match;
    expect(saved()).toEqual({ recordedGames: 0, matchId });
    save.onChange(act(s, { type: 'roll' }), undefined, decisions);
    await save.idle();
    expect(saved()).toEqual({ recordedGames: 0, matchId, decisions });
    save.flush();
    expect(saved()).toEqual({ recordedGames: 0, matchId, decisions });
  });

  it('records the finished game in the high scores once, and drops the save when the match is over', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'CPU', kind: 'computer', strength: 'optimal' }], seed: 9 });
    save.onChange(s);
    const end = playOut(s, save);
    save.onChange(end);
    await save.idle();
    const record = loadScores(dirs).book.rules.official;
    expect(record?.games).toBe(1);
    expect(record?.top.map((t) => t.name)).toEqual(['ANN']);
    expect(save.recorded).toBe('official');
    expect(existsSync(savePath(dirs))).toBe(false);
    expect(save.flush()).toBeNull();
    expect(existsSync(savePath(dirs))).toBe(false);
  });

  it('tells a person\'s new high score by their rank on this machine, not as a place in the game ("2nd best", never "#2")', async () => {
    const dirs = fresh();
    // An earlier game of 375 points stands first in the table.
    const card = { boxes: { aces: 5, twos: 10, threes: 15, fours: 20, fives: 25, sixes: 30, threeOfAKind: 30, fourOfAKind: 30, fullHouse: 25, smallStraight: 30, largeStraight: 40, yahtzee: 50, chance: 30 }, yahtzeeBonuses: 0 };
    expect(recordGame(dirs, 'official', [{ name: 'BOB', card }])).toMatchObject({ ok: true, ranks: [1] });
    const save = new Autosave(dirs, 'msx', false);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'CPU', kind: 'computer', strength: 'optimal' }], seed: 9 });
    const notices: Notice[] = [];
    const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
    while (s.phase !== 'gameOver') {
      s = act(s, { type: 'score', box: open.find((b) => reduce(s, { type: 'score', box: b }).ok)! });
      notices.push(save.onChange(s));
    }
    await save.idle();
    expect(loadScores(dirs).book.rules.official?.top.map((t) => t.name)).toEqual(['BOB', 'ANN']);
    const told = notices.filter((n) => n !== null).map((n) => n.text);
    expect(told).toEqual(['ANN: on the high-score table, 2nd of the official rules on this machine']);
  });

  it('a practice game (undo allowed) does not enter the high scores, and its end says so', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', true);
    const told: Notice[] = [];
    playOut(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 9 }), save, told);
    expect(told.at(-1)).toEqual({ text: 'A practice game: not recorded in the high scores', tone: 'info' });
    await save.idle();
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    expect(save.recorded).toBeNull();
    expect(existsSync(savePath(dirs))).toBe(false);
  });

  it('keeps the save between the games of a match and records each game once', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 3, match: { kind: 'games', games: 2 } });
    const first = playOut(s, save);
    await save.idle();
    expect(loadGame(dirs).kind).toBe('ok');
    const resumed = new Autosave(dirs, 'msx', false, 1);
    resumed.onChange(first);
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    playOut(act(first, { type: 'next-game' }), resumed);
    await resumed.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(2);
    expect(loadGame(dirs).kind).toBe('none');
  });

  it('a folder that is not the game\'s to write (claim): nothing is written there, and the screen says why', async () => {
    const dirs = tempDirs();
    let why: string | null = 'another yahtzee plays in this folder (process 7)';
    const save = new Autosave(dirs, 'msx', false, 0, { claim: () => why });
    const notices: Notice[] = [];
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 });
    save.onChange(s, (n) => void notices.push(n));
    await save.idle();
    expect(existsSync(savePath(dirs))).toBe(false);
    expect(notices).toEqual([{ tone: 'error', text: expect.stringMatching(/^Saving failed \(the game goes on\): .*game\.json is not this game's to write: another yahtzee/), saveProblem: 'another yahtzee plays in this folder' }]);
    // Another reason is said again; the same one is not.
    why = 'another game was saved in this folder meanwhile, and is kept';
    save.onChange((s = act(s, { type: 'roll' })), (n) => void notices.push(n));
    await save.idle();
    save.onChange((s = act(s, { type: 'toggle-hold', die: 1 })), (n) => void notices.push(n));
    await save.idle();
    expect(notices.map((n) => n?.saveProblem)).toEqual(['another yahtzee plays in this folder', 'another game was saved in this folder meanwhile, and is kept']);
    expect(save.flush()).toMatch(/not this game's to write/);
    expect(existsSync(savePath(dirs))).toBe(false);
    why = null;
    const other = new Autosave(dirs, 'msx', false, 0, { claim: () => why });
    s = act(s, { type: 'toggle-hold', die: 2 });
    other.onChange(s);
    await other.idle();
    expect(existsSync(savePath(dirs))).toBe(true);
  });

  it('says through notify, once, that saving failed, goes on, and says once when saving works again', async () => {
    const root = tempDir();
    const blocker = join(root, 'state');
    writeFileSync(blocker, 'a file where the folder should be');
    const dirs = { state: blocker, data: join(root, 'data') };
    const save = new Autosave(dirs, 'msx', false);
    const notices: Notice[] = [];
    const notify = (n: Notice) => void notices.push(n);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 });
    expect(save.onChange(s, notify)).toBeNull();
    await save.idle();
    expect(notices).toEqual([{ tone: 'error', text: expect.stringMatching(/^Saving failed \(the game goes on\): the game could not be saved in /), saveProblem: 'a file stands where a folder should be' }]);
    s = act(s, { type: 'roll' });
    expect(save.onChange(s, notify)).toBeNull();
    await save.idle();
    expect(notices).toHaveLength(1);
    rmSync(blocker);
    s = act(s, { type: 'toggle-hold', die: 2 });
    save.onChange(s, notify);
    await save.idle();
    expect(notices.slice(1)).toEqual([{ text: 'Saving works again: the game is saved', tone: 'info', saveProblem: null }]);
    s = act(s, { type: 'toggle-hold', die: 3 });
    save.onChange(s, notify);
    await save.idle();
    expect(notices).toHaveLength(2);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: s } });
  });

  it('flush reports a save it cannot write', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'state'), 'a file where the folder should be');
    const save = new Autosave({ state: join(root, 'state'), data: join(root, 'data') }, 'msx', false);
    save.onChange(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 }));
    expect(save.flush()).toMatch(/could not be saved/);
    await save.idle();
  });

  it('idle resolves at once when nothing was handed over', async () => {
    await expect(new Autosave(fresh(), 'msx', false).idle()).resolves.toBeUndefined();
  });
});

describe('autosave in the background: one write at a time, the newest state last', () => {
  it('many changes during a slow write end with the newest state on disk, written by two writes in all', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const start = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
    const states = holdToggles(start, 30);
    save.onChange(start);
    await gate.reached();
    for (const s of states) save.onChange(s);
    expect(gate.counts.writes).toBe(1);
    gate.release();
    await save.idle();
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: states.at(-1) } });
    expect(gate.counts.writes).toBe(2);
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('the state being written, handed over again, is not written a second time', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 4 });
    save.onChange(s);
    await gate.reached();
    save.onChange(s);
    gate.release();
    await save.idle();
    expect(gate.counts.writes).toBe(1);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: s } });
  });

  it('the end of the match deletes the save after the write in flight lands, not before', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const game = wholeGame(6);
    save.onChange(game.at(-2)!);
    await gate.reached();
    save.onChange(game.at(-1)!);
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    gate.release();
    await save.idle();
    expect(existsSync(savePath(dirs))).toBe(false);
    expect(filesIn(dirs.state)).toEqual([]);
  });

  it('a new match started while the end-of-match delete waits is saved after that delete', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const game = wholeGame(6);
    save.onChange(game.at(-2)!);
    await gate.reached();
    save.onChange(game.at(-1)!);
    const next = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 60 });
    save.onChange(next);
    gate.release();
    await save.idle();
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: next } });
  });

  it('flush during a write leaves the newest state on disk, and the write in flight never renames over it', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const [older, newer] = holdToggles(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 8 }), 2);
    save.onChange(older);
    await gate.reached();
    save.onChange(newer);
    expect(save.flush()).toBeNull();
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: newer } });
    gate.release();
    await save.idle();
    expect(gate.counts.renames).toBe(0);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: newer } });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('flush while the rename of a write is already under way still has the last word', async () => {
    const { dirs, gate, save } = gatedAutosave('rename');
    const [older, newer] = holdToggles(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 8 }), 2);
    save.onChange(older);
    await gate.reached();
    save.onChange(newer);
    expect(save.flush()).toBeNull();
    gate.release();
    await save.idle();
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: newer } });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('after flush, the end of the match deletes the save at once, and the write that was in flight does not bring it back', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const game = wholeGame(6);
    save.onChange(game.at(-3)!);
    await gate.reached();
    save.onChange(game.at(-2)!);
    expect(save.flush()).toBeNull();
    expect(existsSync(savePath(dirs))).toBe(true);
    save.onChange(game.at(-1)!);
    expect(existsSync(savePath(dirs))).toBe(false);
    gate.release();
    await save.idle();
    expect(filesIn(dirs.state)).toEqual([]);
  });

  it('flush at the end of a match deletes the save even while the delete waits behind a write', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const game = wholeGame(6);
    save.onChange(game.at(-2)!);
    await gate.reached();
    save.onChange(game.at(-1)!);
    expect(save.flush()).toBeNull();
    gate.release();
    await save.idle();
    expect(filesIn(dirs.state)).toEqual([]);
  });

  it('a change after flush is saved at once, not in the background', async () => {
    const { dirs, gate, save } = gatedAutosave('open');
    const [a, b] = holdToggles(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 8 }), 2);
    save.onChange(a);
    save.flush();
    save.onChange(b);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: b } });
    gate.release();
    await save.idle();
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: b } });
  });
});

describe('what the screen keeps is saved with the game', () => {
  it('the cursor and a half-typed option go in ui, and a change of the cursor alone is saved too', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = act(newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 3 }), { type: 'stop-rolling' });
    save.onChange(s, undefined, [], { cursor: 'twos', option: '' });
    await save.idle();
    const first = loadGame(dirs);
    const ui = (r: ReturnType<typeof loadGame>) => (r.kind === 'ok' ? { cursor: r.save.ui?.cursor, option: r.save.ui?.option } : null);
    expect(ui(first)).toEqual({ cursor: 'twos', option: undefined });
    save.onChange(s, undefined, [], { cursor: 'fives', option: '1' });
    await save.idle();
    const second = loadGame(dirs);
    expect(ui(second)).toEqual({ cursor: 'fives', option: '1' });
    save.onChange(s, undefined, [], { cursor: 'sixes' });
    expect(save.flush()).toBeNull();
    const last = loadGame(dirs);
    expect(ui(last)).toEqual({ cursor: 'sixes', option: undefined });
  });

  it('the hints and chances toggles go in ui when on, and turning one alone is saved too', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    const s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 3 });
    const ui = () => {
      const r = loadGame(dirs);
      return r.kind === 'ok' ? { hint: r.save.ui?.hint, chances: r.save.ui?.chances } : null;
    };
    save.onChange(s, undefined, [], { hint: true, chances: false });
    await save.idle();
    expect(ui()).toEqual({ hint: true, chances: undefined });
    save.onChange(s, undefined, [], { hint: false, chances: true });
    await save.idle();
    expect(ui()).toEqual({ hint: undefined, chances: true });
  });
});

describe('a game with a box taken back (--take-back)', () => {
  it('is not recorded in the high scores, and its end says so; the next game of the match is', async () => {
    const dirs = fresh();
    const save = new Autosave(dirs, 'msx', false);
    let s = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 3, match: { kind: 'games', games: 2 } });
    const told: Notice[] = [];
    const open = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];
    const scoreOne = (kept: { takenBackIn: number | null }) => {
      s = act(s, { type: 'score', box: open.find((b) => reduce(s, { type: 'score', box: b }).ok)! });
      told.push(save.onChange(s, undefined, [], kept));
    };
    while (s.phase !== 'gameOver') scoreOne({ takenBackIn: 0 });
    expect(told.at(-1)).toEqual({ text: 'A box was taken back in this game: not recorded in the high scores', tone: 'info' });
    await save.idle();
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    s = act(s, { type: 'next-game' });
    while (s.phase !== 'gameOver') scoreOne({ takenBackIn: 0 });
    await save.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
  });
});
