import { describe, expect, it } from 'vitest';
import { promptItems, type AppModel } from '../../src/app/index.js';
import { finishGame, press, start } from './helpers.js';

const line = (m: AppModel) => promptItems(m).map((i) => `${i.keys} ${i.does}`);
const msx = () => start({ players: 2 });
const spectrum = () => start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } });

describe('the prompt line lists exactly the keys that do something now', () => {
  const cases: [string, () => AppModel, string[]][] = [
    ['MSX setup: 1-4, the computer key and quit (s only once the computer plays)', () => start(), ['1-4 players', 'c computer', 'q/ESC quit']],
    ['MSX setup with the computer seated: s for its strength', () => press(start(), 'c'), ['1-4 players', 'c computer', 's strength', 'q/ESC quit']],
    ['MSX first roll, nothing marked: no "0 clear"', msx, ['1-5 mark', 'SPACE roll', 'i score now', 't tip', 'h/? help', 'q/ESC quit']],
    ['MSX with a mark: "0 clear" appears', () => press(msx(), '2'), ['1-5 mark', '0 clear', 'SPACE roll', 'i score now', 't tip', 'h/? help', 'q/ESC quit']],
    ['MSX with all five marked: no SPACE', () => press(msx(), '1', '2', '3', '4', '5'), ['1-5 mark', '0 clear', 'i score now', 't tip', 'h/? help', 'q/ESC quit']],
    ['MSX choosing: the cursor keys', () => press(msx(), 'i'), ['↑↓ move', '→/ENTER score', 't tip', 'h/? help', 'q/ESC quit']],
    ['MSX practice: no tip key (always on), undo once there is something to take back', () => press(start({ players: 1, practice: true }), '1', 'space'), ['1-5 mark', 'SPACE roll', 'i score now', 'u undo', 'h/? help', 'q/ESC quit']],
    ['MSX computer turn: SPACE/ENTER plays it at once', () => start({ players: 1, computers: 1 }, { computerPlays: true }), ['SPACE/ENTER finish its turn', 'h/? help', 'q/ESC quit']],
    ['MSX quit question', () => press(msx(), 'q'), ['y yes, quit', 'n/ESC no, play on']],
    ['MSX after the last game', () => finishGame(msx()), ['SPACE/ENTER play again', 'r review', 'q/ESC quit']],
    ['MSX review page', () => press(finishGame(msx()), 'r'), ['any key go on']],
    ['Spectrum first name, nothing typed', () => start({ layout: 'spectrum' }), ['A-Z name']],
    ['Spectrum name half typed', () => press(start({ layout: 'spectrum' }), 'A'), ['A-Z name', 'BACKSPACE edit', 'ENTER next']],
    ['Spectrum competition', () => start({ layout: 'spectrum', names: ['ANN'] }), ['F fixed number of games', 'P first to a score', 'U single games', 'Q quit']],
    ['Spectrum competition with SPECTRUM playing: S for its strength', () => start({ layout: 'spectrum', names: ['ANN', 'SPECTRUM'] }), ['F fixed number of games', 'P first to a score', 'U single games', 'S strength', 'Q quit']],
    ['Spectrum rolling', spectrum, ['A-E hold', 'ENTER roll', '0 score', 'H hint', 'I instructions', 'Q quit']],
    ['Spectrum choosing, nothing typed: no ENTER, no BACKSPACE', () => press(spectrum(), '0'), ['1-13 option', 'H hint', 'I instructions', 'Q quit']],
    ['Spectrum choosing with "1" typed', () => press(spectrum(), '0', '1'), ['1-13 option', 'BACKSPACE edit', 'ENTER score', 'H hint', 'I instructions', 'Q quit']],
    ['Spectrum choosing with "9" typed: no more digits', () => press(spectrum(), '0', '9'), ['BACKSPACE edit', 'ENTER score', 'H hint', 'I instructions', 'Q quit']],
    ['Spectrum computer turn (a player named SPECTRUM): ENTER plays it at once', () => start({ layout: 'spectrum', names: ['SPECTRUM', 'ANN'], match: { kind: 'single' } }, { computerPlays: true }), ['ENTER finish its turn', 'I instructions', 'Q quit']],
    ['Spectrum instructions', () => press(spectrum(), 'i'), ['any key go on']],
    ['too small: nothing but Ctrl-C, which the prompt leaves out', () => start({ players: 4 }, { size: { columns: 40, rows: 10 } }), []],
  ];
  it.each(cases)('%s', (_what, make, want) => {
    expect(line(make())).toEqual(want);
  });
});
