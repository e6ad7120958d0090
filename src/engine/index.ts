/** The rules engine: pure functions over plain JSON game states. */
export * from './actions.js';
export * from './card.js';
export * from './dice.js';
export * from './game.js';
export * from './match.js';
export * from './names.js';
export * from './rng.js';
export * from './rules/index.js';
export * from './scoring.js';
export * from './selectors.js';
export * from './state.js';
export * from './validate.js';
