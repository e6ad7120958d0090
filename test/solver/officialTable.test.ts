import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviseCommand } from '../../src/commands/advise.js';
import { solveCommand } from '../../src/commands/solve.js';
import { EMPTY_CARD, getRuleSet, newGame, reduce, seedRng, type GameState } from '../../src/engine/index.js';
import { actionsFor, chooseMove, loadOrSolveReport, positionOf, rankOptions, simulateParallel, turnStartValue, type StrategyTable } from '../../src/solver/index.js';
import { SOLVER_VERSION } from '../../src/solver/strategy/cache.js';
import { dice, tempDir } from './helpers.js';

// The whole official table, computed once for this file into an empty temporary cache (a few seconds).
const BIN = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));
const env = { XDG_CACHE_HOME: tempDir('official') };
const official = getRuleSet('official');
let table: StrategyTable;
let solveJson: string;

afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

beforeAll(async () => {
  solveJson = await solveCommand({ rules: 'official', json: true }, (rules) => loadOrSolveReport(rules, { env }));
  table = (await loadOrSolveReport('official', { env })).table;
});

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NO_COLOR: '1' };
  delete childEnv.YAHTZEE_HOME;
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', env: childEnv }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

describe('the whole official table', () => {
  it('yahtzee solve --rules official --json: a fresh game is worth 254.5877', () => {
    const out = JSON.parse(solveJson);
    expect(Object.keys(out)).toEqual(['rules', 'expectedScore', 'seconds']);
    expect(out.rules).toBe('official');
    expect(out.expectedScore.toFixed(4)).toBe('254.5877');
    expect(out.seconds).toBeGreaterThan(0);
  });

  it('holds the numbers of SOLVER_VERSION: a solver that changes them must bump it, or old cache files are trusted', () => {
    const bytes = new Uint8Array(table.values.buffer, table.values.byteOffset, table.values.byteLength);
    const numbers = createHash('sha256').update(bytes).digest('hex');
    // On a change here: a new SOLVER_VERSION (the cache files of the old one are then computed again), and its hash.
    expect({ version: SOLVER_VERSION, numbers }).toEqual({ version: 1, numbers: '369c2a178a95941f34cb5a2aa5cb0e213621990d70c106f071af40b4dda389db' });
  });

  it('the built CLI loads the cached table and gives the same value', async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)))) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
    const r = await cli('solve', '--rules', 'official', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).expectedScore).toBe(turnStartValue(table, EMPTY_CARD));
    const text = await cli('solve');
    expect(text.stdout).toMatch(/official rules: a fresh game is worth 254\.5877 points with optimal play\n\(table loaded from .*strategy-official\.bin in /);
  });

  it('on a fresh card a final roll of 6-6-6-6-1 prefers Sixes (24) to Four of a kind (25)', () => {
    const options = rankOptions(table, official, EMPTY_CARD, dice('66661'), 0);
    const rank = (box: string) => options.findIndex((o) => o.kind === 'score' && o.box === box);
    expect(options[0]).toMatchObject({ kind: 'score', box: 'sixes', points: 24 });
    expect(rank('sixes')).toBeLessThan(rank('fourOfAKind'));
  });

  it("an optimal computer's every choice in a seeded game is the top option of yahtzee advise", async () => {
    let state: GameState = newGame({ players: [{ name: 'CPU', kind: 'computer', strength: 'optimal' }], rules: 'official', seed: 2024 });
    let rng = seedRng(1);
    let positions = 0;
    while (state.phase !== 'gameOver') {
      const p = positionOf(state);
      const move = chooseMove(table, 'optimal', p, rng);
      rng = move.rng;
      const card = Object.entries(p.card.boxes).map(([box, pts]) => `${box}=${pts}`).join(',');
      const advice = JSON.parse(await adviseCommand({ card, dice: p.dice.join(','), rollsLeft: String(p.rollsLeft), json: true }, async () => table));
      const top = advice.options[0];
      expect(top.kind).toBe(move.decision.kind);
      if (move.decision.kind === 'keep') expect(top.keep).toEqual(move.decision.keep);
      else expect(top.box).toBe(move.decision.box);
      for (const action of actionsFor(state, move.decision)) {
        const r = reduce(state, action);
        expect(r.ok).toBe(true);
        state = r.state;
      }
      positions++;
    }
    expect(positions).toBeGreaterThanOrEqual(13);
  });

  it('300 simulated games on two threads average 254.5877 within 4 standard errors', async () => {
    const s = await simulateParallel({ rules: 'official', strategy: 'optimal', games: 300, seed: 3, table, threads: 2 });
    expect(Math.abs(s.mean - turnStartValue(table, EMPTY_CARD))).toBeLessThan(4 * s.standardError);
  });
});
