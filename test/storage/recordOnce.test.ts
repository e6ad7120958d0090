import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newGame, reduce, type GameState } from '../../src/engine/index.js';
import { Autosave, matchIdOf, type Notice } from '../../src/storage/autosave.js';
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
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#1' })).toEqual({ ok: true, ranks: [1] });
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#1' })).toEqual({ ok: true, ranks: [null], duplicate: true });
    expect(recordGame(dirs, 'official', entries, { gameId: 'm1#2' })).toEqual({ ok: true, ranks: [2] });
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
    expect(notice).toEqual({ tone: 'error', text: expect.stringMatching(/^The high scores could not be written \(the finished match is kept in its save until they can be\): .*the disk is full/) });
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
