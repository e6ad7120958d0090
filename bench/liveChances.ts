// The live chances to win (issue 24): the time of the chances' work (chances/work.ts's chancesFor, which the game
// runs in the chances' process; timed here in this one) for a 4-seat game after a roll of the seat in turn, by boxes
// filled on its card: the first roll of the turn (the turn's end distributions made then) and each later roll (those
// held: one mix and the chances; goal under 300 ms on 2 cores). The other seats' distributions are given, as the game's client sends them back. Cards with at most 3
// boxes filled read the distribution table's cache file and are left out when it is not there. Run on a quiet machine.
//   npx tsx bench/liveChances.ts [--rolls N]      (N later rolls timed per card, default 20)
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Card, Dice } from '../src/engine/index.js';
import { chancesFor } from '../src/solver/chances/work.js';
import { cardKey } from '../src/solver/chances/messages.js';
import { distributionFile, finalDistribution } from '../src/solver/distribution/distributionTable.js';
import { loadOrSolve, playGame } from '../src/solver/index.js';

const i = process.argv.indexOf('--rolls');
const rolls = i >= 0 ? Number(process.argv[i + 1]) : 20;
const table = await loadOrSolve('official');
const ids = table.tables.boxIds;

/** Game seed's final card (mean-optimal play) with only `filled` boxes kept. */
function card(seed: number, filled: number): Card {
  const g = playGame('official', 'optimal', table, seed);
  const boxes = Object.fromEntries(ids.filter((_, k) => (k * 5 + seed) % ids.length < filled).map((id) => [id, g.cards[0].boxes[id]]));
  return { boxes, yahtzeeBonuses: 0 };
}

/** Some dice, from a seed. */
const diceOf = (n: number) => Array.from({ length: 5 }, (_, k) => 1 + (Math.floor((n * 7919) / 6 ** k) % 6)) as Dice;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`live chances to win, 4 seats, official rules: node ${process.version}, ${cpus().length} cores`);
const haveDistributions = existsSync(distributionFile('official'));
for (const filled of [0, 1, 2, 3, 4, 6, 8, 10, 12]) {
  if (filled <= 3 && !haveDistributions) {
    console.log(`  ${String(filled).padStart(2)} boxes filled: left out (no distribution table cached)`);
    continue;
  }
  const cards = [0, 1, 2, 3].map((s) => card(100 + s, filled));
  // The others' final distributions, as the client sends back from earlier answers.
  const known = cards.slice(1).flatMap((c) => (filled < 4 ? [] : [[cardKey('official', c), finalDistribution(table, undefined, c)] as const]));
  const ask = (n: number, rollsLeft: 0 | 1 | 2) => chancesFor('official', cards, () => undefined, table.values, known, { seat: 0, dice: diceOf(n), rollsLeft });
  let t = performance.now();
  await ask(0, 2);
  const first = performance.now() - t;
  const later: number[] = [];
  for (let n = 1; n <= rolls; n++) {
    t = performance.now();
    await ask(n, (n % 3) as 0 | 1 | 2);
    later.push(performance.now() - t);
  }
  console.log(`  ${String(filled).padStart(2)} boxes filled: first roll ${first.toFixed(0)} ms (the turn's distributions made), each later roll: median ${median(later).toFixed(1)} ms, most ${Math.max(...later).toFixed(1)} ms`);
}
console.log('  goal: each later roll under 300 ms on 2 cores');
