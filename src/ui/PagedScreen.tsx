import { Box, Text } from 'ink';
import { pageColumns, type AppModel } from '../app/index.js';
import { promptItems, promptWidth } from '../view/index.js';
import { PromptLine } from './Lines.js';
import { fitText } from '../text/index.js';
import { style } from './theme.js';

/** A page of text lines over the game (the instructions, the review) with "TITLE, page n of m" on the prompt line. */
export function PagedScreen({ model, title, view }: { model: AppModel; title: string; view: { lines: readonly { text: string; heading?: boolean }[]; page: number; pages: number } }) {
  const color = model.settings.color;
  const { lines, page, pages } = view;
  const columns = pageColumns(model.size.columns);
  const items = promptItems(model);
  // The page's number in fewer words where the keys would not fit beside it ("INSTRUCTIONS 1/17:").
  const leads = pages > 1 ? [`${title}, page ${page + 1} of ${pages}:`, `${title} ${page + 1}/${pages}:`] : [`${title}:`];
  const lead = leads.find((l) => promptWidth(items, l) <= model.size.columns) ?? leads[leads.length - 1];
  return (
    <Box flexDirection="column" width={model.size.columns}>
      <Box flexDirection="column" marginLeft={Math.floor((model.size.columns - columns) / 2)} width={columns}>
        {lines.map((l, i) => (
          <Text key={i} wrap="truncate" {...(l.heading ? style('heading', color) : {})}>
            {' '}
            {fitText(l.text, columns - 1)}
          </Text>
        ))}
      </Box>
      <PromptLine lead={lead} items={items} color={color} width={model.size.columns} />
    </Box>
  );
}
