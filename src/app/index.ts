/** The app controller: a pure model of the screens, updated by app actions that keys resolve to. */
export * from './actions.js';
export * from './chances.js';
export * from './chartHeads.js';
export * from './computer.js';
export * from './controller.js';
export * from './farewell.js';
export * from './hurry.js';
export { standingWords } from './matchWords.js';
export * from './instructions.js';
export * from './keys.js';
export * from './messages.js';
export * from './model.js';
export * from './modes.js';
export * from './pages.js';
export * from './setup.js';
export * from './size.js';
export * from './yahtzee.js';
export * from './resume.js';
