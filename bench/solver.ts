// The solver's figures: each rule set's table cold (computed) and warm (loaded from the cache), simulated games per
// second and each computer strength's mean, and peak memory. Each measurement runs in a fresh `node` process that
// imports the bundled dist/solver.js (the code the installed game runs), so "npm run build" first. Run on a quiet machine.
//   npx tsx bench/solver.ts [--games N]      (N simulated games per strength, default 4000)
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
  source: string;
  threads: number;
  value: number;
  rss: number;
}

if (!existsSync(DIST)) {
  console.error('bench/solver.ts: dist/solver.js is missing: run "npm run build" first');
  process.exit(1);
}
const games = gamesArg();
const cache = mkdtempSync(join(tmpdir(), 'yahtzee-bench-solver-'));
console.log(`solver benchmarks: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
console.log('');
console.log('rule set     fresh game  cold solve  threads  peak RSS   warm load  peak RSS');
try {
  for (const rules of RULES) {
    const code = `const r = await solver.loadOrSolveReport(${JSON.stringify(rules)});
const value = solver.turnStartValue(r.table, { boxes: {}, yahtzeeBonuses: 0 });
console.log(JSON.stringify({ seconds: r.seconds, source: r.source, threads: r.threads ?? 0, value, rss: peak() }));`;
    const cold = child<SolveFigures>(code, cache);
    const warm = child<SolveFigures>(code, cache);
    if (cold.source !== 'computed' || warm.source !== 'cache') throw new Error(`${rules}: expected a computed then a cached table, got ${cold.source}, ${warm.source}`);
    console.log(
      `${rules.padEnd(11)}  ${cold.value.toFixed(4).padStart(10)}  ${cold.seconds.toFixed(2).padStart(8)} s  ${String(cold.threads).padStart(7)}  ${cold.rss.toFixed(0).padStart(5)} MiB  ${warm.seconds.toFixed(3).padStart(7)} s  ${warm.rss.toFixed(0).padStart(5)} MiB`,
    );
  }
  console.log('');
  console.log('score distributions (issue 15), official rules, strategy table cached:');
  const distCode = `const r = await solver.loadDistributions('official');
const s = solver.summarizeDistribution(r.distributions.fresh);
console.log(JSON.stringify({ seconds: r.seconds, source: r.source, sd: s.sd, rss: peak() }));`;
  const coldDist = child<{ seconds: number; source: string; sd: number; rss: number }>(distCode, cache);
  const warmDist = child<{ seconds: number; source: string; sd: number; rss: number }>(distCode, cache);
  if (coldDist.source !== 'computed' || warmDist.source !== 'cache') throw new Error(`distributions: expected computed then cached, got ${coldDist.source}, ${warmDist.source}`);
  console.log(`  distribution pass, cold, ${cpus().length} threads: ${coldDist.seconds.toFixed(2)} s, peak RSS ${coldDist.rss.toFixed(0)} MiB (goal: under 10 s on 2 threads); sd ${coldDist.sd.toFixed(2)}`);
  console.log(`  distribution table, warm load: ${warmDist.seconds.toFixed(3)} s, peak RSS ${warmDist.rss.toFixed(0)} MiB`);
  // Two-player odds at the start of each turn: the slowest of a few cards per turn, both tables loaded first.
  const oddsCode = `const r = await solver.loadDistributions('official');
const ids = ['aces','twos','threes','fours','fives','sixes','threeOfAKind','fourOfAKind','fullHouse','smallStraight','largeStraight','yahtzee','chance'];
const orders = [ids, [...ids].reverse(), ['yahtzee','chance','threeOfAKind','fourOfAKind','fullHouse','smallStraight','largeStraight','aces','twos','threes','fours','fives','sixes']];
const out = [];
for (let filled = 0; filled < 13; filled++) {
  let worst = 0;
  for (const order of orders) {
    const boxes = {};
    order.slice(0, filled).forEach((id) => (boxes[id] = 0));
    const card = { boxes, yahtzeeBonuses: 0 };
    const t0 = performance.now();
    solver.winChances([solver.finalDistribution(r.table, r.distributions, card), solver.finalDistribution(r.table, r.distributions, card)]);
    worst = Math.max(worst, (performance.now() - t0) / 1000);
  }
  out.push(worst);
}
console.log(JSON.stringify({ out, rss: peak() }));`;
  const odds = child<{ out: number[]; rss: number }>(oddsCode, cache);
  console.log('  two-player odds at the start of turn N, tables loaded (slowest of 3 cards; goal: under 1 s):');
  console.log(`  ${odds.out.map((s, i) => `${i + 1}: ${s.toFixed(2)} s`).join(', ')}; peak RSS ${odds.rss.toFixed(0)} MiB`);
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
} finally {
  rmSync(cache, { recursive: true, force: true });
}
