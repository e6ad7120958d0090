/**
 * useComputerTurn acts once on a model: a timer of an effect replaced by a later one can fire before its clean-up,
 * and the computer's decision was then asked again of the same model ("The computer is still showing its last move").
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { computerChoice, type AppAction, type AppModel } from '../../src/app/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { useComputerTurn } from '../../src/ui/hooks/useComputerTurn.js';
import { lateGame, start } from '../app/helpers.js';
import { cardWithOpen } from '../solver/helpers.js';
import { sleep } from '../support/wait.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** The computer to move (seat 0) in a late game, its dice landed. */
function cpuFirst(): AppModel {
  const m = start({ players: 2, names: ['CPU', 'ANN'], computers: 0, match: { kind: 'single' } }, { computerPlays: true });
  return lateGame({ ...m, game: { ...m.game!, players: [{ name: 'CPU', kind: 'computer', strength: 'optimal' }, m.game!.players[1]] } }, OPEN);
}

function Turn({ model, delayMs, act }: { model: AppModel; delayMs: number; act: (a: AppAction) => void }) {
  useComputerTurn(model, computerChoice, table, delayMs, act);
  return <Text>{delayMs}</Text>;
}

describe("the computer's turn acts once on each model", () => {
  it('effects run again for the same model (another dependency changed): one decision, not one a timer', async () => {
    const model = cpuFirst();
    const acted: AppAction['type'][] = [];
    const act = (a: AppAction) => acted.push(a.type);
    const r = render(<Turn model={model} delayMs={0} act={act} />);
    await sleep(30);
    for (const delayMs of [1, 2, 3]) {
      r.rerender(<Turn model={model} delayMs={delayMs} act={act} />);
      await sleep(30);
    }
    r.unmount();
    expect(acted).toEqual(['computer-decision']);
  });
});
