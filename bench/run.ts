// `npm run bench`: the game's speed and memory figures beside their goals (issue 6). Run on a quiet machine.
import { cpus, totalmem } from 'node:os';
import { benchGame } from './game.js';

const runs = Number(process.env.BENCH_RUNS ?? 10);
console.log(`yahtzee benchmarks: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
for (const l of await benchGame(runs)) console.log(l);
