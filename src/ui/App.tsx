import { Box, useApp, useIsScreenReaderEnabled, useStdout } from 'ink';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { PlayOptions } from '../commands/playOptions.js';
import type { GameState, RuleSetId } from '../engine/index.js';
import { fiveAlike, hasLanded, initialModel, keyToAction, modeOf, needsTable, pressKey, typedOf, update, type AppAction, type AppModel, type ComputerProvider, type SeatDecision, type TermSize, type Typed } from '../app/index.js';
import type { DecodedKey } from '../input/index.js';
import type { StrategyTable } from '../solver/index.js';
import { Screen } from './Screen.js';
import { redrawScreen, ringBell } from '../terminal/index.js';
import { StrategyContext } from './strategyContext.js';
import { useRollAnimation } from './useRollAnimation.js';
import { useKeys } from './useKeys.js';
import { useTerminalSize } from './useTerminalSize.js';

/** Where the app gets a rule set's strategy table (for the computer, hints and the review). */
export interface StrategySource {
  /** The table if it is at hand already (no waiting). */
  readonly cached: (rules: RuleSetId) => StrategyTable | undefined;
  /** Loads or computes the table off this thread, reporting progress (states done, states in all). */
  readonly load: (rules: RuleSetId, onProgress: (done: number, total: number) => void) => Promise<StrategyTable>;
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
  readonly onGameChange?: (
    state: GameState,
    notify: (notice: { readonly text: string; readonly tone: 'error' | 'info' }) => void,
    decisions: readonly SeatDecision[],
    typed: Typed,
  ) => { readonly text: string; readonly tone: 'error' | 'info' } | null | void;
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
}

type Event = { readonly kind: 'keys'; readonly keys: readonly DecodedKey[] } | { readonly kind: 'action'; readonly action: AppAction };

function reducer(model: AppModel, event: Event): AppModel {
  return event.kind === 'keys' ? event.keys.reduce((m, k) => pressKey(m, k.input, k.key), model) : update(model, event.action);
}

/** The game: keys go through the layout table to the controller; the screen draws the model. */
export function App({ options, seed, size, onGameChange, start, computerMove, strategy, computerDelayMs = 600, rollFrameMs, onQuit, onModel }: AppProps) {
  const { exit } = useApp();
  const terminal = useTerminalSize();
  const wanted = size ?? terminal;
  // A screen reader reads words, which fit any terminal: the model knows, so that a small one does not stop the game.
  const screenReader = useIsScreenReaderEnabled();
  const [model, dispatch] = useReducer(reducer, undefined, () =>
    start
      ? { ...start, size: wanted, computerPlays: computerMove !== undefined, screenReader }
      : initialModel(options, { seed, size: wanted, computerPlays: computerMove !== undefined, screenReader }),
  );
  const latest = useRef(model);
  latest.current = model;
  const act = (action: AppAction) => dispatch({ kind: 'action', action });

  useEffect(() => {
    if (wanted.columns !== model.size.columns || wanted.rows !== model.size.rows) act({ type: 'resize', ...wanted });
  }, [wanted.columns, wanted.rows, model.size.columns, model.size.rows]);

  const { stdout } = useStdout();
  // The keys of one read go to the controller together, in order (src/ui/useKeys.ts).
  useKeys((keys) => {
    // Ctrl-L: the model stays as it is, the whole screen is painted again (after this read's frame, if any).
    if (keys.some((k) => k.key.ctrl === true)) {
      let m = latest.current;
      for (const k of keys) {
        if (keyToAction(m, k.input, k.key).type === 'redraw') {
          setImmediate(() => redrawScreen(stdout));
          break;
        }
        m = pressKey(m, k.input, k.key);
      }
    }
    dispatch({ kind: 'keys', keys });
  });

  const quitted = useRef(false);
  useEffect(() => {
    if (model.screen === 'done' && !quitted.current) {
      quitted.current = true;
      onQuit?.(model);
      exit();
    }
  }, [model, exit, onQuit]);

  useEffect(() => {
    if (!model.game || !onGameChange) return;
    const notice = onGameChange(
      model.game,
      (later) => {
        if (mounted.current) act({ type: 'notice', ...later });
      },
      model.decisions,
      typedOf(model),
    );
    if (notice) act({ type: 'notice', ...notice });
  }, [model.game, model.decisions, model.cursor, model.option, onGameChange]);

  // The strategy table: taken at once when at hand, else loaded or computed in the background (worker threads),
  // its progress shown; nobody waits for it but a computer that needs it.
  const rules = model.game?.rules ?? model.settings.rules;
  const [table, setTable] = useState<StrategyTable | undefined>(undefined);
  const loading = useRef<RuleSetId | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const wantTable = strategy !== undefined && needsTable(model);
  useEffect(() => {
    if (!strategy || !wantTable) return;
    if (table?.rules === rules) {
      if (latest.current.strategy.status !== 'ready') act({ type: 'strategy', strategy: { status: 'ready' } });
      return;
    }
    const have = strategy.cached(rules);
    if (have) {
      setTable(have);
      return;
    }
    if (loading.current === rules) return;
    act({ type: 'strategy', strategy: { status: 'loading', done: 0, total: 0 } });
    // Started once the screen is drawn: reading the cache, or setting up the computation, holds this thread a moment.
    const timer = setTimeout(() => {
      if (loading.current === rules) return;
      loading.current = rules;
      let shown = -1;
      strategy
        .load(rules, (done, total) => {
          const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
          if (!mounted.current || percent === shown) return;
          shown = percent;
          act({ type: 'strategy', strategy: { status: 'loading', done, total } });
        })
        .then(
          (t) => {
            if (mounted.current) setTable(t);
          },
          (e: unknown) => {
            if (mounted.current) act({ type: 'strategy', strategy: { status: 'failed', error: e instanceof Error ? e.message : String(e) } });
          },
        )
        .finally(() => {
          loading.current = null;
        });
    }, 50);
    return () => clearTimeout(timer);
  }, [strategy, wantTable, rules, table]);

  // A computer's turn, a step at a time: its decision (from the provider), then the step that follows it, each after
  // the delay (none once SPACE/ENTER asked for the rest of the turn at once).
  // It waits while a page is over the game or the terminal is too small.
  const computerMode = modeOf(model) === 'computer';
  // It looks at its dice once they have landed (unless hurried on).
  const landed = hasLanded(model);
  useEffect(() => {
    if (!computerMove || !computerMode || (!landed && !model.computer.hurry)) return;
    const timer = setTimeout(
      () => {
        const m = latest.current;
        if (modeOf(m) !== 'computer') return;
        if (m.computer.steps.length > 0) return act({ type: 'computer-step' });
        // An exception here is a bug: it reaches the process's crash handler (save, report), never the message line.
        const choice = computerMove(m, table);
        if (choice) act({ type: 'computer-decision', decision: choice.decision, rng: choice.rng });
      },
      model.computer.hurry ? 0 : computerDelayMs,
    );
    return () => clearTimeout(timer);
  }, [computerMode, landed, model.game, model.computer, model.strategy.status, table, computerMove, computerDelayMs]);

  const g = model.game;
  const faces = useRollAnimation(g?.dice ?? [1, 1, 1, 1, 1], model.roll.dice, model.roll.count, landed, (count) => act({ type: 'roll-landed', count }), rollFrameMs);
  useEffect(() => {
    onModel?.(model);
  }, [model, onModel]);
  // Sound (--sound): a beep on a refused key (each new refusal) and when five alike land.
  const sound = model.settings.sound;
  useEffect(() => {
    if (sound && model.message?.tone === 'error') ringBell(stdout);
  }, [model.message, sound, stdout]);
  const yahtzee = landed && fiveAlike(g) ? model.roll.count : -1;
  useEffect(() => {
    if (sound && yahtzee >= 0) ringBell(stdout);
  }, [yahtzee, sound, stdout]);
  return (
    <StrategyContext.Provider value={table}>
      {/* Cut at the terminal's edge: as the terminal narrows, Ink draws the frame it has, laid out for the old width,
          before the model learns the new size; a line wrapping there would throw off Ink's count of rows to erase. */}
      <Box width="100%" overflow="hidden" flexDirection="column">
        <Screen model={model} faces={faces} />
      </Box>
    </StrategyContext.Provider>
  );
}
