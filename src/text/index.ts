/**
 * Text measured and wrapped in terminal columns: the one width model of the game (string-width, as Ink lays text out);
 * and lists put in words.
 */
export * from './width.js';
export * from './wrap.js';
export * from './fit.js';
export * from './list.js';
