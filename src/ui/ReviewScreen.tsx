import { Box, Text } from 'ink';
import { promptItems, reviewPage, type AppModel } from '../app/index.js';
import type { StrategyTable } from '../solver/index.js';
import { PromptLine } from './Lines.js';
import { style } from './theme.js';

/** The review after a game, a page at a time: each person's expected points lost and three costliest decisions. */
export function ReviewScreen({ model, table }: { model: AppModel; table: StrategyTable | undefined }) {
  const color = model.settings.color;
  const { lines, page, pages } = reviewPage(model, table);
  return (
    <Box flexDirection="column" width={model.size.columns}>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate" {...(l.heading ? style('heading', color) : {})}>
          {' '}
          {l.text}
        </Text>
      ))}
      <PromptLine lead={pages > 1 ? `REVIEW, page ${page + 1} of ${pages}:` : 'REVIEW:'} items={promptItems(model)} color={color} />
    </Box>
  );
}
