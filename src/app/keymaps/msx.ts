import type { Layout } from './layout.js';
import { ANY_KEY, DIGITS, PRINTABLE } from './layout.js';

/**
 * The MSX layout (sheet 000, MSX Computer Magazine): 1-4 players, 1-5 mark dice to keep, 0 clears the marks,
 * SPACE rolls the unmarked dice, marks clear after each roll, `i` ends the rolling early, then a cursor:
 * up/down over the open boxes and right scores the box under it (no regret). Added: at the players question c and s
 * seat the computer, r chooses the rule set and m the competition; t tips, u takes back (a box just scored with
 * --take-back; in practice games any roll or box), r reviews a finished game, and at a hosted table c gives a dropped
 * player's seat to the computer; at a name (which takes h and ?) TAB shows the instructions.
 */
export const MSX: Layout = {
  id: 'msx',
  name: 'MSX',
  machine: 'MSX (MSX Computer Magazine)',
  title: 'YAHTZEE',
  holdWord: 'KEEP',
  clearHoldsAfterRoll: true,
  dieKeys: true,
  boxChoice: 'cursor',
  askQuitAfterMatch: false,
  bindings: [
    { keys: ['ctrl-c'], label: 'Ctrl-C', modes: ['resume', 'setup-players', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'help', 'review', 'confirm', 'confirm-over', 'game-over', 'match-over', 'too-small'], action: () => ({ type: 'quit-now' }), prompt: '', help: 'quit at once, from anywhere' },
    { keys: ['ctrl-l'], label: 'Ctrl-L', modes: ['resume', 'setup-players', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'help', 'review', 'confirm', 'confirm-over', 'game-over', 'match-over', 'too-small'], action: () => ({ type: 'redraw' }), prompt: '', help: 'redraw the whole screen' },
    { keys: ['y', 'Y', 'enter', 'r', 'R'], label: 'y/ENTER', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'resume' }), prompt: 'resume', help: 'with a saved game waiting at the start: take it up where it was left (r too)' },
    { keys: ['n', 'N'], label: 'n', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'new' }), prompt: 'new game', help: 'a new game instead (the saved one is kept until the new game scores its first box)' },
    { keys: ['q', 'Q', 'escape'], label: 'q/ESC', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'quit' }), prompt: 'quit', help: 'leave now, the saved game kept for next time' },
    { keys: ['1', '2', '3', '4'], label: '1-4', modes: ['setup-players'], action: (k) => ({ type: 'choose-players', count: Number(k) }), prompt: 'players', help: 'the number of players' },
    { keys: ['n', 'N'], label: 'n', modes: ['setup-players'], action: () => ({ type: 'setup-names' }), prompt: 'names', help: 'name the players (else they play as PLAYER 1-4), so that the high scores (yahtzee scores) keep figures for each person' },
    { keys: [PRINTABLE], label: 'A-Z', modes: ['setup-first-name', 'setup-name'], action: (k) => ({ type: 'type', char: k }), prompt: 'name', help: 'type a name, up to 10 columns wide (a wide character counts two); CPU seats the computer' },
    { keys: ['backspace'], label: 'BACKSPACE', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'erase' }), prompt: 'edit', help: 'rub out the last letter' },
    { keys: ['enter'], label: 'ENTER', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'submit' }), prompt: 'next', help: 'the name is done (ENTER on an empty name: no more players, the game starts)' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to the name before, to change it; before the first name, back to the number of players' },
    // A name takes letters and h and ?, so its instructions key is one that types nothing.
    { keys: ['tab'], label: 'TAB', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'help' }), prompt: 'help', help: 'at a name: these instructions (h and ? type into the name)', spare: true },
    { keys: ['c', 'C'], label: 'c', modes: ['setup-players'], action: () => ({ type: 'setup-computers' }), prompt: 'computer', help: 'the computer plays one more of the last seats: none, 1, 2, 3, all (as --computer N)' },
    { keys: ['s', 'S'], label: 's', modes: ['setup-players'], action: () => ({ type: 'setup-strength' }), prompt: 'strength', help: "the computer's strength: optimal, strong, casual or win: plays to win (as --strength)" },
    { keys: ['r', 'R'], label: 'r', modes: ['setup-players'], action: () => ({ type: 'setup-rules' }), prompt: 'rules', help: 'the next rule set: official, free Joker, Spectrum, Brazilian (as --rules)' },
    { keys: ['m', 'M'], label: 'm', modes: ['setup-players'], action: () => ({ type: 'setup-match' }), prompt: 'match', help: 'the type of competition: a number of games, first to a score, or a single game (as --games or --target; neither: a single game)' },
    { keys: ['g', 'G'], label: 'g', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'games' }), prompt: 'games', help: 'after m: a number of games (how many is asked next)', menu: 'a number of games (how many is asked next)' },
    { keys: ['t', 'T'], label: 't', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'target' }), prompt: 'first to a score', help: 'after m: first to a set score (the score is asked next)', menu: 'first to a set score (the score is asked next)' },
    { keys: ['s', 'S'], label: 's', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'single' }), prompt: 'single game', help: 'after m: a single game', menu: 'a single game' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-match'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to the number of players, the competition as it was' },
    { keys: DIGITS, label: '0-9', modes: ['setup-number'], action: (k) => ({ type: 'type', char: k }), prompt: 'number', help: 'type the number of games or the score' },
    { keys: ['backspace'], label: 'BACKSPACE', modes: ['setup-number'], action: () => ({ type: 'erase' }), prompt: 'edit', help: 'rub out the last digit' },
    { keys: ['enter'], label: 'ENTER', modes: ['setup-number'], action: () => ({ type: 'submit' }), prompt: 'done', help: 'the number is given: back to the number of players' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-number'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to the competition question' },
    { keys: ['1', '2', '3', '4', '5'], label: '1-5', modes: ['rolling'], action: (_k, i) => ({ type: 'toggle-die', die: i }), prompt: 'mark', help: 'mark die A-E to keep, or unmark it; marks clear after each roll' },
    { keys: ['0'], label: '0', modes: ['rolling'], action: () => ({ type: 'clear-holds' }), prompt: 'clear', help: 'clear all marks' },
    { keys: ['space'], label: 'SPACE', modes: ['rolling'], action: () => ({ type: 'roll' }), prompt: 'roll', help: 'roll the unmarked dice (three rolls a turn)' },
    { keys: ['i', 'I'], label: 'i', modes: ['rolling'], action: () => ({ type: 'stop-rolling' }), prompt: 'score now', help: 'end the rolling early and choose a box' },
    { keys: ['up', 'down'], label: '↑↓', modes: ['choosing'], action: (_k, i) => ({ type: 'move-cursor', delta: i === 0 ? -1 : 1 }), prompt: 'move', help: 'move the cursor over the open boxes these dice may go in' },
    { keys: ['right', 'enter'], label: '→/ENTER', modes: ['choosing'], action: () => ({ type: 'score-cursor' }), prompt: 'score', help: 'score the box under the cursor (for good, unless the take-back is on)' },
    { keys: ['i', 'I'], label: 'i', modes: ['choosing'], action: () => ({ type: 'resume-rolling' }), prompt: 'roll on', help: 'having ended the rolling early: back to rolling, while rolls are left', spare: true },
    { keys: ['t', 'T'], label: 't', modes: ['rolling', 'choosing'], action: () => ({ type: 'hint' }), prompt: 'tip', help: 'tip on or off: the best choices now (up to three, as many as the panel has room for) with their expected final scores, and what yours would lose (always on in practice)', spare: true },
    { keys: ['w', 'W'], label: 'w', modes: ['rolling', 'choosing', 'computer'], action: () => ({ type: 'chances' }), prompt: 'chances', help: "each player's chance to win if all play their best from here, on or off (2-4 players, not first to a score; with two, the match's too)", spare: true },
    { keys: ['u', 'U'], label: 'u', modes: ['rolling', 'choosing', 'computer'], action: () => ({ type: 'undo' }), prompt: 'take back', help: 'take back the box just scored, until a person rolls after it (with --take-back; that game then goes in no high scores); in practice (--practice) your last roll or box', spare: true },
    { keys: ['space', 'enter'], label: 'SPACE/ENTER', modes: ['computer'], action: () => ({ type: 'computer-hurry' }), prompt: 'finish its turn', help: "during the computer's turn: the rest of it at once" },
    // Y, not a key of the turn: a second press of the last turn's key (or of the computer's hurry) would skip the results.
    { keys: ['y', 'Y'], label: 'y', modes: ['game-over'], action: () => ({ type: 'continue' }), prompt: 'next game', help: 'after a game of a match: the next game' },
    { keys: ['y', 'Y'], label: 'y', modes: ['match-over'], action: () => ({ type: 'continue' }), prompt: 'play again', help: 'after the last game: play again with the same players' },
    { keys: ['r', 'R'], label: 'r', modes: ['game-over', 'match-over'], action: () => ({ type: 'review' }), prompt: 'review', help: 'after a game: what your decisions cost against optimal play, the three costliest' },
    { keys: ['c', 'C'], label: 'c', modes: ['rolling', 'choosing'], action: () => ({ type: 'seat-to-computer' }), prompt: '', help: "yahtzee host: the host gives a dropped player's seat to the computer" },
    { keys: ['h', 'H', '?'], label: 'h/?', modes: ['resume', 'setup-players', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'game-over', 'match-over'], action: () => ({ type: 'help' }), prompt: 'help', help: 'these instructions; in a game they open at its keys' },
    { keys: ['q', 'Q', 'escape'], label: 'q/ESC', modes: ['setup-players', 'rolling', 'choosing', 'computer', 'game-over', 'match-over'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'quit (asks first while a game is unfinished, or while saving fails)' },
    { keys: ['q', 'Q'], label: 'q', modes: ['setup-match'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'quit (ESC goes back)' },
    { keys: ['q', 'Q'], label: 'q', modes: ['setup-number'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'quit (ESC goes back)' },
    { keys: ['y', 'Y'], label: 'y', modes: ['confirm', 'confirm-over'], action: () => ({ type: 'confirm', yes: true }), prompt: 'yes, quit', help: 'yes, quit' },
    { keys: ['n', 'N', 'escape'], label: 'n/ESC', modes: ['confirm'], action: () => ({ type: 'confirm', yes: false }), prompt: 'no, play on', help: 'no, back to the game' },
    { keys: ['n', 'N', 'escape'], label: 'n/ESC', modes: ['confirm-over'], action: () => ({ type: 'confirm', yes: false }), prompt: 'no, stay', help: 'after the last game: no, back to the results' },
    { keys: ['q', 'Q', 'escape'], label: 'q/ESC', modes: ['too-small'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'on the too-small notice: quit at once (the game is saved)' },
    { keys: ['q', 'Q', 'escape'], label: 'q/ESC', modes: ['help'], action: () => ({ type: 'help-close' }), prompt: 'close', help: 'on the instructions: close them at once, back to where you were' },
    { keys: [ANY_KEY], label: 'any other key', modes: ['help'], action: () => ({ type: 'help-next' }), prompt: 'to go on', help: 'on the instructions: the next page; once every page is shown, back to where you were' },
    { keys: [ANY_KEY], label: 'press any key', modes: ['review'], action: () => ({ type: 'help-next' }), prompt: 'to go on', help: 'on the review: the next page, then back to the results' },
  ],
};
