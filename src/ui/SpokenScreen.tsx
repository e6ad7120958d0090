import { Box, Text } from 'ink';
import { spokenScreenLines, type AppModel } from '../app/index.js';

/**
 * The screen for screen readers (Ink's isScreenReaderEnabled or INK_SCREEN_READER=true): the words of spokenLines
 * broken to the terminal's width, one <Text> a line in a column, so that Ink's screen-reader output is exactly those
 * lines: no drawing, no colour.
 */
export function SpokenScreen({ model }: { model: AppModel }) {
  const lines = spokenScreenLines(model);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}
