import { Box, Text } from 'ink';
import { useContext } from 'react';
import type { Dice as DiceFaces } from '../engine/index.js';
import { gameGeometry, panelRoom, panelRowsBelow, panelWidth, quitQuestion, shapeOf, yahtzeeWord, type AppModel } from '../app/index.js';
import { chartView, promptItems, promptLead, resultsPlan, resultsView, reviewView, sidePanel, statusView } from '../view/index.js';
import { getLayout } from '../app/keymaps/index.js';
import { Chart } from './Chart.js';
import { Dice } from './Dice.js';
import { MessageLine, PromptLine, StatusLine } from './Lines.js';
import { withSaveProblem } from '../view/saveStatus.js';
import { ResultsPanel, TurnPanel } from './Panels.js';
import { ReviewScreen } from './ReviewScreen.js';
import { StrategyContext } from './strategyContext.js';
import { YahtzeeBanner } from './YahtzeeBanner.js';
import type { Celebration } from './hooks/useCelebration.js';

/**
 * The main screen: status line, score chart, dice and the panel beside them (the turn, the computer thinking, or
 * the hint), after a game the results and each person's review, message line, prompt line; or the review page.
 */
export function GameScreen({ model, faces, celebration = null }: { model: AppModel; faces: DiceFaces; celebration?: Celebration | null }) {
  const table = useContext(StrategyContext);
  const g = model.game;
  if (g === null) return null;
  if (model.overlay === 'review') return <ReviewScreen model={model} table={table} />;
  const color = model.settings.color;
  const layout = getLayout(model.layout);
  const geo = gameGeometry(shapeOf(model), model.size);
  const results = resultsView(model);
  const beside = geo.dice === 'beside';
  const sideWidth = panelWidth(geo, model.size.columns);
  const panel = sidePanel(model, table, panelRoom(geo), sideWidth, panelRowsBelow(geo));
  // The chances may take the blank line under the chart; the screen then leaves it out, to stay as tall.
  const lowerBlank = geo.blanks > 1 && !(beside && !results && !celebration && panel.length > panelRoom(geo));
  // While a Yahtzee is celebrated its banner stands where the turn's panel is.
  const turn = celebration ? <YahtzeeBanner word={yahtzeeWord(model)} width={sideWidth} color={color} /> : <TurnPanel lines={panel} color={color} width={sideWidth} />;
  const dice = (
    <Dice faces={faces} held={g.phase === 'rolling' ? g.held : g.held.map(() => false)} layout={layout} rows={beside ? [[0, 1, 2], [3, 4]] : [[0, 1, 2, 3, 4]]} gap={beside ? 1 : 2} color={color} flash={celebration?.flash === true} />
  );
  const side = results ? (
    <ResultsPanel view={results} plan={resultsPlan(model, results, reviewView(model, table))} color={color} />
  ) : beside ? (
    <Box flexDirection="column">
      {dice}
      {turn}
    </Box>
  ) : (
    <Box>
      {dice}
      <Box marginLeft={3} marginTop={1}>
        {turn}
      </Box>
    </Box>
  );
  const confirming = model.overlay === 'confirm';
  // On a big terminal the whole game, status line to prompt line, stands in the middle (gameGeometry); the message
  // and prompt lines start where it does, and may run on to the terminal's edge (a long message keeps its words).
  const lineWidth = model.size.columns - geo.indent;
  return (
    <Box flexDirection="column" width={model.size.columns}>
      {geo.top > 0 && <Box height={geo.top} />}
      <Box flexDirection="column" marginLeft={geo.indent} width={lineWidth}>
        <StatusLine status={statusView(model)} width={geo.width} color={color} />
        {geo.blanks > 0 && <Text> </Text>}
        {beside ? (
          <Box>
            <Chart view={chartView(model)} labelWidth={geo.labelWidth} columnWidth={geo.columnWidth} marker={geo.marker} color={color} />
            <Box marginLeft={geo.gap}>{side}</Box>
          </Box>
        ) : (
          <Box flexDirection="column">
            <Chart view={chartView(model)} labelWidth={geo.labelWidth} columnWidth={geo.columnWidth} marker={geo.marker} color={color} />
            <Box marginTop={1} marginLeft={1}>
              {side}
            </Box>
          </Box>
        )}
        {lowerBlank && <Text> </Text>}
        <MessageLine message={withSaveProblem(model, confirming && model.message === null ? { text: quitQuestion(model), tone: 'info' } : model.message)} color={color} width={lineWidth} />
        <PromptLine lead={promptLead(model)} items={promptItems(model)} color={color} width={lineWidth} />
      </Box>
    </Box>
  );
}
