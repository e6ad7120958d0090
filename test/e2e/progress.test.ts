import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalSession } from './terminal.js';

const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

const made: { t: TerminalSession; dir: string }[] = [];
afterEach(async () => {
  for (const { t, dir } of made.splice(0)) {
    t.dispose();
    await Promise.race([t.exited, new Promise((r) => setTimeout(r, 2000))]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A command run in a terminal of its own, with an empty home and cache (nothing solved yet). */
function run(args: string[]): TerminalSession {
  const dir = mkdtempSync(join(tmpdir(), 'yahtzee-e2e-progress-'));
  const t = new TerminalSession(args, { env: { YAHTZEE_HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') } });
  made.push({ t, dir });
  return t;
}

describe('a progress bar hides the cursor; every way out shows it again', () => {
  it.each([
    ['Ctrl-C', '\u0003', 130],
    ['SIGTERM', 'SIGTERM', 143],
    ['SIGHUP', 'SIGHUP', 129],
  ] as const)('%s while simulate plays its games', async (_way, how, code) => {
    const t = run(['simulate', '--games', '1000000', '--strategy', 'casual']);
    await t.waitFor(/Playing 1000000 games \[/, 20000);
    if (how === '\u0003') t.write(how);
    else t.proc.kill(how);
    const exit = await t.waitForExit(20000);
    expect(t.output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(t.output.lastIndexOf(HIDE_CURSOR));
    // Ended by the signal, as the shell expects of a command interrupted (128 + its number when seen as a status).
    expect(exit.signal === 0 ? exit.exitCode : 128 + (exit.signal ?? 0)).toBe(code);
  });

  // The duel's games are played in the main thread, where the bar's handler of the signal runs only between games.
  it.each([
    ['Ctrl-C', '\u0003', 130],
    ['SIGTERM', 'SIGTERM', 143],
    ['SIGHUP', 'SIGHUP', 129],
  ] as const)('%s while simulate --duel plays its games', async (_way, how, code) => {
    const t = run(['simulate', '--games', '100000', '--duel', 'win,optimal', '--rules', 'brazilian']);
    await t.waitFor(/Playing 100000 duels \[/, 20000);
    if (how === '\u0003') t.write(how);
    else t.proc.kill(how);
    const exit = await t.waitForExit(20000);
    expect(t.output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(t.output.lastIndexOf(HIDE_CURSOR));
    expect(exit.signal === 0 ? exit.exitCode : 128 + (exit.signal ?? 0)).toBe(code);
  }, 60000);

  it('Ctrl-C while solve --distribution makes its tables from an empty cache', async () => {
    const t = run(['solve', '--distribution']);
    await t.waitFor(/Solving the .* \[/, 60000);
    t.write('\u0003');
    await t.waitForExit(20000);
    expect(t.output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(t.output.lastIndexOf(HIDE_CURSOR));
  });
});
