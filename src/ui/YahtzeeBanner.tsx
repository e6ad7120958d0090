import { Box, Text } from 'ink';
import { fitText } from '../text/index.js';
import { style } from './theme.js';

/** The banner of a Yahtzee's celebration: the layout's word between two rows of stars, as wide as the panel allows. */
export function YahtzeeBanner({ word, width, color }: { word: string; width: number; color: boolean }) {
  const inner = Math.max(word.length + 4, Math.min(width, word.length + 12));
  const stars = '*'.repeat(Math.min(width, inner));
  const pad = Math.max(0, inner - word.length - 2);
  const middle = `*${' '.repeat(Math.floor(pad / 2))}${word}${' '.repeat(Math.ceil(pad / 2))}*`;
  return (
    <Box flexDirection="column" width={width}>
      {[stars, middle, stars].map((l, i) => (
        <Text key={i} wrap="truncate" {...style('title', color)}>
          {fitText(l, width)}
        </Text>
      ))}
    </Box>
  );
}
