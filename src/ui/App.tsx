import { useApp, useInput } from 'ink';
import { useEffect, useReducer, useRef } from 'react';
import type { PlayOptions } from '../commands/playOptions.js';
import type { Action, GameState } from '../engine/index.js';
import { computerToMove, initialModel, pressKey, update, type AppAction, type AppModel, type TermSize } from '../app/index.js';
import { splitKeys, type KeyInfo } from '../input/index.js';
import { Screen } from './Screen.js';
import { useRollAnimation } from './useRollAnimation.js';
import { useTerminalSize } from './useTerminalSize.js';

/** Picks the next engine move for the computer seat whose turn it is (the computer player comes later). */
export type ComputerMoveProvider = (state: GameState) => Action | Promise<Action>;

/** Props of the game app. */
export interface AppProps {
  readonly options: PlayOptions;
  /** The seed of the first match (options.seed ?? randomSeed(), decided by the caller). */
  readonly seed: number;
  /** A fixed size (tests); by default the terminal's, following resizes. */
  readonly size?: TermSize;
  /** Called with the game state after every change (for autosave); a line it returns goes on the message line. */
  readonly onGameChange?: (state: GameState) => { readonly text: string; readonly tone: 'error' | 'info' } | null | void;
  /** Where to start instead of the setup (a resumed game). */
  readonly start?: AppModel;
  /** Plays the computer seats, one move at a time; without it computer seats are played from the keyboard. */
  readonly computerMove?: ComputerMoveProvider;
  /** Milliseconds before each computer move, so it can be followed (default 400). */
  readonly computerDelayMs?: number;
  /** Called with the last model when the app quits. */
  readonly onQuit?: (model: AppModel) => void;
}

type Event = { readonly kind: 'key'; readonly input: string; readonly key: KeyInfo } | { readonly kind: 'action'; readonly action: AppAction };

function reducer(model: AppModel, event: Event): AppModel {
  return event.kind === 'key' ? pressKey(model, event.input, event.key) : update(model, event.action);
}

/** The game: keys go through the layout table to the controller; the screen draws the model. */
export function App({ options, seed, size, onGameChange, start, computerMove, computerDelayMs = 400, onQuit }: AppProps) {
  const { exit } = useApp();
  const terminal = useTerminalSize();
  const wanted = size ?? terminal;
  const [model, dispatch] = useReducer(reducer, undefined, () =>
    start ? { ...start, size: wanted, computerPlays: computerMove !== undefined } : initialModel(options, { seed, size: wanted, computerPlays: computerMove !== undefined }),
  );

  useEffect(() => {
    if (wanted.columns !== model.size.columns || wanted.rows !== model.size.rows) dispatch({ kind: 'action', action: { type: 'resize', ...wanted } });
  }, [wanted.columns, wanted.rows, model.size.columns, model.size.rows]);

  useInput((input, key) => {
    for (const [i, k] of splitKeys(input, key)) dispatch({ kind: 'key', input: i, key: k });
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
    const notice = onGameChange(model.game);
    if (notice) dispatch({ kind: 'action', action: { type: 'notice', ...notice } });
  }, [model.game, onGameChange]);

  useEffect(() => {
    if (!computerMove || !computerToMove(model) || model.overlay !== null) return;
    const state = model.game as GameState;
    let live = true;
    const timer = setTimeout(() => {
      Promise.resolve()
        .then(() => computerMove(state))
        .then((action) => {
          if (live) dispatch({ kind: 'action', action: { type: 'computer-move', action } });
        })
        .catch(() => undefined);
    }, computerDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [model.game, model.overlay, computerMove, computerDelayMs]);

  const g = model.game;
  const faces = useRollAnimation(g?.dice ?? [1, 1, 1, 1, 1], model.roll.dice, model.roll.count, model.settings.animation);
  return <Screen model={model} faces={faces} />;
}
