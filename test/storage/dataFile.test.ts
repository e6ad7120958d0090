import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame, loadScores, loadSettings, savePath, scoresPath, settingsPath, type StorageDirs } from '../../src/storage/index.js';
import { filesIn, tempDirs } from './helpers.js';

/** What a terminal would take for a command: C0 and C1 controls, DEL, and the bidi and other format characters. */
// eslint-disable-next-line no-control-regex -- the check is for control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

/** Sets the window title and turns the text red, if it reaches the terminal as it is. */
const PWNED = '\u001b]0;PWNED\u0007\u001b[31m';

/** The three data files and the notice each one's loader gives about a damaged file. */
const files: [string, (dirs: StorageDirs) => string, (dirs: StorageDirs) => string | undefined][] = [
  ['game.json', savePath, (dirs) => { const l = loadGame(dirs); return l.kind === 'corrupt' ? l.message : undefined; }],
  ['scores.json', scoresPath, (dirs) => loadScores(dirs).notice],
  ['settings.json', settingsPath, (dirs) => loadSettings(dirs).notice],
];

describe('a damaged data file is moved aside with a notice that shows none of its bytes raw (issue 25, item 4)', () => {
  const contents: [string, (format: string) => string][] = [
    ['escapes in place of JSON', () => PWNED],
    ['escapes after some JSON', () => `{"a":1}${PWNED}`],
    ['a C1 control (8-bit CSI) in the version', (format) => `{"format":"${format}","version":"\u009b31m\u202e"}`],
  ];
  const formats: Record<string, string> = { 'game.json': 'yahtzee-save', 'scores.json': 'yahtzee-scores', 'settings.json': 'yahtzee-settings' };
  for (const [name, where, load] of files) {
    it.each(contents)(`${name} holding %s`, (_what, content) => {
      const dirs = tempDirs();
      fs.mkdirSync(dirs.state, { recursive: true });
      fs.mkdirSync(dirs.data, { recursive: true });
      fs.writeFileSync(where(dirs), content(formats[name]));
      const notice = load(dirs);
      expect(notice).toMatch(/could not be used: .*\. It was moved to .*\.corrupt-/);
      expect(notice).not.toMatch(CONTROL);
      expect(filesIn(name === 'game.json' ? dirs.state : dirs.data).filter((f) => f.startsWith(`${name}.corrupt-`))).toHaveLength(1);
    });
  }

  it('scores.json naming a rule set with escapes: the rule set is shown printable', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), JSON.stringify({ format: 'yahtzee-scores', version: 1, rules: { [PWNED]: {} } }));
    const notice = loadScores(dirs).notice;
    expect(notice).toContain('unknown rule set "\\u{1b}]0;PWNED\\u{7}\\u{1b}[31m"');
    expect(notice).not.toMatch(CONTROL);
  });
});
