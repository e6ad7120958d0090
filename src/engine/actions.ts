/** Everything a player (or the computer) can ask the engine to do. */
export type Action =
  | { readonly type: 'toggle-hold'; readonly die: number }
  | { readonly type: 'clear-holds' }
  | { readonly type: 'roll' }
  | { readonly type: 'stop-rolling' }
  | { readonly type: 'score'; readonly box: string }
  | { readonly type: 'next-game' };

/** The engine's answer: the new state, or the same state and why the action was refused. */
export type Result =
  | { readonly ok: true; readonly state: import('./state.js').GameState }
  | { readonly ok: false; readonly state: import('./state.js').GameState; readonly error: string };
