import type { LayoutId } from '../input/index.js';
import type { PlayOptions } from './options.js';
import { DICE_COUNT, type Action, type GameState, type MatchKind, type NameCharProblem, type RngState, type RuleSetId, type Strength } from '../engine/index.js';
import type { DecisionRecord } from '../solver/index.js';

/** The terminal's size in character cells. */
export interface TermSize {
  readonly columns: number;
  readonly rows: number;
}

/** The setup questions: MSX asks the number of players; the Spectrum asks names, then the competition. */
export interface SetupState {
  readonly step: 'players' | 'name' | 'match' | 'number';
  /** The number of seats when known (MSX answer or --players); undefined while the Spectrum takes names. */
  readonly count?: number;
  /** Names given so far. */
  readonly names: readonly string[];
  /** The text being typed (a name or a number). */
  readonly field: string;
  /**
   * Why the last character typed into a name was refused, until one is taken: the combining marks that follow belong
   * to that character (a pasted decomposed name) and are refused with it, never put on the letter before.
   */
  readonly refusedChar?: NameCharProblem | null;
  /** What the number asked for is (step 'number'). */
  readonly matchKind?: 'games' | 'target';
  /** How many of the last seats the computer plays (MSX: the key c on the players question; --computer N). */
  readonly computers: number;
  /** How well the computer plays (MSX: s on the players question; Spectrum: S on the competition question). */
  readonly strength: Strength;
}

/** The resume question: the saved game, when it was saved, its keys, and the player's answer (null until given). */
export interface ResumeQuestion {
  readonly state: GameState;
  readonly savedAt: string;
  /** The layout the saved game is played in (a resume plays on in it, whatever the command's --layout). */
  readonly layout: LayoutId;
  /** A practice game (--practice): said with the rest of what the save is. */
  readonly practice?: boolean;
  /** The flags given for a new game that a resume would not use (--names, --games ...), as typed. */
  readonly flags: readonly string[];
  readonly answer: 'resume' | 'new' | null;
}

/**
 * Who reads the instructions: a player of a game on one terminal; the host of a table hosted over SSH (src/table/),
 * who has the table's own keys too; or a guest there, whose keys are fewer: the host sets the game up, answers its
 * questions and goes on after a game.
 */
export type Reader = 'player' | 'host' | 'guest';

/** A line for the message area: a refusal (error) or news such as what was just scored (info). */
export interface Message {
  readonly text: string;
  readonly tone: 'error' | 'info';
}

/** The settings fixed for the session. */
export interface Settings {
  readonly rules: RuleSetId;
  readonly animation: boolean;
  readonly color: boolean;
  /** A beep (the terminal bell) on a refused key and on a Yahtzee. */
  readonly sound: boolean;
  /** The last this many seats are computer players. */
  readonly computers: number;
  readonly strength: Strength;
  /** The match from the command line, if any; the Spectrum setup asks for it otherwise. */
  readonly match?: MatchKind;
  /** Seat names from the command line, if any. */
  readonly names?: readonly string[];
  /** Practice (--practice): hints always on, and the last choice can be taken back. */
  readonly practice: boolean;
  /** The take-back (--take-back): a person's box can be taken back until a person rolls or scores after it. */
  readonly takeBack: boolean;
  /** A table hosted over SSH (yahtzee host), resumed with `yahtzee host --resume`. */
  readonly hosted?: boolean;
}

/** Where the strategy table (for the computer, hints and the review) is: not asked for, being computed, ready, failed. */
export type StrategyStatus =
  | { readonly status: 'none' }
  | { readonly status: 'loading'; readonly done: number; readonly total: number }
  | { readonly status: 'ready' }
  | { readonly status: 'failed'; readonly error: string };

/**
 * Where the chances to win of the turn in play are (computed off the main thread): being worked out, waiting for
 * the tables they are computed from (the strategy table, then the distribution table, made once and cached), known,
 * or not available (a worker failed, or there is no solver).
 */
export type ChancesStatus =
  | { readonly status: 'working' }
  | { readonly status: 'preparing'; readonly stage: 'strategy' | 'distribution'; readonly done: number; readonly total: number }
  | {
      readonly status: 'ready';
      readonly win: readonly number[];
      readonly tie: number;
      /** Two seats in a match of games: each seat's chance to win the match, and that it ends level on games and points. */
      readonly match?: { readonly win: readonly number[]; readonly tie: number };
    }
  | { readonly status: 'failed'; readonly error: string };

/** The chances to win for one turn: `key` names the game and turn they are for (chancesKey in src/app/chances.ts). */
export interface TurnChances {
  readonly key: string;
  readonly chances: ChancesStatus;
}

/** The computer players' side of the model: their own random generator and the turn being shown step by step. */
export interface ComputerState {
  /** A pure-rand xoroshiro128+ state for the strong player's doubt, from the match seed (never the dice's generator). */
  readonly rng: RngState;
  /** Engine moves decided but not shown yet, one group per step (the roll after the holds, the box after the choice). */
  readonly steps: readonly (readonly Action[])[];
  /** SPACE/ENTER during its turn: the rest of the turn is played at once. */
  readonly hurry: boolean;
  /** When (ms, the UI's clock) a key last hurried a computer's turn on, or was dropped as still coming (hurry.ts). */
  readonly hurriedAt: number | null;
}

/**
 * A win seat's exact turn work (src/solver/win/turnWork.ts, in the chances' process) for the turn named `key`
 * (winTurnKey): under way, done (its answer is held outside the model, like the strategy table), or unavailable (it
 * plays mean-optimally this turn).
 */
export interface WinWork {
  readonly key: string;
  readonly status: 'working' | 'ready' | 'unavailable';
  /** The screen said the computer is thinking (once per turn). */
  readonly waitSaid?: boolean;
  /** The screen said, on this turn, that the seat plays mean-optimally (the first time that happened). */
  readonly fallbackSaid?: boolean;
}

/** A person's decision of the game in play, for the review after it. */
export interface SeatDecision {
  readonly seat: number;
  readonly record: DecisionRecord;
}

/** A way back (practice): the game before a person's roll, stop or box, and what else to put back with it. */
export interface UndoEntry {
  readonly seat: number;
  readonly before: GameState;
  /** The move taken back. */
  readonly move: 'roll' | 'stop-rolling' | 'score';
  /** The number of decisions recorded before that move. */
  readonly decisions: number;
}

/**
 * The take-back (--take-back) of a person's box: the game and the record before it was scored. It can be taken back
 * while the game is still `after` (nothing has moved since): the next player's first move or a computer's ends it.
 */
export interface TakeBack {
  readonly seat: number;
  readonly box: string;
  readonly before: GameState;
  /** The number of decisions recorded before the box (the box's own is dropped with it). */
  readonly decisions: number;
  readonly after: GameState;
}

/** The whole app as plain data: update() turns one into the next, the screen draws it. */
export interface AppModel {
  readonly layout: LayoutId;
  readonly settings: Settings;
  readonly size: TermSize;
  /** The base screen: the resume question, setup questions, the game (playing or over), or done (the app exits). */
  readonly screen: 'resume' | 'setup' | 'game' | 'done';
  /** On the resume question: the saved game asked about, and the answer once given (the session then begins the game). */
  readonly resume?: ResumeQuestion;
  /** A page over the base screen: the instructions, the quit question, or the review after a game. */
  readonly overlay: 'help' | 'confirm' | 'review' | null;
  /** The page shown of a paged overlay (the instructions or the review), from 0. */
  readonly overlayPage: number;
  readonly setup: SetupState;
  /** The seed of the match in play (the next match uses the next seed). */
  readonly seed: number;
  readonly game: GameState | null;
  /** The box under the MSX cursor while choosing. */
  readonly cursor: string | null;
  /** The option number typed so far (Spectrum, while choosing). */
  readonly option: string;
  readonly message: Message | null;
  /** Why the game cannot be saved, while it cannot (the screen keeps saying so until saving works again); absent or null while it saves. */
  readonly saveProblem?: string | null;
  /**
   * The seed of the match started with a saved game set aside for it (--new, or no to the resume question): until the
   * match scores, leaving it brings that game back (storage/saves.ts). Absent when nothing was set aside.
   */
  readonly setAsideFor?: number;
  /**
   * Counts rolls and says which dice the last roll threw, so the screen can animate them. `landed` is false while
   * the dice are still rolling on the screen (the animation): what the roll means (the chart's previews, the hint,
   * the computer's words, a Yahtzee) waits until they land; `news` is the message that comes then. Absent: landed.
   */
  readonly roll: { readonly count: number; readonly dice: readonly boolean[]; readonly landed?: boolean; readonly news?: Message | null };
  /** True when a computer-move provider plays the computer seats; otherwise they are played by keys. */
  readonly computerPlays: boolean;
  /** True when the app was left with Ctrl-C (the process then exits with code 130). */
  readonly interrupted: boolean;
  /** How many times Ctrl-L asked for the whole screen to be painted again: the UI repaints when it goes up. */
  readonly redraws: number;
  /** The hint panel is shown (the hint key turns it on and off; always on in practice). */
  readonly hint: boolean;
  /** The strategy table's state (the table itself stays outside the model). */
  readonly strategy: StrategyStatus;
  /** The win-chance lines are turned on by their own key (they show with the hints too); absent: off. */
  readonly chances?: boolean;
  /** The chances to win last heard of, and the turn they are for (an answer for another turn is not shown). */
  readonly turnChances?: TurnChances;
  readonly computer: ComputerState;
  /** The win seat's turn work, when one was started (absent before). */
  readonly win?: WinWork;
  /** The screen said once that a win seat plays mean-optimally for want of its process or the distribution table. */
  readonly winFallbackSaid?: boolean;
  /** At a hosted table: the people's seats whose players are away (told by the table); absent in a game of one terminal. */
  readonly away?: readonly string[];
  /**
   * At a hosted table, on the screen of a guest or of the host while the game's keys are not theirs (a watcher;
   * another seat's turn): the prompt line lists only the keys they have then. Absent elsewhere.
   */
  readonly onlooker?: 'guest' | 'host';
  /** 'guest' on a guest's screen at a hosted table; absent elsewhere (pages.ts's readerOf tells host from player). */
  readonly reader?: 'guest';
  /** On a guest's screen: they are asked whether to leave the table (src/table/guestKeys.ts) on the message line. */
  readonly leaving?: true;
  /**
   * At a hosted table: why the host's last key did nothing (a guest's turn). It is said on the host's screen alone
   * (src/table/GuestScreen.tsx, hostLine), not on the message line every screen shows; the next change clears it.
   */
  readonly hostNote?: string | null;
  /**
   * At a hosted table: what the game refused a key with, said on the message line of the one who pressed it alone
   * (`to`: a guest's seat, src/table/connection.ts; null: the host's terminal, Table.hostView), not on every screen's;
   * the next keys clear it.
   */
  readonly refusal?: { readonly to: string | null; readonly message: Message } | null;
  /** The people's decisions in the game in play, oldest first. */
  readonly decisions: readonly SeatDecision[];
  /**
   * How many costly decisions the review found for each person (seat order), once the strategy table gave it, and the
   * decisions it judged: the review's pages are laid out by them (src/app/pages.ts), without the table.
   */
  readonly reviewKnown?: ReviewKnown;
  /**
   * At a hosted table, on the review a guest opened on their own screen: their seat, whose block alone it shows (the
   * others' losses stay under the results). Absent: every person's.
   */
  readonly reviewSeat?: number;
  /** Practice: the moves that can be taken back, the last on top. */
  readonly undo: readonly UndoEntry[];
  /** The take-back of the last box a person scored (--take-back); absent or null when there is none. */
  readonly takeBack?: TakeBack | null;
  /**
   * The game of the match (numbered from 0) in which a box was taken back (--take-back): the dice of the turn after it
   * had been seen, so it goes in no high scores. Absent or null when none was.
   */
  readonly takenBackIn?: number | null;
  /**
   * The rolling of this turn ended early by the person's key: the holds (or marks) it cleared, given back if they roll
   * on (`resume-rolling`). Absent or null otherwise, and rolling on is refused: after a box taken back it would roll
   * dice already seen (the generator is as it was), and a resumed save does not keep them.
   */
  readonly stopped?: { readonly held: readonly boolean[] } | null;
  /**
   * The screen is read by a screen reader (Ink's screen-reader mode): it is drawn in words, which fit any terminal,
   * so no size is too small. Set once at start from the UI; the controller never changes it.
   */
  readonly screenReader: boolean;
}

/** The review's costly decisions a person, told by the UI once known (the table stays outside the model). */
export interface ReviewKnown {
  /** The decisions judged (the model's, while they are the same array). */
  readonly decisions: readonly SeatDecision[];
  /** Each person's costly decisions shown, seat order (up to three). */
  readonly worst: readonly number[];
}

/** What the app starts from besides the play flags. */
export interface ModelInit {
  readonly seed: number;
  readonly size: TermSize;
  readonly computerPlays?: boolean;
  /** The screen is read by a screen reader (from Ink's useIsScreenReaderEnabled). */
  readonly screenReader?: boolean;
}

/** The roll record before any roll: no die thrown, nothing to say when dice land. */
export function noRoll(): AppModel['roll'] {
  return { count: 0, dice: Array<boolean>(DICE_COUNT).fill(false) };
}

/** The roll record after a roll that threw `dice`: still rolling on the screen when the animation is on. */
export function nextRoll(model: AppModel, dice: readonly boolean[]): AppModel['roll'] {
  return { count: model.roll.count + 1, dice, landed: !model.settings.animation, news: null };
}

/** True once the dice of the last roll have landed on the screen (at once without the animation). */
export function hasLanded(model: AppModel): boolean {
  return model.roll.landed !== false;
}

/** The dice of the last roll land: its news comes to the message line. Only the roll numbered `count` (or any). */
export function landRoll(model: AppModel, count?: number): AppModel {
  if (hasLanded(model) || (count !== undefined && count !== model.roll.count)) return model;
  const news = model.roll.news ?? null;
  return { ...model, roll: { count: model.roll.count, dice: model.roll.dice, landed: true, news: null }, message: news ?? model.message };
}

/** Puts a message about the last roll on the message line, or keeps it for when the dice land. */
export function announceRoll(model: AppModel, message: Message): AppModel {
  return hasLanded(model) ? { ...model, message } : { ...model, roll: { ...model.roll, news: message } };
}

/** A size made safe: whole numbers, at least 1. */
export function cleanSize(size: Partial<TermSize> | undefined): TermSize {
  const fix = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback);
  return { columns: fix(size?.columns, 80), rows: fix(size?.rows, 24) };
}

/** The settings from the play flags. */
export function settingsFrom(options: PlayOptions): Settings {
  return {
    rules: options.rules,
    animation: options.animation,
    color: options.color,
    sound: options.sound === true,
    computers: options.computers ?? 0,
    strength: options.strength,
    match: options.match,
    names: options.names,
    practice: options.practice,
    takeBack: options.takeBack === true,
    ...(options.hosted === true ? { hosted: true } : {}),
  };
}
