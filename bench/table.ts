// `yahtzee host` (issue 26): with 4 players and 4 watchers connected over loopback (ssh2 clients, 80x24 ptys), the
// time from a key of the player whose turn it is (a die marked and unmarked, over and over) to the update reaching
// every one of the 8 connections (its first bytes), p99 against the goal of 30 ms; and the host process's memory
// (resident set) at the end, against 200 MB. Runs the built bundle (npm run build first). Run on a quiet machine.
//   npx tsx bench/table.ts [--keys N]      (N keys timed, default 200)
import pty from '@lydell/node-pty';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ClientChannel } from 'ssh2';
import { line, median, quantile } from './stats.js';

const i = process.argv.indexOf('--keys');
const keys = i >= 0 ? Number(process.argv[i + 1]) : 200;
const CODE = 'bench-code';
const home = mkdtempSync(join(tmpdir(), 'yahtzee-bench-table-'));
const bin = fileURLToPath(new URL('../bin/yahtzee.js', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const host = pty.spawn(process.execPath, [bin, 'host', '--port', '0', '--code', CODE, '--players', '4', '--no-seat', '--seed', '1', '--no-animation'], {
  name: 'xterm-256color',
  cols: 80,
  rows: 24,
  env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION')), YAHTZEE_HOME: home, LANG: 'C.UTF-8' },
});
let hostOut = '';
host.onData((d) => (hostOut += d));
while (!/port (\d+)/.test(hostOut)) await sleep(20);
const port = Number(/port (\d+)/.exec(hostOut)?.[1]);

interface Screen {
  channel: ClientChannel;
  /** When this connection last received bytes. */
  last: number;
}

async function connect(name: string): Promise<Screen> {
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', resolve).once('error', reject);
    client.connect({ host: '127.0.0.1', port, username: name, password: CODE });
  });
  const channel = await new Promise<ClientChannel>((resolve, reject) => client.shell({ cols: 80, rows: 24, term: 'xterm-256color' }, (e, ch) => (e ? reject(e) : resolve(ch))));
  const screen: Screen = { channel, last: 0 };
  channel.on('data', () => (screen.last = performance.now()));
  return screen;
}

// One after the other: the seats go in the order of joining, and ann, the first, plays first.
const players: Screen[] = [];
for (const name of ['ann', 'bob', 'cid', 'dot']) players.push(await connect(name));
const watchers = await Promise.all(['w1', 'w2', 'w3', 'w4'].map(connect));
const all = [...players, ...watchers];
// The game drawn on every screen, and nothing more coming.
await sleep(2000);

const times: number[] = [];
for (let k = 0; k < keys; k++) {
  const sent = performance.now();
  players[0].channel.write('1');
  while (all.some((s) => s.last < sent)) {
    if (performance.now() - sent > 5000) throw new Error(`key ${k}: a screen had no update after 5 s`);
    await new Promise((r) => setImmediate(r));
  }
  times.push(Math.max(...all.map((s) => s.last)) - sent);
  // Past Ink's frame interval, so that each key is its own frame.
  await sleep(20);
}
const status = readFileSync(`/proc/${host.pid}/status`, 'utf8');
const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
const hwmMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;

console.log(`yahtzee host over loopback: 4 players and 4 watchers, ${keys} keys`);
console.log(line('a key to all 8 screens, median', `${median(times).toFixed(1)} ms`, ''));
const p99 = quantile(times, 0.99);
console.log(line('a key to all 8 screens, p99', `${p99.toFixed(1)} ms`, 'under 30 ms', p99 < 30));
console.log(line('host process memory (resident; peak)', `${rssMb.toFixed(0)} MB; ${hwmMb.toFixed(0)} MB`, 'under 200 MB', hwmMb < 200));
host.kill();
for (const s of all) s.channel.close();
rmSync(home, { recursive: true, force: true });
process.exit(0);
