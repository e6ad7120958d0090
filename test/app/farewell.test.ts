import { describe, expect, it } from 'vitest';
import { farewell, saveFarewell, type SaveOutcome } from '../../src/app/farewell.js';
import { newGame, type MatchKind } from '../../src/engine/index.js';
import { finishGame, start } from './helpers.js';
import { quitQuestion } from '../../src/app/index.js';
import { Autosave } from '../../src/storage/autosave.js';
import { tempDirs } from '../storage/helpers.js';

describe('the last line says what became of the game, and only what is true', () => {
  it.each<[string, SaveOutcome, string]>([
    ['nothing to say', { kind: 'nothing' }, ''],
    ['saved', { kind: 'saved', path: '/h/game.json' }, 'yahtzee: your game is saved in /h/game.json; run yahtzee again to resume it\n'],
    ['not saved, nothing kept', { kind: 'not-saved', reason: 'the disk is full', kept: null }, 'yahtzee: your game was NOT saved: the disk is full. Nothing of it is kept\n'],
    [
      'not saved, an earlier save kept',
      { kind: 'not-saved', reason: 'the disk is full', kept: { path: '/h/game.json', savedAt: '2026-11-29T13:04:05.000Z' } },
      expect.stringMatching(/^yahtzee: your game was NOT saved: the disk is full\. Kept: the save of 2026-11-\d\d \d\d:\d\d in \/h\/game\.json \(run yahtzee again to resume from there\)\n$/) as unknown as string,
    ],
    [
      "not saved, another match's save in the file",
      { kind: 'not-saved', reason: 'the disk is full', kept: { path: '/h/game.json', savedAt: '2026-11-29T13:04:05.000Z', another: true } },
      expect.stringMatching(/^yahtzee: your game was NOT saved: the disk is full\. Nothing of it is kept: \/h\/game\.json is another game's save \(of 2026-11-\d\d \d\d:\d\d\), left as it was\n$/) as unknown as string,
    ],
    ['a finished match whose scores could not be written', { kind: 'result-kept', path: '/h/game.json', reason: 'the disk is full' }, 'yahtzee: the high scores could not be written (the disk is full); the finished match is kept in /h/game.json and is recorded when you next run yahtzee\n'],
    ['a finished match that could be neither recorded nor saved', { kind: 'result-lost', reason: 'the disk is read-only' }, 'yahtzee: this match is NOT in the high scores: neither they nor the finished match could be written (the disk is read-only)\n'],
    [
      'a new game left before it scored, with a game set aside',
      { kind: 'earlier-kept', path: '/h/game.previous.json', savedAt: '2026-11-29T13:04:05.000Z', started: true },
      expect.stringMatching(/^yahtzee: this game scored nothing, so the game it set aside \(saved 2026-11-\d\d \d\d:\d\d\) is kept in \/h\/game\.previous\.json; run yahtzee again to resume it\n$/) as unknown as string,
    ],
    [
      'left at the setup of a new game, with a game set aside for it',
      { kind: 'earlier-kept', path: '/h/game.previous.json', savedAt: '2026-11-29T13:04:05.000Z', started: false },
      expect.stringMatching(/^yahtzee: no new game began, so the saved game \(saved 2026-11-\d\d \d\d:\d\d\) is kept in \/h\/game\.previous\.json; run yahtzee again to resume it\n$/) as unknown as string,
    ],
  ])('%s', (_name, outcome, line) => {
    expect(saveFarewell(outcome)).toEqual(line);
  });

  it('a table hosted over SSH is resumed as a table: the farewell and the quit question name yahtzee host --resume', () => {
    expect(saveFarewell({ kind: 'saved', path: '/h/game.json' }, true)).toBe('yahtzee: your game is saved in /h/game.json; run yahtzee host --resume to resume it\n');
    const hosted = start({ players: 2, names: ['ANN', 'BOB'], hosted: true });
    expect(quitQuestion(hosted)).toBe('Quit the game? It is saved: yahtzee host --resume brings the table back.');
    expect(quitQuestion(start({ players: 2, names: ['ANN', 'BOB'] }))).toBe('Quit the game? It is saved: start yahtzee again to resume it.');
  });

  it('a game whose state cannot be saved (a name with control characters): flush says why, so the farewell cannot say "saved"', () => {
    const save = new Autosave(tempDirs(), 'msx', false);
    const state = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 });
    save.onChange({ ...state, players: [{ name: 'A\u001b[2J', kind: 'human' }] });
    expect(save.flush()).toMatch(/^the game was not saved: its state is impossible \(.*not a printable character/);
    expect(save.problem).toMatch(/its state is impossible/);
  });
});

describe('the farewell line names the match winner', () => {
  const over = (match: MatchKind, totals: number[][]) => {
    const m = finishGame(start({ players: totals[0].length, names: ['ANN', 'BOB'].slice(0, totals[0].length), match }));
    return { ...m, game: { ...m.game!, results: totals.map((t) => ({ totals: t })) } };
  };

  it('a match of three games over: the scores of the last game, then who won the match and how', () => {
    expect(farewell(over({ kind: 'games', games: 3 }, [[200, 150], [210, 200], [100, 300]]))).toMatch(/^yahtzee: game 3 scores: ANN: \d+, BOB: \d+; ANN wins the match with 2 of 3 games won\n$/);
  });

  it('a first-to-a-score match over in its first game names its winner too', () => {
    expect(farewell(over({ kind: 'target', target: 150 }, [[200, 120]]))).toMatch(/^yahtzee: game 1 scores: ANN: \d+, BOB: \d+; ANN wins the match with 200\n$/);
  });

  it('a single game, and a match still on, name no match winner', () => {
    expect(farewell(over({ kind: 'single' }, [[200, 150]]))).toMatch(/^yahtzee: final scores: ANN: \d+, BOB: \d+\n$/);
    expect(farewell(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'games', games: 3 } }))).toBe('yahtzee: scores when you quit: ANN: 0, BOB: 0\n');
  });

  it('a match left after its first game says where it stands: the games won, or the totals over the games', () => {
    expect(farewell(over({ kind: 'games', games: 3 }, [[200, 150]]))).toMatch(/^yahtzee: game 1 scores: ANN: \d+, BOB: \d+; games won \(ANN: 1, BOB: 0\)\n$/);
    expect(farewell(over({ kind: 'target', target: 5000 }, [[200, 150], [100, 120]]))).toMatch(/^yahtzee: game 2 scores: ANN: \d+, BOB: \d+; match totals \(ANN: 300, BOB: 270\)\n$/);
  });
});
