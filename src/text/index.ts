/**
 * Text measured and wrapped in terminal columns: the one width model of the game (string-width, as Ink lays text out);
 * lists and counts put in words, and the moments of the files.
 */
export * from './width.js';
export * from './wrap.js';
export * from './fit.js';
export * from './list.js';
export * from './time.js';
