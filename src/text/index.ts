/** Text measured and wrapped in terminal columns, the one width model of the game (as Ink lays text out). */
export * from './width.js';
