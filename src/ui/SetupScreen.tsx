import { Box, Text } from 'ink';
import type { ReactElement } from 'react';
import { MATCH_LIMITS, promptItems, rulesSummary, setupComputerText, setupMatchLines, type AppModel } from '../app/index.js';
import { getRuleSet, MAX_PLAYERS } from '../engine/index.js';
import { bindingsFor, getLayout } from '../app/keymaps/index.js';
import { MessageLine, PromptLine } from './Lines.js';
import { withSaveProblem } from '../app/saveStatus.js';
import { style } from './theme.js';

/** The setup questions: MSX the number of players; the Spectrum each name, then the competition. */
export function SetupScreen({ model }: { model: AppModel }) {
  const color = model.settings.color;
  const layout = getLayout(model.layout);
  const s = model.setup;
  const question: ReactElement[] = [];
  if (s.step === 'players') {
    question.push(<Text key="q">Number of players (1-{MAX_PLAYERS})?</Text>);
  } else if (s.step === 'name') {
    s.names.forEach((n, i) => question.push(<Text key={`n${i}`}>Player {i + 1}: {n}</Text>));
    question.push(
      <Text key="q">
        Player {s.names.length + 1}, your name? <Text {...style('key', color)}>{s.field}_</Text>
      </Text>,
    );
    if (s.count === undefined && s.names.length > 0) question.push(<Text key="h" {...style('dim', color)}>(ENTER on an empty name: no more players)</Text>);
  } else if (s.step === 'match') {
    question.push(<Text key="q">Players: {s.names.join(', ')}</Text>);
    question.push(<Text key="c">Type of competition?</Text>);
    for (const b of bindingsFor(layout, 'setup-match').filter((b) => b.action(b.keys[0], 0).type === 'choose-match')) {
      question.push(
        <Text key={b.label}>
          {'  '}
          <Text {...style('key', color)}>{b.label}</Text> {b.help}
        </Text>,
      );
    }
  }
  const computer = setupComputerText(model);
  if (computer !== null && s.step !== 'number') question.push(<Text key="cpu" wrap="truncate" {...style('dim', color)}>{computer}</Text>);
  if (s.step === 'number') {
    const kind = s.matchKind ?? 'games';
    question.push(
      <Text key="q">
        {kind === 'games' ? `Number of games (1-${MATCH_LIMITS.games.max})?` : `Target score (1-${MATCH_LIMITS.target.max})?`}{' '}
        <Text {...style('key', color)}>{s.field}_</Text>
      </Text>,
    );
  }
  setupMatchLines(model).forEach((line, i) =>
    question.push(
      <Text key={`m${i}`} {...style('dim', color)}>
        {line}
      </Text>,
    ),
  );
  const rules = getRuleSet(model.settings.rules);
  return (
    <Box flexDirection="column" width={model.size.columns}>
      <Text wrap="truncate">
        <Text {...style('title', color)}> {layout.title}</Text>
        {`  ${rules.title}  ·  ${layout.name} keys`}
      </Text>
      <Box marginLeft={2}>
        <Text {...style('dim', color)}>{`Rules: ${rulesSummary(rules)}`}</Text>
      </Box>
      <Text> </Text>
      <Box flexDirection="column" marginLeft={2}>
        {question}
      </Box>
      <Text> </Text>
      <MessageLine message={withSaveProblem(model, model.message)} color={color} />
      <PromptLine items={promptItems(model)} color={color} width={model.size.columns} />
    </Box>
  );
}
