// The solver's figures: each rule set's table cold (computed) and warm (loaded from the cache), simulated games per
// second and each computer strength's mean, and peak memory. Each measurement runs in a fresh `node` process that
// imports the bundled dist/solver.js (the code the installed game runs), so "npm run build" first. Run on a quiet machine.
//   npx tsx bench/solver.ts [--games N]      (N simulated games per strength, default 4000)
//   npx tsx bench/solver.ts --distributions  (only issue 15's distribution and odds figures)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/solver.js', import.meta.url));
const RULES = ['official', 'free-joker', 'spectrum', 'brazilian'] as const;

/** Runs `code` (an ES module body with `solver` imported from dist) in a fresh node; returns the JSON it prints. */
function child<T>(code: string, cacheHome: string): T {
  const body = `const solver = await import(${JSON.stringify(pathToFileURL(DIST).href)});\nconst peak = () => process.resourceUsage().maxRSS / 1024;\n${code}`;
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cacheHome, NODE_ENV: 'production' };
  delete env.YAHTZEE_HOME;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', body], { env, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

/** The games per strength, from --games N. */
function gamesArg(): number {
  const i = process.argv.indexOf('--games');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 4000;
  if (!Number.isInteger(n) || n < 1) throw new Error('--games takes a whole number');
  return n;
}

interface SolveFigures {
  seconds: number;
  /** CPU time of all the process's threads while the table was loaded or computed. */
  cpu: number;
  source: string;
  threads: number;
  value: number;
  rss: number;
}

/**
 * Issue 15's figures, official rules, the strategy table cached: the distribution pass cold (CPU time of all the
 * process's threads as well as wall time, since the machine may be shared), the warm load and the memory the table
 * takes once loaded, and two-player odds at the start of each turn with the memory an odds query at turn 5 adds.
 */
function benchDistributions(cache: string): void {
  console.log('score distributions (issue 15), official rules, strategy table cached:');
  const distCode = `await solver.loadOrSolve('official');
const rss0 = process.memoryUsage().rss;
const c0 = process.cpuUsage();
const r = await solver.loadDistributions('official');
const c = process.cpuUsage(c0);
const s = solver.summarizeDistribution(r.distributions.fresh);
console.log(JSON.stringify({ seconds: r.seconds, cpu: (c.user + c.system) / 1e6, threads: solver.defaultThreads(), source: r.source, mean: s.mean, sd: s.sd, delta: (process.memoryUsage().rss - rss0) / 2 ** 20, rss: peak() }));`;
  type Dist = { seconds: number; cpu: number; threads: number; source: string; mean: number; sd: number; delta: number; rss: number };
  const coldDist = child<Dist>(distCode, cache);
  const warmDist = child<Dist>(distCode, cache);
  if (coldDist.source !== 'computed' || warmDist.source !== 'cache') throw new Error(`distributions: expected computed then cached, got ${coldDist.source}, ${warmDist.source}`);
  console.log(`  distribution pass, cold, ${coldDist.threads} threads: ${coldDist.seconds.toFixed(2)} s wall, ${coldDist.cpu.toFixed(2)} s CPU (all threads), peak RSS ${coldDist.rss.toFixed(0)} MiB (goal: under 10 s on 2 threads); mean ${coldDist.mean.toFixed(4)}, sd ${coldDist.sd.toFixed(2)}`);
  console.log(`  distribution table, warm load: ${warmDist.seconds.toFixed(3)} s, the process's RSS ${warmDist.delta.toFixed(0)} MiB more once it is loaded, peak RSS ${warmDist.rss.toFixed(0)} MiB`);
  // Two-player odds at the start of each turn: two different cards with the same number of boxes filled (in
  // different orders), the slowest of three such pairs, both tables loaded first.
  const oddsCode = `const os = await import('node:os');
const r = await solver.loadDistributions('official');
const ids = ['aces','twos','threes','fours','fives','sixes','threeOfAKind','fourOfAKind','fullHouse','smallStraight','largeStraight','yahtzee','chance'];
const orders = [ids, [...ids].reverse(), ['yahtzee','chance','threeOfAKind','fourOfAKind','fullHouse','smallStraight','largeStraight','aces','twos','threes','fours','fives','sixes'], ['sixes','fullHouse','aces','chance','fours','smallStraight','twos','yahtzee','threes','largeStraight','fives','threeOfAKind','fourOfAKind']];
// Two of the face in an upper box, 50 in Yahtzee, 0 elsewhere.
const points = { aces: 2, twos: 4, threes: 6, fours: 8, fives: 10, sixes: 12, yahtzee: 50 };
const cardOf = (order, filled) => { const boxes = {}; order.slice(0, filled).forEach((id) => (boxes[id] = points[id] ?? 0)); return { boxes, yahtzeeBonuses: 0 }; };
const out = [];
let turn5 = 0;
for (let filled = 0; filled < 13; filled++) {
  let worst = 0;
  let worstCpu = 0;
  for (let k = 0; k < 3; k++) {
    const cards = [cardOf(orders[k], filled), cardOf(orders[k + 1], filled)];
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    solver.winChances(cards.map((card) => solver.finalDistribution(r.table, r.distributions, card)));
    const c = process.cpuUsage(c0);
    worst = Math.max(worst, (performance.now() - t0) / 1000);
    worstCpu = Math.max(worstCpu, (c.user + c.system) / 1e6);
    if (filled === 4) turn5 = Math.max(turn5, (process.memoryUsage().rss - rss0) / 2 ** 20);
  }
  out.push([worst, worstCpu]);
}
// The same with finalDistributions (one pass over the late cards' states, its masks shared with worker threads):
// 2 cards (the slowest of the three pairs) and 4 cards (the four orders), wall and CPU of all threads.
const timed = async (cards, threads) => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  solver.winChances(await solver.finalDistributions(r.table, r.distributions, cards, { threads }));
  const c = process.cpuUsage(c0);
  return [(performance.now() - t0) / 1000, (c.user + c.system) / 1e6];
};
const load = os.loadavg()[0];
const runs = { two: [], twoForced: [], four: [], fourForced: [] };
for (let filled = 0; filled < 13; filled++) {
  for (const threads of [undefined, 2]) {
    let worst = [0, 0];
    for (let k = 0; k < 3; k++) {
      const [w, c] = await timed([cardOf(orders[k], filled), cardOf(orders[k + 1], filled)], threads);
      worst = [Math.max(worst[0], w), Math.max(worst[1], c)];
    }
    runs[threads ? 'twoForced' : 'two'].push(worst);
    runs[threads ? 'fourForced' : 'four'].push(await timed(orders.map((o) => cardOf(o, filled)), threads));
  }
}
console.log(JSON.stringify({ out, ...runs, load, turn5, rss: peak() }));`;
  type Figures = [number, number][];
  const odds = child<{ out: Figures; two: Figures; twoForced: Figures; four: Figures; fourForced: Figures; load: number; turn5: number; rss: number }>(oddsCode, cache);
  const line = (figures: [number, number][]) => `  ${figures.map(([w, c], i) => `${i + 1}: ${w.toFixed(2)}/${c.toFixed(2)} s`).join(', ')}`;
  console.log('  two-player odds at the start of turn N, tables loaded, wall / CPU (slowest of 3 pairs of cards; goal: under 1 s):');
  console.log('  one card after the other (finalDistribution, as before):');
  console.log(line(odds.out));
  console.log(`  the cards together (finalDistributions: one pass over the late cards' states, its masks shared with a worker per idle core; load average ${odds.load.toFixed(1)}), 2 cards:`);
  console.log(line(odds.two));
  console.log('  2 cards, a worker whatever the load (threads: 2):');
  console.log(line(odds.twoForced));
  console.log('  4 cards (four-player odds; goal: under 1 s):');
  console.log(line(odds.four));
  console.log('  4 cards, threads: 2:');
  console.log(line(odds.fourForced));
  console.log(`  an odds query at turn 5 added up to ${odds.turn5.toFixed(0)} MiB to the RSS; peak RSS of the whole run ${odds.rss.toFixed(0)} MiB`);
}

if (!existsSync(DIST)) {
  console.error('bench/solver.ts: dist/solver.js is missing: run "npm run build" first');
  process.exit(1);
}
const games = gamesArg();
const onlyDistributions = process.argv.includes('--distributions');
const cache = mkdtempSync(join(tmpdir(), 'yahtzee-bench-solver-'));
console.log(`solver benchmarks: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
console.log('');
console.log('cold solve: wall time (CPU time of all the threads); goal (issue 15): official under 2 s on 2 threads');
console.log('rule set     fresh game  cold solve (CPU)     threads  peak RSS   warm load  peak RSS');
try {
  for (const rules of onlyDistributions ? [] : RULES) {
    const code = `const c0 = process.cpuUsage();
const r = await solver.loadOrSolveReport(${JSON.stringify(rules)});
const c = process.cpuUsage(c0);
const value = solver.turnStartValue(r.table, { boxes: {}, yahtzeeBonuses: 0 });
console.log(JSON.stringify({ seconds: r.seconds, cpu: (c.user + c.system) / 1e6, source: r.source, threads: r.threads ?? 0, value, rss: peak() }));`;
    const cold = child<SolveFigures>(code, cache);
    const warm = child<SolveFigures>(code, cache);
    if (cold.source !== 'computed' || warm.source !== 'cache') throw new Error(`${rules}: expected a computed then a cached table, got ${cold.source}, ${warm.source}`);
    console.log(
      `${rules.padEnd(11)}  ${cold.value.toFixed(4).padStart(10)}  ${cold.seconds.toFixed(2).padStart(8)} s (${cold.cpu.toFixed(2).padStart(5)} s)  ${String(cold.threads).padStart(7)}  ${cold.rss.toFixed(0).padStart(5)} MiB  ${warm.seconds.toFixed(3).padStart(7)} s  ${warm.rss.toFixed(0).padStart(5)} MiB`,
    );
  }
  console.log('');
  benchDistributions(cache);
  if (!onlyDistributions) {
    // The win strategy's exact solve at a turn's start, by open boxes: where the line for "exact" is drawn.
    const winCode = `const table = await solver.loadOrSolve('official');
  const all = { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 22, fourOfAKind: 0, fullHouse: 25, smallStraight: 30, largeStraight: 40, yahtzee: 0, chance: 21 };
  const order = ['chance', 'sixes', 'largeStraight', 'yahtzee', 'fours', 'fullHouse', 'twos'];
  const other = { boxes: { ...all }, yahtzeeBonuses: 0 };
  for (const b of ['chance', 'fullHouse', 'sixes']) delete other.boxes[b];
  const others = [solver.finalDistribution(table, undefined, other)];
  const out = [];
  for (let open = 1; open <= 6; open++) {
    const boxes = { ...all };
    for (const b of order.slice(0, open)) delete boxes[b];
    const card = { boxes, yahtzeeBonuses: 0 };
    const t0 = performance.now();
    const w = new solver.WinSolver(table.tables, others);
    w.value(solver.stateOfCard(table.tables, card), solver.cardPoints(table, card));
    out.push((performance.now() - t0) / 1000);
  }
  console.log(JSON.stringify({ out, rss: peak() }));`;
    const win = child<{ out: number[]; rss: number }>(winCode, cache);
    console.log('  the win strategy solved exactly at the start of a turn, by open boxes (goal: the turn\'s work in a worker; a choice after it under 300 ms):');
    console.log(`  ${win.out.map((s, i) => `${i + 1}: ${s.toFixed(2)} s`).join(', ')}; peak RSS ${win.rss.toFixed(0)} MiB`);
    console.log('');
    console.log(`official rules, ${games} one-player games per strength on every core (engine newGame/reduce):`);
    console.log('strength   mean     sd     std err  games/s  peak RSS');
    for (const strategy of ['optimal', 'strong', 'casual']) {
      const code = `const table = await solver.loadOrSolve('official');
  const start = performance.now();
  const s = await solver.simulateParallel({ rules: 'official', strategy: ${JSON.stringify(strategy)}, games: ${games}, seed: 2024, table });
  const seconds = (performance.now() - start) / 1000;
  console.log(JSON.stringify({ mean: s.mean, sd: s.sd, se: s.standardError, perSecond: ${games} / seconds, rss: peak() }));`;
      const r = child<{ mean: number; sd: number; se: number; perSecond: number; rss: number }>(code, cache);
      console.log(`${strategy.padEnd(9)}  ${r.mean.toFixed(2).padStart(6)}  ${r.sd.toFixed(2).padStart(5)}  ${r.se.toFixed(2).padStart(7)}  ${r.perSecond.toFixed(0).padStart(7)}  ${r.rss.toFixed(0).padStart(5)} MiB`);
    }
  }
} finally {
  rmSync(cache, { recursive: true, force: true });
}
