import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { loadOrSolve, type StrategyTable } from '../../src/solver/index.js';
import type { GameReview } from '../../src/storage/highScores.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { reviewView } from '../../src/view/index.js';
import { finishGame, playOptions, start } from '../app/helpers.js';
import { tempDir } from '../solver/helpers.js';
import { sleep } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

// A cache of this file's own (other files check what happens when the shared one holds no table).
const env = { XDG_CACHE_HOME: tempDir('review-record') };
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));
let table: StrategyTable;
beforeAll(async () => {
  table = await loadOrSolve('official', { env });
}, 120_000);

describe('after a game, its reviews go to the session once the table is there (useReviewRecord)', () => {
  it('once per game, each seat with its luck, loss and decisions, as the review shows them', async () => {
    const over = finishGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }));
    let ready: (t: StrategyTable) => void = () => {};
    const source: StrategySource = { cached: () => undefined, load: () => new Promise<StrategyTable>((resolve) => (ready = resolve)) };
    const told: [GameState, readonly (GameReview | null)[]][] = [];
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={over} strategy={source} onReview={(state, bySeat) => void told.push([state, bySeat])} />);
    // Nothing is told before the table is there: a fixed wait, as there is nothing to wait for.
    await sleep(100);
    expect(told).toEqual([]);
    ready(table);
    await vi.waitFor(() => expect(told).toHaveLength(1), { timeout: 5000 });
    const people = reviewView(over, table)!.people;
    expect(told[0][0]).toBe(over.game);
    expect(told[0][1]).toEqual(people.map((p) => ({ luck: p.split!.luck, loss: p.split!.loss, decisions: p.split!.decisions })));
    await app.type('r', 'x');
    // Nothing more is told for the same game: a fixed wait, as there is nothing to wait for.
    await sleep(100);
    expect(told).toHaveLength(1);
  });
});
