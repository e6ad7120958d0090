// `npm run bench`: the game's speed and memory figures beside their goals (issue 6). Run on a quiet machine.
//   BENCH_RUNS=N (default 10) sets the runs per startup median; BENCH_GAMES=N (default 2000) the simulated games.
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchGame } from './game.js';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const games = Number(process.env.BENCH_GAMES ?? 2000);
console.log(`yahtzee benchmarks: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
console.log('');
for (const l of await benchGame(runs)) console.log(l);
console.log('');
console.log('(d) and (e) the solver: table time per rule set, simulated games per second, peak memory while solving');
const solver = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./solver.ts', import.meta.url)), '--games', String(games)], { stdio: 'inherit' });
console.log('  goals: a whole table in under 10 s on 2 cores; warm load well under 1 s');
console.log('');
const win = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./winSeat.ts', import.meta.url))], { stdio: 'inherit' });
console.log('');
const live = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./liveChances.ts', import.meta.url))], { stdio: 'inherit' });
console.log('');
const table = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./table.ts', import.meta.url))], { stdio: 'inherit' });
process.exitCode = [solver.status, win.status, live.status, table.status].find((s) => s !== 0) ?? 0;
