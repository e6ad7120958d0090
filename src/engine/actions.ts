/** Everything a player (or the computer) can ask the engine to do. */
export type Action =
  | { readonly type: 'toggle-hold'; readonly die: number }
  | { readonly type: 'clear-holds' }
  | { readonly type: 'roll' }
  | { readonly type: 'stop-rolling' }
  /** Back to rolling after stop-rolling, before a box is scored, while rolls are left. */
  | { readonly type: 'resume-rolling' }
  | { readonly type: 'score'; readonly box: string }
  | { readonly type: 'next-game' };

/** Why the engine refuses an action, as a typed code (its reason in words comes with it, in the Result). */
export type EngineRefusal =
  | 'unknown-action'
  | 'game-over'
  | 'no-such-die'
  | 'rolling-over'
  | 'all-kept'
  | 'already-stopped'
  | 'not-stopped'
  | 'no-rolls-left'
  | 'no-box'
  | 'box-refused'
  | 'not-over'
  | 'match-over';

/** The engine's answer: the new state, or the same state and why the action was refused (a code and its reason). */
export type Result =
  | { readonly ok: true; readonly state: import('./state.js').GameState }
  | { readonly ok: false; readonly state: import('./state.js').GameState; readonly refusal: EngineRefusal; readonly error: string };
