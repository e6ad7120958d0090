import { forTerminal } from '../text/wrap.js';

/** Writes a line to stderr, wrapped at words when it is a terminal (the terminal would break words and commands inside). */
export function writeErrorLine(text: string): void {
  process.stderr.write(forTerminal(text, process.stderr.isTTY ? process.stderr.columns : 0) + '\n');
}
