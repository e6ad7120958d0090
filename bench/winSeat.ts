// The win computer strength's figures (issue 15): the time of a win seat's turn work by open boxes (in the
// chances' child process, as the game runs it: started at the turn, its start included; and readied ahead of the turn,
// from handing it the turn), and the time of each choice once that work is done (winDecision for every roll of the turn, with
// 2, 1 and 0 rolls left). Late cards come from mean-optimal games with their last boxes taken off again. Runs the
// bundled dist/solver.js and its child process in a fresh node, so "npm run build" first. Run on a quiet machine.
//   npx tsx bench/winSeat.ts [--cards N]      (N cards per number of open boxes, default 6)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/solver.js', import.meta.url));
if (!existsSync(DIST)) {
  console.error('bench/winSeat.ts: dist/solver.js is missing: run "npm run build" first');
  process.exit(1);
}
const i = process.argv.indexOf('--cards');
const cards = i >= 0 ? Number(process.argv[i + 1]) : 6;
const code = `const solver = await import(${JSON.stringify(pathToFileURL(DIST).href)});
const table = await solver.loadOrSolve('official');
const ids = table.tables.boxIds;
const rolls = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) for (let c = b; c <= 6; c++) for (let d = c; d <= 6; d++) for (let e = d; e <= 6; e++) rolls.push([a, b, c, d, e]);
/** A late card: game seed's final card (mean-optimal play) with open boxes taken off again, picked by the seed. */
function late(seed, open) {
  const g = solver.playGame('official', 'optimal', table, seed);
  const boxes = { ...g.cards[0].boxes };
  const order = [...ids].sort((x, y) => ((x.length * 7 + seed * 13 + x.charCodeAt(0)) % 11) - ((y.length * 7 + seed * 13 + y.charCodeAt(0)) % 11));
  for (const id of order.slice(0, open)) delete boxes[id];
  return { boxes, yahtzeeBonuses: g.cards[0].yahtzeeBonuses };
}
const out = [];
for (const open of [1, 2, 3, 4, 5]) {
  const turns = [];
  const choices = [];
  for (let n = 0; n < ${cards}; n++) {
    const me = late(1000 + n, open);
    const other = late(2000 + n, open);
    const spec = { key: 'bench', rules: 'official', seat: 1, cards: [other, me], goal: { kind: 'game' } };
    const t0 = performance.now();
    const thread = new solver.ChancesClient();
    const reply = await thread.win(table, spec);
    const cold = performance.now() - t0;
    thread.warm();
    await new Promise((r) => setTimeout(r, 400));
    const t2 = performance.now();
    await thread.win(table, spec);
    await thread.close();
    turns.push({ wall: cold, warm: performance.now() - t2, dist: reply.ms.distributions, solve: reply.ms.solve });
    const t1 = performance.now();
    const decide = solver.winChooser(table, reply);
    const build = performance.now() - t1;
    let first = true;
    for (const dice of rolls) for (const rollsLeft of [2, 1, 0]) {
      const a = performance.now();
      decide({ card: me, dice, rollsLeft });
      choices.push(performance.now() - a + (first ? build : 0));
      first = false;
    }
  }
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const med = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
  out.push({ open, wallMedian: med(turns.map((t) => t.wall)), wallMax: Math.max(...turns.map((t) => t.wall)), warmMedian: med(turns.map((t) => t.warm)), warmMax: Math.max(...turns.map((t) => t.warm)), distMedian: med(turns.map((t) => t.dist)), solveMedian: med(turns.map((t) => t.solve)), choiceMedian: med(choices), choiceMax: Math.max(...choices) });
}
console.log(JSON.stringify({ out, rss: process.resourceUsage().maxRSS / 1024 }));`;
const cache = mkdtempSync(join(tmpdir(), 'yahtzee-bench-win-'));
try {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cache, NODE_ENV: 'production' };
  delete env.YAHTZEE_HOME;
  const text = execFileSync(process.execPath, ['--input-type=module', '-e', code], { env, encoding: 'utf8' });
  const r = JSON.parse(text.trim().split('\n').at(-1)!) as {
    out: { open: number; wallMedian: number; wallMax: number; warmMedian: number; warmMax: number; distMedian: number; solveMedian: number; choiceMedian: number; choiceMax: number }[];
    rss: number;
  };
  console.log(`win strength (issue 15), official rules, two seats, ${cards} late cards per row, node ${process.version}, ${cpus().length} cores:`);
  console.log('  open  turn work: process started at the turn / ahead of it (median / max)  of it: distributions, win solve  a choice (median / max)');
  for (const o of r.out) {
    console.log(
      `  ${String(o.open).padStart(4)}  ${o.wallMedian.toFixed(0).padStart(5)} / ${o.wallMax.toFixed(0).padStart(5)} ms, ${o.warmMedian.toFixed(0).padStart(5)} / ${o.warmMax.toFixed(0).padStart(5)} ms                       ${o.distMedian.toFixed(0).padStart(6)} ms, ${o.solveMedian.toFixed(0).padStart(6)} ms   ${o.choiceMedian.toFixed(3).padStart(7)} / ${o.choiceMax.toFixed(1).padStart(5)} ms`,
    );
  }
  const worst = Math.max(...r.out.filter((o) => o.open <= 3).map((o) => o.choiceMax));
  console.log(`  goal: a choice under 300 ms once the turn's work is done (exact for up to 3 open boxes): worst ${worst.toFixed(1)} ms ${worst < 300 ? 'met' : 'NOT met'}; peak RSS ${r.rss.toFixed(0)} MiB`);
} finally {
  rmSync(cache, { recursive: true, force: true });
}
