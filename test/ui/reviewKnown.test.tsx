import { describe, expect, it, vi } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { reviewView } from '../../src/view/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { finishGame, lateGame, playOptions, press, start } from '../app/helpers.js';
import { SIZE, mount } from './mount.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

describe('after a game, the model learns what the review found once the table is there (useReviewKnown)', () => {
  it('each person\'s costly decisions, for the decisions of the game: the review\'s pages are laid out by them', async () => {
    const over = finishGame(press(lateGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }), OPEN), '1', '2', 'space'));
    const source: StrategySource = { cached: () => table, load: () => Promise.resolve(table) };
    let last: AppModel | null = null;
    await mount(<App options={playOptions()} seed={7} size={SIZE} start={over} strategy={source} onModel={(m) => (last = m)} />);
    const worst = reviewView(over, table)!.people.map((p) => p.worst.length);
    await vi.waitFor(() => expect(last?.reviewKnown).toEqual({ decisions: over.decisions, worst }), { timeout: 5000 });
  });
});
