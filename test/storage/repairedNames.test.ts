/**
 * A name in a file that the name rule refuses (an older version allowed zero-width and bidi characters, or a hand
 * edit) is repaired on reading where something printable is left, so that one odd name does not make a whole saved
 * game or the whole list of high scores unusable; a name with nothing printable left still makes the file unusable.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairedName } from '../../src/engine/names.js';
import { loadScores, recordGame, scoresPath } from '../../src/storage/highScores.js';
import { loadGame, saveGame, savePath } from '../../src/storage/saves.js';
import { fullCard, startGame, tempDirs } from './helpers.js';

const CASES: readonly [string, string, string | null][] = [
  ['a zero-width space', 'A\u200bNN', 'ANN'],
  ['a bidi override', 'BOB\u202e', 'BOB'],
  ['an escape sequence', 'CID\u001b[2J', 'CID[2J'],
  ['spaces left at the ends', '\u200b DEE \u200b', 'DEE'],
  ['too wide once repaired', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ\u200b', 'ABCDEFGHIJKLMNOPQRST'],
  ['a Hangul filler (draws nothing)', 'ANN\u3164', 'ANN'],
  ['a combining grapheme joiner', 'A\u034fNN', 'ANN'],
  ['a letter with its marks and a few too many', 'a' + '\u0301'.repeat(10) + 'b', 'a\u0301\u0301\u0301\u0301b'],
  ['a letter with ten thousand marks', 'a' + '\u0301'.repeat(10_000) + 'b', 'a\u0301\u0301\u0301\u0301'],
  ['a million marks first', '\u0301'.repeat(1_000_000) + 'b', null],
  ['a million letters', 'x'.repeat(1_000_000), 'x'.repeat(20)],
  ['more code points than a name holds', 'e\u0301\u0302'.repeat(20), 'e\u0301\u0302'.repeat(10) + 'e\u0301'],
  ['nothing printable', '\u200b\u202e\u0007', null],
];

describe('repairedName', () => {
  // The name is in the title only when it is short (some are a million characters).
  it.each(CASES.map(([what, name, repaired]) => [name.length > 40 ? what : `${what}: ${JSON.stringify(name)}`, name, repaired] as const))('%s', (_what, name, repaired) => {
    expect(repairedName(name)).toBe(repaired);
  });

  it('leaves a name the rule allows as it is', () => {
    expect(repairedName('Zoë 李')).toBe('Zoë 李');
  });
});

/** Rewrites a player's name inside a file, as an older version or a hand edit could have left it. */
function renameInFile(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(JSON.stringify(from));
  fs.writeFileSync(file, text.replace(JSON.stringify(from), JSON.stringify(to)));
}

describe('reading files with such names', () => {
  it.each(CASES.filter(([, , r]) => r !== null))('a saved game with %s resumes, the name repaired', (_what, name, repaired) => {
    const dirs = tempDirs();
    saveGame(dirs, { layout: 'msx', practice: false, state: startGame(3, 'official', [{ name: 'Placeholder', kind: 'human' }]) });
    renameInFile(savePath(dirs), 'Placeholder', name);
    const loaded = loadGame(dirs);
    expect(loaded.kind).toBe('ok');
    if (loaded.kind === 'ok') expect(loaded.save.state.players[0].name).toBe(repaired);
  });

  it('a saved game whose name has nothing printable left is still unusable (moved aside)', () => {
    const dirs = tempDirs();
    saveGame(dirs, { layout: 'msx', practice: false, state: startGame(3, 'official', [{ name: 'Placeholder', kind: 'human' }]) });
    renameInFile(savePath(dirs), 'Placeholder', '\u200b\u202e');
    expect(loadGame(dirs).kind).toBe('corrupt');
  });

  it('high scores with such a name keep every entry, the name repaired', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [{ name: 'Placeholder', card: fullCard('official') }, { name: 'Other', card: fullCard('official') }]);
    renameInFile(scoresPath(dirs), 'Placeholder', 'A\u200bNN');
    const loaded = loadScores(dirs);
    expect(loaded.book.rules.official?.top.map((h) => h.name).sort()).toEqual(['ANN', 'Other']);
  });
});
