import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CARD } from '../../src/engine/index.js';
import { distributionPass, remainingDistribution } from '../../src/solver/distribution/distribution.js';
import { forgetDistributions, loadDistributions, type DistributionReport } from '../../src/solver/workers/distributionSolve.js';
import { DISTRIBUTION_VERSION, KEEP_LEVEL, encodeDistributions, keptDistribution, tableFromStore } from '../../src/solver/distribution/distributionTable.js';
import { winChances } from '../../src/solver/chances/winChances.js';
import { PERCENTILES, THRESHOLDS, summarizeDistribution } from '../../src/solver/distribution/scoreStats.js';
import { popcount, stateIndex, stateOfCard } from '../../src/solver/strategy/state.js';
import { turnStartValue } from '../../src/solver/index.js';
import { tempDir } from './helpers.js';

// The official distribution table, computed once for this file on two threads into an empty temporary cache
// (a minute or more on a busy machine).
const BIN = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));
const env = { XDG_CACHE_HOME: tempDir('distribution') };
let computed: DistributionReport;

afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

beforeAll(async () => {
  computed = await loadDistributions('official', { env, threads: 2 });
}, 600_000);

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NO_COLOR: '1' };
  delete childEnv.YAHTZEE_HOME;
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', env: childEnv, maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    }).stdin?.end();
  });
}

describe('the final score of a fresh official game under optimal play', () => {
  it('has the mean of the strategy table, 254.5877, and the standard deviation 59.61 (Glenn 2006)', () => {
    expect(computed.source).toBe('computed');
    const s = summarizeDistribution(computed.distributions.fresh);
    expect(s.mean.toFixed(4)).toBe('254.5877');
    expect(s.mean).toBeCloseTo(turnStartValue(computed.table, EMPTY_CARD), 5);
    expect(s.sd.toFixed(2)).toBe('59.61');
  });

  it('gives two fresh players 0.4966 each to win and 0.0068 to share the top', () => {
    const f = computed.distributions.fresh;
    const odds = winChances([f, f]);
    expect(odds.win.map((w) => w.toFixed(4))).toEqual(['0.4966', '0.4966']);
    expect(odds.tie.toFixed(4)).toBe('0.0068');
  });

  it('loses less than 1e-8 of its chance to the tails cut and the single precision of the later states', () => {
    const total = computed.distributions.fresh.p.reduce((a, b) => a + b, 0);
    expect(Math.abs(1 - total)).toBeLessThan(1e-8);
  });

  it('is read back from its cache file exactly as it was computed', async () => {
    forgetDistributions();
    const again = await loadDistributions('official', { env });
    expect(again.source).toBe('cache');
    expect(again.distributions.fresh).toEqual(computed.distributions.fresh);
    expect(again.distributions.kept.size).toBe(computed.distributions.kept.size);
    const card = { boxes: { yahtzee: 0, chance: 22, sixes: 18 }, yahtzeeBonuses: 0 };
    const s = stateIndex(computed.table.tables, stateOfCard(computed.table.tables, card));
    expect(keptDistribution(again.distributions, s)).toEqual(keptDistribution(computed.distributions, s));
  });

  it('keeps for a card with 3 boxes filled what a pass from that card alone computes', () => {
    const card = { boxes: { yahtzee: 0, sixes: 18, fives: 15 }, yahtzeeBonuses: 0 };
    const t = computed.table.tables;
    const state = stateOfCard(t, card);
    const kept = keptDistribution(computed.distributions, stateIndex(t, state))!;
    const direct = remainingDistribution(t, computed.table.values, state);
    expect(kept.lo).toBe(direct.lo);
    expect(kept.p.length).toBe(direct.p.length);
    for (let i = 0; i < kept.p.length; i++) expect(kept.p[i]).toBeCloseTo(direct.p[i], 7);
  }, 300_000);

  it('yahtzee solve --distribution --json (the built CLI, from the cache): the summary agrees with the listed chances', async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)))) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
    const r = await cli('solve', '--distribution', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['rules', 'expectedScore', 'sd', 'percentiles', 'atLeast', 'distribution', 'seconds']);
    const pairs: [number, number][] = out.distribution;
    // The percentiles and tail chances again, from the listed pairs alone.
    expect(pairs.every(([s, p], i) => p > 0 && Number.isInteger(s) && (i === 0 || s > pairs[i - 1][0]))).toBe(true);
    let mean = 0;
    for (const [s, p] of pairs) mean += s * p;
    expect(mean).toBeCloseTo(out.expectedScore, 4);
    for (const q of PERCENTILES) {
      let c = 0;
      const at = pairs.find(([, p]) => (c += p) >= q / 100 - 1e-12)![0];
      expect(out.percentiles[String(q)]).toBe(at);
    }
    for (const x of THRESHOLDS) {
      const tail = pairs.filter(([s]) => s >= x).reduce((a, [, p]) => a + p, 0);
      expect(Math.abs(out.atLeast[String(x)] - tail)).toBeLessThan(1e-3);
    }
    expect(out.percentiles['50']).toBe(248);
    const text = await cli('solve', '--distribution');
    expect(text.stdout).toMatch(/^official rules: final score of a fresh game under optimal play\n {2}mean 254\.5877, standard deviation 59\.61, from \d+ to \d+\n {2}percentiles 1 5 10 25 50 75 90 95 99: \d+ \d+ \d+/);
    expect(text.stdout).toMatch(/\(distributions loaded from .*distribution-official\.bin in /);
    // Every line but the one naming the cache file fits 80 columns.
    expect(text.stdout.split('\n').filter((l) => !l.includes('distribution-official.bin') && l.length > 80)).toEqual([]);
  });

  it('holds the numbers of DISTRIBUTION_VERSION: a pass that changes them must bump it, or old cache files are trusted', () => {
    const { tables: t } = computed.table;
    const numbers = createHash('sha256').update(encodeDistributions(t, computed.distributions)).digest('hex');
    // On a change here: a new DISTRIBUTION_VERSION (the old one's cache files are then computed again), and its hash.
    expect({ version: DISTRIBUTION_VERSION, numbers }).toEqual({ version: 1, numbers: '03f63677d07a91cc902ea30f2d180c90a429303e1e717409b024dcaab81c64f4' });
  });

  it('in one thread (each chunk written over once its readers are done) is the table two threads made, bit for bit, in under 3/4 of two levels\' memory', () => {
    const { tables: t, values } = computed.table;
    const store = distributionPass(t, values, KEEP_LEVEL);
    const here = tableFromStore(t, values, store);
    expect(encodeDistributions(t, here).equals(encodeDistributions(t, computed.distributions))).toBe(true);
    // The chances of each level, every distinct distribution once (states that can no longer earn the bonus share one).
    const per = t.upperSize * t.flagSize;
    const levels = Array.from({ length: t.boxCount + 1 }, () => new Map<string, number>());
    for (let s = 0; s < store.len.length; s++) {
      if (store.len[s] > 0 && store.chunkOf[s] >= 0) levels[popcount(Math.floor(s / per))].set(`${store.chunkOf[s]}:${store.offset[s]}`, store.len[s] * 4);
    }
    const bytes = levels.map((l) => [...l.values()].reduce((a, b) => a + b, 0));
    const twoLevels = Math.max(...bytes.slice(1).map((b, i) => b + bytes[i]));
    // Two whole levels of the official rules: 379 MiB; this pass's chunks, the kept levels with them: some 205 MiB.
    expect(store.allocatedBytes()).toBeGreaterThan(0);
    expect(store.allocatedBytes()).toBeLessThan(0.75 * twoLevels);
    store.release();
  }, 300_000);

  it('yahtzee odds --players 2 (the built CLI): 49.66% each, 0.68% shared', async () => {
    const r = await cli('odds', '--players', '2', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['rules', 'players', 'tie']);
    expect(out.players.map((p: { win: number }) => p.win.toFixed(4))).toEqual(['0.4966', '0.4966']);
    expect(out.tie.toFixed(4)).toBe('0.0068');
  });
});
