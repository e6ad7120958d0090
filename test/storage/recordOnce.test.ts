import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newGame, reduce, type GameState } from '../../src/engine/index.js';
import { Autosave, matchIdOf, unwrittenOf, type Notice } from '../../src/storage/autosave.js';
import { loadGame, loadScores, recordGame, savePath, scoresPath, type StorageDirs } from '../../src/storage/index.js';
import { fullDisk } from './faultyFs.js';
import { fullCard, tempDirs } from './helpers.js';

const OPEN = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];

/** The states of a one-player game of a match of `games`, from the start to the end of its first game. */
function firstGame(games: number, seed = 4): GameState[] {
  const states = [newGame({ players: [{ name: 'ANN', kind: 'human' }], seed, match: games === 1 ? { kind: 'single' } : { kind: 'games', games } })];
  for (let s = states[0]; s.phase !== 'gameOver'; states.push(s)) {
    const r = reduce(s, { type: 'score', box: OPEN.find((b) => reduce(s, { type: 'score', box: b }).ok)! });
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return states;
}

/** An Autosave resumed from the save on disk, as the game does at start. */
function resumed(dirs: StorageDirs): { save: Autosave; state: GameState } {
  const loaded = loadGame(dirs);
  if (loaded.kind !== 'ok') throw new Error(`no save to resume: ${loaded.kind}`);
  const ui = loaded.save.ui;
  return { save: new Autosave(dirs, 'msx', false, Number(ui?.recordedGames ?? 0), { matchId: matchIdOf(ui) }), state: loaded.save.state };
}

describe('a game is recorded in the high scores once, even when the program is killed between the scores and the save', () => {
  it('killed after the last box (the game-over save never landed): scoring that box again after the resume records nothing more', async () => {
    const dirs = tempDirs();
    const states = firstGame(2);
    const beforeLast = states[states.length - 2];
    const end = states[states.length - 1];
    const first = new Autosave(dirs, 'msx', false);
    first.onChange(states[0]);
    first.onChange(beforeLast);
    await first.idle();
    const onDisk = fs.readFileSync(savePath(dirs), 'utf8');
    first.onChange(end);
    await first.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    // The kill: the game-over save is lost, the save on disk is the one before the last box.
    fs.writeFileSync(savePath(dirs), onDisk);
    const again = resumed(dirs);
    expect(again.state).toEqual(beforeLast);
    again.save.onChange(again.state);
    again.save.onChange(end);
    await again.save.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
  });

  it('recordGame with an id already recorded adds nothing and says so; another id is recorded', () => {
    const dirs = tempDirs();
    const entries = [{ name: 'ANN', card: fullCard('official', { chance: 30 }) }];
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#1' })).toEqual({ ok: true, ranks: [1], before: 0 });
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#1' })).toEqual({ ok: true, ranks: [null], duplicate: true });
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#2' })).toEqual({ ok: true, ranks: [2], before: 1 });
    expect(loadScores(dirs).book.rules.official?.games).toBe(2);
    expect(loadScores(dirs).book.recorded).toEqual(['m1#1', 'm1#2']);
  });

  it("a new match in the same session gets a new id (its first game is not taken for the last match's)", async () => {
    const dirs = tempDirs();
    const save = new Autosave(dirs, 'msx', false);
    for (const s of firstGame(1, 4)) save.onChange(s);
    for (const s of firstGame(1, 5)) save.onChange(s);
    await save.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(2);
  });
});

describe('a match finished while the disk is full keeps its result', () => {
  it('the high scores cannot be written: the save is not deleted, the notice says it is kept; with room again the result is recorded and the save goes', async () => {
    const dirs = tempDirs();
    const states = firstGame(1);
    const end = states[states.length - 1];
    const good = new Autosave(dirs, 'msx', false);
    good.onChange(states[states.length - 2]);
    await good.idle();
    good.flush();
    const { save: full, state } = resumed(dirs);
    const disk = fullDisk(0);
    const blocked = new Autosave(dirs, 'msx', false, 0, { matchId: full.match, io: disk.io, asyncIo: disk.asyncIo });
    blocked.onChange(state);
    const notice: Notice = blocked.onChange(end);
    expect(notice).toEqual({ tone: 'error', text: expect.stringMatching(/^The high scores could not be written \(they are kept in the save until they can be\): .*the disk is full/) });
    await blocked.idle();
    expect(blocked.flush()).toMatch(/the disk is full/);
    expect(fs.existsSync(savePath(dirs))).toBe(true);
    expect(fs.existsSync(scoresPath(dirs))).toBe(false);
    // Room again: the next start records the result and lets the save go.
    const { save: later } = resumed(dirs);
    later.onChange(end);
    await later.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    expect(fs.existsSync(savePath(dirs))).toBe(false);
  });
});

describe('high scores that could not be written wait, in memory and in the save, until they can be', () => {
  /** A disk that fills only for the high scores (the saves go on): the score file's writes fail while `full`. */
  function scoresDisk() {
    const disk = fullDisk(0);
    let full = true;
    const io = { ...fs, writeSync: ((fd: number, buffer: Buffer, offset?: number, length?: number) => (full && fs.readlinkSync(`/proc/self/fd/${fd}`).includes('scores') ? disk.io.writeSync(fd, buffer, offset, length) : fs.writeSync(fd, buffer, offset ?? 0, length ?? buffer.length - (offset ?? 0)))) as typeof fs.writeSync };
    return { io, room: () => void (full = false) };
  }

  it('play again after a game whose scores failed: the next change writes them, and says so', async () => {
    const dirs = tempDirs();
    const disk = scoresDisk();
    const save = new Autosave(dirs, 'msx', false, 0, { io: disk.io });
    const one = firstGame(1, 4);
    for (const s of one) save.onChange(s);
    expect(save.unrecorded()).toBe(true);
    await save.idle();
    // The save of the finished game holds them, and is not removed.
    expect(unwrittenOf(loadGameUi(dirs))).toHaveLength(1);
    disk.room();
    const again = firstGame(1, 5);
    expect(save.onChange(again[0])).toEqual({ tone: 'info', text: expect.stringMatching(/high score|score kept|written now/) });
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    for (const s of again.slice(1)) save.onChange(s);
    await save.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(2);
    expect(save.unrecorded()).toBe(false);
  });

  it("a match's first game failed: not tried at each move of the next (a held lock would stall every key), but on the way out, under its own id", async () => {
    const dirs = tempDirs();
    const disk = scoresDisk();
    const save = new Autosave(dirs, 'msx', false, 0, { io: disk.io, matchId: 'm9' });
    const one = firstGame(2, 4);
    for (const s of one) save.onChange(s);
    const end = one[one.length - 1];
    const next = reduce(end, { type: 'next-game' });
    if (!next.ok) throw new Error(next.error);
    save.onChange(next.state);
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    disk.room();
    save.onChange({ ...next.state });
    expect(loadScores(dirs).book.rules.official).toBeUndefined();
    await save.idle();
    save.flush();
    expect(loadScores(dirs).book.recorded).toEqual(['m9#1']);
  });

  it('a disk full for the saves too: once a save lands again, the scores that waited are written and said in its line', async () => {
    const dirs = tempDirs();
    const disk = fullDisk(0);
    const notices: Notice[] = [];
    const save = new Autosave(dirs, 'msx', false, 0, { io: disk.io, asyncIo: disk.asyncIo });
    const one = firstGame(1, 4);
    for (const s of one) save.onChange(s, (n) => void notices.push(n));
    await save.idle();
    expect(save.unrecorded()).toBe(true);
    disk.free();
    save.onChange(firstGame(1, 5)[0]);
    const moved = firstGame(1, 5)[1];
    save.onChange(moved);
    await save.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    expect(notices.at(-1)).toEqual({ tone: 'info', saveProblem: null, text: expect.stringMatching(/high score|score kept|written now/) });
  });

  it('kept in the save: a later run writes them, whether it resumes or starts a new game', async () => {
    const dirs = tempDirs();
    const disk = scoresDisk();
    const save = new Autosave(dirs, 'msx', false, 0, { io: disk.io });
    for (const s of firstGame(1, 4)) save.onChange(s);
    save.onChange(firstGame(1, 5)[0]);
    await save.idle();
    save.flush();
    const ui = loadGameUi(dirs);
    expect(unwrittenOf(ui)).toHaveLength(1);
    const later = new Autosave(dirs, 'msx', false, 0, { unwritten: unwrittenOf(ui) });
    later.onChange(firstGame(1, 6)[0]);
    await later.idle();
    expect(loadScores(dirs).book.rules.official?.games).toBe(1);
    later.flush();
    expect(unwrittenOf(loadGameUi(dirs))).toEqual([]);
  });

  it('one that can never be written (a damaged save\'s) is left out, said so, and the rest written', () => {
    const dirs = tempDirs();
    const good = { rules: 'official' as const, game: 'g2', entries: [{ name: 'ANN', card: fullCard('official') }] };
    const save = new Autosave(dirs, 'msx', false, 0, { unwritten: [{ rules: 'official', game: 'g1', entries: [{ name: '', card: fullCard('official') }] }, good] });
    expect(save.onChange(firstGame(1, 6)[0])?.tone).toBe('info');
    expect(loadScores(dirs).book.recorded).toEqual(['g2']);
    expect(save.unrecorded()).toBe(false);
    const bad = new Autosave(tempDirs(), 'msx', false, 0, { unwritten: [{ rules: 'official', game: 'g1', entries: [{ name: '', card: fullCard('official') }] }] });
    expect(bad.onChange(firstGame(1, 6)[0])).toEqual({ tone: 'error', text: expect.stringMatching(/^A game kept in the save for the high scores is left out: entry 1/) });
  });

  it('a save holding anything else there reads as none', () => {
    expect(unwrittenOf(undefined)).toEqual([]);
    expect(unwrittenOf({ unwritten: 'x' })).toEqual([]);
    expect(unwrittenOf({ unwritten: [null, 3, { rules: 'official', game: '', entries: [] }, { rules: 'official', game: 'a', entries: {} }] })).toEqual([]);
  });
});

/** The screen settings of the save on disk. */
function loadGameUi(dirs: StorageDirs): Readonly<Record<string, unknown>> | undefined {
  const loaded = loadGame(dirs);
  if (loaded.kind !== 'ok') throw new Error(`no save: ${loaded.kind}`);
  return loaded.save.ui;
}
