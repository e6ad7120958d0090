import { Box, Text } from 'ink';
import type { ReactElement } from 'react';
import { MATCH_LIMITS, rulesSummary, type AppModel } from '../app/index.js';
import { namedSeatText, promptItems, setupComputerText, setupMatchLines } from '../view/index.js';
import { getRuleSet, MAX_PLAYERS, ruleSetValueText } from '../engine/index.js';
import { bindingsFor, getLayout } from '../app/keymaps/index.js';
import { fitLines, fitText } from '../text/index.js';
import { MessageLine, PromptLine } from './Lines.js';
import { withSaveProblem } from '../view/saveStatus.js';
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
    s.names.forEach((_, i) => question.push(<Text key={`n${i}`}>{namedSeatText(model, i)}</Text>));
    question.push(
      <Text key="q">
        Player {s.names.length + 1}, your name? <Text {...style('key', color)}>{s.field}_</Text>
      </Text>,
    );
    if (s.count === undefined && s.names.length > 0) question.push(<Text key="h" {...style('dim', color)}>(ENTER on an empty name: no more players)</Text>);
  } else if (s.step === 'match') {
    if (s.names.length > 0) question.push(<Text key="p">Players: {s.names.join(', ')}</Text>);
    question.push(<Text key="c">Type of competition?</Text>);
    for (const b of bindingsFor(layout, 'setup-match').filter((b) => b.action(b.keys[0], 0).type === 'choose-match')) {
      question.push(
        <Text key={b.label}>
          {'  '}
          <Text {...style('key', color)}>{b.label}</Text> {b.menu ?? b.help}
        </Text>,
      );
    }
  }
  const computer = setupComputerText(model);
  if (computer !== null && s.step !== 'number') question.push(<Text key="cpu" wrap="truncate" {...style('dim', color)}>{fitText(computer, model.size.columns - 2)}</Text>);
  if (s.step === 'number') {
    const kind = s.matchKind ?? 'games';
    question.push(
      <Text key="q">
        {kind === 'games' ? `Number of games (1-${MATCH_LIMITS.games.max})?` : `Target score (1-${MATCH_LIMITS.target.max})?`}{' '}
        <Text {...style('key', color)}>{s.field}_</Text>
      </Text>,
    );
  }
  const rules = getRuleSet(model.settings.rules);
  // Every line fits the terminal in whole words: the title, the question, the message and the prompt take a line
  // each; the match's rule, the rules' summary and two blank lines share what is left of the height, each rule in a
  // shorter wording when it must, left out when there is no line for it (one row is kept free, as on the game screen).
  const width = Math.max(1, model.size.columns - 2);
  const paragraphs = setupMatchLines(model);
  let left = model.size.rows - 1 - (3 + question.length);
  const blanks = left - 2 >= paragraphs.length + 1;
  if (blanks) left -= 2;
  const rulesRoom = left > paragraphs.length ? 1 : 0;
  paragraphs.forEach((paragraph, i) => {
    const room = left - rulesRoom - (paragraphs.length - 1 - i);
    if (room < 1) return;
    const lines = fitLines(paragraph, width, room);
    left -= lines.length;
    lines.forEach((line, j) =>
      question.push(
        <Text key={`m${i}.${j}`} {...style('dim', color)}>
          {line}
        </Text>,
      ),
    );
  });
  // What the rule set is worth comes last: the first clauses to go when the height is short.
  const rulesLines = fitLines(`Rules: ${rulesSummary(rules)}. Worth ${ruleSetValueText(rules.id)}.`, width, left);
  const title = fitText([`${layout.title}  ${rules.title}  ·  ${layout.name} keys`, `${layout.title}  ${rules.title}`, layout.title], model.size.columns - 1);
  return (
    <Box flexDirection="column" width={model.size.columns}>
      <Text wrap="truncate">
        <Text {...style('title', color)}> {layout.title}</Text>
        {title.slice(layout.title.length)}
      </Text>
      <Box marginLeft={2} flexDirection="column">
        {rulesLines.map((line, i) => (
          <Text key={i} {...style('dim', color)}>
            {line}
          </Text>
        ))}
      </Box>
      {blanks ? <Text> </Text> : null}
      <Box flexDirection="column" marginLeft={2}>
        {question}
      </Box>
      {blanks ? <Text> </Text> : null}
      <MessageLine message={withSaveProblem(model, model.message)} color={color} width={model.size.columns} />
      <PromptLine items={promptItems(model)} color={color} width={model.size.columns} />
    </Box>
  );
}
