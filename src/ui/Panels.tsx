import { Box, Text } from 'ink';
import { padEndTo, textWidth, type PanelLine, type ResultsView } from '../app/index.js';
import { style } from './theme.js';

/** The few lines about the turn next to the dice. */
export function TurnPanel({ lines, color, width }: { lines: readonly PanelLine[]; color: boolean; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate" {...(l.role === 'heading' ? style('current', color) : l.role === 'field' ? style('key', color) : l.role === 'dim' ? style('dim', color) : {})}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}

/** After a game: who won, in a match the standings (games won, points over all games), and the review's summary. */
export function ResultsPanel({ view, review = [], color, width }: { view: ResultsView; review?: readonly PanelLine[]; color: boolean; width: number }) {
  const nameW = Math.max('STANDINGS'.length, ...view.standings.map((s) => textWidth(s.name)));
  return (
    <Box flexDirection="column" width={width}>
      <Text {...style('title', color)} wrap="truncate">
        {view.heading}
      </Text>
      {view.lines.map((l, i) => (
        <Text key={i} {...style('leader', color)} wrap="wrap">
          {l}
        </Text>
      ))}
      {view.standings.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <Text {...style('heading', color)} wrap="truncate">
            {'STANDINGS'.padEnd(nameW)} {'won'.padStart(4)} {'total'.padStart(6)}
          </Text>
          {view.standings.map((s, i) => (
            <Text key={i} wrap="truncate" {...(s.leader ? style('leader', color) : {})}>
              {padEndTo(s.name, nameW)} {String(s.won).padStart(4)} {String(s.total).padStart(6)}
            </Text>
          ))}
        </Box>
      )}
      {review.length > 0 && (
        <Box marginTop={1}>
          <TurnPanel lines={review} color={color} width={width} />
        </Box>
      )}
    </Box>
  );
}
