import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveOutcome } from '../../src/session/index.js';
import { Autosave } from '../../src/storage/autosave.js';
import { saveGame, savePath, type StorageDirs } from '../../src/storage/index.js';
import { previousPath, startNewGame } from '../../src/storage/saves.js';
import { fullDisk } from '../storage/faultyFs.js';
import { finishGame, scoreTurns, startGame, tempDirs } from '../storage/helpers.js';

const kept = {};

/** An autosave that has been handed `state` and flushed; what the flush found. */
function flushed(dirs: StorageDirs, state: Parameters<Autosave['onChange']>[0] | null, options: ConstructorParameters<typeof Autosave>[4] = {}) {
  const autosave = new Autosave(dirs, 'msx', false, 0, options);
  if (state !== null) autosave.onChange(state, () => undefined, [], kept);
  return { autosave, problem: autosave.flush() };
}

describe('what the farewell says of the save: only what is true', () => {
  it('no game was played: nothing', () => {
    const dirs = tempDirs();
    const { autosave, problem } = flushed(dirs, null);
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'nothing' });
  });

  it('a game in play that saved: saved, and where', () => {
    const dirs = tempDirs();
    const { autosave, problem } = flushed(dirs, scoreTurns(startGame(), 2));
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'saved', path: savePath(dirs) });
  });

  it('a finished match with its high scores recorded: nothing (its save is gone)', () => {
    const dirs = tempDirs();
    const { autosave, problem } = flushed(dirs, finishGame(startGame()));
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'nothing' });
    expect(fs.existsSync(savePath(dirs))).toBe(false);
  });

  it('a finished match whose high scores could not be written: its save is kept until they can be', () => {
    const root = tempDirs();
    fs.mkdirSync(path.dirname(root.data), { recursive: true });
    fs.writeFileSync(root.data, 'a file where the data folder should be');
    const { autosave, problem } = flushed(root, finishGame(startGame()));
    const outcome = saveOutcome(root, autosave, problem);
    expect(outcome.kind).toBe('result-kept');
    if (outcome.kind === 'result-kept') expect(outcome.path).toBe(savePath(root));
  });

  it('a save that failed on a full disk: NOT saved, and the earlier save on disk is named with its time', () => {
    const dirs = tempDirs();
    const earlier = saveGame(dirs, { layout: 'msx', practice: false, state: scoreTurns(startGame(), 1) });
    expect(earlier.ok).toBe(true);
    const savedAt = (JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')) as { savedAt: string }).savedAt;
    const { io, asyncIo } = fullDisk(0);
    const { autosave, problem } = flushed(dirs, scoreTurns(startGame(), 3), { io, asyncIo });
    expect(problem).not.toBeNull();
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'not-saved', reason: problem, kept: { path: savePath(dirs), savedAt } });
  });

  it("a save that failed while the file holds another match's save (a copy that could not lock the folder): not offered as this game's", () => {
    const dirs = tempDirs();
    expect(saveGame(dirs, { layout: 'msx', practice: false, state: scoreTurns(startGame(), 1), ui: { matchId: 'another-match' } }).ok).toBe(true);
    const savedAt = (JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')) as { savedAt: string }).savedAt;
    const { io, asyncIo } = fullDisk(0);
    const { autosave, problem } = flushed(dirs, scoreTurns(startGame(), 3), { io, asyncIo });
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'not-saved', reason: problem, kept: { path: savePath(dirs), savedAt, another: true } });
  });

  it('a save that failed with nothing on disk: NOT saved, nothing kept', () => {
    const root = tempDirs();
    fs.mkdirSync(path.dirname(root.state), { recursive: true });
    fs.writeFileSync(root.state, 'a file where the state folder should be');
    const { autosave, problem } = flushed(root, scoreTurns(startGame(), 2));
    expect(problem).not.toBeNull();
    expect(saveOutcome(root, autosave, problem)).toEqual({ kind: 'not-saved', reason: problem, kept: null });
  });
});

describe('what the farewell says of a new game left before it scored, and of a result that could not be kept', () => {
  it('a new game that has not scored, with a game set aside for it: that game is kept, with its time', () => {
    const dirs = tempDirs();
    saveGame(dirs, { layout: 'msx', practice: false, state: scoreTurns(startGame(1), 3) });
    expect(startNewGame(dirs)).toEqual({ ok: true, previousKept: true });
    const savedAt = (JSON.parse(fs.readFileSync(previousPath(dirs), 'utf8')) as { savedAt: string }).savedAt;
    const { autosave, problem } = flushed(dirs, startGame(2));
    expect(saveOutcome(dirs, autosave, problem)).toEqual({ kind: 'earlier-kept', path: previousPath(dirs), savedAt, started: true });
    // Left at the new game's setup, before a game began: the same game is kept.
    const atSetup = flushed(dirs, null);
    expect(saveOutcome(dirs, atSetup.autosave, atSetup.problem)).toEqual({ kind: 'earlier-kept', path: previousPath(dirs), savedAt, started: false });
    // Once the new game scores, it is the one saved.
    const later = flushed(dirs, scoreTurns(startGame(2), 1));
    expect(saveOutcome(dirs, later.autosave, later.problem)).toEqual({ kind: 'saved', path: savePath(dirs) });
  });

  it('a finished match whose high scores and save both failed: its result is said to be lost, not "kept"', () => {
    const root = tempDirs();
    for (const dir of [root.data, root.state]) {
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.writeFileSync(dir, 'a file where a folder should be');
    }
    const { autosave, problem } = flushed(root, finishGame(startGame()));
    expect(problem).not.toBeNull();
    expect(saveOutcome(root, autosave, problem)).toEqual({ kind: 'result-lost', reason: problem });
  });
});
