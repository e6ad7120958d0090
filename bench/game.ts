import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TerminalSession } from '../test/e2e/terminal.js';
import { line, median, quantile } from './stats.js';

const FIRST_FRAME = 'roll 1 of 3';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function env(): Record<string, string> {
  return { YAHTZEE_HOME: mkdtempSync(join(tmpdir(), 'yahtzee-bench-')), NODE_ENV: '' };
}

/** Milliseconds from spawning to the first screen containing `marker` (or to exit when no marker). */
async function timeToScreen(args: string[], marker: string | null, command?: string): Promise<number> {
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
async function settle(t: TerminalSession, quietMs = 120): Promise<void> {
  let last = t.output.length;
  for (;;) {
    await sleep(quietMs);
    if (t.output.length === last) return;
    last = t.output.length;
  }
}

/** Milliseconds from writing `keys` to the first byte the program writes back. */
async function keyLatency(t: TerminalSession, keys: string): Promise<number> {
  const before = t.output.length;
  const t0 = performance.now();
  t.write(keys);
  while (t.output.length === before) await new Promise((r) => setImmediate(r));
  return performance.now() - t0;
}

/** Peak resident memory of a process in MiB (Linux /proc). */
function peakRssMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
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
    const lat: number[] = [];
    for (let i = 0; i < keystrokes; i++) {
      lat.push(await keyLatency(t, '1'));
      await sleep(45); // past Ink's 30 fps throttle, so each key is drawn on the leading edge
    }
    const p50 = median(lat);
    const p99 = quantile(lat, 0.99);
    out.push(`(b) keystroke to updated screen (MSX hold toggle, ${keystrokes} keys)`);
    out.push(line('median', `${p50.toFixed(1)} ms`, ''));
    out.push(line('p99', `${p99.toFixed(1)} ms`, '< 17 ms', p99 < 17));

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
    const rss = peakRssMiB(t.proc.pid);
    out.push('(e) memory');
    out.push(line('peak RSS while playing', `${rss.toFixed(0)} MiB`, '< 120 MB', rss * 1.048576 < 120));
  } finally {
    t.dispose();
  }
  return out;
}
