import { Box, Text } from 'ink';
import { useContext } from 'react';
import { type AppModel } from '../app/index.js';
import { spokenScreenLines } from '../view/index.js';
import { StrategyContext } from './strategyContext.js';

/**
 * The screen for screen readers (Ink's isScreenReaderEnabled or INK_SCREEN_READER=true): the words of spokenLines
 * broken to the terminal's width, one <Text> a line in a column, so that Ink's screen-reader output is exactly those
 * lines: no drawing, no colour. The strategy table the app has (for the hint and the review) comes from its context.
 */
export function SpokenScreen({ model }: { model: AppModel }) {
  const table = useContext(StrategyContext);
  const lines = spokenScreenLines(model, table);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}
