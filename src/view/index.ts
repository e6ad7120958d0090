/** The views: the model drawn as data for the screen (chart, panels, pages) and in words for a screen reader. */
export * from './chancesLines.js';
export * from './chart.js';
export * from './help.js';
export * from './hint.js';
export * from './lines.js';
export * from './luck.js';
export * from './panels.js';
export * from './prompt.js';
export * from './results.js';
export * from './resumeWords.js';
export * from './review.js';
export * from './saveStatus.js';
export * from './setupWords.js';
export * from './spoken.js';
export * from './status.js';
export * from './tooSmall.js';
export * from './words.js';
