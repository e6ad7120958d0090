import { Box, Text } from 'ink';
import { helpView, promptItems, type AppModel } from '../app/index.js';
import { PromptLine } from './Lines.js';
import { style } from './theme.js';

/** The instructions page, generated from the rule set and the layout's key table, a page at a time. */
export function HelpScreen({ model }: { model: AppModel }) {
  const color = model.settings.color;
  const { lines, page, pages } = helpView(model);
  return (
    <Box flexDirection="column" width={model.size.columns}>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate" {...(l.heading ? style('heading', color) : {})}>
          {' '}
          {l.text}
        </Text>
      ))}
      <PromptLine lead={pages > 1 ? `INSTRUCTIONS, page ${page + 1} of ${pages}:` : 'INSTRUCTIONS:'} items={promptItems(model)} color={color} />
    </Box>
  );
}
