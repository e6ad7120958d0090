import type { Action, RngState } from '../engine/index.js';
import type { Decision } from '../solver/index.js';
import type { AppModel, ChancesStatus, SeatDecision, StrategyStatus } from './model.js';

/** What the player (or a timer) asks the app to do; keys become these through a layout table. */
export type AppAction =
  /** MSX setup: the number of players. */
  | { readonly type: 'choose-players'; readonly count: number }
  /** Spectrum setup: F (a number of games), P (a target score) or U (single games). */
  | { readonly type: 'choose-match'; readonly kind: 'games' | 'target' | 'single' }
  /** Types a character into the field being edited (a name, a number, an option number). */
  | { readonly type: 'type'; readonly char: string }
  /** Removes the last character of the field being edited. */
  | { readonly type: 'erase' }
  /** ENTER on the field being edited. */
  | { readonly type: 'submit' }
  /** Leaves a setup question for the one before it. */
  | { readonly type: 'back' }
  /** Marks (MSX) or holds (Spectrum) a die, 0-4, or releases it. */
  | { readonly type: 'toggle-die'; readonly die: number }
  | { readonly type: 'clear-holds' }
  | { readonly type: 'roll' }
  /** Ends the rolling early and goes to choosing a box. */
  | { readonly type: 'stop-rolling' }
  /** Back to rolling from choosing a box, while rolls are left (the rolling ended early by a key). */
  | { readonly type: 'resume-rolling' }
  /** Moves the MSX box cursor up (-1) or down (+1) over the open boxes. */
  | { readonly type: 'move-cursor'; readonly delta: number }
  /** Scores the box under the MSX cursor. */
  | { readonly type: 'score-cursor' }
  /** Opens the instructions page. */
  | { readonly type: 'help' }
  /** On the instructions page: the next page, or back to the game after the last. */
  | { readonly type: 'help-next' }
  /** On the instructions page: closes them at once, back to where the player was. */
  | { readonly type: 'help-close' }
  /** Asks whether to quit. */
  | { readonly type: 'quit' }
  /** The answer to the quit question. */
  | { readonly type: 'confirm'; readonly yes: boolean }
  /** The dice of roll number `count` have landed on the screen (the animation's last frame). */
  | { readonly type: 'roll-landed'; readonly count: number }
  /** Ctrl-L: the screen is redrawn in full (by the UI); the model stays as it is. */
  | { readonly type: 'redraw' }
  /** Ctrl-C: quits at once, from anywhere. */
  | { readonly type: 'quit-now' }
  /** After a game: the next game of the match, or a new match with the same seats. */
  | { readonly type: 'continue' }
  /** A key that does nothing in this mode; `key` its name, if it has one (a die key past the dice says so). */
  | { readonly type: 'unknown-key'; readonly key?: string }
  /** Text pasted in: refused whole, whatever it holds (a paste with a newline in it must not score a box). */
  | { readonly type: 'paste' }
  /** The terminal changed size. */
  | { readonly type: 'resize'; readonly columns: number; readonly rows: number }
  /** A line from outside the controller for the message area (saving failed, a new high score). */
  /** A line for the message area; `saveProblem` (when given) says saving failed (a short reason) or works again (null). */
  | { readonly type: 'notice'; readonly text: string; readonly tone: 'error' | 'info'; readonly saveProblem?: string | null }
  /** One engine move chosen by a computer player for the seat whose turn it is. */
  | { readonly type: 'computer-move'; readonly action: Action }
  /** A computer player's next decision (from chooseMove) and its generator's next state: shown step by step. */
  | { readonly type: 'computer-decision'; readonly decision: Decision; readonly rng: RngState }
  /** The next step of the computer's decision (the roll after its holds, the box after its choice). */
  | { readonly type: 'computer-step' }
  /** SPACE/ENTER during a computer's turn: the rest of its turn at once. */
  | { readonly type: 'computer-hurry' }
  /** MSX setup: one more computer seat (0 to 4, then none again). */
  | { readonly type: 'setup-computers' }
  /** MSX setup: name the players instead of playing as PLAYER 1-4. */
  | { readonly type: 'setup-names' }
  /** Setup: the computer's next strength (optimal, strong, casual, win). */
  | { readonly type: 'setup-strength' }
  /** Setup: the next rule set (official, free Joker, Spectrum, Brazilian, then official again). */
  | { readonly type: 'setup-rules' }
  /** MSX setup: the competition question (a number of games, first to a score, or a single game). */
  | { readonly type: 'setup-match' }
  /** Shows or hides the hint panel (the best choices now and what yours would lose). */
  | { readonly type: 'hint' }
  /** Shows or hides the win-chance lines (2-4 players), the hints as they are. */
  | { readonly type: 'chances' }
  /** The chances to win for the turn named by `key`, from outside the controller (another turn's are ignored). */
  | { readonly type: 'chances-status'; readonly key: string; readonly chances: ChancesStatus }
  /** Takes back: in practice the last roll or box; with --take-back a box just scored, until the next move. */
  | { readonly type: 'undo' }
  /** After a game: the review page (what each person's decisions cost against optimal play). */
  | { readonly type: 'review' }
  /** The answer to the resume question: take the saved game up, start a new one (the save set aside), or leave. */
  | { readonly type: 'resume-answer'; readonly answer: 'resume' | 'new' | 'quit' }
  /** After the resume question: the game the session began (a resumed game, or a new game's first question). */
  | { readonly type: 'begin'; readonly model: AppModel }
  /** After a game: how many costly decisions the review found for each person, once known (the pages follow). */
  | { readonly type: 'review-known'; readonly decisions: readonly SeatDecision[]; readonly worst: readonly number[] }
  /** The strategy table's progress, from the loader outside the controller. */
  | { readonly type: 'strategy'; readonly strategy: StrategyStatus }
  /** A win seat's turn work (named by `key`, winTurnKey) was started in the chances' process. */
  | { readonly type: 'win-started'; readonly key: string }
  /** A win seat's turn work is done (its decisions are at hand outside the model), or failed and why. */
  | { readonly type: 'win-answer'; readonly key: string; readonly ok: true }
  | { readonly type: 'win-answer'; readonly key: string; readonly ok: false; readonly reason: string }
  /** The computer would decide now, but its turn work (named by `key`) is not done yet: the screen says it is thinking. */
  | { readonly type: 'win-wait'; readonly key: string }
  /** At a hosted table: the people's seats whose players are away (their connection dropped, or not back yet), from the table. */
  | { readonly type: 'away'; readonly names: readonly string[] }
  /** The seat named (by default the seat in turn, as the key gives it), a person's who is away, is played by the computer from now on. */
  | { readonly type: 'seat-to-computer'; readonly name?: string };
