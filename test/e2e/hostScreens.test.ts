import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT_MS } from './play.js';
import { joinTable as join, startHost } from './ssh.js';
import type { TerminalSession } from './terminal.js';

const CODE = 'test-code';
const sessions: TerminalSession[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) {
    s.dispose();
    await Promise.race([s.exited, new Promise((r) => setTimeout(r, 2000))]);
  }
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function track<T extends TerminalSession>(t: T): T {
  sessions.push(t);
  return t;
}

/** The first hint line of the panel: the best dice to hold (Spectrum) or keep (MSX). */
const HINT = / 1 (hold|keep) [1-6 ]+: /;

describe("yahtzee host: each guest's screen is their own", () => {
  it('each guest sees the game at their own size and layout, and turns their own hints on and off (not the others\')', async () => {
    const home = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-screens-'));
    folders.push(home);
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '5', '--no-animation'], home);
    track(host);
    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const bob = track(join(port, 'bob', CODE, home, ['spectrum'], { cols: 110, rows: 32 }));
    const annScreen = await ann.waitFor("ann's turn", WAIT_MS);
    const bobScreen = await bob.waitFor("ann's turn", WAIT_MS);
    // Their own keys on their own screens: the MSX key line on ann's, the Spectrum's on bob's (wider, with room for
    // the Spectrum's option numbers).
    expect(annScreen).toContain('1-5 mark');
    expect(bobScreen).toContain('A-E hold');
    expect(bobScreen).toMatch(/ 1 Aces/);

    // bob asks for the hints on ann's turn: they are on his screen only.
    bob.write('H');
    await bob.waitFor(HINT, WAIT_MS);
    ann.write('1');
    await ann.waitFor('[1]', WAIT_MS);
    expect(await bob.waitFor(HINT, WAIT_MS)).not.toContain("It is ann's turn");
    expect(await ann.screen()).not.toMatch(HINT);
    expect(await host.screen()).not.toMatch(HINT);
    // ann turns hers on, then bob his off.
    ann.write('t');
    await ann.waitFor(HINT, WAIT_MS);
    bob.write('H');
    await bob.waitUntil((s) => !HINT.test(s), "the hints gone from bob's screen", WAIT_MS);
    expect(await ann.screen()).toMatch(HINT);
  }, 90_000);
});
