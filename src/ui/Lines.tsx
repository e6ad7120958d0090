import { Box, Text } from 'ink';
import { type Message } from '../app/index.js';
import { promptParts, type PromptItem, type StatusView } from '../view/index.js';
import { fitText } from '../text/index.js';
import { textWidth } from '../text/index.js';
import { memoPlain } from './memo.js';
import { style } from './theme.js';

/** The top line: the game's name, rule set and match on the left; whose turn and which roll on the right. */
export const StatusLine = memoPlain(function StatusLine({ status, width, color }: { status: StatusView; width: number; color: boolean }) {
  const len = textWidth;
  const rightOf = (turn: string) => [turn, status.roll].filter((s) => s !== '').join('  ·  ');
  const full = [status.rules, status.match].filter((s) => s !== '').join('  ·  ');
  // On a narrow terminal the round beside the turn goes first, then the rule set's title gives way to its --rules
  // name, then goes (the instructions page has it), then the match is cut short.
  const short = [status.rulesId, status.match].filter((s) => s !== '').join('  ·  ');
  const right = len(` ${status.title}  ${short}  ${rightOf(status.turn)} `) <= width ? rightOf(status.turn) : rightOf(status.turnShort);
  const left = [full, short].find((l) => len(` ${status.title}  ${l}  ${right} `) <= width) ?? status.match;
  const room = Math.max(0, width - len(` ${status.title}  `) - len(right) - 3);
  const shown = fitText(left, room);
  return (
    <Box width={width} justifyContent="space-between">
      <Text wrap="truncate">
        <Text {...style('title', color)}> {status.title}</Text>
        <Text>{shown ? `  ${shown}` : ''}</Text>
      </Text>
      <Text wrap="truncate" {...style('heading', color)}>
        {right}{' '}
      </Text>
    </Box>
  );
});

/** The prompt line: the keys that do something now and what they do. */
export const PromptLine = memoPlain(function PromptLine({ items, color, lead, width }: { items: readonly PromptItem[]; color: boolean; lead?: string; width?: number }) {
  // Fitted to the width with whole words (shorter words first), never a cut one.
  return (
    <Text wrap="truncate">
      {promptParts(items, width, lead).map((part, i) =>
        part.role === null ? (
          part.text
        ) : (
          <Text key={i} {...style(part.role, color)}>
            {part.text}
          </Text>
        ),
      )}
    </Text>
  );
});

/** The message line: a refusal in red, news in cyan, or blank; a message too long for the width in a shorter wording. */
export const MessageLine = memoPlain(function MessageLine({ message, color, width }: { message: Message | null; color: boolean; width: number }) {
  if (message === null) return <Text> </Text>;
  return (
    <Text wrap="truncate" {...style(message.tone === 'error' ? 'error' : 'info', color)}>
      {' '}
      {fitText(message.text, width - 1)}
    </Text>
  );
});
