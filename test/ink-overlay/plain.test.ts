import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeSession, freshHome, WAIT_MS } from '../e2e/play.js';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from '../e2e/terminal.js';
import { sleep } from '../support/wait.js';

// The bundle with every patch to Ink and with none (node scripts/build.mjs --no-patches), each in a folder of its own.
const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'yahtzee-plain-ink-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

/** Builds the CLI into out/<name> with these build flags and returns its entry. */
function build(name: string, ...flags: string[]): string {
  execFileSync(process.execPath, ['scripts/build.mjs', join(out, name), ...flags], { cwd: root });
  return join(out, name, 'cli.js');
}

/** The screen once nothing has been written for 300 ms. */
async function settled(t: TerminalSession): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  t.takeBytes();
  for (;;) {
    // Quiet is "nothing written for 300 ms": a fixed wait by what it means.
    await sleep(300);
    const s = await t.screen();
    if (t.takeBytes() === 0 || Date.now() > deadline) return s;
  }
}

/** A turn and a bit of a seeded game in the build `cli`: the screen after each step, and how it ended. */
async function play(cli: string): Promise<{ screens: string[]; exitCode: number }> {
  await closeSession(session);
  const t = (session = new TerminalSession([cli, '--seed', '3', '--players', '1', '--no-animation', '--new'], {
    command: process.execPath,
    env: { YAHTZEE_HOME: freshHome() },
  }));
  const screens: string[] = [];
  await t.waitFor('roll 1 of 3', WAIT_MS);
  screens.push(await settled(t));
  for (const [keys, marker] of [
    ['1', 'roll 1 of 3'],
    ['3', 'roll 1 of 3'],
    [KEYS.space, 'roll 2 of 3'],
    ['i', 'choose a box'],
    [KEYS.down, 'choose a box'],
    [KEYS.enter, "PLAYER 1's turn"],
    ['q', 'Quit the game?'],
  ] as const) {
    t.write(keys);
    await t.waitFor(marker, WAIT_MS);
    screens.push(await settled(t));
  }
  t.write('y');
  const { exitCode } = await t.waitForExit(WAIT_MS);
  return { screens, exitCode };
}

describe('the game built with plain Ink (every patch of src/ink-overlay/ left out)', () => {
  it('plays, and draws every screen as the patched build does', async () => {
    const patched = await play(build('patched'));
    const plain = await play(build('plain', '--no-patches'));
    expect(plain.exitCode).toBe(0);
    expect(patched.exitCode).toBe(0);
    expect(plain.screens[0]).toContain('roll 1 of 3');
    expect(plain.screens).toEqual(patched.screens);
  }, 120_000);
});
