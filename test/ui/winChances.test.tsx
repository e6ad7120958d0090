import { describe, expect, it, vi } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import type { StrategyTable } from '../../src/solver/index.js';
import type { ChancesOutcome } from '../../src/solver/chances/client.js';
import type { ChancesTurn } from '../../src/solver/chances/messages.js';
import type { MatchSoFar } from '../../src/solver/chances/matchChances.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { KEYS } from '../support/keys.js';
import { sleep } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

/** A source whose chances come when `answer` is called for a question (in the order asked). */
function asking() {
  const questions: { cards: unknown; turn?: ChancesTurn; match?: MatchSoFar; answer: (o: ChancesOutcome) => void; progress: (stage: 'strategy' | 'distribution', done: number, total: number) => void }[] = [];
  const source: StrategySource = {
    cached: () => undefined,
    load: () => new Promise<StrategyTable>(() => undefined),
    chances: (_rules, cards, onProgress, turn, match) => new Promise<ChancesOutcome>((resolve) => questions.push({ cards, turn, match, answer: resolve, progress: onProgress })),
  };
  return { source, questions };
}

const game = () => start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } });

describe('the chances to win (useWinChances)', () => {
  it('four seats at 80x24: the panel takes the blank line under the chart for the tie, and the screen stays as tall', async () => {
    const a = asking();
    const four = start({ players: 4, names: ['ANN', 'BOB', 'CY', 'DEE'], match: { kind: 'single' } });
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={four} strategy={a.source} />);
    const before = app.lastFrame()!.split('\n');
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    a.questions[0].answer({ kind: 'answer', win: [0.3, 0.25, 0.25, 0.1], tie: 0.1 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('(tie 10.0%)'), { timeout: 5000 });
    const after = app.lastFrame()!.split('\n');
    expect(after).toHaveLength(before.length);
    const total = after.findIndex((l) => l.includes('TOTAL'));
    expect(after[total - 3]).toMatch(/to win \(tie 10\.0%\)$/);
    expect(after[total + 1]).toMatch(/^\s+DEE\s+10\.0%$/);
    // The message and prompt lines are where they were.
    expect(after.slice(-2)).toEqual(before.slice(-2));
    app.unmount();
  });

  it('asked once a turn: working it out, the progress, then the figures; an older turn answered late is not shown', async () => {
    const a = asking();
    const models: AppModel[] = [];
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={a.source} onModel={(m) => models.push(m)} />);
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('chances to win: working it out'), { timeout: 5000 });
    a.questions[0].progress('distribution', 1, 4);
    await vi.waitFor(() => expect(app.lastFrame()).toContain('chances to win: making the score'), { timeout: 5000 });
    // ANN ends her rolling (asked about: her dice with no rolls left) and scores: BOB's turn is asked about; the
    // answers to ANN's come only now, and are not shown for BOB's.
    await app.type('i');
    await vi.waitFor(() => expect(a.questions).toHaveLength(2), { timeout: 5000 });
    expect(a.questions[1].turn).toMatchObject({ seat: 0, rollsLeft: 0 });
    await app.type(KEYS.enter);
    await vi.waitFor(() => expect(a.questions).toHaveLength(3), { timeout: 5000 });
    a.questions[0].answer({ kind: 'answer', win: [0.9, 0.05], tie: 0.05 });
    a.questions[1].answer({ kind: 'answer', win: [0.8, 0.15], tie: 0.05 });
    // The stale answers must not be shown: a fixed wait, as there is nothing to wait for.
    await sleep(100);
    expect(app.lastFrame()).toContain('chances to win: working it out');
    expect(app.lastFrame()).not.toContain('90.0%');
    expect(app.lastFrame()).not.toContain('80.0%');
    a.questions[2].answer({ kind: 'answer', win: [0.4, 0.55], tie: 0.05 });
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/BOB\s+55\.0%/), { timeout: 5000 });
    await vi.waitFor(() => expect(models.at(-1)?.turnChances?.chances).toEqual({ status: 'ready', win: [0.4, 0.55], tie: 0.05 }), { timeout: 5000 });
  });

  it('a position asked about, left before its answer and come back to (i, i, i): asked again, not shown stale for ever', async () => {
    const a = asking();
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={a.source} />);
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    a.questions[0].answer({ kind: 'answer', win: [0.45, 0.5], tie: 0.05 });
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/BOB\s+50\.0%/), { timeout: 5000 });
    // The rolling ended (asked about), then rolled on before the answer: the first position's figures, known.
    await app.type('i');
    await vi.waitFor(() => expect(a.questions).toHaveLength(2), { timeout: 5000 });
    expect(a.questions[1].turn).toMatchObject({ seat: 0, rollsLeft: 0 });
    await app.type('i');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('roll 1 of 3'), { timeout: 5000 });
    // Its answer comes while the other position is in play: not shown there (a fixed wait, as there is nothing to
    // wait for).
    a.questions[1].answer({ kind: 'answer', win: [0.3, 0.65], tie: 0.05 });
    await sleep(100);
    expect(app.lastFrame()).not.toContain('65.0%');
    await app.type('i');
    await vi.waitFor(() => expect(a.questions).toHaveLength(3), { timeout: 5000 });
    expect(a.questions[2].turn).toMatchObject({ seat: 0, rollsLeft: 0 });
    a.questions[2].answer({ kind: 'answer', win: [0.3, 0.65], tie: 0.05 });
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/BOB\s+65\.0%/), { timeout: 5000 });
    app.unmount();
  });

  it('live: after each roll that lands, asked again from the dice; the last figures stay, dimmed, until the answer', async () => {
    const a = asking();
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={a.source} />);
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    expect(a.questions[0].turn).toMatchObject({ seat: 0, rollsLeft: 2 });
    a.questions[0].answer({ kind: 'answer', win: [0.45, 0.5], tie: 0.05 });
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/ANN\s+45\.0%/), { timeout: 5000 });
    await app.type(' ');
    await vi.waitFor(() => expect(a.questions).toHaveLength(2), { timeout: 5000 });
    expect(a.questions[1].turn).toMatchObject({ seat: 0, rollsLeft: 1 });
    // Until the answer, the figures of the roll before.
    expect(app.lastFrame()).toMatch(/ANN\s+45\.0%/);
    a.questions[1].answer({ kind: 'answer', win: [0.7, 0.25], tie: 0.05 });
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/ANN\s+70\.0%/), { timeout: 5000 });
  });

  it('while the strategy table is being loaded here (the hints want it), the worker is not asked to compute it too', async () => {
    const a = asking();
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={a.source} />);
    await app.type('t');
    await app.type('w');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('chances to win: computing the'), { timeout: 5000 });
    // The worker must not be asked: a fixed wait, as there is nothing to wait for.
    await sleep(200);
    expect(a.questions).toHaveLength(0);
  });

  it.each([
    ['without a solver', undefined, 'there is no solver in this game'],
    ['when the worker fails', 'fails', 'the worker thread stopped (exit code 1)'],
  ] as const)('%s: not available, and the game goes on', async (_what, how, error) => {
    const source: StrategySource | undefined =
      how === undefined ? undefined : { cached: () => undefined, load: () => new Promise<StrategyTable>(() => undefined), chances: async () => ({ kind: 'failed', error: 'the worker thread stopped (exit code 1)' }) };
    const models: AppModel[] = [];
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={source} onModel={(m) => models.push(m)} />);
    await app.type('w');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('chances to win: not available'), { timeout: 5000 });
    await vi.waitFor(() => expect(models.at(-1)?.turnChances?.chances).toEqual({ status: 'failed', error }), { timeout: 5000 });
    await app.type(' ');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('roll 2 of 3'), { timeout: 5000 });
  });

  it("two seats in a match of games: asked with the match so far, the match's chances kept with the game's", async () => {
    const a = asking();
    const models: AppModel[] = [];
    const match = start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'games', games: 3 } });
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={match} strategy={a.source} onModel={(m) => models.push(m)} />);
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    expect(a.questions[0].match).toEqual({ gamesAhead: 0, pointsAhead: 0, gamesAfter: 2 });
    a.questions[0].answer({ kind: 'answer', win: [0.45, 0.5], tie: 0.05, match: { win: [0.48, 0.51], tie: 0.01 } });
    const ready = { status: 'ready', win: [0.45, 0.5], tie: 0.05, match: { win: [0.48, 0.51], tie: 0.01 } };
    await vi.waitFor(() => expect(models.at(-1)?.turnChances?.chances).toEqual(ready), { timeout: 5000 });
  });

  it('a single game: asked without a match', async () => {
    const a = asking();
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} strategy={a.source} />);
    await app.type('w');
    await vi.waitFor(() => expect(a.questions).toHaveLength(1), { timeout: 5000 });
    expect(a.questions[0].match).toBeUndefined();
  });
});
