import { describe, expect, it, vi } from 'vitest';
import { HURRY_AFTER_MS, computerChoice, type AppModel, type ComputerProvider } from '../../src/app/index.js';
import { solveSubgame, type StrategyTable } from '../../src/solver/index.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { lateGame, playOptions, start } from '../app/helpers.js';
import { cardWithOpen } from '../solver/helpers.js';
import { KEYS } from '../support/keys.js';
import { sleep } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** A source that has the table at once. */
const ready: StrategySource = { cached: () => table, load: async () => table };

/** A source still computing: it reports 45% and resolves when `finish` is called. */
function computing() {
  let finish: (t: StrategyTable) => void = () => undefined;
  const loads: string[] = [];
  const source: StrategySource = {
    cached: () => undefined,
    load: (rules, onProgress) => {
      loads.push(rules);
      onProgress(45, 100);
      return new Promise((resolve) => (finish = resolve));
    },
  };
  return { source, loads, finish: (t: StrategyTable) => finish(t) };
}

/** ANN against the computer late in a game (seed 7); `first` puts the computer in the first seat. */
function game(over: { layout?: 'msx' | 'spectrum'; first?: boolean; practice?: boolean } = {}): AppModel {
  const names = over.first ? ['CPU', 'ANN'] : ['ANN', 'CPU'];
  const layout = over.layout ?? 'msx';
  const m = start({ layout, players: 2, names, computers: over.first ? 0 : 1, practice: over.practice, match: { kind: 'single' } }, { computerPlays: true });
  const seated = over.first ? { ...m, game: { ...m.game!, players: [{ name: 'CPU', kind: 'computer' as const, strength: 'optimal' as const }, m.game!.players[1]] } } : m;
  return lateGame(seated, OPEN);
}

function mountGame(startAt: AppModel, props: { computerMove?: ComputerProvider; strategy?: StrategySource; computerDelayMs?: number } = {}) {
  return mount(<App options={playOptions({ layout: startAt.layout })} seed={7} size={SIZE} start={startAt} computerMove={computerChoice} {...props} />);
}

describe("the computer's turn on screen, step by step", () => {
  it('MSX: its holds, each roll, the box it chooses under the cursor, then the score; the next person goes on', async () => {
    const app = await mountGame(game({ first: true }), { strategy: ready, computerDelayMs: 0 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    const frames = app.frames.join('\n=====\n');
    expect(frames).toContain('CPU keeps 1 1 6 6: marks 1 2 4 5, rolls 1 die');
    expect(frames).toMatch(/CPU rolls: \d \d \d \d \d/);
    expect(frames).toMatch(/CPU chooses Full house/);
    expect(frames).toMatch(/▶Full house/);
    expect(app.lastFrame()).toMatch(/CPU scored \d+ in Full house/);
    // The steps came in this order.
    const order = ['CPU keeps', 'CPU rolls', 'CPU chooses', 'CPU scored'].map((t) => frames.indexOf(t));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((i) => i >= 0)).toBe(true);
  });

  it('Spectrum: the option number of the box it chooses shows in the panel, as if typed', async () => {
    const app = await mountGame(game({ first: true, layout: 'spectrum' }), { strategy: ready, computerDelayMs: 0 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    expect(app.frames.join('\n')).toContain('OPTION (1-13)? 9_');
  });

  it('at its pace a person can follow; SPACE plays the rest of its turn at once', async () => {
    const app = await mountGame(game({ first: true }), { strategy: ready, computerDelayMs: 60_000 });
    expect(app.lastFrame()).toContain('SPACE/ENTER finish its turn');
    expect(app.lastFrame()).toContain("CPU's turn");
    await app.type(' ');
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    expect(app.lastFrame()).toMatch(/CPU scored \d+ in Full house/);
  });

  it('the SPACEs that hurried it, still coming after its turn, do not roll the next player\'s dice; one after a pause does', async () => {
    const app = await mountGame(game({ first: true }), { strategy: ready, computerDelayMs: 60_000 });
    await app.type(' ');
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    await app.type(' ', ' ');
    expect(app.lastFrame()).toContain('roll 1 of 3');
    expect(app.lastFrame()).toContain("ANN's turn: the keys that hurried the computer on are not played");
    await sleep(HURRY_AFTER_MS + 50);
    await app.type(' ');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('roll 2 of 3'), { timeout: 5000 });
  });

  it('without its table: "the computer is thinking" with the progress, the keys still work, and it plays once the table comes', async () => {
    const c = computing();
    const app = await mountGame(game({ first: true }), { strategy: c.source, computerDelayMs: 0 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('45%'), { timeout: 5000 });
    expect(app.lastFrame()).toContain('the computer is thinking: computing');
    expect(app.lastFrame()).toContain('its strategy table… 45%');
    expect(c.loads).toEqual(['official']);
    await app.type('h');
    expect(app.lastFrame()).toContain('INSTRUCTIONS');
    await app.type('x', 'x', 'x', 'x', 'x', 'x');
    expect(app.lastFrame()).not.toContain('INSTRUCTIONS');
    expect(app.lastFrame()).toContain("CPU's turn");
    c.finish(table);
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
  });

  it('a person never waits for the table: rolls and scores while it is computed', async () => {
    const c = computing();
    const app = await mountGame(game(), { strategy: c.source, computerDelayMs: 0 });
    await app.type('1', ' ', 'i', KEYS.enter);
    expect(app.lastFrame()).toMatch(/ANN scored \d+ in Fours/);
    expect(app.lastFrame()).toContain('the computer is thinking');
  });

  it('waits while the terminal is too small, and plays on once it is big enough again', async () => {
    const startAt = { ...game({ first: true }), size: { columns: 40, rows: 10 } };
    const r = await mount(<App options={playOptions()} seed={7} size={{ columns: 40, rows: 10 }} start={startAt} computerMove={computerChoice} strategy={ready} computerDelayMs={0} />);
    // A while at the small size, for the test below that nothing was played during it.
    await sleep(125);
    expect(r.lastFrame()).toContain('enlarge the terminal');
    r.rerender(<App options={playOptions()} seed={7} size={SIZE} start={startAt} computerMove={computerChoice} strategy={ready} computerDelayMs={0} />);
    await vi.waitFor(() => expect(r.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    // Nothing was played while it was too small: the whole turn came after (its first holds are on a frame at 80x24).
    expect(r.frames.filter((f) => f.includes('CPU keeps')).length).toBeGreaterThan(0);
  });

  it('people alone: no table until the hint asks for it', async () => {
    const c = computing();
    const m = lateGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' } }), OPEN);
    const app = await mountGame(m, { strategy: c.source });
    await app.type('1', ' ');
    // No table is loaded unasked: a fixed wait, as there is nothing to wait for.
    await sleep(100);
    expect(c.loads).toEqual([]);
    await app.type('t');
    await vi.waitFor(() => expect(c.loads).toEqual(['official']), { timeout: 5000 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('tip: computing the strategy table… 45%'), { timeout: 5000 });
    c.finish(table);
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/keep 5 5 6: mark 2 3 4\s+45\.2/), { timeout: 5000 });
  });

  it('a casual computer needs no table', async () => {
    const m = game({ first: true });
    const casual = { ...m, game: { ...m.game!, players: [{ ...m.game!.players[0], strength: 'casual' as const }, m.game!.players[1]] } };
    const app = await mountGame(casual, { computerDelayMs: 0 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
  });
});
