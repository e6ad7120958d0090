import { describe, expect, it, vi } from 'vitest';
import { computerChoice, type AppModel, type WinAnswer } from '../../src/app/index.js';
import { getRuleSet } from '../../src/engine/index.js';
import { solveSubgame, solverFromReply, winDecision, type StrategyTable } from '../../src/solver/index.js';
import type { WinTurnSpec } from '../../src/solver/win/winGoal.js';
import { winTurnWork } from '../../src/solver/win/turnWork.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { lateGame, playOptions, start } from '../app/helpers.js';
import { cardWithOpen } from '../solver/helpers.js';
import { KEYS } from '../support/keys.js';
import { SIZE, mount } from './mount.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** The win computer first (its last three turns), ANN second. */
function game(): AppModel {
  const m = start({ players: 2, names: ['CPU', 'ANN'], computers: 0, match: { kind: 'single' } }, { computerPlays: true });
  const seated = { ...m, game: { ...m.game!, players: [{ name: 'CPU', kind: 'computer' as const, strength: 'win' as const }, m.game!.players[1]] } };
  return lateGame(seated, OPEN);
}

/** The turn work done in this thread, handed over when `finish` is called (or at once); the specs asked for. */
function winSource(opts: { hold?: boolean; fail?: string } = {}) {
  const asked: WinTurnSpec[] = [];
  const pending: (() => void)[] = [];
  const source: StrategySource = {
    cached: () => table,
    load: async () => table,
    winTurn: (t: StrategyTable, spec: WinTurnSpec) => {
      asked.push(spec);
      return new Promise<WinAnswer>((resolve, reject) => {
        const answer = () => {
          if (opts.fail) return reject(new Error(opts.fail));
          const { solver, turn } = solverFromReply(t.tables, winTurnWork(t, spec));
          resolve({ key: spec.key, decide: (p) => winDecision(solver, getRuleSet(spec.rules), p.card, p.dice, p.rollsLeft, turn) });
        };
        if (opts.hold) pending.push(answer);
        else answer();
      });
    },
  };
  return { source, asked, finish: () => pending.splice(0).forEach((f) => f()) };
}

const mountGame = (source: StrategySource, delayMs = 0) => mount(<App options={playOptions()} seed={7} size={SIZE} start={game()} computerMove={computerChoice} strategy={source} computerDelayMs={delayMs} />);

describe('a win computer seat on screen', () => {
  it("its next turn's worker is readied while the seat before it plays (once), and the turn then asks for its work", async () => {
    const w = winSource();
    const warmed: string[] = [];
    const m = start({ players: 2, names: ['ANN', 'CPU'], computers: 1, strength: 'win', match: { kind: 'single' } }, { computerPlays: true });
    const app = await mount(
      <App options={playOptions()} seed={7} size={SIZE} start={lateGame(m, OPEN)} computerMove={computerChoice} strategy={{ ...w.source, winWarm: () => void warmed.push('warm') }} computerDelayMs={0} />,
    );
    await vi.waitFor(() => expect(warmed).toEqual(['warm']), { timeout: 5000 });
    expect(w.asked).toEqual([]);
    await app.type('i', KEYS.enter);
    await vi.waitFor(() => expect(w.asked.map((s) => s.seat)).toEqual([1]), { timeout: 5000 });
  });

  it('its turn work is asked for once per turn; while it is under way the screen says it is thinking; then it plays', async () => {
    const w = winSource({ hold: true });
    const app = await mountGame(w.source);
    await vi.waitFor(() => expect(app.lastFrame()).toContain('CPU is thinking: working out its best chance to win…'), { timeout: 5000 });
    expect(w.asked.map((s) => s.seat)).toEqual([0]);
    expect(w.asked[0].goal).toEqual({ kind: 'game' });
    w.finish();
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
    expect(app.lastFrame()).toMatch(/CPU scored \d+ in/);
    expect(w.asked).toHaveLength(1);
  });

  it('its turn work failing: it plays mean-optimally, and the screen says so once', async () => {
    const w = winSource({ fail: 'the worker stopped' });
    const app = await mountGame(w.source);
    await vi.waitFor(() => expect(app.frames.join('\n')).toContain('CPU plays for its average: the worker stopped'), { timeout: 5000 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
  });

  it('with no turn work at hand (a source without winTurn): mean-optimal, said once', async () => {
    const app = await mountGame({ cached: () => table, load: async () => table }, 200);
    await vi.waitFor(() => expect(app.frames.join('\n')).toContain('CPU plays for its average: no solver to work it out'), { timeout: 5000 });
    await vi.waitFor(() => expect(app.lastFrame()).toContain("ANN's turn"), { timeout: 5000 });
  });
});
