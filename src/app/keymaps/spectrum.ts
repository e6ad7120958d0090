import type { BoxDef, RuleSet } from '../../engine/rules/types.js';
import type { Layout } from './layout.js';
import { ANY_KEY, DIGITS, PRINTABLE } from './layout.js';

/** The inlay's numbers for the lower boxes: 7 3 of a kind, 8 4 of a kind, 9 full house, 10 Yatzee, 11 short run, 12 long run, 13 chance. */
const INLAY = { threeOfAKind: 7, fourOfAKind: 8, fullHouse: 9, yahtzee: 10, shortRun: 11, longRun: 12, chance: 13 } as const;

/**
 * The option number the Spectrum's inlay gives a box of any rule set, by what the box scores: 1-6 the faces, then
 * the lower boxes as in INLAY. Of two straights the shorter run is 11 and the longer 12; two runs of the same length
 * (the Brazilian Sequência alta 2-3-4-5-6 for 30 and Sequência baixa 1-2-3-4-5 for 40) go by their points, the
 * lower first, as short and long runs do (30 and 40): alta 11, baixa 12, their own sheet's order too.
 */
export function inlayOption(rules: RuleSet, box: BoxDef): number {
  const s = box.scoring;
  switch (s.kind) {
    case 'upper':
      return s.face;
    case 'ofAKind':
      return s.count === 3 ? INLAY.threeOfAKind : INLAY.fourOfAKind;
    case 'fullHouse':
      return INLAY.fullHouse;
    case 'yahtzee':
      return INLAY.yahtzee;
    case 'chance':
      return INLAY.chance;
    case 'straight': {
      const key = (b: BoxDef) => (b.scoring.kind === 'straight' ? [Math.min(...b.scoring.runs.map((r) => r.length)), b.scoring.points] : [0, 0]);
      const straights = rules.boxes.filter((b) => b.scoring.kind === 'straight').sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
      return straights.indexOf(box) <= 0 ? INLAY.shortRun : INLAY.longRun;
    }
  }
}

const numbered = new Map<RuleSet, RuleSet>();

/** The rule set with its boxes numbered and ordered as the Spectrum's inlay (the same object for the same rule set). */
export function inlayNumbering(rules: RuleSet): RuleSet {
  let out = numbered.get(rules);
  if (out === undefined) {
    const boxes = rules.boxes.map((b) => ({ ...b, option: inlayOption(rules, b) })).sort((a, b) => a.option - b.option);
    out = { ...rules, boxes };
    numbered.set(rules, out);
  }
  return out;
}

/**
 * The ZX Spectrum layout (sheet 001, YATZEE by CP Software): names typed first, then F/P/U for the competition;
 * A-E hold dice, ENTER rolls the rest, 0 goes to scoring, the option number 1-13 and ENTER scores,
 * I shows the instructions, Q quits after a Y/N question (in a game and after it; at the competition question at once). Added: a player named SPECTRUM is the computer ("two people
 * and the Spectrum"), S its strength, H hints, U takes back (an option just scored with --take-back; in practice games any roll or option), R reviews a finished game,
 * and at a hosted table S gives a dropped player's seat to the computer (the Spectrum). A name takes every letter, so
 * at a name TAB shows the instructions and ESC at the first name leaves.
 */
export const SPECTRUM: Layout = {
  id: 'spectrum',
  name: 'ZX Spectrum',
  machine: 'ZX Spectrum (YATZEE, CP Software 1984)',
  title: 'YATZEE',
  holdWord: 'HOLD',
  // Held dice stay held until released: the sheet lets any dice be held for the second and third rolls and
  // never says holds are dropped, and keeping them spares retyping letters before the third roll.
  clearHoldsAfterRoll: false,
  dieKeys: false,
  boxChoice: 'number',
  numbering: inlayNumbering,
  askQuitAfterMatch: true,
  bindings: [
    { keys: ['ctrl-c'], label: 'Ctrl-C', modes: ['resume', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'help', 'review', 'confirm', 'confirm-over', 'game-over', 'match-over', 'too-small'], action: () => ({ type: 'quit-now' }), prompt: '', help: 'quit at once, from anywhere' },
    { keys: ['ctrl-l'], label: 'Ctrl-L', modes: ['resume', 'setup-first-name', 'setup-name', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'help', 'review', 'confirm', 'confirm-over', 'game-over', 'match-over', 'too-small'], action: () => ({ type: 'redraw' }), prompt: '', help: 'redraw the whole screen' },
    { keys: ['y', 'Y', 'enter', 'r', 'R'], label: 'Y/ENTER', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'resume' }), prompt: 'resume', help: 'with a saved game waiting at the start: take it up where it was left (R too)' },
    { keys: ['n', 'N'], label: 'N', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'new' }), prompt: 'new game', help: 'a new game instead (the saved one is kept until the new game scores its first box)' },
    { keys: ['q', 'Q', 'escape'], label: 'Q/ESC', modes: ['resume'], action: () => ({ type: 'resume-answer', answer: 'quit' }), prompt: 'quit', help: 'leave now, the saved game kept for next time' },
    { keys: [PRINTABLE], label: 'A-Z', modes: ['setup-first-name', 'setup-name'], action: (k) => ({ type: 'type', char: k }), prompt: 'name', help: 'type a name, up to 10 columns wide (a wide character counts two); SPECTRUM (or CPU) seats the computer' },
    { keys: ['backspace'], label: 'BACKSPACE', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'erase' }), prompt: 'edit', help: 'rub out the last letter' },
    { keys: ['enter'], label: 'ENTER', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'submit' }), prompt: 'next', help: 'the name is done (ENTER on an empty name: no more players)' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-name'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to the name before, to change it' },
    // A name takes every letter, so at a name the instructions and the way out are keys that type nothing.
    { keys: ['tab'], label: 'TAB', modes: ['setup-first-name', 'setup-name'], action: () => ({ type: 'help' }), prompt: 'instructions', help: 'at a name: these instructions (I types into the name)', spare: true },
    { keys: ['escape'], label: 'ESC', modes: ['setup-first-name'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'at the first name: leave (Q types into the name)' },
    { keys: ['f', 'F'], label: 'F', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'games' }), prompt: 'fixed number of games', help: 'a fixed number of games' },
    { keys: ['p', 'P'], label: 'P', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'target' }), prompt: 'first to a score', help: 'first to a set score' },
    { keys: ['u', 'U'], label: 'U', modes: ['setup-match'], action: () => ({ type: 'choose-match', kind: 'single' }), prompt: 'single games', help: 'single games' },
    { keys: ['s', 'S'], label: 'S', modes: ['setup-match'], action: () => ({ type: 'setup-strength' }), prompt: 'strength', help: "the computer's strength when it plays: optimal, strong, casual or win: plays to win (as --strength)" },
    { keys: ['r', 'R'], label: 'R', modes: ['setup-match'], action: () => ({ type: 'setup-rules' }), prompt: 'rules', help: 'the next rule set: official, free Joker, Spectrum, Brazilian (as --rules)' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-match'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to the last name, to change it' },
    { keys: DIGITS, label: '0-9', modes: ['setup-number'], action: (k) => ({ type: 'type', char: k }), prompt: 'number', help: 'type the number' },
    { keys: ['backspace'], label: 'BACKSPACE', modes: ['setup-number'], action: () => ({ type: 'erase' }), prompt: 'edit', help: 'rub out the last digit' },
    { keys: ['enter'], label: 'ENTER', modes: ['setup-number'], action: () => ({ type: 'submit' }), prompt: 'start', help: 'start the competition' },
    { keys: ['escape'], label: 'ESC', modes: ['setup-number'], action: () => ({ type: 'back' }), prompt: 'back', help: 'back to F, P or U' },
    { keys: ['a', 'b', 'c', 'd', 'e', 'A', 'B', 'C', 'D', 'E'], label: 'A-E', modes: ['rolling'], action: (_k, i) => ({ type: 'toggle-die', die: i % 5 }), prompt: 'hold', help: 'hold die A-E for the next roll, or release it' },
    { keys: ['enter'], label: 'ENTER', modes: ['rolling'], action: () => ({ type: 'roll' }), prompt: 'roll', help: 'roll the dice not held (all five when none is held)' },
    { keys: ['0'], label: '0', modes: ['rolling'], action: () => ({ type: 'stop-rolling' }), prompt: 'score', help: 'go to scoring (after the third roll it comes by itself)' },
    { keys: DIGITS, label: '1-13', modes: ['choosing'], action: (k) => ({ type: 'type', char: k }), prompt: 'option', help: 'type the number of the scoring option' },
    { keys: ['backspace'], label: 'BACKSPACE', modes: ['choosing'], action: () => ({ type: 'erase' }), prompt: 'edit', help: 'rub out the last digit' },
    { keys: ['enter'], label: 'ENTER', modes: ['choosing'], action: () => ({ type: 'submit' }), prompt: 'score', help: 'score the option typed' },
    { keys: ['escape'], label: 'ESC', modes: ['choosing'], action: () => ({ type: 'back' }), prompt: '', help: 'clear the option typed; with none typed, having gone to scoring early: back to rolling, while rolls are left' },
    { keys: ['h', 'H'], label: 'H', modes: ['rolling', 'choosing'], action: () => ({ type: 'hint' }), prompt: 'hint', help: 'hint on or off: the best choices now (up to three, as many as the panel has room for) with their expected final scores, and what yours would lose (always on in practice)', spare: true },
    { keys: ['w', 'W'], label: 'W', modes: ['rolling', 'choosing', 'computer'], action: () => ({ type: 'chances' }), prompt: 'chances', help: "each player's chance to win if all play their best from here, on or off (2-4 players, not first to a score; with two, the match's too)", spare: true },
    { keys: ['u', 'U'], label: 'U', modes: ['rolling', 'choosing', 'computer'], action: () => ({ type: 'undo' }), prompt: 'take back', help: 'take back the option just scored, until a person rolls after it (with --take-back; that game then goes in no high scores); in practice (--practice) your last roll or option', spare: true },
    { keys: ['enter'], label: 'ENTER', modes: ['computer'], action: () => ({ type: 'computer-hurry' }), prompt: 'finish its turn', help: "during the computer's turn: the rest of it at once" },
    // Y, not a key of the turn: a second press of the last turn's key (or of the computer's hurry) would skip the results.
    { keys: ['y', 'Y'], label: 'Y', modes: ['game-over'], action: () => ({ type: 'continue' }), prompt: 'next game', help: 'after a game of a match: the next game' },
    { keys: ['y', 'Y'], label: 'Y', modes: ['match-over'], action: () => ({ type: 'continue' }), prompt: 'play again', help: 'after the last game: play again with the same players' },
    { keys: ['r', 'R'], label: 'R', modes: ['game-over', 'match-over'], action: () => ({ type: 'review' }), prompt: 'review', help: 'after a game: what your decisions cost against optimal play, the three costliest' },
    { keys: ['s', 'S'], label: 'S', modes: ['rolling', 'choosing'], action: () => ({ type: 'seat-to-computer' }), prompt: '', help: "yahtzee host: the host gives a dropped player's seat to the computer" },
    { keys: ['i', 'I'], label: 'I', modes: ['resume', 'setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'game-over', 'match-over'], action: () => ({ type: 'help' }), prompt: 'instructions', help: 'these instructions; in a game they open at its keys' },
    { keys: ['q', 'Q'], label: 'Q', modes: ['setup-match', 'setup-number', 'rolling', 'choosing', 'computer', 'game-over', 'match-over'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'quit, after a Y/N question once the games have begun' },
    { keys: ['y', 'Y'], label: 'Y', modes: ['confirm', 'confirm-over'], action: () => ({ type: 'confirm', yes: true }), prompt: 'yes, quit', help: 'yes, quit' },
    { keys: ['n', 'N', 'escape'], label: 'N/ESC', modes: ['confirm'], action: () => ({ type: 'confirm', yes: false }), prompt: 'no, play on', help: 'no, back to the game' },
    { keys: ['n', 'N', 'escape'], label: 'N/ESC', modes: ['confirm-over'], action: () => ({ type: 'confirm', yes: false }), prompt: 'no, stay', help: 'after the last game: no, back to the results' },
    { keys: ['q', 'Q'], label: 'Q', modes: ['too-small'], action: () => ({ type: 'quit' }), prompt: 'quit', help: 'on the too-small notice: quit at once (the game is saved)' },
    { keys: ['q', 'Q', 'escape'], label: 'Q/ESC', modes: ['help'], action: () => ({ type: 'help-close' }), prompt: 'close', help: 'on the instructions: close them at once, back to where you were' },
    { keys: [ANY_KEY], label: 'any other key', modes: ['help'], action: () => ({ type: 'help-next' }), prompt: 'to go on', help: 'on the instructions: the next page; once every page is shown, back to where you were' },
    { keys: [ANY_KEY], label: 'press any key', modes: ['review'], action: () => ({ type: 'help-next' }), prompt: 'to go on', help: 'on the review: the next page, then back to the results' },
  ],
};
