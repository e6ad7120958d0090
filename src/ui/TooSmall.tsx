import { Box, Text } from 'ink';
import { type TermSize } from '../app/index.js';
import { tooSmallLines } from '../view/index.js';

/** Shown while the terminal is smaller than the screen needs; the game comes back when it is resized. */
export function TooSmall({ need, size, quitKey }: { need: TermSize; size: TermSize; quitKey: string }) {
  return (
    <Box flexDirection="column">
      {tooSmallLines(need, size, quitKey).map((l, i) => (
        <Text key={i} wrap="truncate">
          {l}
        </Text>
      ))}
    </Box>
  );
}
