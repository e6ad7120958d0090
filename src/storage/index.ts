/** Saved games and high scores on disk: folders, atomic writes, the previous-game slot, the per-rule-set records. */
export * from './files.js';
export * from './highScores.js';
export * from './lock.js';
export * from './paths.js';
export * from './saves.js';
export * from './settings.js';
