import { Box, useApp, useIsScreenReaderEnabled, useStdout } from 'ink';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { PlayOptions } from '../app/options.js';
import { afterHurry, hasLanded, initialModel, keyToAction, landRoll, pressKey, resumeQuestion, update, type AppAction, type AppModel, type ComputerProvider, type Message, type TermSize } from '../app/index.js';
import type { GameState } from '../engine/index.js';
import type { DecodedKey, LayoutId } from '../input/index.js';
import type { StrategySource } from '../session/strategy.js';
import type { StrategyTable } from '../solver/index.js';
import { useBell } from './hooks/useBell.js';
import { useComputerTurn } from './hooks/useComputerTurn.js';
import { useGameChanges, type GameChangeListener } from './hooks/useGameChanges.js';
import { useStrategyTable } from './hooks/useStrategyTable.js';
import { useReviewRecord, type ReviewListener } from './hooks/useReviewRecord.js';
import { useReviewKnown } from './hooks/useReviewKnown.js';
import { useReviewWarmup } from './hooks/useReviewWarmup.js';
import { useWinTurn } from './hooks/useWinTurn.js';
import { useWinChances } from './hooks/useWinChances.js';
import { Screen } from './Screen.js';
import { redrawScreen } from '../terminal/index.js';
import { StrategyContext } from './strategyContext.js';
import { useCelebration } from './hooks/useCelebration.js';
import { useRollAnimation } from './useRollAnimation.js';
import { useKeys } from './useKeys.js';
import { useTerminalSize } from './useTerminalSize.js';

/** Where the app gets a rule set's strategy table (src/session/strategy.ts). */
export type { StrategySource };

/** What the game is played with once the resume question is answered: the props the session decided (its GameStart). */
export type BegunGame = Pick<AppProps, 'options' | 'seed' | 'start' | 'onGameChange' | 'onReview' | 'computerMove' | 'strategy' | 'onQuit'>;

/** The resume question the app starts on: the saved game, and how the session begins the game with the answer. */
export interface ResumeAsk {
  readonly state: GameState;
  readonly savedAt: string;
  /** The layout the saved game is played in. */
  readonly layout: LayoutId;
  /** Whether the saved game is a practice game (a resume plays on as it was saved). */
  readonly practice: boolean;
  /** What the message line says on the question: what the session found before asking (a newer save damaged ...). */
  readonly notice?: Message | null;
  /** Resumes the saved game or sets it aside for a new one (the session's begin); the app goes on with what it gives. */
  readonly begin: (answer: 'resume' | 'new') => BegunGame;
}

/** Whose keys these are at a table (src/table/): the layout they were typed in, and which of their actions may act now. */
export interface KeySender {
  /** The sender's key layout (absent: the model's). */
  readonly layout?: LayoutId;
  readonly allows: (model: AppModel, action: AppAction) => boolean;
  /** Why an action `allows` refused does nothing, for the host's own line (AppModel.hostNote; null: nothing is said). */
  readonly explain?: (model: AppModel, action: AppAction) => string | null;
  /** True for an action of the sender's screen alone: what it says goes to their own line, the message line is kept. */
  readonly aside?: (model: AppModel, action: AppAction) => boolean;
  /**
   * Whose screen alone what the game refuses these keys with is said on (AppModel.refusal: a guest's seat, or null for
   * the host's terminal). Absent: on the message line every screen shows.
   */
  readonly refusedTo?: string | null;
}

/** The hints and the chances to win, each wanted by some screen at a table or by none. */
export interface TableWants {
  readonly hint: boolean;
  readonly chances: boolean;
}

const NO_WANTS: TableWants = { hint: false, chances: false };
const noSubscribe = () => () => undefined;
const noWants = () => NO_WANTS;
const noState = () => '';

/**
 * A game hosted for players on other terminals (`yahtzee host`): this app is the one controller. The keys of this
 * terminal act as `host` allows; the players' keys come through `listen`; every model drawn goes to `show`.
 */
export interface TableLink {
  readonly host: KeySender;
  /** The model as this terminal's screen draws it: while the game's keys are another's, this terminal looks on. */
  readonly screen: (model: AppModel) => AppModel;
  /**
   * What `screen` reads of the table besides the model (whether the player to move reads their own instructions): the
   * screen is drawn again when it changes.
   */
  readonly screenState: { readonly subscribe: (listener: () => void) => () => void; readonly current: () => string };
  /** This terminal's keys that act on its screen alone (a page of its own), used up there: the rest, for the game. */
  readonly keys: (keys: readonly DecodedKey[], model: AppModel) => readonly DecodedKey[];
  /** What the players' screens want worked out besides what this terminal shows (each screen has its own settings). */
  readonly wants: { readonly subscribe: (listener: () => void) => () => void; readonly current: () => TableWants };
  /** Hears the players' keys, and the table's own news for the message line (who the game waits for). */
  readonly listen: (onKeys: (keys: readonly DecodedKey[], sender: KeySender) => void, onAction: (action: AppAction) => void) => () => void;
  /**
   * Each model drawn, with the strategy table the app has for it (the players' screens show the same hints), and the
   * stream this terminal's screen is drawn on (players who see the same can be shown its frames).
   */
  readonly show: (model: AppModel, strategy: StrategyTable | undefined, screen?: NodeJS.WriteStream) => void;
  /** Ends the table at once (the host leaves on a signal): the guests are told, their terminals given back. */
  readonly end: () => void;
}

/** Props of the game app. */
export interface AppProps {
  readonly options: PlayOptions;
  /** The seed of the first match (options.seed ?? randomSeed(), decided by the caller). */
  readonly seed: number;
  /** A fixed size (tests); by default the terminal's, following resizes. */
  readonly size?: TermSize;
  /**
   * Called with the game state after every change (for autosave); a line it returns goes on the message line, and so
   * does a line it hands to `notify` later (a save that finished in the background), while the app is mounted. The
   * people's decisions in the game so far come with it (saved, they give the review after a resume the whole game),
   * and what the player has typed but not used (the MSX cursor, a half-typed Spectrum option): it is called again
   * when only that changes, so that a resume finds it as it was.
   */
  readonly onGameChange?: GameChangeListener;
  /** Called once with each finished game's reviews (each person's luck, loss and decisions) once they are known, for the high scores. */
  readonly onReview?: ReviewListener;
  /** Where to start instead of the setup (a resumed game). */
  readonly start?: AppModel;
  /** Decides the computer seats' moves (computerChoice from the solver); without it computer seats are played from the keyboard. */
  readonly computerMove?: ComputerProvider;
  /** Where the strategy table comes from; without it there is none (hints and the review say so, casual computers still play). */
  readonly strategy?: StrategySource;
  /** Milliseconds between the steps of a computer's turn, so a person can follow it (default 600). */
  readonly computerDelayMs?: number;
  /** Milliseconds between the roll animation's frames (default ROLL_FRAME_MS). */
  readonly rollFrameMs?: number;
  /** Called with the last model when the app quits. */
  readonly onQuit?: (model: AppModel) => void;
  /** Called with each model drawn (tests compare the screen with a fresh drawing of it). */
  readonly onModel?: (model: AppModel) => void;
  /**
   * A saved game is waiting: the app starts on the resume question, and once it is answered plays on with what
   * `begin` gives instead of these props' options, seed, start, onGameChange, computerMove, strategy and onQuit.
   */
  readonly resume?: ResumeAsk;
  /** A hosted table: the players' keys, and the models for their screens. */
  readonly table?: TableLink;
}

/** Keys, with when they were read (the keys that hurried a computer on are told by it: app/hurry.ts), or an action. */
type Event =
  | { readonly kind: 'keys'; readonly keys: readonly DecodedKey[]; readonly sender?: KeySender; readonly at?: number }
  | { readonly kind: 'action'; readonly action: AppAction };

/** A key of a player at a table: read in their layout, and only if they may act now. */
function pressAs(model: AppModel, k: DecodedKey, sender: KeySender): AppModel {
  const theirs = sender.layout === undefined || sender.layout === model.layout ? model : { ...model, layout: sender.layout };
  const action = keyToAction(landRoll(theirs), k.input, k.key);
  if (!sender.allows(theirs, action)) {
    const why = sender.explain?.(theirs, action) ?? null;
    return why === null ? model : { ...model, hostNote: why };
  }
  const pressed = pressKey(theirs, k.input, k.key);
  const said = pressed.message !== theirs.message ? pressed.message : null;
  const next =
    sender.aside?.(theirs, action) === true
      ? { ...pressed, message: model.message, hostNote: pressed.message?.text ?? null }
      : sender.refusedTo !== undefined && said?.tone === 'error'
        ? { ...pressed, message: model.message, refusal: { to: sender.refusedTo, message: said } }
        : pressed;
  return next.layout === model.layout ? next : { ...next, layout: model.layout };
}

function reducer(model: AppModel, event: Event): AppModel {
  // The host's note (why its last key did nothing) is said until the next change; a refusal until the next keys.
  const noted = model.hostNote ? { ...model, hostNote: null } : model;
  const base = event.kind === 'keys' && noted.refusal ? { ...noted, refusal: null } : noted;
  if (event.kind === 'action') return update(base, event.action);
  const { sender } = event;
  const { model: m0, keys } = event.at === undefined ? { model: base, keys: event.keys } : afterHurry(base, event.keys, event.at);
  let m = m0;
  for (const k of keys) {
    const before = m;
    m = sender === undefined ? pressKey(m, k.input, k.key) : pressAs(m, k, sender);
    // A key that ends a game ends the read: the keys after it were typed before the results were on the screen, and
    // the finished game must reach the screen and the autosave (which records it) before a key goes on from it.
    if (before.game?.phase !== 'gameOver' && m.game?.phase === 'gameOver') break;
  }
  return m;
}

/** The game: keys go through the layout table to the controller; the screen draws the model. */
export function App(props: AppProps) {
  const { size, computerDelayMs = 600, rollFrameMs, onModel, resume, table: hosted } = props;
  // After the resume question, the game the session began; before it (or without one), the props.
  const [begun, setBegun] = useState<BegunGame | null>(null);
  const { options, seed, onGameChange, onReview, start, computerMove, strategy, onQuit } = begun ?? props;
  const { exit } = useApp();
  const terminal = useTerminalSize();
  const wanted = size ?? terminal;
  // A screen reader reads words, which fit any terminal: the model knows, so that a small one does not stop the game.
  const screenReader = useIsScreenReaderEnabled();
  const [model, dispatch] = useReducer(reducer, undefined, () =>
    resume
      ? resumeQuestion(options, { seed, size: wanted, screenReader }, resume.state, resume.savedAt, resume.layout, resume.practice, resume.notice)
      : start
        ? { ...start, size: wanted, computerPlays: computerMove !== undefined, screenReader }
        : initialModel(options, { seed, size: wanted, computerPlays: computerMove !== undefined, screenReader }),
  );
  const act = useCallback((action: AppAction) => dispatch({ kind: 'action', action }), []);

  const { columns: wantedColumns, rows: wantedRows } = wanted;
  useEffect(() => {
    if (wantedColumns !== model.size.columns || wantedRows !== model.size.rows) act({ type: 'resize', columns: wantedColumns, rows: wantedRows });
  }, [wantedColumns, wantedRows, model.size.columns, model.size.rows, act]);

  const { stdout } = useStdout();
  // The keys of one read go to the controller together, in order (src/ui/useKeys.ts).
  useKeys((keys) => {
    const at = Date.now();
    if (!hosted) return dispatch({ kind: 'keys', keys, at });
    const rest = hosted.keys(keys, model);
    if (rest.length > 0) dispatch({ kind: 'keys', keys: rest, sender: hosted.host, at });
  });
  // Ctrl-L: the whole screen is painted again, after the frame of the read that asked for it.
  const { redraws } = model;
  useEffect(() => {
    if (redraws > 0) setImmediate(() => redrawScreen(stdout));
  }, [redraws, stdout]);
  useEffect(() => hosted?.listen((keys, sender) => dispatch({ kind: 'keys', keys, sender }), act), [hosted, act]);

  // The resume question answered: the session begins the game (once), and the app goes on with it.
  const answer = model.screen === 'resume' ? (model.resume?.answer ?? null) : null;
  const beginning = useRef(false);
  // At the size of the screen when the answer comes (the latest model's, read when the effect runs).
  const begin = useEffectEvent((session: NonNullable<typeof resume>, given: NonNullable<typeof answer>) => {
    const game = session.begin(given);
    setBegun(game);
    const computerPlays = game.computerMove !== undefined;
    const init = { seed: game.seed, size: model.size, computerPlays, screenReader };
    act({ type: 'begin', model: game.start ? { ...game.start, computerPlays } : initialModel(game.options, init) });
  });
  useEffect(() => {
    if (answer === null || resume === undefined || beginning.current) return;
    beginning.current = true;
    begin(resume, answer);
  }, [answer, resume]);

  const quitted = useRef(false);
  useEffect(() => {
    if (model.screen === 'done' && !quitted.current) {
      quitted.current = true;
      onQuit?.(model);
      exit();
    }
  }, [model, exit, onQuit]);

  useGameChanges(model, onGameChange, act);

  // A table's players may want the hints or the chances when this terminal does not: they are worked out for them too.
  const wants = useSyncExternalStore(hosted?.wants.subscribe ?? noSubscribe, hosted?.wants.current ?? noWants);
  const worked = useMemo(() => (wants.hint || wants.chances ? { ...model, hint: model.hint || wants.hint, chances: model.chances === true || wants.chances } : model), [model, wants]);
  const table = useStrategyTable(worked, strategy, act);
  useReviewWarmup(model, table);
  useReviewRecord(model, table, onReview, act);
  useReviewKnown(model, table, act);
  useWinChances(worked, strategy, act);
  const win = useWinTurn(model, strategy, table, act);
  useComputerTurn(model, computerMove, table, computerDelayMs, act, win);
  // The computer looks at its dice, and the chart shows what they bring, once they have landed.
  const landed = hasLanded(model);

  const g = model.game;
  const faces = useRollAnimation(g?.dice ?? [1, 1, 1, 1, 1], model.roll.dice, model.roll.count, landed, (count) => act({ type: 'roll-landed', count }), rollFrameMs);
  useEffect(() => {
    onModel?.(model);
    hosted?.show(model, table, stdout);
  }, [model, onModel, hosted, table, stdout]);
  const screenState = useSyncExternalStore(hosted?.screenState.subscribe ?? noSubscribe, hosted?.screenState.current ?? noState);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- screenState is what hosted.screen reads of the table
  const drawn = useMemo(() => hosted?.screen(model) ?? model, [hosted, model, screenState]);
  // At a table, a refusal rings only where it is said.
  useBell(drawn, landed, stdout);
  const celebration = useCelebration(model, landed);
  return (
    <StrategyContext.Provider value={table}>
      {/* Cut at the terminal's edge: as the terminal narrows, Ink draws the frame it has, laid out for the old width,
          before the model learns the new size; a line wrapping there would throw off Ink's count of rows to erase. */}
      <Box width="100%" overflow="hidden" flexDirection="column">
        <Screen model={drawn} faces={faces} celebration={celebration} />
      </Box>
    </StrategyContext.Provider>
  );
}
