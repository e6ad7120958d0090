import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from './terminal.js';
import { WAIT_MS, closeSession, freshHome } from './play.js';
import { sleep } from '../support/wait.js';

let session: TerminalSession | undefined;
afterEach(async () => {
  await closeSession(session);
  session = undefined;
});

/**
 * The visible screen, cell by cell within the terminal's width (after a terminal shrinks, the emulator keeps cells
 * past its right edge that nobody sees).
 */
async function visible(t: TerminalSession): Promise<string> {
  await t.screen();
  const buf = t.term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < t.term.rows; y++) lines.push((buf.getLine(buf.viewportY + y)?.translateToString(true, 0, t.term.cols) ?? '').trimEnd());
  return lines.join('\n');
}

/**
 * The screen once nothing has been written for 400 ms (the dice landed, no computer moving) and the strategy table
 * is not in the making (under load its progress can stand still for longer than that, and then moves on).
 */
async function settled(t: TerminalSession): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  // The table takes a few seconds on a quiet machine, many more under load.
  const tableDeadline = Date.now() + 4 * WAIT_MS;
  t.takeBytes();
  for (;;) {
    // Quiet is "nothing written for 400 ms": a fixed wait by what it means.
    await sleep(400);
    const s = await visible(t);
    const making = /strategy table…|chances to win: (working|computing|making)/.test(s);
    if ((t.takeBytes() === 0 && !making) || Date.now() > (making ? tableDeadline : deadline)) return s;
  }
}

/**
 * The screen without what the chances to win say (their worker answers, or moves on with the score distributions it
 * makes the first time, when it will): the rest of the screen is what is compared.
 */
const withoutChances = (s: string) => s.replace(/chances to win.*$/gm, '').replace(/ {2,}\S[^\n]*? (<|>)?\d+(\.\d)?%$/gm, '');

/** After it settles, the screen must be what a full redraw (Ctrl-L) paints: the differ's picture was true. */
async function expectTrue(t: TerminalSession, what: string): Promise<string> {
  const before = await settled(t);
  t.write(KEYS.ctrlL);
  const after = await settled(t);
  expect(withoutChances(before), `${what}: the screen before Ctrl-L differs from the full redraw`).toBe(withoutChances(after));
  return after;
}

describe('Ctrl-L', () => {
  it('paints the whole screen again: what was written behind the game\'s back is gone, in a game and on the instructions', async () => {
    const t = (session = new TerminalSession(['--seed', '1', '--players', '1', '--no-animation'], { env: { YAHTZEE_HOME: freshHome() } }));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    for (const keys of ['', 'h']) {
      t.write(keys);
      const before = await settled(t);
      // Another program's line over the chart (a wall message, a background job), which the differ cannot know of.
      await new Promise<void>((resolve) => t.term.write('\u001b[5;2HWALL MESSAGE FROM ROOT', resolve));
      expect(await visible(t)).toContain('WALL MESSAGE');
      t.write(KEYS.ctrlL);
      const after = await t.waitUntil((screen) => !screen.includes('WALL MESSAGE'), 'the screen repainted');
      expect(after).toBe(before);
    }
  });
});

describe('the screen after it settles is a full redraw of the game (the real binary, animation on)', () => {
  it('keys during the animation and the computer turn, hints on and off, resizes', async () => {
    const t = (session = new TerminalSession(['--seed', '1', '--players', '2', '--computer', '1', '--strength', 'casual'], { env: { YAHTZEE_HOME: freshHome() } }));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    await expectTrue(t, 'the first roll');
    // Keys at once and at short intervals, while the dice still roll.
    for (const [keys, gap] of [['1', 0], [' ', 5], ['3', 20], [' ', 0], ['t', 40], ['i', 10], [KEYS.down, 0], [KEYS.right, 30]] as const) {
      t.write(keys);
      await sleep(gap);
    }
    // The computer's turn (casual, a step every 600 ms) comes and goes; then the person's turn settles.
    await t.waitFor("CPU's turn", WAIT_MS);
    await t.waitFor("PLAYER 1's turn", WAIT_MS);
    await expectTrue(t, 'keys during the animation, then the computer turn');
    t.resize(100, 30);
    await expectTrue(t, 'after a resize to 100x30');
    t.write(' ');
    // A resize while the dice still roll: the short gap is what is tested.
    await sleep(15);
    t.resize(80, 24);
    t.write('t');
    await expectTrue(t, 'a resize during the animation, hints off');
  }, 180_000);

  it('a line written to stderr or stdout behind the game\'s back stays off its screen and is shown after the game', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yahtzee-stderr-'));
    const preload = join(dir, 'warn.cjs');
    writeFileSync(
      preload,
      "setTimeout(() => { process.stderr.write('A WARNING FROM ELSEWHERE\\n'); process.stdout.write('STDOUT FROM ELSEWHERE\\n'); }, 1500).unref();\n",
    );
    const t = (session = new TerminalSession(['--seed', '1', '--players', '1'], { env: { YAHTZEE_HOME: freshHome(), NODE_OPTIONS: `--require ${preload}` } }));
    await t.waitFor('roll 1 of 3', WAIT_MS);
    // Past the preload's write at 1.5 s, which the game holds off its screen: nothing shows it, so a fixed wait.
    await sleep(2000);
    const screen = await expectTrue(t, 'after the write to stderr');
    expect(screen).not.toContain('A WARNING FROM ELSEWHERE');
    expect(screen).not.toContain('STDOUT FROM ELSEWHERE');
    t.write('q');
    await t.waitFor('Quit the game?', WAIT_MS);
    t.write('y');
    await t.waitForExit(WAIT_MS);
    const after = await t.screen();
    expect(after).toContain('A WARNING FROM ELSEWHERE');
    expect(after).toContain('STDOUT FROM ELSEWHERE');
  }, 60_000);
});
