import { describe, expect, it } from 'vitest';
import { saveFarewell, type SaveOutcome } from '../../src/app/farewell.js';
import { newGame } from '../../src/engine/index.js';
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
      expect.stringMatching(/^yahtzee: your game was NOT saved: the disk is full\. Kept: the save of \d\d:\d\d on 29\/11\/2026 in \/h\/game\.json \(run yahtzee again to resume from there\)\n$/) as unknown as string,
    ],
    ['a finished match whose scores could not be written', { kind: 'result-kept', path: '/h/game.json', reason: 'the disk is full' }, 'yahtzee: the high scores could not be written (the disk is full); the finished match is kept in /h/game.json and is recorded when you next run yahtzee\n'],
  ])('%s', (_name, outcome, line) => {
    expect(saveFarewell(outcome)).toEqual(line);
  });

  it('a game whose state cannot be saved (a name with control characters): flush says why, so the farewell cannot say "saved"', () => {
    const save = new Autosave(tempDirs(), 'msx', false);
    const state = newGame({ players: [{ name: 'ANN', kind: 'human' }], seed: 1 });
    save.onChange({ ...state, players: [{ name: 'A\u001b[2J', kind: 'human' }] });
    expect(save.flush()).toMatch(/^the game was not saved: its state is impossible \(.*not a printable character/);
    expect(save.problem).toMatch(/its state is impossible/);
  });
});
