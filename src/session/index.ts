/** The game session without its screen: start (resume, new, damaged save), autosave, strategy source, ways out. */
export * from './exits.js';
export * from './hangup.js';
export * from './outcome.js';
export * from './session.js';
export * from './strategy.js';
