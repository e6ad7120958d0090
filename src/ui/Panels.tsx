import { Box, Text } from 'ink';
import { STANDINGS_PLACE, clip, fitResultLine, resultTextLines, standingsFiguresWidth, standingsHeading, type PanelLine, type ResultsPlan, type ResultsView } from '../view/index.js';
import { fitText } from '../text/index.js';
import { padEndTo } from '../text/index.js';
import { memoPlain } from './memo.js';
import { style } from './theme.js';

/** The few lines about the turn next to the dice. */
export const TurnPanel = memoPlain(function TurnPanel({ lines, color, width }: { lines: readonly PanelLine[]; color: boolean; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate" {...(l.role === 'heading' ? style('current', color) : l.role === 'field' ? style('key', color) : l.role === 'dim' ? style('dim', color) : {})}>
          {fitText(l.text, width)}
        </Text>
      ))}
    </Box>
  );
});

/** After a game: who won, in a match the standings (games won, points over all games), and the review's summary. */
export const ResultsPanel = memoPlain(function ResultsPanel({ view, plan, color }: { view: ResultsView; plan: ResultsPlan; color: boolean }) {
  // The games won only where they decide the match.
  const won = view.standingsKind === 'games';
  const nameW = plan.standingsWidth - STANDINGS_PLACE - standingsFiguresWidth(view);
  const place = (n: number) => String(n).padEnd(STANDINGS_PLACE);
  const standings = view.standings.length > 0 && (
    <Box flexDirection="column" marginTop={plan.side ? 0 : 1} marginLeft={plan.side ? 2 : 0} width={plan.standingsWidth}>
      <Text {...style('heading', color)} wrap="truncate">
        {`${standingsHeading(view).padEnd(STANDINGS_PLACE + nameW)} ${won ? `${'won'.padStart(4)} ` : ''}${'total'.padStart(6)}`}
      </Text>
      {view.standings.map((s, i) => (
        <Text key={i} wrap="truncate" {...(s.leader ? style('leader', color) : {})}>
          {place(s.place)}
          {padEndTo(clip(s.name, nameW), nameW)} {won ? `${String(s.won).padStart(4)} ` : ''}
          {String(s.total).padStart(6)}
        </Text>
      ))}
    </Box>
  );
  const review = plan.review.length > 0 && (
    <Box marginTop={plan.side ? 0 : 1} marginLeft={plan.side ? 2 : 0}>
      <TurnPanel lines={plan.review} color={color} width={plan.reviewWidth} />
    </Box>
  );
  const head = (
    <Box flexDirection="column" width={plan.leftWidth}>
      <Text {...style('title', color)} wrap="truncate">
        {view.heading}
      </Text>
      {(plan.side ? view.lines.map((l) => fitText(fitResultLine(l, plan.leftWidth), plan.leftWidth)) : resultTextLines(view, plan.leftWidth)).map((l, i) => (
        <Text key={i} {...style('leader', color)} wrap="truncate">
          {l}
        </Text>
      ))}
    </Box>
  );
  if (plan.side) {
    return (
      <Box width={plan.width}>
        {head}
        {standings}
        {review}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={plan.width}>
      {head}
      {standings}
      {review}
    </Box>
  );
});
