import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameState, Player } from '../../src/engine/index.js';
import { realFs, realFsAsync, SUPERSEDED, type AsyncFileSystem, type FileSystem } from '../../src/storage/files.js';
import { clearSave, loadGame, parseSave, peekGame, previousPath, restorePrevious, saveGame, saveGameAsync, savePath, startNewGame, type SaveInput } from '../../src/storage/saves.js';
import { act, filesIn, finishGame, scoreTurns, startGame, tempDirs } from './helpers.js';

const now = new Date('2026-11-29T13:04:05.000Z');
const input = (state: GameState, extra: Partial<SaveInput> = {}): SaveInput => ({ layout: 'spectrum', practice: true, state, ...extra });

/** Writes `text` as the saved game, as a crash or a hand edit might have left it. */
function writeSave(dirs: { state: string }, text: string): string {
  fs.mkdirSync(dirs.state, { recursive: true });
  fs.writeFileSync(path.join(dirs.state, 'game.json'), text);
  return text;
}

describe('saving and loading a game', () => {
  it('there is no save at first', () => {
    expect(loadGame(tempDirs())).toEqual({ kind: 'none' });
  });

  it('a saved game comes back exactly: layout, practice, screen settings, state and generator', () => {
    const dirs = tempDirs();
    const state = act(scoreTurns(startGame(), 3), { type: 'toggle-hold', die: 2 });
    expect(saveGame(dirs, input(state, { ui: { cursor: 4 } }), { now })).toEqual({ ok: true, path: savePath(dirs) });
    const loaded = loadGame(dirs);
    expect(loaded).toEqual({
      kind: 'ok',
      save: { format: 'yahtzee-save', version: 1, savedAt: '2026-11-29T13:04:05.000Z', layout: 'spectrum', practice: true, ui: { cursor: 4 }, state },
    });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('the resumed game rolls the same dice as the game that was saved', () => {
    const dirs = tempDirs();
    const state = scoreTurns(startGame(23), 5);
    saveGame(dirs, input(state));
    const loaded = loadGame(dirs);
    if (loaded.kind !== 'ok') throw new Error(loaded.kind);
    expect(act(loaded.save.state, { type: 'roll' }).dice).toEqual(act(state, { type: 'roll' }).dice);
  });

  it('a second save replaces the first', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(startGame()));
    const later = scoreTurns(startGame(), 2);
    saveGame(dirs, input(later));
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: later } });
  });

  it('an impossible state is not saved, and the save that was there stays', () => {
    const dirs = tempDirs();
    const good = startGame();
    saveGame(dirs, input(good));
    const bad = { ...good, rollsUsed: 7 };
    expect(saveGame(dirs, input(bad))).toEqual({ ok: false, error: 'the game was not saved: its state is impossible (rolls used must be 1 to 3, not 7)' });
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: good } });
  });

  it('clearSave deletes the save when the game ends', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(finishGame(startGame())));
    expect(clearSave(dirs)).toEqual({ ok: true });
    expect(loadGame(dirs)).toEqual({ kind: 'none' });
    expect(filesIn(dirs.state)).toEqual([]);
  });
});

describe('a disk that cannot be written: saveGame returns an error and the game goes on', () => {
  it('a regular file where the state folder should be (fails for root too)', () => {
    const dirs = tempDirs();
    fs.mkdirSync(path.dirname(dirs.state), { recursive: true });
    fs.writeFileSync(dirs.state, 'in the way');
    const result = saveGame(dirs, input(startGame()));
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^the game could not be saved in .*game\.json: a file stands where a folder should be/) });
  });

  it('a full disk while writing: the error says so and the old save is intact', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(), 1);
    saveGame(dirs, input(old));
    const full: FileSystem = { ...realFs, writeSync: () => { throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }); } };
    const result = saveGame(dirs, input(scoreTurns(old, 1)), { io: full });
    expect(result).toEqual({ ok: false, error: expect.stringContaining('the disk is full') });
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: old } });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });
});

describe('saveGameAsync: saveGame off the main thread', () => {
  it('writes the same file saveGame writes', async () => {
    const state = act(scoreTurns(startGame(), 3), { type: 'toggle-hold', die: 2 });
    const sync = tempDirs();
    const background = tempDirs();
    saveGame(sync, input(state, { ui: { cursor: 4 } }), { now });
    expect(await saveGameAsync(background, input(state, { ui: { cursor: 4 } }), { now })).toEqual({ ok: true, path: savePath(background) });
    expect(fs.readFileSync(savePath(background), 'utf8')).toBe(fs.readFileSync(savePath(sync), 'utf8'));
    expect(filesIn(background.state)).toEqual(['game.json']);
  });

  it('an impossible state is not saved, with the same message as saveGame, and the save that was there stays', async () => {
    const dirs = tempDirs();
    const good = startGame();
    await saveGameAsync(dirs, input(good));
    expect(await saveGameAsync(dirs, input({ ...good, rollsUsed: 7 }))).toEqual({ ok: false, error: 'the game was not saved: its state is impossible (rolls used must be 1 to 3, not 7)' });
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: good } });
  });

  it('keeps the previous game until the new game scores, then deletes it', async () => {
    const dirs = tempDirs();
    saveGame(dirs, input(scoreTurns(startGame(1), 4)));
    startNewGame(dirs);
    await saveGameAsync(dirs, input(startGame(2)));
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.previous.json']);
    await saveGameAsync(dirs, input(scoreTurns(startGame(2), 1)));
    expect(filesIn(dirs.state)).toEqual(['game.json']);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok' });
  });

  it('a full disk while writing: the error says so and the old save is intact', async () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(), 1);
    saveGame(dirs, input(old));
    const full: AsyncFileSystem = { ...realFsAsync, rename: async () => { throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' }); } };
    const result = await saveGameAsync(dirs, input(scoreTurns(old, 1)), { asyncIo: full });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^the game could not be saved in .*game\.json: the disk is full/) });
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: old } });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('a write called off by beforeRename leaves the save and the previous game as they were', async () => {
    const dirs = tempDirs();
    saveGame(dirs, input(scoreTurns(startGame(1), 4)));
    startNewGame(dirs);
    const newer = startGame(2);
    saveGame(dirs, input(newer));
    const result = await saveGameAsync(dirs, input(scoreTurns(startGame(2), 1)), { beforeRename: () => false });
    expect(result).toEqual({ ok: false, error: expect.stringContaining(SUPERSEDED) });
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.previous.json']);
    expect(JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')).state).toEqual(newer);
  });
});

describe('a damaged save: a clear message, moved aside with a timestamp, never deleted', () => {
  const good = () => JSON.stringify({ format: 'yahtzee-save', version: 1, savedAt: now.toISOString(), layout: 'msx', practice: false, state: startGame() });

  it.each<[string, () => string, RegExp]>([
    ['truncated JSON', () => good().slice(0, 200), /^The saved game could not be used: it is not valid JSON \(/],
    ['an empty file', () => '', /^The saved game could not be used: it is empty\. /],
    ['another program\'s JSON', () => '{"hello":"world"}', /it is not a yahtzee saved game/],
    ['a newer save format', () => good().replace('"version":1', '"version":2'), /saved by another version of yahtzee \(save format 2; this version reads 1\)/],
    ['an unknown key layout', () => good().replace('"layout":"msx"', '"layout":"qwerty"'), /unknown key layout "qwerty"/],
    ['an all-zero generator state (every roll would be the same)', () => good().replace(/"rng":\[[^\]]*\]/, '"rng":[0,0,0,0]'), /random generator state .* not all zero/],
    ['a card hand-edited to an impossible score', () => good().replace('"cards":[{"boxes":{}', '"cards":[{"boxes":{"fullHouse":20}'), /the card of player 1 \(Ann\): Full house cannot hold 20 points/],
  ])('%s', (_name, text, reason) => {
    const dirs = tempDirs();
    const content = writeSave(dirs, text());
    const loaded = loadGame(dirs, { now });
    const aside = path.join(dirs.state, 'game.json.corrupt-2026-11-29T13-04-05Z');
    expect(loaded).toEqual({ kind: 'corrupt', movedTo: aside, message: expect.stringMatching(reason) });
    expect(loaded.kind === 'corrupt' && loaded.message).toContain(`It was moved to ${aside}.`);
    expect(fs.readFileSync(aside, 'utf8')).toBe(content);
    expect(loadGame(dirs)).toEqual({ kind: 'none' });
  });

  it('players whose names read the same (ANN and ann, a file edited by hand): the later numbered, and the game loads', () => {
    const dirs = tempDirs();
    const players = [{ name: 'ANN', kind: 'human' }, { name: 'ann', kind: 'human' }, { name: 'Ann 2', kind: 'human' }, { name: 'BOB', kind: 'human' }];
    const state = startGame(11, 'official', players as Player[]);
    writeSave(dirs, JSON.stringify({ format: 'yahtzee-save', version: 1, savedAt: now.toISOString(), layout: 'msx', practice: false, state: { ...state, players } }));
    const loaded = loadGame(dirs);
    expect(loaded.kind === 'ok' && loaded.save.state.players.map((p) => p.name)).toEqual(['ANN', 'ann 3', 'Ann 2', 'BOB']);
  });

  it.each([['null', 'null'], ['text', '"x"'], ['a list', '[1,2]']])('screen settings (ui) that are %s: read as absent, and the game loads', (_what, ui) => {
    const dirs = tempDirs();
    writeSave(dirs, good().replace('"practice":false', `"practice":false,"ui":${ui}`));
    const loaded = loadGame(dirs);
    expect(loaded).toMatchObject({ kind: 'ok', save: { state: startGame() } });
    expect(loaded.kind === 'ok' && loaded.save.ui).toBeUndefined();
  });

  it.each([
    ['1e300', '1e300'],
    ['more than the games played', '1'],
    ['text', '"x"'],
  ])('a count of games already in the high scores that is %s: read as absent (every finished game counts as recorded), and the game loads', (_what, count) => {
    const dirs = tempDirs();
    writeSave(dirs, good().replace('"practice":false', `"practice":false,"ui":{"recordedGames":${count},"cursor":"fives"}`));
    const loaded = loadGame(dirs);
    expect(loaded).toMatchObject({ kind: 'ok', save: { state: startGame(), ui: { cursor: 'fives' } } });
    expect(loaded.kind === 'ok' && loaded.save.ui).not.toHaveProperty('recordedGames');
  });

  it.each([['an object', '{"x":1}'], ['no date', '"yesterday"']])('a date that is %s: the file\'s own time of writing stands for it, and the game loads', (_what, date) => {
    const dirs = tempDirs();
    writeSave(dirs, good().replace(`"savedAt":"${now.toISOString()}"`, `"savedAt":${date}`));
    const written = fs.statSync(savePath(dirs)).mtime;
    const loaded = loadGame(dirs);
    expect(loaded).toMatchObject({ kind: 'ok', save: { state: startGame(), savedAt: written.toISOString() } });
    // Pure, with no file to ask: still refused.
    expect(parseSave(good().replace(`"savedAt":"${now.toISOString()}"`, `"savedAt":${date}`))).toEqual({ ok: false, error: 'its date is missing' });
  });

  it('the good save used in these cases loads (so each case fails for its own reason)', () => {
    const dirs = tempDirs();
    writeSave(dirs, good());
    expect(loadGame(dirs).kind).toBe('ok');
  });

  it('an unreadable save (a folder where the file should be, which root cannot read either) is moved aside', () => {
    const dirs = tempDirs();
    fs.mkdirSync(path.join(dirs.state, 'game.json'), { recursive: true });
    const loaded = loadGame(dirs, { now });
    expect(loaded).toEqual({
      kind: 'corrupt',
      movedTo: path.join(dirs.state, 'game.json.corrupt-2026-11-29T13-04-05Z'),
      message: expect.stringMatching(/^The saved game could not be used: it cannot be read: a folder stands where the file should be/),
    });
    expect(filesIn(dirs.state)).toEqual(['game.json.corrupt-2026-11-29T13-04-05Z']);
  });

  it('a damaged save that cannot be moved is reported and left where it is', () => {
    const dirs = tempDirs();
    writeSave(dirs, 'garbage');
    const stuck: FileSystem = { ...realFs, renameSync: () => { throw Object.assign(new Error('EROFS: read-only file system, rename'), { code: 'EROFS' }); } };
    const loaded = loadGame(dirs, { io: stuck, now });
    expect(loaded).toEqual({ kind: 'corrupt', movedTo: null, message: expect.stringContaining(`It could not be moved aside and was left at ${savePath(dirs)}.`) });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });
});

describe('the previous game: --new keeps the old save until the new game scores', () => {
  it('the old save becomes the previous one; loading while the new game has not scored brings the old one back', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    expect(startNewGame(dirs)).toEqual({ ok: true, previousKept: true });
    expect(filesIn(dirs.state)).toEqual(['game.previous.json']);
    saveGame(dirs, input(act(startGame(2), { type: 'roll' })));
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.previous.json']);
    expect(loadGame(dirs)).toEqual({ kind: 'ok', save: expect.objectContaining({ state: old }) });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('a damaged previous game, with a new game that has not scored: the damage is reported', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(scoreTurns(startGame(1), 4)));
    startNewGame(dirs);
    fs.writeFileSync(previousPath(dirs), 'garbage');
    saveGame(dirs, input(startGame(2)));
    expect(loadGame(dirs, { now })).toMatchObject({ kind: 'corrupt', movedTo: path.join(dirs.state, 'game.previous.json.corrupt-2026-11-29T13-04-05Z') });
  });

  it('a damaged save, with a previous game kept: the damage is reported and the previous game comes back', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    startNewGame(dirs);
    writeSave(dirs, 'garbage');
    const moved = path.join(dirs.state, 'game.json.corrupt-2026-11-29T13-04-05Z');
    expect(loadGame(dirs, { now })).toEqual({ kind: 'ok', save: expect.objectContaining({ state: old }), damaged: { message: expect.stringContaining(`It was moved to ${moved}.`), movedTo: moved } });
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.json.corrupt-2026-11-29T13-04-05Z']);
    expect(loadGame(dirs)).toEqual({ kind: 'ok', save: expect.objectContaining({ state: old }) });
  });

  it('a damaged save and a damaged previous game: both are reported, neither is deleted', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(scoreTurns(startGame(1), 4)));
    startNewGame(dirs);
    fs.writeFileSync(previousPath(dirs), 'garbage');
    writeSave(dirs, 'garbage too');
    const loaded = loadGame(dirs, { now });
    expect(loaded).toMatchObject({ kind: 'corrupt', movedTo: path.join(dirs.state, 'game.json.corrupt-2026-11-29T13-04-05Z') });
    expect(loaded.kind === 'corrupt' && loaded.message).toContain('game.previous.json.corrupt-2026-11-29T13-04-05Z');
    expect(filesIn(dirs.state)).toEqual(['game.json.corrupt-2026-11-29T13-04-05Z', 'game.previous.json.corrupt-2026-11-29T13-04-05Z']);
  });

  it('the previous game is deleted once the new game scores its first box', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(scoreTurns(startGame(1), 4)));
    startNewGame(dirs);
    saveGame(dirs, input(scoreTurns(startGame(2), 1)));
    expect(filesIn(dirs.state)).toEqual(['game.json']);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok' });
  });

  it('restorePrevious goes back to the old game', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    startNewGame(dirs);
    saveGame(dirs, input(startGame(2)));
    expect(restorePrevious(dirs)).toEqual({ ok: true });
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: old } });
  });

  it('with no new save at all, the previous game comes back as the save', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    startNewGame(dirs);
    expect(loadGame(dirs)).toMatchObject({ kind: 'ok', save: { state: old } });
    expect(filesIn(dirs.state)).toEqual(['game.json']);
  });

  it('--new twice before the new game scores keeps the first old game, not the unscored one', () => {
    const dirs = tempDirs();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    startNewGame(dirs);
    saveGame(dirs, input(startGame(2)));
    expect(startNewGame(dirs)).toEqual({ ok: true, previousKept: true });
    expect(filesIn(dirs.state)).toEqual(['game.previous.json']);
    expect(JSON.parse(fs.readFileSync(previousPath(dirs), 'utf8')).state).toEqual(old);
  });

  it('--new with a damaged save moves it aside and says so', () => {
    const dirs = tempDirs();
    writeSave(dirs, '{"format":"yahtzee-save"');
    const moved = path.join(dirs.state, 'game.json.corrupt-2026-11-29T13-04-05Z');
    expect(startNewGame(dirs, { now })).toEqual({ ok: true, previousKept: false, damaged: { message: expect.stringContaining(moved), movedTo: moved } });
  });

  it('--new with nothing saved keeps nothing', () => {
    expect(startNewGame(tempDirs())).toEqual({ ok: true, previousKept: false });
  });

  it('clearSave removes the previous game too', () => {
    const dirs = tempDirs();
    saveGame(dirs, input(startGame(1)));
    startNewGame(dirs);
    saveGame(dirs, input(startGame(2)));
    clearSave(dirs);
    expect(filesIn(dirs.state)).toEqual([]);
  });

  it('restorePrevious without a previous game is an error value', () => {
    expect(restorePrevious(tempDirs())).toEqual({ ok: false, error: 'there is no previous game' });
  });
});

describe('peekGame: the game loading would give back, only read', () => {
  it('the save; a new game that has not scored gives way to the previous one; a damaged file is left where it is', () => {
    const dirs = tempDirs();
    expect(peekGame(dirs)).toBeNull();
    const old = scoreTurns(startGame(1), 4);
    saveGame(dirs, input(old));
    expect(peekGame(dirs)?.state).toEqual(old);
    startNewGame(dirs);
    saveGame(dirs, input(startGame(2)));
    expect(peekGame(dirs)?.state).toEqual(old);
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.previous.json']);
    fs.writeFileSync(previousPath(dirs), 'garbage');
    expect(peekGame(dirs)?.state).toEqual(startGame(2));
    expect(filesIn(dirs.state)).toEqual(['game.json', 'game.previous.json']);
  });
});
