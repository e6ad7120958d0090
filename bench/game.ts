import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TerminalSession } from '../test/e2e/terminal.js';
import { commandLine, startedBy } from '../test/support/processes.js';
import { line, median, quantile } from './stats.js';

const FIRST_FRAME = 'roll 1 of 3';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The game's environment in a benchmark: a home folder (a new one unless given). */
export function env(home = mkdtempSync(join(tmpdir(), 'yahtzee-bench-'))): Record<string, string> {
  return { YAHTZEE_HOME: home, NODE_ENV: '' };
}

/** Milliseconds from spawning to the first screen containing `marker` (or to exit when no marker). */
export async function timeToScreen(args: string[], marker: string | null, command?: string): Promise<number> {
  const t0 = performance.now();
  const t = new TerminalSession(args, { env: env(), command });
  try {
    if (marker === null) await t.exited;
    else await t.waitFor(marker, 20000);
    return performance.now() - t0;
  } finally {
    t.dispose();
  }
}

/** Waits until nothing has been written for `quietMs`. */
export async function settle(t: TerminalSession, quietMs = 120): Promise<void> {
  let last = t.output.length;
  for (;;) {
    await sleep(quietMs);
    if (t.output.length === last) return;
    last = t.output.length;
  }
}

/**
 * Milliseconds from writing `keys` to the first byte the program writes back; then waits until the whole update has
 * arrived (nothing more for `quietMs`), so the next key's answer is not mistaken for the rest of this one.
 * The answer is awaited as an event, not polled: a polling loop would take one of this machine's two cores from the
 * game it measures.
 */
export async function keyLatency(t: TerminalSession, keys: string, quietMs = 10): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  let listener: { dispose(): void } | undefined;
  const answered = new Promise<number>((resolve, reject) => {
    listener = t.proc.onData(() => resolve(performance.now()));
    timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(keys)} within 10 s`)), 10000);
  });
  const t0 = performance.now();
  t.write(keys);
  try {
    const ms = (await answered) - t0;
    await settle(t, quietMs);
    return ms;
  } finally {
    listener?.dispose();
    clearTimeout(timer);
  }
}

/** The hold keys 1-5 in turn: two keys drawn as one frame never give the frame already on screen. */
export const holdKey = (i: number): string => String(1 + (i % 5));

/** CPU time a process (all its threads) has used so far, in ms (Linux /proc; 10 ms steps). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Waits until the process is idle (under 5% of a core over half a second), up to `maxMs`: at start the game computes
 * the strategy table for tips in worker threads, which would compete with the keys for the two cores.
 */
export async function idle(pid: number, maxMs = 120000): Promise<number> {
  const t0 = performance.now();
  let last = cpuMs(pid);
  for (;;) {
    await sleep(500);
    const now = cpuMs(pid);
    if (now - last < 25 || performance.now() - t0 > maxMs) return performance.now() - t0;
    last = now;
  }
}

/** A small deterministic generator of numbers in [0, 1), so every run types the same rhythm. */
function rhythm(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** Peak resident memory of a process in MiB (Linux /proc). */
export function peakRssMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** A process's proportional set size in MiB: its private pages, and its share of those it shares (Node's code). */
function pssMiB(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The processes started by `pid` and by those, with whether each is the chances' process (chunks/chancesChild.js). */
function descendants(pid: number): { pid: number; chances: boolean }[] {
  return startedBy(pid).map((p) => ({ pid: p, chances: commandLine(p).includes('chancesChild') }));
}

/** What the processes the game started reached: the chances' process, and the largest of those making the tables. */
interface Started {
  readonly chances: number;
  readonly tables: number;
}

/**
 * Watches the processes the game `pid` starts (the chances' process, and those that make the strategy and
 * distribution tables) ten times a second; `stop` gives the highest peak resident memory each kind reached, in MiB
 * (0: none ran). VmHWM only grows, so a look any time after the peak sees it; the distribution pass peaks in its
 * middle levels, seconds before its process ends.
 */
function watchStarted(pid: number): { stop: () => Started } {
  let chances = 0;
  let tables = 0;
  const look = () => {
    for (const d of descendants(pid)) {
      const peak = peakRssMiB(d.pid) || 0;
      if (d.chances) chances = Math.max(chances, peak);
      else tables = Math.max(tables, peak);
    }
  };
  const timer = setInterval(look, 100);
  return {
    stop: () => {
      clearInterval(timer);
      look();
      return { chances, tables };
    },
  };
}

/** The game's and its chances' process's proportional set sizes added: what the two take of the machine together. */
function togetherMiB(pid: number): number {
  return pssMiB(pid) + descendants(pid).filter((d) => d.chances).reduce((sum, d) => sum + pssMiB(d.pid), 0);
}

/**
 * A program that only echoes each key back to a fixed place on the screen: the floor of (b), what the pseudo-terminal,
 * Node and this machine take for a key with no game in the way (its p99 is this machine's noise).
 */
const ECHO = [
  '-e',
  "process.stdin.setRawMode(true); process.stdout.write('ready'); process.stdin.on('data', (d) => (d[0] === 3 ? process.exit() : process.stdout.write('\\u001B[5;5H' + d)));",
];

/** Latencies of `count` hold keys typed into the echo program, 45 ms apart as for the game. */
async function echoLatencies(count: number): Promise<number[]> {
  const t = new TerminalSession(ECHO, { command: process.execPath });
  try {
    await t.waitFor('ready', 10000);
    const lat: number[] = [];
    for (let i = 0; i < count; i++) {
      lat.push(await keyLatency(t, holdKey(i)));
      await sleep(35);
    }
    return lat;
  } finally {
    t.dispose();
  }
}

/**
 * Peak memory of a busier game: four seats, three of them computers, practice mode (hints and chances shown all the
 * time), `rounds` turns of the person (tip, roll, score) with the computers' turns between; the peak after six rounds
 * too (the goal's figure). In `home`: a fresh one computes the strategy table in worker threads during the first turn;
 * a second run there finds it in the cache.
 */
async function busyGamePeak(home: string, rounds = 6): Promise<{ peak: number; round6: number; started: Started; together: number }> {
  const t = new TerminalSession(['--seed', '5', '--players', '4', '--computer', '3', '--practice', '--no-animation', '--new'], { env: env(home) });
  const started = watchStarted(t.proc.pid);
  try {
    await t.waitFor('roll 1 of 3', 20000);
    let round6 = 0;
    let together = 0;
    for (let round = 1; round <= rounds; round++) {
      for (const [key, ms] of [['t', 300], [' ', 300], ['i', 200], ['\u001B[C', 5000]] as const) {
        t.write(key);
        await sleep(ms);
      }
      together = Math.max(together, togetherMiB(t.proc.pid));
      if (round === 6) round6 = peakRssMiB(t.proc.pid);
    }
    return { peak: peakRssMiB(t.proc.pid), round6, started: started.stop(), together };
  } finally {
    started.stop();
    t.dispose();
  }
}

/**
 * Peak memory of issue 15's game: four seats, one person and three `win` computers, the chances to win on (`w`), a
 * whole game at 100x30 (the person scores the box under the cursor each turn, the computers play between), both
 * tables cached first (`yahtzee solve --distribution` in `home`). The peak, and the figure after round 3.
 */
async function winGamePeak(home: string): Promise<{ peak: number; round3: number; chances: number; together: number }> {
  const solve = new TerminalSession(['solve', '--distribution'], { env: env(home) });
  try {
    await solve.waitForExit(600000);
  } finally {
    solve.dispose();
  }
  const t = new TerminalSession(['--seed', '11', '--players', '4', '--names', 'ANN', '--computer', '3', '--strength', 'win', '--no-animation', '--new'], { env: env(home), cols: 100, rows: 30 });
  const started = watchStarted(t.proc.pid);
  try {
    await t.waitFor('roll 1 of 3', 20000);
    t.write('w');
    let round3 = 0;
    let together = 0;
    for (let round = 1; round <= 13; round++) {
      await sleep(1000);
      t.write('i');
      await sleep(400);
      t.write('\r');
      // The three computers' turns, a space now and then for any message in the way (as the measuring script did).
      for (let k = 0; k < 12; k++) {
        await sleep(1000);
        t.write(' ');
      }
      together = Math.max(together, togetherMiB(t.proc.pid));
      if (round === 3) round3 = peakRssMiB(t.proc.pid);
    }
    return { peak: peakRssMiB(t.proc.pid), round3, chances: started.stop().chances, together };
  } finally {
    started.stop();
    t.dispose();
  }
}

/** Runs the game benchmarks (a), (b), (c) and playing memory, and returns the report lines. */
export async function benchGame(runs = 10, keystrokes = 200): Promise<string[]> {
  const out: string[] = [];
  const gameArgs = ['--seed', '1', '--players', '1', '--no-animation', '--new'];
  const base: number[] = [];
  const game: number[] = [];
  for (let i = 0; i < runs; i++) {
    base.push(await timeToScreen(['-e', '0'], null, process.execPath));
    game.push(await timeToScreen(gameArgs, FIRST_FRAME));
  }
  const ratio = median(game) / median(base);
  out.push('(a) start to first complete frame (80x24 pty, medians of ' + runs + ')');
  out.push(line('node -e 0', `${median(base).toFixed(0)} ms`, ''));
  out.push(line('yahtzee, first frame', `${median(game).toFixed(0)} ms`, ''));
  out.push(line('ratio', `${ratio.toFixed(2)}x`, '< 4x', ratio < 4));

  const t = new TerminalSession(gameArgs, { env: env() });
  try {
    await t.waitFor(FIRST_FRAME, 20000);
    await settle(t);
    // First a few keys while the strategy table is still being computed in the background.
    const busy: number[] = [];
    for (let i = 0; i < 50; i++) {
      busy.push(await keyLatency(t, holdKey(i)));
      await sleep(35);
    }
    const waited = await idle(t.proc.pid);
    await settle(t);
    const lat: number[] = [];
    for (let i = 0; i < keystrokes; i++) {
      lat.push(await keyLatency(t, holdKey(i)));
      await sleep(35); // with the wait for the update, 45 ms: past Ink's 30 fps cap, so each key is drawn at once
    }
    const p50 = median(lat);
    const p99 = quantile(lat, 0.99);
    const echo = await echoLatencies(keystrokes);
    out.push(`(b) keystroke to updated screen (MSX hold toggles, ${keystrokes} keys, 45 ms after the last update)`);
    out.push(`    once the game is idle (its background work for tips took ${(waited / 1000).toFixed(1)} s after the first 50 keys)`);
    out.push(line('median', `${p50.toFixed(1)} ms`, ''));
    out.push(line('p99', `${p99.toFixed(1)} ms`, '< 17 ms', p99 < 17));
    out.push(`    the floor: a program that only echoes each key (pty, Node and this machine's noise), same rhythm`);
    out.push(line('median', `${median(echo).toFixed(1)} ms`, ''));
    out.push(line('p99', `${quantile(echo, 0.99).toFixed(1)} ms`, ''));

    // Fast typing: each key 5-30 ms after the screen answered the last one, within Ink's default 30 fps cap (33 ms).
    // (Both loops toggle each die an even number of times: the dice end as they began.)
    await settle(t);
    const next = rhythm(7);
    const fast: number[] = [];
    for (let i = 0; i < keystrokes / 2; i++) {
      fast.push(await keyLatency(t, holdKey(i), 5));
      await sleep(25 * next());
    }
    const f99 = quantile(fast, 0.99);
    out.push(`    the same, fast typing (${keystrokes / 2} keys, each 5-30 ms after the last update)`);
    out.push(line('median', `${median(fast).toFixed(1)} ms`, ''));
    out.push(line('p99', `${f99.toFixed(1)} ms`, '< 17 ms', f99 < 17));
    out.push(`    the first 50 keys, while the game computes its strategy table in the background`);
    out.push(line('median', `${median(busy).toFixed(1)} ms`, ''));
    out.push(line('p99', `${quantile(busy, 0.99).toFixed(1)} ms`, ''));

    // A burst: 60 keys 2 ms apart (dice 2 and 3 toggled 30 times each); what it costs in CPU and bytes.
    await settle(t);
    t.takeBytes();
    const cpu0 = cpuMs(t.proc.pid);
    for (let i = 0; i < 60; i++) {
      t.write(i % 2 ? '2' : '3');
      await sleep(2);
    }
    await settle(t);
    const burstCpu = cpuMs(t.proc.pid) - cpu0;
    const burstBytes = t.takeBytes();

    await settle(t);
    t.takeBytes();
    t.write('1');
    await settle(t);
    const holdBytes = t.takeBytes();
    t.write('1');
    await settle(t);
    t.write('i');
    await settle(t);
    t.takeBytes();
    t.write('\u001B[B');
    await settle(t);
    const cursorBytes = t.takeBytes();
    out.push('(c) bytes written to the terminal');
    out.push(line('one hold toggle', `${holdBytes} B`, '< 300 B', holdBytes < 300));
    out.push(line('one cursor move', `${cursorBytes} B`, ''));
    out.push(line('a burst of 60 keys 2 ms apart', `${burstBytes} B`, ''));
    out.push(line('  CPU time the game spent on it', `${burstCpu.toFixed(0)} ms`, ''));
    const rss = peakRssMiB(t.proc.pid);
    out.push('(e) memory');
    out.push(line('peak RSS while playing', `${rss.toFixed(0)} MiB`, '< 120 MB', rss * 1.048576 < 120));
  } finally {
    t.dispose();
  }
  const home = mkdtempSync(join(tmpdir(), 'yahtzee-bench-busy-'));
  const first = await busyGamePeak(home);
  const cached = await busyGamePeak(home, 13);
  out.push('    4 seats (3 computers), practice (hints and chances always on), 6 rounds');
  out.push(line('  the first game (tables computed meanwhile)', `${first.peak.toFixed(0)} MiB`, '< 150 MB', first.peak * 1.048576 < 150));
  const mib = (x: number) => (x > 0 ? `${x.toFixed(0)} MiB` : 'none ran');
  out.push(line('    the process making the tables, peak', mib(first.started.tables), ''));
  out.push(line('  a game with the tables cached', `${cached.round6.toFixed(0)} MiB`, '< 150 MB', cached.round6 * 1.048576 < 150));
  out.push(line('  the same game played on to its end (13 rounds)', `${cached.peak.toFixed(0)} MiB`, ''));
  out.push(line('    its chances\' process, peak', mib(cached.started.chances), ''));
  out.push(line('    the two processes together (PSS)', `${cached.together.toFixed(0)} MiB`, ''));
  const win = await winGamePeak(home);
  out.push('    4 seats (1 person, 3 win computers), the chances to win on, a whole game, tables cached (issue 15)');
  out.push(line('  peak (after round 3)', `${win.peak.toFixed(0)} MiB (${win.round3.toFixed(0)} MiB)`, '< 180 MB', win.peak * 1.048576 < 180));
  out.push(line('    its chances\' process, peak', mib(win.chances), ''));
  out.push(line('    the two processes together (PSS)', `${win.together.toFixed(0)} MiB`, ''));
  return out;
}
