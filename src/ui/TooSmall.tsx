import { Text } from 'ink';
import type { TermSize } from '../app/index.js';

/** Shown while the terminal is smaller than the screen needs; the game comes back when it is resized. */
export function TooSmall({ need }: { need: TermSize }) {
  return <Text wrap="wrap">enlarge the terminal to at least {need.columns}x{need.rows} (Ctrl-C quits)</Text>;
}
