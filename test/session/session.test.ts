import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayOptions } from '../../src/app/options.js';
import { parsePlayFlags, type RawPlayFlags } from '../../src/commands/playOptions.js';
import { openSession, type Begun, type GameStart, type Session, type SessionEnv } from '../../src/session/index.js';
import { GAME_LOCK, savePath, saveGame, settingsPath, startNewGame, takeLock, type StorageDirs } from '../../src/storage/index.js';
import { newGame, type GameState } from '../../src/engine/index.js';
import { playOptions, start } from '../app/helpers.js';
import { filesIn, finishGame, scoreTurns, startGame, tempDirs } from '../storage/helpers.js';

const env = (dirs: StorageDirs, over: Partial<SessionEnv> = {}): SessionEnv => ({ dirs, size: { columns: 80, rows: 24 }, screenReader: false, version: '9.9.9', ...over });

/** An open session on `dirs` (the lock released after the test by the folder's removal). */
function open(dirs: StorageDirs, over: Partial<PlayOptions> = {}, envOver: Partial<SessionEnv> = {}): Session {
  const opened = openSession(playOptions(over), env(dirs, envOver));
  if (opened.kind !== 'open') throw new Error(opened.message);
  return opened.session;
}

/** A saved game in `dirs`: one box scored, played in the Spectrum layout. */
function savedGame(dirs: StorageDirs, ui: Record<string, unknown> = {}): GameState {
  const state = scoreTurns(startGame(), 1);
  const saved = saveGame(dirs, { layout: 'spectrum', practice: true, state, ui });
  if (!saved.ok) throw new Error(saved.error);
  return state;
}

function played(begun: Begun): GameStart {
  if (begun.kind !== 'play') throw new Error(`left: ${begun.text}`);
  return begun.game;
}

const kept = { cursor: null, option: '', hint: false, chances: false, stopped: null, takenBackIn: null };
const noScores = () => 'no scores expected';

describe('opening a session: one game per state folder', () => {
  it('a folder another running copy holds gives the line to print and reads nothing', () => {
    const dirs = tempDirs();
    const other = takeLock(path.join(dirs.state, GAME_LOCK), { pid: process.ppid });
    expect(other.kind).toBe('taken');
    savedGame(dirs);
    const opened = openSession(playOptions(), env(dirs));
    expect(opened.kind).toBe('locked');
    if (opened.kind === 'locked') expect(opened.message).toMatch(/^yahtzee: .*another terminal/);
    expect(filesIn(dirs.state)).toEqual(['game.json', GAME_LOCK]);
  });

  it('release gives the folder back to the next copy', () => {
    const dirs = tempDirs();
    open(dirs).release();
    expect(fs.existsSync(path.join(dirs.state, GAME_LOCK))).toBe(false);
    expect(openSession(playOptions(), env(dirs)).kind).toBe('open');
  });
});

describe('the start: resume, a new game, or a damaged save', () => {
  it.each([
    ['no flag asks', {}, true],
    ['--resume does not ask', { resume: true }, false],
    ['--new does not ask', { fresh: true }, false],
  ] as const)('with a saved game, %s', (_, flags, asks) => {
    const dirs = tempDirs();
    const state = savedGame(dirs);
    const asked = open(dirs, flags).prepare();
    expect(asked === null ? null : asked.state).toEqual(asks ? state : null);
  });

  it('without a saved game nobody is asked and the setup starts', () => {
    const session = open(tempDirs());
    expect(session.prepare()).toBeNull();
    const game = played(session.begin());
    expect(game.start).toBeUndefined();
    expect(game.options.layout).toBe('msx');
  });

  it('--resume without a saved game says a new game starts', () => {
    const session = open(tempDirs(), { resume: true });
    session.prepare();
    expect(played(session.begin()).start?.message).toEqual({ text: 'There is no saved game to resume: a new game starts', tone: 'info' });
  });

  it('resume with flags for a new game says they do nothing to the saved one (not dropped without a word)', () => {
    const dirs = tempDirs();
    const state = savedGame(dirs);
    const flags = parsePlayFlags({ resume: true, names: 'ZED,YUL', games: '3', strength: 'casual' });
    const session = open(dirs, flags);
    session.prepare();
    const game = played(session.begin());
    expect(game.start?.game).toEqual(state);
    expect(game.start?.message).toEqual({ text: 'Welcome back: --names, --games and --strength are for a new game; the saved one goes on', tone: 'info' });
    const other = tempDirs();
    savedGame(other);
    const plain = open(other, parsePlayFlags({ resume: true }));
    plain.prepare();
    expect(played(plain.begin()).start?.message?.text).toMatch(/^Welcome back: the saved game goes on/);
  });

  it('resume with --rules or --layout says so only when they are not those of the saved game', () => {
    // The saved game: official rules, the Spectrum layout.
    const said = (raw: RawPlayFlags) => {
      const dirs = tempDirs();
      savedGame(dirs);
      const session = open(dirs, parsePlayFlags({ resume: true, ...raw }));
      session.prepare();
      return played(session.begin()).start?.message?.text;
    };
    expect(said({ rules: 'brazilian', layout: 'msx' })).toBe('Welcome back: --rules and --layout are for a new game; the saved one goes on');
    expect(said({ rules: 'official', layout: 'spectrum' })).toMatch(/^Welcome back: the saved game goes on/);
    // The saved game is a practice game: --practice is its own.
    expect(said({ practice: true })).toMatch(/^Welcome back: the saved game goes on/);
  });

  it('resume with --practice says so when the saved game is not a practice game (it goes on as it was)', () => {
    const dirs = tempDirs();
    const state = scoreTurns(startGame(), 1);
    if (!saveGame(dirs, { layout: 'msx', practice: false, state, ui: {} }).ok) throw new Error('not saved');
    const session = open(dirs, parsePlayFlags({ resume: true, practice: true }));
    session.prepare();
    const game = played(session.begin());
    expect(game.start?.settings.practice).toBe(false);
    expect(game.start?.message?.text).toBe('Welcome back: --practice is for a new game; the saved one goes on');
  });

  it('resume takes the game up in the layout and practice mode it was saved in', () => {
    const dirs = tempDirs();
    const state = savedGame(dirs);
    const session = open(dirs);
    session.prepare();
    const game = played(session.begin('resume'));
    expect(game.options.layout).toBe('spectrum');
    expect(game.start?.game).toEqual(state);
    expect(game.start?.layout).toBe('spectrum');
    expect(game.start?.settings.practice).toBe(true);
  });

  it('a new game sets the saved one aside until it scores', () => {
    const dirs = tempDirs();
    savedGame(dirs);
    const session = open(dirs);
    session.prepare();
    const game = played(session.begin('new'));
    // The model knows, for the quit question: leaving before the first box brings the game set aside back.
    expect(game.start?.setAsideFor).toBe(game.start?.seed);
    expect(game.start?.game).toBeNull();
    expect(filesIn(dirs.state)).toEqual(['game.lock', 'game.previous.json']);
    // Chosen at the question, which said so: no line about it.
    expect(game.start?.message).toBeNull();
  });

  it('--new sets the saved one aside too, and says so on the message line (no question said it)', () => {
    const dirs = tempDirs();
    savedGame(dirs);
    const session = open(dirs, { fresh: true });
    session.prepare();
    const game = played(session.begin());
    expect(game.start?.setAsideFor).toBe(game.start?.seed);
    expect(game.start?.message).toEqual({ text: 'The saved game is set aside until this game scores', tone: 'info' });
  });

  it.each([
    ['quit', undefined],
    ['interrupt', 130],
  ] as const)('%s on the question leaves with the save kept (exit code %s)', (choice, exitCode) => {
    const dirs = tempDirs();
    savedGame(dirs);
    const before = fs.readFileSync(savePath(dirs), 'utf8');
    const session = open(dirs);
    session.prepare();
    const begun = session.begin(choice);
    expect(begun).toEqual({ kind: 'leave', text: `yahtzee: the saved game is kept in ${savePath(dirs)}; run yahtzee again to resume it\n`, ...(exitCode !== undefined ? { exitCode } : {}) });
    expect(fs.readFileSync(savePath(dirs), 'utf8')).toBe(before);
  });

  it('a damaged save is moved aside: a short line on the message line, the whole message on the way out', async () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.state, { recursive: true });
    fs.writeFileSync(savePath(dirs), '{ not json');
    const session = open(dirs);
    expect(session.prepare()).toBeNull();
    const message = played(session.begin()).start?.message;
    expect(message?.tone).toBe('error');
    expect(message?.text).toBe('The saved game was unusable and is kept aside; why and where: told on quitting');
    // With --resume the same line, not "there is no saved game".
    const again = tempDirs();
    fs.mkdirSync(again.state, { recursive: true });
    fs.writeFileSync(savePath(again), '{ not json');
    const resumed = open(again, { resume: true });
    resumed.prepare();
    expect(played(resumed.begin()).start?.message?.text).toBe('The saved game was unusable and is kept aside; why and where: told on quitting');
    session.finish();
    const { text } = await session.farewell(noScores);
    expect(text).toMatch(/^yahtzee: .*game\.json.*\n$/);
  });

  it('a damaged save of a new game, with the game before it kept: that game is offered, and the damage said', async () => {
    const dirs = tempDirs();
    const old = savedGame(dirs);
    startNewGame(dirs);
    fs.writeFileSync(savePath(dirs), '{ not json');
    const session = open(dirs);
    expect(session.prepare()?.state).toEqual(old);
    // Said on the question already, not only once it is answered.
    expect(session.preparedNotice).toEqual({ text: 'A newer save was unusable and is kept aside; why and where: told on quitting', tone: 'error' });
    // Left at the question: told then, as the question says.
    const other = tempDirs();
    savedGame(other);
    startNewGame(other);
    fs.writeFileSync(savePath(other), '{ not json');
    const left = open(other);
    left.prepare();
    const quit = left.begin('quit');
    expect(quit.kind === 'leave' ? quit.text : '').toMatch(/^yahtzee: .*game\.json\.corrupt-.*\n.*the saved game is kept in/s);
    const begun = played(session.begin('resume'));
    expect(begun.start?.message).toEqual({ text: 'A newer save was unusable and is kept aside; why and where: told on quitting', tone: 'error' });
    session.finish();
    expect((await session.farewell(noScores)).text).toMatch(/^yahtzee: .*game\.json\.corrupt-.*\n/);
  });

  it('settings that cannot be read are said on the message line', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), '{ not json');
    const session = open(dirs);
    session.prepare();
    expect(played(session.begin()).start?.message).toEqual({ text: 'The settings file could not be used; why, and where it is now: told on quitting', tone: 'error' });
  });

  it('a settings file with one wrong field: the others kept and written again, why and where on quitting', async () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(settingsPath(dirs), JSON.stringify({ format: 'yahtzee-settings', version: 1, sound: 'x', takeBack: true }));
    const session = open(dirs);
    session.prepare();
    const game = played(session.begin());
    expect(game.options.takeBack).toBe(true);
    expect(JSON.parse(fs.readFileSync(settingsPath(dirs), 'utf8'))).toMatchObject({ sound: false, takeBack: true });
    session.finish();
    const told = (await session.farewell(noScores)).text;
    expect(told).toMatch(/^yahtzee: The settings file could not be used: its "sound" is not true or false\. It was moved to .*settings\.json\.corrupt-\S+\. Its other settings are kept\.\n/m);
  });
});

describe('sound: the flag is remembered, a screen reader gets it only when asked for', () => {
  it.each([
    ['--sound', { sound: true }, false, true, true],
    ['--no-sound (as remembered: nothing written)', { sound: false }, false, false, undefined],
    ['no flag, nothing remembered', {}, false, false, undefined],
    ['--sound in a screen reader', { sound: true }, true, true, true],
  ] as const)('%s', (_, flags, screenReader, sound, remembered) => {
    const dirs = tempDirs();
    const session = open(dirs, flags, { screenReader });
    session.prepare();
    expect(played(session.begin()).options.sound).toBe(sound);
    const file = settingsPath(dirs);
    expect(fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { sound?: boolean }).sound : undefined).toBe(remembered);
  });

  it('remembered sound stays off in a screen reader without the flag', () => {
    const dirs = tempDirs();
    open(dirs, { sound: true }).release();
    const session = open(dirs, {}, { screenReader: true });
    session.prepare();
    expect(played(session.begin()).options.sound).toBe(false);
  });
});

describe('the ways out say what is true', () => {
  /** A session playing a new game, with `state` handed over as the game's change. */
  function playing(dirs: StorageDirs, state: GameState, interrupted = false): Session {
    const session = open(dirs);
    session.prepare();
    const game = played(session.begin());
    game.onGameChange(state, () => undefined, [], kept);
    game.onQuit({ ...start(), game: state, interrupted });
    return session;
  }

  /** A session playing `state` when a signal comes: the app never quit, so the session has no last model of it. */
  function signalled(dirs: StorageDirs, state: GameState): Session {
    const session = open(dirs);
    session.prepare();
    played(session.begin()).onGameChange(state, () => undefined, [], kept);
    return session;
  }

  it('quit in a game: the scores, and where the game is saved', async () => {
    const dirs = tempDirs();
    const session = playing(dirs, scoreTurns(startGame(), 2));
    session.finish();
    const { text, exitCode } = await session.farewell(noScores);
    expect(text).toMatch(/^yahtzee: scores when you quit: Ann: \d+, Bob: \d+\n/);
    expect(text).toContain(`yahtzee: your game is saved in ${savePath(dirs)}; run yahtzee again to resume it\n`);
    expect(exitCode).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')).state).toEqual(scoreTurns(startGame(), 2));
  });

  it('Ctrl-C in a game: exit code 130', async () => {
    const session = playing(tempDirs(), scoreTurns(startGame(), 2), true);
    session.finish();
    expect((await session.farewell(noScores)).exitCode).toBe(130);
  });

  it('a finished game: the high scores of its rules, and no save left to speak of', async () => {
    const dirs = tempDirs();
    const session = playing(dirs, finishGame(startGame()));
    session.finish();
    const { text } = await session.farewell((rules, summary) => `${rules}: ${summary.games} game(s)`);
    expect(text).toMatch(/^yahtzee: final scores: Ann: \d+, Bob: \d+\n\nHigh scores, official: 1 game\(s\)\n$/);
    expect(fs.existsSync(savePath(dirs))).toBe(false);
  });

  it('a first-to-a-score match that ended in its first round: no empty high-score block (its game is not a whole one)', async () => {
    const dirs = tempDirs();
    const over = scoreTurns(newGame({ players: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'computer', strength: 'casual' }], seed: 11, rules: 'official', match: { kind: 'target', target: 1 } }), 2);
    expect(over.phase).toBe('gameOver');
    const session = playing(dirs, over);
    session.finish();
    const { text } = await session.farewell((rules, summary) => `${rules}: ${summary.games} game(s)`);
    expect(text).toMatch(/^yahtzee: game 1 scores: Ann: \d+, Bob: \d+[^\n]*\n$/);
  });

  it('quit at the setup: nothing to say', async () => {
    const session = open(tempDirs());
    session.prepare();
    played(session.begin()).onQuit(start());
    session.finish();
    expect(await session.farewell(noScores)).toEqual({ text: '' });
  });

  it('a game that cannot be saved: NOT saved, and why, never "saved"', async () => {
    const root = tempDirs();
    fs.mkdirSync(path.dirname(root.state), { recursive: true });
    fs.writeFileSync(root.state, 'a file');
    const dirs = { state: root.state, data: root.state };
    const session = playing(dirs, scoreTurns(startGame(), 2));
    session.finish();
    const { text } = await session.farewell(noScores);
    expect(text).toMatch(/your game was NOT saved: .*Nothing of it is kept\n$/);
    expect(text).not.toMatch(/game is saved/);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s in a game saves it and exits %i', (signal, exitCode) => {
    const dirs = tempDirs();
    const session = signalled(dirs, scoreTurns(startGame(), 3));
    const { text, exitCode: code } = session.leaveOnSignal(signal, noScores);
    expect(code).toBe(exitCode);
    expect(text).toMatch(/^yahtzee: scores when you quit: Ann: \d+, Bob: \d+\n/);
    expect(text).toContain(`yahtzee: your game is saved in ${savePath(dirs)}; run yahtzee again to resume it\n`);
    expect(JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')).state).toEqual(scoreTurns(startGame(), 3));
  });

  it('a signal once the last box is scored (the game recorded, its save removed): the final scores and high scores, never "saved"', () => {
    const dirs = tempDirs();
    const session = signalled(dirs, finishGame(startGame()));
    const { text, exitCode } = session.leaveOnSignal('SIGTERM', (rules, summary) => `${rules}: ${summary.games} game(s)`);
    expect(text).toMatch(/^yahtzee: final scores: Ann: \d+, Bob: \d+\n\nHigh scores, official: 1 game\(s\)\n$/);
    expect(exitCode).toBe(143);
    expect(fs.existsSync(savePath(dirs))).toBe(false);
  });

  it('a signal at the resume question leaves the save as it was and says it is kept', () => {
    const dirs = tempDirs();
    savedGame(dirs);
    const before = fs.readFileSync(savePath(dirs), 'utf8');
    const session = open(dirs);
    session.prepare();
    expect(session.leaveOnSignal('SIGTERM', noScores)).toEqual({ text: `yahtzee: the saved game is kept in ${savePath(dirs)}; run yahtzee again to resume it\n`, exitCode: 143 });
    expect(fs.readFileSync(savePath(dirs), 'utf8')).toBe(before);
  });

  it('a signal after a damaged save was moved aside says the whole message', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.state, { recursive: true });
    fs.writeFileSync(savePath(dirs), '{ not json');
    const session = open(dirs);
    session.prepare();
    expect(session.leaveOnSignal('SIGHUP', noScores).text).toMatch(/^yahtzee: .*game\.json.*\n$/);
  });

  it('a crash: the game saved, a report with the last keys written, one line that says both', () => {
    const dirs = tempDirs();
    const session = playing(dirs, scoreTurns(startGame(), 2));
    session.recent.push('"1"');
    const saved = session.saveForCrash();
    expect(saved).toBe(`saved in ${savePath(dirs)}`);
    const line = session.reportCrash(new Error('boom'), 'uncaught exception', saved);
    const report = filesIn(dirs.state).find((f) => /^crash-.*\.txt$/.test(f));
    expect(line).toBe(`yahtzee: the game stopped on an internal error (uncaught exception); your game is saved in ${savePath(dirs)}; a crash report is in ${path.join(dirs.state, report!)}\n`);
    const text = fs.readFileSync(path.join(dirs.state, report!), 'utf8');
    expect(text).toContain('version: 9.9.9');
    expect(text).toContain('boom');
    expect(text).toContain('"1"');
  });

  it('a crash before the game started: nothing to save', () => {
    const session = open(tempDirs());
    session.prepare();
    expect(session.saveForCrash()).toBe('not started yet (nothing to save)');
  });
});

describe('a crash once the game was begun but before it was handed a game to save', () => {
  it('a new game (a hosted table whose host started it with nobody seated): nothing to save, no false "saved in"', () => {
    const dirs = tempDirs();
    const session = open(dirs);
    session.prepare();
    played(session.begin());
    expect(session.saveForCrash()).toBe('not started yet (nothing to save)');
    expect(fs.existsSync(savePath(dirs))).toBe(false);
  });

  it('a resumed game: still saved as it was', () => {
    const dirs = tempDirs();
    savedGame(dirs);
    const before = fs.readFileSync(savePath(dirs), 'utf8');
    const session = open(dirs, { resume: true });
    session.prepare();
    played(session.begin());
    expect(session.saveForCrash()).toBe(`saved in ${savePath(dirs)}`);
    expect(fs.readFileSync(savePath(dirs), 'utf8')).toBe(before);
  });
});

describe('paths from the environment are shown printable on every way out', () => {
  /** Folders whose path holds an escape sequence (YAHTZEE_HOME=$'...\e]0;pwned\a...'). */
  function oddDirs(): StorageDirs {
    const root = tempDirs();
    const odd = path.join(path.dirname(root.state), 'home\u001b]0;pwned\u0007\u001b[2J');
    return { state: odd, data: odd };
  }
  // eslint-disable-next-line no-control-regex -- the check is for control characters
  const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

  it('quit in a game: "saved in" the path, its escape shown as \\u{1b}', () => {
    const dirs = oddDirs();
    const session = open(dirs);
    session.prepare();
    const game = played(session.begin());
    game.onGameChange(scoreTurns(startGame(), 2), () => undefined, [], kept);
    game.onQuit({ ...start(), game: scoreTurns(startGame(), 2) });
    session.finish();
    const { text } = session.farewell(noScores);
    expect(text).toContain('your game is saved in ');
    expect(text).toContain('home\\u{1b}]0;pwned\\u{7}\\u{1b}[2J');
    expect(text).not.toMatch(CONTROL);
  });

  it('a signal, the resume question, a crash: the same', () => {
    const dirs = oddDirs();
    savedGame(dirs);
    const asked = open(dirs);
    asked.prepare();
    expect(asked.leaveOnSignal('SIGTERM', noScores).text).not.toMatch(CONTROL);
    asked.release();
    const quit = open(dirs);
    quit.prepare();
    const left = quit.begin('quit');
    expect(left.kind === 'leave' ? left.text : '').toContain('\\u{1b}');
    expect(left.kind === 'leave' ? left.text : '').not.toMatch(CONTROL);
    quit.release();
    const crashing = open(dirs, { resume: true });
    crashing.prepare();
    played(crashing.begin());
    const saved = crashing.saveForCrash();
    expect(crashing.reportCrash(new Error('boom'), 'uncaught exception', saved)).not.toMatch(CONTROL);
  });
});


describe('a session opened without the folder\'s lock (it could not be written: a full disk, say)', () => {
  /** A game begun in a session opened so, and its way to quit with `state` (the last change saved on the way out). */
  const lockless = (dirs: StorageDirs) => {
    const opened = openSession(playOptions(), env(dirs), { kind: 'failed', error: 'the disk is full', file: path.join(dirs.state, GAME_LOCK) });
    if (opened.kind !== 'open') throw new Error(opened.message);
    const session = opened.session;
    session.prepare();
    const game = played(session.begin());
    const quit = (state: GameState) => {
      game.onGameChange(state, () => undefined, [], kept);
      game.onQuit({ ...start(), game: state, interrupted: false });
      session.finish();
    };
    return { session, quit };
  };
  const saved = (dirs: StorageDirs) => JSON.parse(fs.readFileSync(savePath(dirs), 'utf8')).state as GameState;

  it('takes the lock before it first writes, then saves as any game does, and gives the lock back', async () => {
    const dirs = tempDirs();
    const { session, quit } = lockless(dirs);
    const state = scoreTurns(startGame(), 2);
    quit(state);
    expect(fs.existsSync(path.join(dirs.state, GAME_LOCK))).toBe(true);
    expect((await session.farewell(noScores)).text).toContain(`your game is saved in ${savePath(dirs)}`);
    expect(saved(dirs)).toEqual(state);
    session.release();
    expect(fs.existsSync(path.join(dirs.state, GAME_LOCK))).toBe(false);
  });

  it('the folder taken by another copy meanwhile: its game is NOT saved, and the other game is kept', async () => {
    const dirs = tempDirs();
    const { session, quit } = lockless(dirs);
    // Another process took the folder once the disk had room, and saved its game.
    expect(takeLock(path.join(dirs.state, GAME_LOCK), { pid: process.ppid }).kind).toBe('taken');
    const theirs = savedGame(dirs);
    quit(scoreTurns(startGame(2), 3));
    const told = (await session.farewell(noScores)).text;
    expect(told).toMatch(/NOT saved/);
    expect(told).toContain(`another yahtzee plays in this folder (process ${process.ppid})`);
    expect(told).not.toContain('your game is saved');
    expect(saved(dirs)).toEqual(theirs);
  });

  it('a copy that saves only after another has saved there and left does not write over that game', async () => {
    const dirs = tempDirs();
    const first = lockless(dirs);
    const second = lockless(dirs);
    const one = scoreTurns(startGame(1), 2);
    first.quit(one);
    first.session.release();
    second.quit(scoreTurns(startGame(2), 3));
    const told = (await second.session.farewell(noScores)).text;
    expect(told).toMatch(/NOT saved/);
    expect(told).toContain('another game was saved in this folder meanwhile, and is kept');
    expect(saved(dirs)).toEqual(one);
  });
});
