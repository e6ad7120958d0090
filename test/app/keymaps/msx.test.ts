import { describe, expect, it } from 'vitest';
import { modeOf, type AppAction } from '../../../src/app/index.js';
import { ANY_KEY, MSX, PRINTABLE, resolveKeyName, type Mode } from '../../../src/app/keymaps/index.js';
import { press, start } from '../helpers.js';

/** The MSX keys as sheet 000 (and the issue, for help, quit and Ctrl-C) gives them: mode, key, action. */
const SHEET: [string, Mode, string, AppAction][] = [
  ...[1, 2, 3, 4].map((n): [string, Mode, string, AppAction] => ['press 1-4 to select the number of players', 'setup-players', String(n), { type: 'choose-players', count: n }]),
  ...[1, 2, 3, 4, 5].map((n): [string, Mode, string, AppAction] => ['press 1-5 to select which dice you want to keep', 'rolling', String(n), { type: 'toggle-die', die: n - 1 }]),
  ['press 0 to clear marks', 'rolling', '0', { type: 'clear-holds' }],
  ['press space bar to roll the dice again', 'rolling', 'space', { type: 'roll' }],
  ['end your round anytime by pressing "i"', 'rolling', 'i', { type: 'stop-rolling' }],
  ['move the marks using the up cursor', 'choosing', 'up', { type: 'move-cursor', delta: -1 }],
  ['move the marks using the down cursor', 'choosing', 'down', { type: 'move-cursor', delta: 1 }],
  ['press right to select one option', 'choosing', 'right', { type: 'score-cursor' }],
  ['help on h while rolling', 'rolling', 'h', { type: 'help' }],
  ['help on ? while rolling', 'rolling', '?', { type: 'help' }],
  ['help on h while choosing', 'choosing', 'h', { type: 'help' }],
  ['help on ? while choosing', 'choosing', '?', { type: 'help' }],
  ['q asks whether to quit', 'rolling', 'q', { type: 'quit' }],
  ['y answers yes to the quit question', 'confirm', 'y', { type: 'confirm', yes: true }],
  ['n answers no to the quit question', 'confirm', 'n', { type: 'confirm', yes: false }],
  ['any key leaves the instructions', 'help', 'x', { type: 'help-next' }],
  ['y starts the next game of a match (no key of a turn: a second press of the last one skips nothing)', 'game-over', 'y', { type: 'continue' }],
  ['y plays again after the last game', 'match-over', 'y', { type: 'continue' }],
  ...(['setup-players', 'rolling', 'choosing', 'help', 'confirm', 'game-over', 'match-over', 'too-small'] as Mode[]).map((m): [string, Mode, string, AppAction] => ['Ctrl-C quits from anywhere', m, 'ctrl-c', { type: 'quit-now' }]),
];

/** Keys the MSX table adds beyond the sheet: capitals, Enter and Escape as friendly aliases, and the computer's turn. */
const ALIASES: [string, Mode, string, AppAction][] = [
  ['capital I ends the rolling too', 'rolling', 'I', { type: 'stop-rolling' }],
  ['ENTER scores the box under the cursor too', 'choosing', 'enter', { type: 'score-cursor' }],
  ['Y starts the next game too', 'game-over', 'Y', { type: 'continue' }],
  ['Y plays again too', 'match-over', 'Y', { type: 'continue' }],
  ['capital Y answers yes', 'confirm', 'Y', { type: 'confirm', yes: true }],
  ['capital N answers no', 'confirm', 'N', { type: 'confirm', yes: false }],
  ['ESC answers no', 'confirm', 'escape', { type: 'confirm', yes: false }],
  ['Ctrl-C quits during a computer turn', 'computer', 'ctrl-c', { type: 'quit-now' }],
  ...(['rolling', 'choosing', 'computer'] as Mode[]).flatMap((m) => ['h', 'H', '?'].map((k): [string, Mode, string, AppAction] => ['help', m, k, { type: 'help' }])),
  ...(['game-over', 'match-over'] as Mode[]).flatMap((m) => ['h', 'H', '?'].map((k): [string, Mode, string, AppAction] => ['help after a game too (the README says h/? anywhere)', m, k, { type: 'help' }])),
  ...(['setup-players', 'rolling', 'choosing', 'computer', 'game-over', 'match-over'] as Mode[]).flatMap((m) =>
    ['q', 'Q', 'escape'].map((k): [string, Mode, string, AppAction] => ['quit', m, k, { type: 'quit' }]),
  ),
];

/** Keys issue 4 adds: the computer at the players question, tips, undo in practice, the computer's turn at once, the review. */
const ISSUE_4: [string, Mode, string, AppAction][] = [
  ...['c', 'C'].map((k): [string, Mode, string, AppAction] => ['c seats the computer in one more of the last seats', 'setup-players', k, { type: 'setup-computers' }]),
  ...['s', 'S'].map((k): [string, Mode, string, AppAction] => ["s changes the computer's strength", 'setup-players', k, { type: 'setup-strength' }]),
  ...(['rolling', 'choosing'] as Mode[]).flatMap((m) => ['t', 'T'].map((k): [string, Mode, string, AppAction] => ['t shows or hides the tip', m, k, { type: 'hint' }])),
  ...(['rolling', 'choosing', 'computer'] as Mode[]).flatMap((m) => ['u', 'U'].map((k): [string, Mode, string, AppAction] => ['u takes back (practice, --take-back)', m, k, { type: 'undo' }])),
  ...['space', 'enter'].map((k): [string, Mode, string, AppAction] => ["SPACE/ENTER plays the rest of the computer's turn at once", 'computer', k, { type: 'computer-hurry' }]),
  ...(['game-over', 'match-over'] as Mode[]).flatMap((m) => ['r', 'R'].map((k): [string, Mode, string, AppAction] => ['r opens the review', m, k, { type: 'review' }])),
  ['any key leaves the review', 'review', 'x', { type: 'help-next' }],
  ['Ctrl-C quits from the review', 'review', 'ctrl-c', { type: 'quit-now' }],
  // Issue 12: h/? shows the instructions from the first question too; q quits from the too-small notice too.
  ...['h', 'H', '?'].map((k): [string, Mode, string, AppAction] => ['h/? shows the instructions at the players question', 'setup-players', k, { type: 'help' }]),
  ...['q', 'Q', 'escape'].map((k): [string, Mode, string, AppAction] => ['q/ESC quits from the too-small notice', 'too-small', k, { type: 'quit' }]),
];

/** Issue 12: Ctrl-L redraws the whole screen, from anywhere, as full-screen terminal programs do. */
const ISSUE_12: [string, Mode, string, AppAction][] = MSX.bindings[0].modes.map((m): [string, Mode, string, AppAction] => ['Ctrl-L redraws the screen', m, 'ctrl-l', { type: 'redraw' }]);

/** Issue 14: the resume question is a screen of the app, its keys in the table (as the prompt it replaced: Y/ENTER, N, Q/ESC), and h/? for the instructions. */
const ISSUE_14: [string, Mode, string, AppAction][] = [
  ...['y', 'Y', 'enter', 'r', 'R'].map((k): [string, Mode, string, AppAction] => ['y (ENTER, R) resumes the saved game', 'resume', k, { type: 'resume-answer', answer: 'resume' }]),
  ...['n', 'N'].map((k): [string, Mode, string, AppAction] => ['n starts a new game instead', 'resume', k, { type: 'resume-answer', answer: 'new' }]),
  ...['q', 'Q', 'escape'].map((k): [string, Mode, string, AppAction] => ['q (ESC) leaves, the save kept', 'resume', k, { type: 'resume-answer', answer: 'quit' }]),
  ['Ctrl-C quits at the resume question too', 'resume', 'ctrl-c', { type: 'quit-now' }],
  ...['h', 'H', '?'].map((k): [string, Mode, string, AppAction] => ['h/? shows the instructions at the resume question', 'resume', k, { type: 'help' }]),
];

/** Issue 15: w (W) turns the chances to win on and off, on a person's turn and during the computer's. */
const ISSUE_15: [string, Mode, string, AppAction][] = (['rolling', 'choosing', 'computer'] as const).flatMap((m) =>
  ['w', 'W'].map((k): [string, Mode, string, AppAction] => ['w turns the chances to win on or off', m, k, { type: 'chances' }]),
);

/** Issue 24: n at the players question names the players, typed as at the Spectrum's name question. */
const ISSUE_24: [string, Mode, string, AppAction][] = [
  ...['n', 'N'].map((k): [string, Mode, string, AppAction] => ['n names the players', 'setup-players', k, { type: 'setup-names' }]),
  ['a name: letters', 'setup-name', 'j', { type: 'type', char: 'j' }],
  ['a name: capitals', 'setup-name', 'J', { type: 'type', char: 'J' }],
  ['a name: a space', 'setup-name', 'space', { type: 'type', char: ' ' }],
  ['Backspace edits the name', 'setup-name', 'backspace', { type: 'erase' }],
  ['ENTER ends the name', 'setup-name', 'enter', { type: 'submit' }],
  ['ESC goes back to the name before', 'setup-name', 'escape', { type: 'back' }],
  ['Ctrl-C quits at the name question too', 'setup-name', 'ctrl-c', { type: 'quit-now' }],
];

/** Issue 26: at a hosted table, c (C) gives the seat of a player whose connection dropped to the computer, on their turn. */
const ISSUE_26: [string, Mode, string, AppAction][] = (['rolling', 'choosing'] as const).flatMap((m) =>
  ['c', 'C'].map((k): [string, Mode, string, AppAction] => ["c gives a dropped player's seat to the computer", m, k, { type: 'seat-to-computer' }]),
);

/** The play-test: q (ESC) closes the instructions at once, back to where the player was; any other key turns the page. */
const PLAY_TEST: [string, Mode, string, AppAction][] = [
  // The quit question after the last game (asked while saving fails): the same keys, its no words apart.
  ...['y', 'Y'].map((k): [string, Mode, string, AppAction] => ['y answers the quit question after the last game yes', 'confirm-over', k, { type: 'confirm', yes: true }]),
  ...['n', 'N', 'escape'].map((k): [string, Mode, string, AppAction] => ['n (or ESC) answers it no', 'confirm-over', k, { type: 'confirm', yes: false }]),
  ...['ctrl-c', 'ctrl-l'].map((k): [string, Mode, string, AppAction] => ['Ctrl-C and Ctrl-L there too', 'confirm-over', k, { type: k === 'ctrl-c' ? 'quit-now' : 'redraw' }]),
  ...['q', 'Q', 'escape'].map((k): [string, Mode, string, AppAction] => ['q (ESC) closes the instructions', 'help', k, { type: 'help-close' }]),
  ['a name: letters, the first too', 'setup-first-name', 'j', { type: 'type', char: 'j' }],
  ['h is a letter of a name', 'setup-first-name', 'h', { type: 'type', char: 'h' }],
  ['Backspace edits the first name', 'setup-first-name', 'backspace', { type: 'erase' }],
  ['ENTER ends the first name', 'setup-first-name', 'enter', { type: 'submit' }],
  ['ESC before the first name goes back to the players question', 'setup-first-name', 'escape', { type: 'back' }],
  ['Ctrl-C quits at the first name too', 'setup-first-name', 'ctrl-c', { type: 'quit-now' }],
  ...(['setup-first-name', 'setup-name'] as Mode[]).map((m): [string, Mode, string, AppAction] => ['TAB shows the instructions at a name', m, 'tab', { type: 'help' }]),
  // A stray i cost a newcomer a turn's rolls: i again, before a box is scored, goes back to rolling.
  ...['i', 'I'].map((k): [string, Mode, string, AppAction] => ['i again goes back to rolling', 'choosing', k, { type: 'resume-rolling' }]),
];

/** The play-test: the rule set and the competition chosen at the players question, as the Spectrum's F, P and U. */
const SETUP_CHOICES: [string, Mode, string, AppAction][] = [
  ...['r', 'R'].map((k): [string, Mode, string, AppAction] => ['r chooses the next rule set', 'setup-players', k, { type: 'setup-rules' }]),
  ...['m', 'M'].map((k): [string, Mode, string, AppAction] => ['m asks the competition', 'setup-players', k, { type: 'setup-match' }]),
  ...['g', 'G'].map((k): [string, Mode, string, AppAction] => ['g: a number of games', 'setup-match', k, { type: 'choose-match', kind: 'games' }]),
  ...['t', 'T'].map((k): [string, Mode, string, AppAction] => ['t: first to a score', 'setup-match', k, { type: 'choose-match', kind: 'target' }]),
  ...['s', 'S'].map((k): [string, Mode, string, AppAction] => ['s: a single game', 'setup-match', k, { type: 'choose-match', kind: 'single' }]),
  ...'0123456789'.split('').map((k): [string, Mode, string, AppAction] => ['digits type the number', 'setup-number', k, { type: 'type', char: k }]),
  ['Backspace edits the number', 'setup-number', 'backspace', { type: 'erase' }],
  ['ENTER gives the number', 'setup-number', 'enter', { type: 'submit' }],
  ...(['setup-match', 'setup-number'] as Mode[]).flatMap((m): [string, Mode, string, AppAction][] => [
    ['ESC goes back a question', m, 'escape', { type: 'back' }],
    ...['q', 'Q'].map((k): [string, Mode, string, AppAction] => ['q quits', m, k, { type: 'quit' }]),
    ...['h', 'H', '?'].map((k): [string, Mode, string, AppAction] => ['h/? shows the instructions', m, k, { type: 'help' }]),
    ['Ctrl-C quits at once', m, 'ctrl-c', { type: 'quit-now' }],
  ]),
];

const EXPECTED = [...SHEET, ...ALIASES, ...ISSUE_4, ...ISSUE_12, ...ISSUE_14, ...ISSUE_15, ...ISSUE_24, ...ISSUE_26, ...PLAY_TEST, ...SETUP_CHOICES].filter(([, m, k], i, all) => all.findIndex(([, m2, k2]) => m2 === m && k2 === k) === i);

describe('MSX keys (sheet 000)', () => {
  it.each(EXPECTED)('%s: %s %s', (_quote, mode, key, action) => {
    expect(resolveKeyName(MSX, mode, key)).toEqual(action);
  });

  it('binds no key the sheet, the issue or the alias list does not name', () => {
    const bound = MSX.bindings.flatMap((b) => b.modes.flatMap((m) => b.keys.filter((k) => k !== ANY_KEY && k !== PRINTABLE).map((k) => `${m} ${k}`)));
    const listed = new Set(EXPECTED.map(([, m, k]) => `${m} ${k}`));
    expect(bound.filter((k) => !listed.has(k))).toEqual([]);
  });
});

describe('MSX play (seed 7, two players)', () => {
  const game = () => press(start(), '2');

  it('asks the number of players with keys 1-4, then names the seats PLAYER 1..', () => {
    const m = start();
    expect(modeOf(m)).toBe('setup-players');
    expect(press(m, '3').game?.players.map((p) => p.name)).toEqual(['PLAYER 1', 'PLAYER 2', 'PLAYER 3']);
    expect(press(m, '5').message?.text).toBe('Choose 1 to 4 players');
  });

  it('starts with the first roll already made: 1-1-4-6-6, roll 1 of 3', () => {
    expect(game().game).toMatchObject({ dice: [1, 1, 4, 6, 6], rollsUsed: 1, phase: 'rolling' });
  });

  it('1 and 3 mark dice A and C; pressing 1 again takes the mark off', () => {
    expect(press(game(), '1', '3').game?.held).toEqual([true, false, true, false, false]);
    expect(press(game(), '1', '3', '1').game?.held).toEqual([false, false, true, false, false]);
  });

  it('0 clears every mark', () => {
    expect(press(game(), '1', '2', '5', '0').game?.held).toEqual([false, false, false, false, false]);
  });

  it('SPACE rolls only the unmarked dice: A (1) and C (4) stay, the rest give 1-5-4-5-6', () => {
    expect(press(game(), '1', '3', 'space').game?.dice).toEqual([1, 5, 4, 5, 6]);
  });

  it('clears the marks after each roll, as on the MSX', () => {
    const m = press(game(), '1', '3', 'space');
    expect(m.game?.held).toEqual([false, false, false, false, false]);
    expect(m.game?.rollsUsed).toBe(2);
  });

  it('after the third roll the cursor appears on the first open box', () => {
    const m = press(game(), '1', '3', 'space', 'space');
    expect(m.game).toMatchObject({ dice: [1, 3, 1, 6, 1], phase: 'choosing' });
    expect(m.cursor).toBe('aces');
  });

  it('i ends the rolling early and shows the cursor', () => {
    const m = press(game(), 'i');
    expect(m.game?.phase).toBe('choosing');
    expect(m.cursor).toBe('aces');
  });

  it('down and up move the cursor over the open boxes only, wrapping round', () => {
    const first = press(game(), 'i', 'down', 'right'); // PLAYER 1 scores Twos
    const second = press(first, '2', 'i', 'down', 'right'); // PLAYER 2 scores Twos (die B was marked, harmlessly)
    const m = press(second, 'i');
    expect(m.cursor).toBe('aces');
    expect(press(m, 'down').cursor).toBe('threes');
    expect(press(m, 'up').cursor).toBe('chance');
  });

  it('right scores the box under the cursor; there is no taking it back', () => {
    const m = press(game(), 'i', 'down', 'down', 'down', 'right');
    expect(m.game?.cards[0].boxes).toEqual({ fours: 4 });
    expect(m.game?.current).toBe(1);
    expect(m.message?.text).toBe('PLAYER 1 scored 4 in Fours');
  });

  it('SPACE after the last roll says why it does nothing', () => {
    expect(press(game(), 'space', 'space', 'space').message?.text).toBe('No rolls left: choose a box');
  });

  it('right before the rolling is over tells how to get the cursor', () => {
    expect(press(game(), 'right').message?.text).toBe('Roll, or press i to choose a box now');
  });

  it('h and ? open the instructions; any key goes back to the game', () => {
    const big = press(start({}, { size: { columns: 120, rows: 120 } }), '2');
    expect(press(big, 'h').overlay).toBe('help');
    expect(press(big, '?').overlay).toBe('help');
    expect(press(big, 'h', 'x').overlay).toBe(null);
  });
});
