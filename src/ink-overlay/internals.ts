/**
 * Ink's private modules that the tests compare the game's code with, in one place: Ink's package exports only its
 * index, so they are loaded by path into its build folder, and an Ink upgrade that moves them touches only this file
 * (see UPGRADING.md). For tests only: the game never imports this module (it is not in the bundle).
 */
import InkOutputClass from '../../node_modules/ink/build/output.js';
import inkLogUpdate from '../../node_modules/ink/build/log-update.js';
import { createInputParser as inkCreateInputParser } from '../../node_modules/ink/build/input-parser.js';
import inkParseKeypress, { nonAlphanumericKeys as inkNonAlphanumericKeys } from '../../node_modules/ink/build/parse-keypress.js';

/** Ink's own Output (ink/build/output.js), which the bundle replaces with frameOutput.ts. */
export const InkOutput = InkOutputClass;

/** Ink's own frame writers (ink/build/log-update.js): what Ink writes to stdout, which the screen differ is fed. */
export const logUpdate = inkLogUpdate;

/** Ink's input parser (ink/build/input-parser.js): splits a chunk of stdin into key events, as useInput gets them. */
export const createInputParser = inkCreateInputParser;

/** Ink's key namer (ink/build/parse-keypress.js), as useInput runs it on each key event. */
export const parseKeypress = inkParseKeypress;

/** The key names parseKeypress gives that useInput does not pass on as input text (ink/build/parse-keypress.js). */
export const nonAlphanumericKeys = inkNonAlphanumericKeys;
