// `npm run bench:patches`: what the game's patches to Ink and Yoga gain (src/ink-overlay/UPGRADING.md). The bundle is
// built with every patch, with none (plain Ink), and with each one left out in turn; each build is timed for its first
// frame (wall-clock, and the CPU time the game used until then), its keystrokes once idle, and the CPU a burst of keys
// costs, in rounds that take the builds in turn (so that the machine's load falls on all of them alike). CPU times
// are the figures least disturbed by other work on the machine. BENCH_ROUNDS=N (default 3) sets the rounds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATCH_IDS } from '../src/ink-overlay/patches.mjs';
import { TerminalSession } from '../test/e2e/terminal.js';
import { performance } from 'node:perf_hooks';
import { cpuMs, env, holdKey, idle, keyLatency, peakRssMiB, settle } from './game.js';
import { median, quantile } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STARTS = 5;
const KEYS = 100;
const BURST = 300;
const ARGS = ['--seed', '1', '--players', '1', '--no-animation', '--new'];
const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Variant {
  readonly name: string;
  /** The build switch's value: the patches left out. */
  readonly leftOut: string;
  readonly cli: string;
  readonly starts: number[];
  readonly startCpu: number[];
  readonly keys: number[];
  readonly burstCpu: number[];
  readonly rss: number[];
}

const dir = mkdtempSync(join(tmpdir(), 'yahtzee-bench-patches-'));
const variants: Variant[] = [
  { name: 'every patch', leftOut: '' },
  { name: 'no patch (plain Ink)', leftOut: 'all' },
  ...PATCH_IDS.map((id) => ({ name: `without ${id}`, leftOut: id })),
].map((v, i) => {
  const out = join(dir, String(i));
  execFileSync(process.execPath, ['scripts/build.mjs', out, `--no-patches=${v.leftOut}`], { cwd: root });
  return { ...v, cli: join(out, 'cli.js'), starts: [], startCpu: [], keys: [], burstCpu: [], rss: [] };
});

/** One start of a build to its first frame: the wall-clock and CPU milliseconds it took. */
async function start(v: Variant): Promise<void> {
  const t0 = performance.now();
  const t = new TerminalSession([v.cli, ...ARGS], { command: process.execPath, env: env() });
  try {
    await t.waitFor('roll 1 of 3', 20000);
    v.starts.push(performance.now() - t0);
    v.startCpu.push(cpuMs(t.proc.pid));
  } finally {
    t.dispose();
  }
}

/** One round of one build: its starts, then a game where the keys and a burst are timed. */
async function measure(v: Variant, home: string): Promise<void> {
  for (let i = 0; i < STARTS; i++) await start(v);
  const t = new TerminalSession([v.cli, ...ARGS], { command: process.execPath, env: env(home) });
  try {
    await t.waitFor('roll 1 of 3', 20000);
    await idle(t.proc.pid);
    await settle(t);
    for (let i = 0; i < KEYS; i++) {
      v.keys.push(await keyLatency(t, holdKey(i)));
      await sleep(35);
    }
    await settle(t);
    const cpu0 = cpuMs(t.proc.pid);
    for (let i = 0; i < BURST; i++) {
      t.write(i % 2 ? '2' : '3');
      await sleep(2);
    }
    await settle(t);
    v.burstCpu.push(cpuMs(t.proc.pid) - cpu0);
    v.rss.push(peakRssMiB(t.proc.pid));
  } finally {
    t.dispose();
  }
}

try {
  // One home folder for all: the strategy table is computed once and then read from its cache.
  const home = mkdtempSync(join(dir, 'home-'));
  for (let r = 0; r < ROUNDS; r++) for (const v of variants) await measure(v, home);
  console.log(`${ROUNDS} rounds; per build: ${STARTS * ROUNDS} starts, ${KEYS * ROUNDS} hold keys once idle, ${ROUNDS} bursts of ${BURST} keys 2 ms apart`);
  console.log('(CPU: median / least; other work on the machine only ever adds to a CPU time, so the least is the steadiest)');
  console.log(
    `${'build'.padEnd(28)} ${'first frame'.padStart(11)} ${'its CPU'.padStart(11)} ${'key median'.padStart(10)} ${'key p99'.padStart(9)} ${'burst CPU'.padStart(11)} ${'peak RSS'.padStart(8)}`,
  );
  const cpu = (xs: readonly number[]) => `${median(xs).toFixed(0)}/${Math.min(...xs).toFixed(0)} ms`;
  for (const v of variants) {
    console.log(
      `${v.name.padEnd(28)} ${`${median(v.starts).toFixed(0)} ms`.padStart(11)} ${cpu(v.startCpu).padStart(11)} ${`${median(v.keys).toFixed(1)} ms`.padStart(10)} ${`${quantile(v.keys, 0.99).toFixed(1)} ms`.padStart(9)} ${cpu(v.burstCpu).padStart(11)} ${`${Math.max(...v.rss).toFixed(0)} MiB`.padStart(8)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
