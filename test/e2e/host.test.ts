import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/keys.js';
import { OFFICIAL_BOXES, WAIT_MS, scored } from './play.js';
import { heldPorts } from '../support/ports.js';
import { askpass, joinTable as join, SSH_OPTIONS, startHost } from './ssh.js';
import { TerminalSession } from './terminal.js';

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

function folder(): string {
  const f = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-host-'));
  folders.push(f);
  return f;
}

function track<T extends TerminalSession>(t: T): T {
  sessions.push(t);
  return t;
}

/**
 * The chart of a screen: its rows (the box names and the two players' columns), without the panel beside it, whose
 * news (the strategy table's progress) comes and goes.
 */
function card(screen: string): string[] {
  return screen
    .split('\n')
    .filter((l) => /^\s*(Aces|Twos|Threes|Fours|Fives|Sixes|Upper total|Bonus|Three of|Four of|Full house|Small|Large|Yahtzee|Chance|TOTAL)/.test(l))
    .map((l) => l.slice(0, 40));
}

/** A quick turn: SPACE then `i` or `i` at once, then → on the first open box (the cursor starts there). */
const QUICK = ['i' + KEYS.right, ' i' + KEYS.right];

describe('yahtzee host: a table over SSH joined with OpenSSH', () => {
  it('prints the address, the join code, the host key (kept 0600) and the command; two players join with the code and play a seeded game to the end, each screen showing the same card', async () => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '5', '--no-animation'], home);
    track(host);
    const printed = await host.waitFor('A friend joins with');
    expect(printed).toContain(`Table open on 127.0.0.1 port ${port}`);
    expect(printed).toContain(`Join code: ${CODE}`);
    expect(printed).toMatch(/Host key fingerprint: SHA256:[A-Za-z0-9+/]{43}/);
    // The commands on lines of their own (copied whole), the notes wrapped at words in 80 columns.
    expect(printed).toContain('Only this machine can join: --listen 0.0.0.0 opens the table to your network');
    expect(printed).toContain(`A friend joins with:\n  ssh -t -p ${port} NAME@127.0.0.1\n  ssh -t -p ${port} NAME@127.0.0.1 spectrum\n`);
    expect(printed).toContain('  NAME: their player name; the password: the join code; the second for the\n  Spectrum keys');
    expect(statSync(joinPath(home, 'host_ed25519')).mode & 0o777).toBe(0o600);

    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    await host.waitFor('At the table: ann (1 of 2)');
    const bob = track(join(port, 'bob', CODE, home));
    const players = [ann, bob];
    for (const t of players) await t.waitFor("ann's turn", WAIT_MS);

    // A third person comes in as a watcher: their keys do nothing (Q then leaves, after the others were read).
    const carl = track(join(port, 'carl', CODE, home));
    await carl.waitFor("ann's turn", WAIT_MS);
    carl.write('  i');
    carl.write('q');
    expect(await carl.waitFor('You left the table', WAIT_MS)).not.toContain('seat waits');
    ann.write('1');
    const marked = await ann.waitFor('[1]', WAIT_MS);
    expect(marked).toContain('roll 1 of 3');

    for (let turn = 0; turn < 13; turn++) {
      for (const [seat, t] of players.entries()) {
        const who = seat === 0 ? 'ann' : 'bob';
        await t.waitFor(turn === 0 && seat === 0 ? "ann's turn" : `${who}'s turn`, WAIT_MS);
        t.write(QUICK[(turn + seat) % 2]);
        await scored(t, OFFICIAL_BOXES[turn], { who, seat, players: 2 });
      }
    }
    const screens = await Promise.all(players.map((t) => t.waitFor(/game over/i, WAIT_MS)));
    const hostScreen = await host.waitFor(/game over/i, WAIT_MS);
    expect(card(screens[0]).length).toBeGreaterThan(15);
    expect(card(screens[1])).toEqual(card(screens[0]));
    expect(card(hostScreen)).toEqual(card(screens[0]));

    // The host leaves: every guest is told, and their ssh ends.
    host.write(KEYS.ctrlC);
    for (const t of players) {
      await t.waitFor('The host has ended the table', WAIT_MS);
      expect((await t.waitForExit(WAIT_MS)).exitCode).toBe(0);
    }
  }, 240000);

  it('refuses a wrong code, a name the names rule refuses, and a name already seated; the table goes on', async () => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--name', 'hal', '--seed', '5', '--no-animation'], home);
    track(host);
    const wrong = track(join(port, 'ann', 'not-the-code', home));
    expect((await wrong.waitForExit(WAIT_MS)).exitCode).toBe(255);
    expect(wrong.output).toMatch(/Permission denied/);
    const seated = track(join(port, 'HAL', CODE, home));
    expect((await seated.waitForExit(WAIT_MS)).exitCode).toBe(1);
    expect(seated.output).toContain('the name "hal" is already seated at this table');
    const long = track(join(port, 'averyverylongname', CODE, home));
    expect((await long.waitForExit(WAIT_MS)).exitCode).toBe(1);
    // Wrapped at words to the guest's terminal.
    expect(long.output.replace(/\r?\n/g, ' ')).toMatch(/cannot be a player's name: the name is 17 columns wide/);
    // The join command as printed, followed to the letter with a layout's name: ssh asks for a terminal only with -t.
    const printed = /A friend joins with:\n {2}ssh (.*?) NAME@(\S+)/.exec(await host.waitFor('A friend joins with'));
    const words = [...(printed?.[1].split(' ') ?? []), `ann@${printed?.[2]}`, 'spectrum'];
    const env = { SSH_ASKPASS: askpass(home), SSH_ASKPASS_REQUIRE: 'force', YAHTZEE_TEST_CODE: CODE, DISPLAY: '' };
    const ann = track(new TerminalSession([...SSH_OPTIONS, ...words], { command: 'ssh', env }));
    await ann.waitFor('You play as ann, with the Spectrum keys', WAIT_MS);
    await host.waitFor('At the table: hal, ann');
  }, 120000);

  it('a public key listed in --authorized-keys joins without the code; a key not listed falls back to the code, and a wrong code is refused', async () => {
    const home = folder();
    const keygen = (name: string) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', joinPath(home, name)]);
    keygen('listed');
    keygen('other');
    writeFileSync(joinPath(home, 'authorized_keys'), `# the friends\n${readFileSync(joinPath(home, 'listed.pub'), 'utf8')}`);
    const { host, port } = await startHost(['--code', CODE, '--name', 'hal', '--seed', '5', '--no-animation', '--authorized-keys', joinPath(home, 'authorized_keys')], home);
    track(host);
    const withKey = (key: string, code: string) =>
      new TerminalSession(['-t', ...SSH_OPTIONS.map((o) => (o === 'PubkeyAuthentication=no' ? 'PubkeyAuthentication=yes' : o)), '-o', 'IdentitiesOnly=yes', '-i', joinPath(home, key), '-p', String(port), `${key}@127.0.0.1`], {
        command: 'ssh',
        env: { SSH_ASKPASS: askpass(home), SSH_ASKPASS_REQUIRE: 'force', YAHTZEE_TEST_CODE: code, DISPLAY: '' },
      });
    // The listed key: in, though the code it would give is wrong.
    const listed = track(withKey('listed', 'not-the-code'));
    await listed.waitFor('You play as listed', WAIT_MS);
    // A key not listed: the code is asked, and a wrong one refused; the right one lets them in.
    const stranger = track(withKey('other', 'not-the-code'));
    expect((await stranger.waitForExit(WAIT_MS)).exitCode).toBe(255);
    expect(stranger.output).toMatch(/Permission denied/);
    const other = track(withKey('other', CODE));
    await other.waitFor('You play as other', WAIT_MS);
    await host.waitFor('At the table: hal, listed, other');
  }, 120000);

  it('a player whose connection drops mid-turn keeps the seat: every screen says the game waits for them, and they come back to the turn as it was', async () => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '9', '--no-animation'], home);
    track(host);
    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const bob = track(join(port, 'bob', CODE, home));
    await ann.waitFor("ann's turn", WAIT_MS);
    ann.write(' ');
    await ann.waitFor('roll 2 of 3', WAIT_MS);
    ann.write('13');
    // A marked die is drawn with a double frame.
    const before = await ann.waitUntil((s) => (s.match(/╔/g) ?? []).length === 2, 'dice A and C marked', WAIT_MS);
    const dice = (screen: string) => screen.split('\n').slice(2, 14).map((l) => l.slice(40));
    // The connection dies (the client killed, no goodbye).
    ann.proc.kill('SIGKILL');
    const waiting = await bob.waitFor(/Waiting for ann \(gone since \d\d:\d\d\)/, WAIT_MS);
    expect(waiting).toContain("ann's turn");
    await host.waitFor('Waiting for ann', WAIT_MS);
    // ann comes back with the same name and code.
    const back = track(join(port, 'ann', CODE, home));
    // Her own screen speaks to her; the others read that she is back.
    const after = await back.waitFor('Welcome back, ann: your seat is as you left it', WAIT_MS);
    await bob.waitFor('ann is back at the table', WAIT_MS);
    expect(after).toMatch(/ann's turn (1 of 13 )? · {2}roll 2 of 3/);
    expect(dice(after)).toEqual(dice(before));
    // On ann's turn the host's line lists the host's own keys; a key of ann's does nothing, and the host's line says
    // why, on the host's screen alone: the others' message line still says that ann is back.
    expect(await host.waitFor(/your keys: +t tip +w chances +h\/\? help +q\/ESC quit/, WAIT_MS)).not.toContain('1-5 mark');
    host.write(' ');
    await host.waitFor("It is ann's turn: ann plays it from their own terminal", WAIT_MS);
    expect(await back.screen()).not.toContain('plays it from their own terminal');
    const bobNow = await bob.screen();
    expect(bobNow).not.toContain('plays it from their own terminal');
    expect(bobNow).toContain('ann is back at the table');
    expect(dice(await back.screen())).toEqual(dice(before));
    back.write('i' + KEYS.right);
    await bob.waitFor("bob's turn", WAIT_MS);
  }, 120000);

  it("a player drops on their turn: the waiting line says how long and the host's key; the host gives the seat to the computer, which plays the turn on every screen; back, the player watches", async () => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '9', '--no-animation', '--strength', 'casual'], home);
    track(host);
    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const bob = track(join(port, 'bob', CODE, home));
    await ann.waitFor("ann's turn", WAIT_MS);
    ann.proc.kill('SIGKILL');
    const waiting = await host.waitFor(/Waiting for ann \(gone since \d\d:\d\d\): the host's c seats the computer/, WAIT_MS);
    expect(waiting).toContain("ann's turn");
    await bob.waitFor("the host's c seats the computer", WAIT_MS);
    // bob's key does not give the seat: only the host's does.
    bob.write('c');
    host.write('c');
    await host.waitFor("ann's seat is played by the computer", WAIT_MS);
    // The computer plays ann's turn to a box; then it is bob's, on every screen.
    for (const t of [host, bob]) {
      const played = await t.waitFor(/bob's turn[^]*ann scored \d+ in /, WAIT_MS);
      // ann's column is tagged as the computer's.
      expect(played).toMatch(/^\s+ann\s+bob\s.*\n\s+CPU\s/m);
    }
    // ann comes back: the computer keeps her seat, she watches, and her keys do nothing.
    const back = track(join(port, 'ann', CODE, home));
    await back.waitFor('Welcome back, ann: the computer plays your seat now, and you watch', WAIT_MS);
    await bob.waitFor("ann is back at the table, and watches: the computer plays ann's seat now", WAIT_MS);
    back.write('i');
    bob.write('i' + KEYS.right);
    await back.waitFor(/ann's turn/, WAIT_MS);
    await bob.waitFor("bob's turn", WAIT_MS);
  }, 120000);

  it('yahtzee host --resume brings the table back after the host stopped: the players rejoin under their names and find the game as it was', async () => {
    const home = folder();
    const first = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '11', '--no-animation'], home);
    track(first.host);
    const ann = track(join(first.port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const bob = track(join(first.port, 'bob', CODE, home));
    await ann.waitFor("ann's turn", WAIT_MS);
    ann.write('i' + KEYS.right);
    const aces = await scored(ann, 'Aces', { who: 'ann', seat: 0, players: 2 });
    await bob.waitFor("bob's turn", WAIT_MS);
    first.host.write(KEYS.ctrlC);
    expect((await first.host.waitForExit(WAIT_MS)).exitCode).toBe(130);
    await bob.waitFor('The host has ended the table', WAIT_MS);

    // A table without --resume (or --new) on the folder is refused before it opens: the saved game is not set aside.
    const plain = track(new TerminalSession(['host', '--port', '0', '--code', CODE, '--no-seat'], { cols: 80, env: { YAHTZEE_HOME: home } }));
    expect((await plain.waitForExit(WAIT_MS)).exitCode).toBe(1);
    // Wrapped at words to the terminal: no line written is wider than it.
    const lines = plain.output.trim().split(/\r?\n/);
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
    const said = lines.join(' ');
    expect(said).toContain(`a saved game is waiting in ${home}: yahtzee host --resume brings it back; yahtzee host --new sets it aside`);
    expect(said).not.toContain('Table open');

    const again = await startHost(['--code', CODE, '--no-seat', '--resume', '--no-animation', '--computer', '1', '--seed', '99'], home);
    track(again.host);
    // The table says which game comes back, whom it waits for, and that the flags for a new table do nothing to it.
    const intro = await again.host.waitFor('ENTER: start the game');
    expect(intro).toMatch(/Resuming the saved game: official rules · MSX keys;/);
    expect(intro).toContain('It goes on when ann and bob are at the table (or on ENTER); anyone else watches');
    expect(intro.replace(/\n/g, ' ')).toContain('--computer and --seed are for a new table; the saved one goes on as it was');
    again.host.write(KEYS.enter);
    await again.host.waitFor('Waiting for bob to join', WAIT_MS);
    const bob2 = track(join(again.port, 'bob', CODE, home));
    const screen = await bob2.waitFor('Welcome back, bob: your seat is as you left it', WAIT_MS);
    await again.host.waitFor('bob is back at the table', WAIT_MS);
    expect(screen).toContain("bob's turn");
    expect(screen).toMatch(new RegExp(`Aces\\s+${aces}\\s`));
    // bob plays on; then it is ann's turn, and she has not rejoined yet: every screen says so.
    bob2.write('i' + KEYS.right);
    const next = await bob2.waitFor('Waiting for ann to join', WAIT_MS);
    expect(next).toContain("ann's turn");
    expect(next).toMatch(new RegExp(`Aces\\s+${aces}\\s+\\d+\\s`));
  }, 120000);

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('the host stopped by %s: the guests are told the table has ended and get their terminal back, and the game is saved', async (signal, code) => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--name', 'hal', '--seed', '11', '--no-animation'], home);
    track(host);
    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor("hal's turn", WAIT_MS);
    // On ann's turn, her screen and the host's are drawn alike.
    host.write('i' + KEYS.enter);
    await ann.waitFor("ann's turn", WAIT_MS);
    host.proc.kill(signal);
    expect((await host.waitForExit(WAIT_MS)).exitCode).toBe(code);
    // The host's own farewell, after its screen is given back, is not drawn over by the game's last frame.
    const farewell = host.output.slice(host.output.lastIndexOf('\u001b[?1049l'));
    expect(farewell.replace(/\r?\n/g, ' ')).toMatch(/your game is saved in .*game\.json; run yahtzee host --resume to resume it/);
    expect(farewell).not.toContain('SPACE roll');
    await ann.waitFor('The host has ended the table', WAIT_MS);
    expect((await ann.waitForExit(WAIT_MS)).exitCode).toBe(0);
    // Off the alternate screen, bracketed paste off: the guest's shell is as it was.
    const end = ann.output.slice(ann.output.lastIndexOf('\u001b[?2004l'));
    expect(end).toContain('\u001b[?1049l');
    expect(readFileSync(joinPath(home, 'game.json'), 'utf8')).toContain('"ann"');
  }, 60000);

  it("yahtzee host --resume without --name gives the host back the seat it had; a --name that names no saved seat is refused before the table opens", async () => {
    const home = folder();
    const first = await startHost(['--code', CODE, '--players', '2', '--name', 'hal', '--seed', '11', '--no-animation'], home);
    track(first.host);
    const ann = track(join(first.port, 'ann', CODE, home));
    await first.host.waitFor("hal's turn", WAIT_MS);
    first.host.write('i' + KEYS.right);
    await scored(first.host, 'Aces', { who: 'hal', seat: 0, players: 2 });
    await ann.waitFor("ann's turn", WAIT_MS);
    first.host.write(KEYS.ctrlC);
    expect((await first.host.waitForExit(WAIT_MS)).exitCode).toBe(130);

    const wrong = track(new TerminalSession(['host', '--port', '0', '--code', CODE, '--resume', '--name', 'carl'], { cols: 300, env: { YAHTZEE_HOME: home } }));
    expect((await wrong.waitForExit(WAIT_MS)).exitCode).toBe(1);
    const said = await wrong.screen();
    expect(said).toContain('--name carl names no seat of the saved game (its players: hal, ann)');
    expect(said).not.toContain('Table open');

    // The account's name is not hal: the seat comes from the saved table.
    const again = await startHost(['--code', CODE, '--resume', '--no-animation'], home);
    track(again.host);
    await again.host.waitFor('At the table: hal (1 of 2)', WAIT_MS);
    const ann2 = track(join(again.port, 'ann', CODE, home));
    await ann2.waitFor("ann's turn", WAIT_MS);
    ann2.write('i' + KEYS.right);
    await scored(ann2, 'Aces', { who: 'ann', seat: 1, players: 2 });
    // hal's turn is the host terminal's own again: its keys play it.
    const turn = await again.host.waitFor("hal's turn", WAIT_MS);
    expect(turn).not.toContain('Waiting for hal');
    again.host.write('i' + KEYS.right);
    await scored(again.host, 'Twos', { who: 'hal', seat: 0, players: 2 });
  }, 120000);
});

describe('yahtzee host --port with a range', () => {
  it('listens on the first free port of the range and says so, in the join command too; a friend joins there', async () => {
    const home = folder();
    const [taken, free] = await heldPorts(2);
    await free.release();
    try {
      const range = `${taken.port}-${free.port}`;
      const host = track(new TerminalSession(['host', '--port', range, '--code', CODE, '--no-seat', '--players', '2'], { cols: 100, env: { YAHTZEE_HOME: home } }));
      const printed = await host.waitFor('A friend joins with', WAIT_MS);
      expect(printed).toContain(`Table open on 127.0.0.1 port ${free.port}`);
      expect(printed).toContain(`ssh -t -p ${free.port} NAME@127.0.0.1`);
      const ann = track(join(free.port, 'ann', CODE, home));
      await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    } finally {
      await taken.release();
    }
  }, 60_000);

  it('with every port of the range in use, says so in one line and exits 1 before a join line', async () => {
    const held = await heldPorts(2);
    try {
      const range = `${held[0].port}-${held[1].port}`;
      const host = track(new TerminalSession(['host', '--port', range, '--code', CODE, '--no-seat'], { cols: 200, env: { YAHTZEE_HOME: folder() } }));
      expect((await host.waitForExit(WAIT_MS)).exitCode).toBe(1);
      const said = (await host.screen()).trim();
      expect(said).toBe(`yahtzee: every port of ${range} on 127.0.0.1 is in use: choose another range with --port (0: any free port)`);
    } finally {
      for (const h of held) await h.release();
    }
  }, 60_000);
});

/** The first hint line of the panel: the best dice to hold (Spectrum) or keep (MSX). */
const HINT = / (hold|keep) [1-6 ]+: /;

describe("yahtzee host: each guest's screen is their own", () => {
  it('each guest sees the game at their own size and layout, and turns their own hints on and off (not the others\')', async () => {
    const home = folder();
    const { host, port } = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '5', '--no-animation'], home);
    track(host);
    const ann = track(join(port, 'ann', CODE, home));
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const bob = track(join(port, 'bob', CODE, home, ['spectrum'], { cols: 110, rows: 32 }));
    const annScreen = await ann.waitFor("ann's turn", WAIT_MS);
    const bobScreen = await bob.waitFor(/ann's turn[^]*your keys:/, WAIT_MS);
    // Their own keys on their own screens: the MSX key line on ann's (her turn), on bob's the Spectrum keys he has
    // while he waits (wider, with room for the Spectrum's option numbers).
    expect(annScreen).toContain('1-5 mark');
    expect(bobScreen).toMatch(/your keys: +H hint +W chances +I instructions +Ctrl-C leave/);
    expect(bobScreen).not.toContain('A-E hold');
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
  it('one game per folder: a host whose folder has a table in its lobby is refused before it prints a join line; the lock is the game\'s, and goes when the table closes', async () => {
    const home = folder();
    const { host } = await startHost(['--code', CODE, '--players', '2', '--no-seat'], home);
    track(host);
    await host.waitFor('ENTER: start the game', WAIT_MS);
    const second = track(new TerminalSession(['host', '--port', '0', '--code', CODE], { env: { YAHTZEE_HOME: home } }));
    await second.exited;
    const said = await second.screen();
    expect(said).toMatch(/a game is open in another terminal \(process \d+\)/);
    expect(said).not.toContain('Join code');
    const game = track(new TerminalSession([], { env: { YAHTZEE_HOME: home } }));
    await game.exited;
    expect(await game.screen()).toMatch(/a game is open in another terminal/);
    // Closed in its lobby, the table lets the folder go.
    host.write('q');
    await host.exited;
    expect(() => statSync(joinPath(home, 'game.lock'))).toThrow();
  }, 60_000);
});
