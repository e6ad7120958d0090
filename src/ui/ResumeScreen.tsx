import { Box, Text } from 'ink';
import type { AppModel } from '../app/index.js';
import { getLayout } from '../app/keymaps/index.js';
import { RESUME_HEADING, RESUME_NOTE, describeSave, promptItems, resumeFlagsLine } from '../view/index.js';
import { MessageLine, PromptLine } from './Lines.js';
import { style } from './theme.js';

/** The resume question, the first screen when a saved game is waiting: the game described, the keys from the layout table. */
export function ResumeScreen({ model }: { model: AppModel }) {
  const q = model.resume;
  if (q === undefined) return null;
  const color = model.settings.color;
  const width = model.size.columns;
  const flags = resumeFlagsLine(q, width - 2);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate" {...style('title', color)}>
        {' '}
        {getLayout(model.layout).title}
      </Text>
      <Text> </Text>
      <Box flexDirection="column" paddingX={1}>
        <Text wrap="truncate">{RESUME_HEADING}</Text>
        <Box flexDirection="column" marginLeft={2}>
          {describeSave(q).map((line, i) => (
            <Text key={i} wrap="truncate">
              {line}
            </Text>
          ))}
        </Box>
        {/* In the blank line's place, so that the screen is no taller than its smallest size allows. */}
        <Text wrap="truncate">{flags ?? ' '}</Text>
      </Box>
      <MessageLine message={model.message} color={color} width={width} />
      <PromptLine items={promptItems(model)} color={color} width={width} />
      <Text wrap="truncate" {...style('dim', color)}>
        {' '}
        ({RESUME_NOTE.replace(/\.$/, '').replace(/^A/, 'a')})
      </Text>
    </Box>
  );
}
