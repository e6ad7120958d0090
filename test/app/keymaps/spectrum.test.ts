import { describe, expect, it } from 'vitest';
import { modeOf, type AppAction } from '../../../src/app/index.js';
import { ANY_KEY, PRINTABLE, SPECTRUM, resolveKeyName, type Mode } from '../../../src/app/keymaps/index.js';
import { press, start } from '../helpers.js';

type Row = [string, Mode, string, AppAction];
const LETTERS = ['a', 'b', 'c', 'd', 'e'];
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The Spectrum keys as sheet 001 (and the issue, for Backspace, Esc and Ctrl-C) gives them: mode, key, action. */
const SHEET: Row[] = [
  ['each competitor enters their name: letters', 'setup-name', 'j', { type: 'type', char: 'j' }],
  ['each competitor enters their name: capitals', 'setup-name', 'J', { type: 'type', char: 'J' }],
  ['each competitor enters their name: a space', 'setup-name', 'space', { type: 'type', char: ' ' }],
  ['Backspace edits the name', 'setup-name', 'backspace', { type: 'erase' }],
  ['ENTER ends the name', 'setup-name', 'enter', { type: 'submit' }],
  ['F: a fixed number of games', 'setup-match', 'f', { type: 'choose-match', kind: 'games' }],
  ['F in capitals', 'setup-match', 'F', { type: 'choose-match', kind: 'games' }],
  ['P: first to a set score', 'setup-match', 'p', { type: 'choose-match', kind: 'target' }],
  ['P in capitals', 'setup-match', 'P', { type: 'choose-match', kind: 'target' }],
  ['U: single games', 'setup-match', 'u', { type: 'choose-match', kind: 'single' }],
  ['U in capitals', 'setup-match', 'U', { type: 'choose-match', kind: 'single' }],
  ...DIGITS.map((d): Row => ['then enter the number required', 'setup-number', d, { type: 'type', char: d }]),
  ['Backspace edits the number', 'setup-number', 'backspace', { type: 'erase' }],
  ['ENTER gives the number', 'setup-number', 'enter', { type: 'submit' }],
  ['ESC goes back to F, P or U', 'setup-number', 'escape', { type: 'back' }],
  ...LETTERS.flatMap((l, i): Row[] => [
    ['dice are held by entering their letters', 'rolling', l, { type: 'toggle-die', die: i }],
    ['either case', 'rolling', l.toUpperCase(), { type: 'toggle-die', die: i }],
  ]),
  ['press enter to roll the dice', 'rolling', 'enter', { type: 'roll' }],
  ['press 0 to score', 'rolling', '0', { type: 'stop-rolling' }],
  ...DIGITS.map((d): Row => ['enter the number of the scoring option', 'choosing', d, { type: 'type', char: d }]),
  ['Backspace edits the option number', 'choosing', 'backspace', { type: 'erase' }],
  ['ENTER scores the option', 'choosing', 'enter', { type: 'submit' }],
  ...(['rolling', 'choosing', 'computer'] as Mode[]).flatMap((m): Row[] => [
    ['press I for instructions', m, 'i', { type: 'help' }],
    ['I in capitals', m, 'I', { type: 'help' }],
    ['press Q to quit', m, 'q', { type: 'quit' }],
    ['Q in capitals', m, 'Q', { type: 'quit' }],
  ]),
  ['Q quits from the competition question too', 'setup-match', 'q', { type: 'quit' }],
  ['Q in capitals', 'setup-match', 'Q', { type: 'quit' }],
  ...(['y', 'Y'] as const).map((k): Row => ['Y answers the quit question yes', 'confirm', k, { type: 'confirm', yes: true }]),
  ...(['n', 'N', 'escape'] as const).map((k): Row => ['N (or ESC) answers it no', 'confirm', k, { type: 'confirm', yes: false }]),
  ['any key returns from the instructions', 'help', 'x', { type: 'help-next' }],
  ['Y starts the next game of a match (not ENTER, which rolls: a second press would skip the results)', 'game-over', 'Y', { type: 'continue' }],
  ['y in lower case too', 'game-over', 'y', { type: 'continue' }],
  ['Y plays again after the last game', 'match-over', 'Y', { type: 'continue' }],
  ['y in lower case too', 'match-over', 'y', { type: 'continue' }],
  ['Q quits after a game', 'game-over', 'q', { type: 'quit' }],
  ['Q in capitals', 'game-over', 'Q', { type: 'quit' }],
  ['Q quits after the last game', 'match-over', 'q', { type: 'quit' }],
  ['Q in capitals', 'match-over', 'Q', { type: 'quit' }],
  ...(['setup-name', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'help', 'confirm', 'game-over', 'match-over', 'too-small'] as Mode[]).map(
    (m): Row => ['Ctrl-C quits from anywhere', m, 'ctrl-c', { type: 'quit-now' }],
  ),
];

/** Keys issue 4 adds: the computer's strength, hints, undo in practice, the computer's turn at once, the review. */
const ISSUE_4: Row[] = [
  ...['s', 'S'].map((k): Row => ["S changes the computer's strength", 'setup-match', k, { type: 'setup-strength' }]),
  ...(['rolling', 'choosing'] as Mode[]).flatMap((m) => ['h', 'H'].map((k): Row => ['H shows or hides the hint', m, k, { type: 'hint' }])),
  ...(['rolling', 'choosing', 'computer'] as Mode[]).flatMap((m) => ['u', 'U'].map((k): Row => ['U takes back (practice, --take-back)', m, k, { type: 'undo' }])),
  ["ENTER plays the rest of the computer's turn at once", 'computer', 'enter', { type: 'computer-hurry' }],
  ...(['game-over', 'match-over'] as Mode[]).flatMap((m) => ['r', 'R'].map((k): Row => ['R opens the review', m, k, { type: 'review' }])),
  ['any key leaves the review', 'review', 'x', { type: 'help-next' }],
  ['Ctrl-C quits from the review', 'review', 'ctrl-c', { type: 'quit-now' }],
];

/** Issue 12: Ctrl-L redraws the whole screen, from anywhere, as full-screen terminal programs do; ESC goes back from the name and competition questions too (to change a name). */
const ISSUE_12: Row[] = [
  ...SPECTRUM.bindings[0].modes.map((m): Row => ['Ctrl-L redraws the screen', m, 'ctrl-l', { type: 'redraw' }]),
  ['ESC goes back to the name before', 'setup-name', 'escape', { type: 'back' }],
  ['ESC goes back from the competition question to the last name', 'setup-match', 'escape', { type: 'back' }],
  ...['q', 'Q'].map((k): Row => ['Q quits from the too-small notice', 'too-small', k, { type: 'quit' }]),
];

/** Issue 14: the resume question is a screen of the app, its keys in the table (as the prompt it replaced: Y/ENTER, N, Q/ESC), and I for the instructions. */
const ISSUE_14: Row[] = [
  ...['y', 'Y', 'enter', 'r', 'R'].map((k): Row => ['Y (ENTER, R) resumes the saved game', 'resume', k, { type: 'resume-answer', answer: 'resume' }]),
  ...['n', 'N'].map((k): Row => ['N starts a new game instead', 'resume', k, { type: 'resume-answer', answer: 'new' }]),
  ...['q', 'Q', 'escape'].map((k): Row => ['Q (ESC) leaves, the save kept', 'resume', k, { type: 'resume-answer', answer: 'quit' }]),
  ['Ctrl-C quits at the resume question too', 'resume', 'ctrl-c', { type: 'quit-now' }],
  ...['i', 'I'].map((k): Row => ['I shows the instructions at the resume question', 'resume', k, { type: 'help' }]),
  ...(['game-over', 'match-over'] as Mode[]).flatMap((m) => ['i', 'I'].map((k): Row => ['I shows the instructions after a game too', m, k, { type: 'help' }])),
];

/** Issue 24: ESC clears the option typed (a mis-key taken back before ENTER). */
const ISSUE_24: Row[] = [['ESC clears the option typed', 'choosing', 'escape', { type: 'back' }]];

/** Issue 15: W turns the chances to win on and off, on a person's turn and during the computer's. */
const ISSUE_15: Row[] = (['rolling', 'choosing', 'computer'] as const).flatMap((m) => ['w', 'W'].map((k): Row => ['W turns the chances to win on or off', m, k, { type: 'chances' }]));

/** Issue 26: at a hosted table, S gives the seat of a player whose connection dropped to the computer (the Spectrum), on their turn; C holds die C. */
/** The play-test: ESC (and Q) close the instructions at once, back to where the player was; any other key turns the page. */
const PLAY_TEST: Row[] = [
  // The quit question after the last game: the same keys, its no words apart (no game to play on).
  ...['y', 'Y'].map((k): Row => ['Y answers the quit question after the last game yes', 'confirm-over', k, { type: 'confirm', yes: true }]),
  ...['n', 'N', 'escape'].map((k): Row => ['N (or ESC) answers it no', 'confirm-over', k, { type: 'confirm', yes: false }]),
  ...['ctrl-c', 'ctrl-l'].map((k): Row => ['Ctrl-C and Ctrl-L there too', 'confirm-over', k, { type: k === 'ctrl-c' ? 'quit-now' : 'redraw' }]),
  ...['q', 'Q', 'escape'].map((k): Row => ['Q (ESC) closes the instructions', 'help', k, { type: 'help-close' }]),
  // A name takes every letter: at a name the instructions and the way out are keys that type nothing.
  ['each competitor enters their name: letters, the first too', 'setup-first-name', 'j', { type: 'type', char: 'j' }],
  ['I is a letter of a name', 'setup-first-name', 'I', { type: 'type', char: 'I' }],
  ['Q is a letter of a name', 'setup-name', 'Q', { type: 'type', char: 'Q' }],
  ['Backspace edits the first name', 'setup-first-name', 'backspace', { type: 'erase' }],
  ['ENTER ends the first name', 'setup-first-name', 'enter', { type: 'submit' }],
  ['ESC at the first name leaves', 'setup-first-name', 'escape', { type: 'quit' }],
  ...(['setup-first-name', 'setup-name'] as Mode[]).map((m): Row => ['TAB shows the instructions at a name', m, 'tab', { type: 'help' }]),
  ['Ctrl-C quits at the first name too', 'setup-first-name', 'ctrl-c', { type: 'quit-now' }],
  ...(['setup-match', 'setup-number'] as Mode[]).flatMap((m): Row[] => ['i', 'I'].map((k): Row => ['I shows the instructions at the competition questions', m, k, { type: 'help' }])),
  ...['q', 'Q'].map((k): Row => ['Q quits at the number question too', 'setup-number', k, { type: 'quit' }]),
];

const ISSUE_26: Row[] = (['rolling', 'choosing'] as const).flatMap((m) => ['s', 'S'].map((k): Row => ["S gives a dropped player's seat to the computer", m, k, { type: 'seat-to-computer' }]));

/** The play-test: R at the competition question chooses the rule set, as r at the MSX's players question. */
const SETUP_CHOICES: Row[] = ['r', 'R'].map((k): Row => ['R chooses the next rule set', 'setup-match', k, { type: 'setup-rules' }]);

describe('Spectrum keys (sheet 001)', () => {
  it.each([...SHEET, ...ISSUE_4, ...ISSUE_12, ...ISSUE_14, ...ISSUE_15, ...ISSUE_24, ...ISSUE_26, ...PLAY_TEST, ...SETUP_CHOICES])('%s: %s %s', (_quote, mode, key, action) => {
    expect(resolveKeyName(SPECTRUM, mode, key)).toEqual(action);
  });

  it('binds no key the sheet or the issue does not name', () => {
    const bound = SPECTRUM.bindings.flatMap((b) => b.modes.flatMap((m) => b.keys.filter((k) => k !== ANY_KEY && k !== PRINTABLE).map((k) => `${m} ${k}`)));
    const listed = new Set([...SHEET, ...ISSUE_4, ...ISSUE_12, ...ISSUE_14, ...ISSUE_15, ...ISSUE_24, ...ISSUE_26, ...PLAY_TEST, ...SETUP_CHOICES].map(([, m, k]) => `${m} ${k}`));
    expect(bound.filter((k) => !listed.has(k))).toEqual([]);
  });
});

describe('Spectrum setup: names first, then the competition', () => {
  it('asks each name; ENTER on an empty name ends the list', () => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'B', 'O', 'B', 'enter', 'enter');
    expect(m.setup).toMatchObject({ step: 'match', names: ['ANN', 'BOB'] });
  });

  it.each<[string, string[], { step: string; names: string[]; field: string }]>([
    ['ESC at the second name: the first is back in the field, to change', ['A', 'N', 'N', 'enter', 'B', 'escape'], { step: 'name', names: [], field: 'ANN' }],
    ['ESC at the competition question: the last name is back in the field', ['A', 'N', 'N', 'enter', 'B', 'O', 'B', 'enter', 'enter', 'escape'], { step: 'name', names: ['ANN'], field: 'BOB' }],
    ['a name changed after going back', ['A', 'N', 'N', 'enter', 'escape', 'backspace', 'backspace', 'backspace', 'Z', 'O', 'E', 'enter', 'enter'], { step: 'match', names: ['ZOE'], field: '' }],
    ['ESC at the first name changes nothing', ['A', 'escape'], { step: 'name', names: [], field: 'A' }],
  ])('%s', (_name, keys, want) => {
    expect(press(start({ layout: 'spectrum' }), ...keys).setup).toMatchObject(want);
  });

  it('with --computer 1, ESC at the competition question goes back to the people, the computer seat added again after', () => {
    const m = press(start({ layout: 'spectrum', computers: 1 }), 'A', 'N', 'N', 'enter', 'enter');
    expect(m.setup.names).toEqual(['ANN', 'CPU']);
    const back = press(m, 'escape');
    expect(back.setup).toMatchObject({ step: 'name', names: [], field: 'ANN' });
    expect(press(back, 'enter', 'enter').setup.names).toEqual(['ANN', 'CPU']);
  });

  it('names from --names cannot be gone back to: ESC says so', () => {
    const m = press(start({ layout: 'spectrum', names: ['ANN'] }), 'escape');
    expect([m.setup.step, m.message?.text]).toEqual(['match', 'The names came with --names: start again to change them']);
  });

  it('typed names keep their case, as --names do', () => {
    const typed = press(start({ layout: 'spectrum' }), 'a', 'n', 'n', 'enter', 'enter', 'u');
    const flagged = press(start({ layout: 'spectrum', names: ['ann'] }), 'u');
    expect(typed.game?.players).toEqual(flagged.game?.players);
    expect(typed.game?.players[0].name).toBe('ann');
  });

  it('Backspace rubs out the last letter', () => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'X', 'backspace', 'L', 'enter');
    expect(m.setup.names).toEqual(['AL']);
  });

  it('F then 3 and ENTER starts a match of three games', () => {
    const m = press(start({ layout: 'spectrum', names: ['ANN'] }), 'F', '3', 'enter');
    expect(m.game?.match).toEqual({ kind: 'games', games: 3 });
  });

  it('P then 500 and ENTER starts a match to 500 points', () => {
    const m = press(start({ layout: 'spectrum', names: ['ANN'] }), 'p', '5', '0', '0', 'enter');
    expect(m.game?.match).toEqual({ kind: 'target', target: 500 });
  });

  it('U starts single games at once', () => {
    const m = press(start({ layout: 'spectrum', names: ['ANN', 'BOB'] }), 'u');
    expect(m.game?.match).toEqual({ kind: 'single' });
    expect(m.game?.players.map((p) => p.name)).toEqual(['ANN', 'BOB']);
  });
});

describe('Spectrum play (seed 7, ANN and BOB, single games)', () => {
  const game = () => press(start({ layout: 'spectrum', names: ['ANN', 'BOB'] }), 'u');

  it('starts with the first roll already made: 1-1-4-6-6', () => {
    expect(game().game).toMatchObject({ dice: [1, 1, 4, 6, 6], rollsUsed: 1 });
  });

  it('a and C (either case) hold dice A and C; a second press releases', () => {
    expect(press(game(), 'a', 'C').game?.held).toEqual([true, false, true, false, false]);
    expect(press(game(), 'a', 'C', 'A').game?.held).toEqual([false, false, true, false, false]);
  });

  it('ENTER rolls the dice not held: A (1) and C (4) stay, 1-5-4-5-6', () => {
    expect(press(game(), 'a', 'c', 'enter').game?.dice).toEqual([1, 5, 4, 5, 6]);
  });

  it('ENTER with nothing held rolls all five', () => {
    const m = press(game(), 'enter');
    expect(m.game?.dice).toEqual([5, 5, 6, 1, 3]);
  });

  it('holds stay after a roll until released (the Spectrum layout keeps them)', () => {
    expect(press(game(), 'a', 'c', 'enter').game?.held).toEqual([true, false, true, false, false]);
  });

  it('after the third roll scoring comes by itself', () => {
    const m = press(game(), 'enter', 'enter');
    expect(m.game?.phase).toBe('choosing');
    expect(modeOf(m)).toBe('choosing');
  });

  it('0 goes to scoring early', () => {
    expect(press(game(), '0').game?.phase).toBe('choosing');
  });

  it('the option number is typed, Backspace edits it and ENTER scores: 1, 2, Backspace, 3 is Chance', () => {
    const m = press(game(), '0', '1', '2', 'backspace', '3', 'enter');
    expect(m.game?.cards[0].boxes).toEqual({ chance: 18 });
    expect(m.message?.text).toBe('ANN scored 18 in Chance');
    expect(m.game?.current).toBe(1);
  });

  it('a used option is refused with its name: "Fives is already used"', () => {
    let m = press(game(), '0', '5', 'enter'); // ANN: Fives
    m = press(m, '0', '1', 'enter'); // BOB: Aces
    m = press(m, '0', '5', 'enter');
    expect(m.message?.text).toBe('Fives is already used');
    expect(m.game?.current).toBe(0);
    expect(m.option).toBe('');
  });

  it('only 1-13 can be typed', () => {
    expect(press(game(), '0', '0').message?.text).toBe('Options go from 1 to 13');
    expect(press(game(), '0', '1', '4', '5').message?.text).toBe('Options go from 1 to 13');
    // A number that is no option stays as typed, for ENTER to refuse whole (issue 24: "0 1 4 ENTER" scored 1's).
    expect(press(game(), '0', '1', '4').option).toBe('14');
    expect(press(game(), '0', '9', '9').option).toBe('99');
  });

  it('a digit before 0 says how to get to scoring', () => {
    expect(press(game(), '7').message?.text).toBe('Press 0 to go to scoring first');
  });

  it('I shows the instructions and any key returns', () => {
    const big = press(start({ layout: 'spectrum', names: ['ANN'] }, { size: { columns: 120, rows: 120 } }), 'u');
    expect(press(big, 'I').overlay).toBe('help');
    expect(press(big, 'I', 'z').overlay).toBe(null);
  });

  it('Q asks Y/N: N plays on, Y quits', () => {
    expect(press(game(), 'q').overlay).toBe('confirm');
    expect(press(game(), 'q', 'n').overlay).toBe(null);
    expect(press(game(), 'q', 'n').screen).toBe('game');
    expect(press(game(), 'Q', 'Y').screen).toBe('done');
  });
});
