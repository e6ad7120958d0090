import { describe, expect, it } from 'vitest';
import { clauseWordings, fitLines, fitText } from '../../src/text/fit.js';
import { textWidth } from '../../src/text/index.js';

describe('a text fitted to its room without cutting a word', () => {
  it.each([
    ['fits as it is', 'ANN scored 4 in Fours', 40, 'ANN scored 4 in Fours'],
    ['its last clause left off', 'ANN scored 4 in Fours: the round is over, and so is the match', 50, 'ANN scored 4 in Fours: the round is over'],
    ['two clauses left off', 'ANN scored 4 in Fours: the round is over, and so is the match', 30, 'ANN scored 4 in Fours'],
    ['a bracket left off', 'No taking back in a game, as on the originals (practice with --practice)', 59, 'No taking back in a game, as on the originals'],
    ['a path left off', 'Saving failed: EACCES: permission denied, open /home/ann/.local/state/yahtzee/game.json', 77, 'Saving failed: EACCES: permission denied'],
    ['whole words and a marker when no clause fits', 'the computer is playing', 16, 'the computer …'],
    ['a word cut with an ellipsis when not one word fits (a layout fault the screen checks find)', 'Unbelievable', 5, 'Unbe…'],
    ['wide characters measured as two columns', '漢字漢字 is a name', 10, '漢字漢字 …'],
  ])('%s', (_what, text, width, fitted) => {
    expect(fitText(text, width)).toBe(fitted);
  });

  it('takes the first of several wordings that fits, longest first', () => {
    expect(fitText(['the computer is playing…', 'computer playing…', 'playing…'], 18)).toBe('computer playing…');
    expect(fitText(['the computer is playing…', 'playing…'], 30)).toBe('the computer is playing…');
  });

  it('never gives more columns than the room, at every width', () => {
    const text = 'No taking back in a game, as on the originals (practice with --practice)';
    for (let w = 12; w <= 80; w++) {
      const fitted = fitText(text, w);
      expect(textWidth(fitted)).toBeLessThanOrEqual(w);
      // Every word shown is a whole word of the text.
      const trim = (x: string) => x.replace(/[,:;]$/, '');
      const words = new Set(text.split(' ').map(trim));
      for (const word of fitted.replace(/ …$/, '').split(' ').filter((x) => x !== '')) expect(words).toContain(trim(word));
    }
  });

  it('lists a text\'s shorter wordings, longest first', () => {
    expect(clauseWordings('ann a, bob b: cy c (d)')).toEqual(['ann a, bob b: cy c', 'ann a, bob b', 'ann a']);
    expect(clauseWordings('P: first to a score')).toEqual([]);
    expect(clauseWordings('no clauses here')).toEqual([]);
  });

  it('never leaves a bracket open: a clause left off inside one closes it', () => {
    expect(clauseWordings('ann 1st, bob 2nd (official rules, this machine)')).toEqual(['ann 1st, bob 2nd (official rules)', 'ann 1st, bob 2nd', 'ann 1st']);
    const text = 'High-score table: ann 1st, bob 2nd, cy 3rd, dee 4th (official rules, this machine)';
    expect(fitText(text, 79)).toBe('High-score table: ann 1st, bob 2nd, cy 3rd, dee 4th (official rules)');
    for (let w = 10; w <= 90; w++) {
      const fitted = fitText(text, w);
      expect(fitted.split('(').length).toBe(fitted.split(')').length);
    }
  });
});

describe('a text laid into a few lines without cutting a word', () => {
  const WAITING = 'hint: no strategy table (Saving failed: EACCES: permission denied, open /home/ann/.local/state/yahtzee/x.bin)';
  it.each([
    ['all of it when it fits', 'hint: loading the strategy table…', 24, 2, ['hint: loading the', 'strategy table…']],
    ['a shorter wording when it does not', WAITING, 24, 1, ['hint: no strategy table']],
    ['a shorter wording with more of it at more lines', WAITING, 24, 4, ['hint: no strategy table', '(Saving failed: EACCES:', 'permission denied)']],
    ['the lines that fit and a marker when no wording does', 'one two three four five six seven eight', 9, 2, ['one two', 'three …']],
    ['nothing in no room', 'anything', 10, 0, []],
  ])('%s', (_what, text, width, room, lines) => {
    expect(fitLines(text, width, room)).toEqual(lines);
  });

  it('never gives more lines than the room or a line wider than the width', () => {
    for (let width = 4; width <= 44; width += 5) for (let room = 1; room <= 5; room++) {
      const lines = fitLines('hint: no strategy table (Saving failed: EACCES: permission denied, open /home/ann/x)', width, room);
      expect(lines.length).toBeLessThanOrEqual(room);
      for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(width);
    }
  });
});
