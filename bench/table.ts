// `yahtzee host` (issue 26): with 4 players and 4 watchers connected over loopback (OpenSSH clients in 80x24
// pseudo-terminals, as friends would join), the time from a key of the player whose turn it is (a die marked and
// unmarked, over and over) to the update reaching every one of the 8 terminals (its first bytes), p99 against the goal
// of 30 ms; and the host process's memory (resident set) at the end, against 200 MB. Also the same with every guest's
// terminal a size of its own, so that no two screens share a frame. Runs the built bundle (npm run build first) and
// needs OpenSSH's ssh. Run on a quiet machine.
//   npx tsx bench/table.ts [--keys N]      (N keys timed, default 200)
import pty from '@lydell/node-pty';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { line, median, quantile } from './stats.js';

const i = process.argv.indexOf('--keys');
const keys = i >= 0 ? Number(process.argv[i + 1]) : 200;
const CODE = 'bench-code';
const home = mkdtempSync(join(tmpdir(), 'yahtzee-bench-table-'));
const bin = fileURLToPath(new URL('../bin/yahtzee.js', import.meta.url));
const FIRST = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION')), YAHTZEE_HOME: home, LANG: 'C.UTF-8' };
// OpenSSH asks for the join code through this program (SSH_ASKPASS), so no package such as sshpass is needed.
const askpass = join(home, 'askpass.sh');
writeFileSync(askpass, `#!/bin/sh\necho ${CODE}\n`);
chmodSync(askpass, 0o755);

interface Screen {
  readonly term: pty.IPty;
  /** When this terminal last received bytes. */
  last: number;
  seen: string;
}

/**
 * A table of 4 players and 4 watchers; `sizes`: each guest's terminal size. Returns the key times (the first 50 keys
 * apart, as the game's own keystroke figures keep them apart: the code they run is still being compiled) and the memory.
 */
async function table(sizes: readonly (readonly [number, number])[]): Promise<{ first: number[]; times: number[]; rssMb: number; hwmMb: number }> {
  // --new: the table before left its game saved in the same folder, and a host asks --resume or --new then.
  const host = pty.spawn(process.execPath, [bin, 'host', '--new', '--port', '0', '--code', CODE, '--players', '4', '--no-seat', '--seed', '1', '--no-animation'], {
    name: 'xterm-256color',
    cols: 80,
    rows: 24,
    env,
  });
  let hostOut = '';
  host.onData((d) => (hostOut += d));
  const opened = performance.now();
  while (!/port (\d+)/.test(hostOut)) {
    if (performance.now() - opened > 20_000) throw new Error(`the host did not open the table: ${JSON.stringify(hostOut.slice(-300))}`);
    await sleep(20);
  }
  const port = Number(/port (\d+)/.exec(hostOut)?.[1]);
  const connect = async (name: string, [cols, rows]: readonly [number, number]): Promise<Screen> => {
    const sshOptions = ['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-o', 'PubkeyAuthentication=no'];
    const term = pty.spawn('ssh', ['-t', ...sshOptions, '-p', String(port), `${name}@127.0.0.1`], {
      name: 'xterm-256color',
      cols,
      rows,
      env: { ...env, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: '' },
    });
    const screen: Screen = { term, last: 0, seen: '' };
    term.onData((d) => {
      screen.last = performance.now();
      if (screen.seen.length < 100_000) screen.seen += d;
    });
    const since = performance.now();
    while (!screen.seen.includes('YAHTZEE')) {
      if (performance.now() - since > 20_000) throw new Error(`${name} did not see the table: ${JSON.stringify(screen.seen.slice(-300))}`);
      await sleep(20);
    }
    return screen;
  };
  // One after the other: the seats go in the order of joining, and ann, the first, plays first.
  const all: Screen[] = [];
  for (const [k, name] of ['ann', 'bob', 'cid', 'dot', 'w1', 'w2', 'w3', 'w4'].entries()) all.push(await connect(name, sizes[k]));
  const ann = all[0];
  // The game drawn on every screen, and nothing more coming.
  await sleep(2000);

  const times: number[] = [];
  for (let k = 0; k < FIRST + keys; k++) {
    const sent = performance.now();
    ann.term.write('1');
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
  for (const s of all) s.term.kill();
  host.kill();
  await sleep(500);
  return { first: times.slice(0, FIRST), times: times.slice(FIRST), rssMb, hwmMb };
}

const same = await table(Array.from({ length: 8 }, () => [80, 24] as const));
console.log(`yahtzee host over loopback: 4 players and 4 watchers (OpenSSH in 80x24 terminals), ${keys} keys after ${FIRST}`);
console.log(line(`the first ${FIRST} keys, p99`, `${quantile(same.first, 0.99).toFixed(1)} ms`, ''));
console.log(line('a key to all 8 screens, median', `${median(same.times).toFixed(1)} ms`, ''));
const p99 = quantile(same.times, 0.99);
console.log(line('a key to all 8 screens, p99', `${p99.toFixed(1)} ms`, 'under 30 ms', p99 < 30));
console.log(line('host process memory (resident; peak)', `${same.rssMb.toFixed(0)} MB; ${same.hwmMb.toFixed(0)} MB`, 'under 200 MB', same.hwmMb < 200));
const mixed = await table(Array.from({ length: 8 }, (_, k) => [80 + k, 24 + k] as const));
console.log(`the same with 8 terminal sizes (8 frames drawn for each key, no two screens alike)`);
console.log(line(`the first ${FIRST} keys, p99`, `${quantile(mixed.first, 0.99).toFixed(1)} ms`, ''));
console.log(line('a key to all 8 screens, median', `${median(mixed.times).toFixed(1)} ms`, ''));
console.log(line('a key to all 8 screens, p99', `${quantile(mixed.times, 0.99).toFixed(1)} ms`, ''));
console.log(line('host process memory (resident; peak)', `${mixed.rssMb.toFixed(0)} MB; ${mixed.hwmMb.toFixed(0)} MB`, 'under 200 MB', mixed.hwmMb < 200));
rmSync(home, { recursive: true, force: true });
process.exit(0);
