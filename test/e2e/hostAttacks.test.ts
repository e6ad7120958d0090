import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type ClientChannel } from 'ssh2';
import { feed, newTerm, termText } from '../terminal/xterm.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait.js';
import { WAIT_MS } from './play.js';
import { joinTable, startHost } from './ssh.js';
import type { TerminalSession } from './terminal.js';

const CODE = 'attack-code';
let home: string;
let host: TerminalSession;
let port: number;
const others: TerminalSession[] = [];
const folders: string[] = [];

beforeAll(async () => {
  home = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-attacks-'));
  ({ host, port } = await startHost(['--code', CODE, '--name', 'hal', '--seed', '5', '--no-animation'], home));
}, 30000);

afterAll(async () => {
  for (const t of [...others, host]) {
    t.dispose();
    await Promise.race([t.exited, new Promise((r) => setTimeout(r, 2000))]);
  }
  for (const f of [home, ...folders]) rmSync(f, { recursive: true, force: true });
});

/** An ssh2 client logged in to the table as `name` with the code. */
function connect(name: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const c = new Client();
    c.once('ready', () => resolve(c));
    c.once('error', reject);
    c.connect({ host: '127.0.0.1', port, username: name, password: CODE, readyTimeout: WAIT_MS });
  });
}

/** Everything a channel sends (stdout and stderr) until it closes, and its exit code. */
function drain(channel: ClientChannel): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    let code: number | null = null;
    channel.on('data', (d: Buffer) => (out += d.toString()));
    channel.stderr.on('data', (d: Buffer) => (err += d.toString()));
    channel.on('exit', (c: number | null) => (code = c));
    // ssh2 gives the exit status with 'close' too (when 'exit' came before its listener was there).
    channel.on('close', (c?: number | null) => resolve({ out, err, code: code ?? c ?? null }));
  });
}

describe('yahtzee host against a hostile SSH client (ssh2): refused or handled, the table goes on', () => {
  it('an exec of another command is refused with a line and exit code 2', async () => {
    const c = await connect('eve');
    const channel = await new Promise<ClientChannel>((resolve, reject) => c.exec('cat /etc/passwd', (e, ch) => (e ? reject(e) : resolve(ch))));
    const got = await drain(channel);
    expect(got.code).toBe(2);
    expect(got.err).toContain('this table serves only the game: "cat /etc/passwd" is not a key layout');
    expect(got.out).toBe('');
    c.end();
  });

  it('one session at a time on a connection: a second channel is refused while the first shows the game', async () => {
    const c = await connect('eve');
    const first = await new Promise<ClientChannel>((resolve, reject) => c.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
    let out = '';
    first.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('At the table'), { what: "the table on eve's screen", timeout: WAIT_MS });
    await expect(new Promise((resolve, reject) => c.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))))).rejects.toThrow(/open failure/i);
    await expect(new Promise((resolve, reject) => c.exec('spectrum', (e, ch) => (e ? reject(e) : resolve(ch))))).rejects.toThrow(/open failure/i);
    first.end();
    c.end();
  });

  it('sessions opened one after another on a connection leave nothing behind: no warning reaches the host\'s screen', async () => {
    const c = await connect('eve');
    for (let i = 0; i < 12; i++) {
      const channel = await new Promise<ClientChannel>((resolve, reject) => c.exec('nothing', (e, ch) => (e ? reject(e) : resolve(ch))));
      expect((await drain(channel)).code).toBe(2);
    }
    c.end();
    await new Promise((r) => setTimeout(r, 300));
    expect(await host.screen()).not.toMatch(/Warning|listeners/);
  });

  it('port forwarding both ways and the sftp subsystem are refused', async () => {
    const c = await connect('eve');
    await expect(new Promise((resolve, reject) => c.forwardOut('127.0.0.1', 0, '127.0.0.1', port, (e, ch) => (e ? reject(e) : resolve(ch))))).rejects.toThrow();
    await expect(new Promise((resolve, reject) => c.forwardIn('127.0.0.1', 0, (e, p) => (e ? reject(e) : resolve(p))))).rejects.toThrow();
    await expect(new Promise((resolve, reject) => c.sftp((e, s) => (e ? reject(e) : resolve(s))))).rejects.toThrow();
    c.end();
  });

  it('a pty of 0x0 and one of 10000x10000 get the screen (80x24, and one cut to the largest drawn), and resize to nothing', async () => {
    for (const [cols, rows, name] of [
      [0, 0, 'zero'],
      [10000, 10000, 'huge'],
    ] as const) {
      const c = await connect(name);
      const channel = await new Promise<ClientChannel>((resolve, reject) => c.shell({ cols, rows, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
      let out = '';
      channel.on('data', (d: Buffer) => (out += d.toString()));
      await waitFor(() => out.includes('At the table'), { what: `the lobby on a ${cols}x${rows} pty` });
      channel.setWindow(0, 0, 0, 0);
      channel.setWindow(100000, 100000, 0, 0);
      await host.waitFor(new RegExp(`At the table: hal, .*${name}`), WAIT_MS);
      c.end();
    }
  });

  it('any bytes from a client are keys like any others; the table goes on and OpenSSH still joins', async () => {
    const c = await connect('mallory');
    const channel = await new Promise<ClientChannel>((resolve, reject) => c.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
    let out = '';
    channel.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('At the table'), { what: 'the lobby' });
    channel.write(Buffer.from([0x1b, 0x5b, 0x39, 0x39, 0x39, 0x39, 0x39, 0x39, 0x3b, 0xff, 0xfe, 0x00, 0x1b, 0x50, 0x71, 0x9b, 0x07]));
    channel.write('\u001b]52;c;aGVsbG8=\u0007\u001b[200~paste\u001b[201~');
    const ann = joinTable(port, 'ann', CODE, home);
    others.push(ann);
    await ann.waitFor('You play as ann', WAIT_MS);
    await host.waitFor(/At the table: hal, .*ann/, WAIT_MS);
    c.end();
  });

  it('a guest writing 64 KB blocks as fast as the channel takes them holds up nobody: a friend still logs in and is seen at the table, and the flooder is told their keys were dropped', async () => {
    const c = await connect('flood');
    const channel = await new Promise<ClientChannel>((resolve, reject) => c.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
    let out = '';
    channel.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('At the table'), { what: "the lobby on flood's screen" });
    let flooding = true;
    const block = Buffer.alloc(65536, 'x');
    const flood = (async () => {
      // The host pauses a flooder's channel: its window stays shut until the flood ends with the connection.
      while (flooding) if (!channel.write(block)) await new Promise((r) => channel.once('drain', r).once('close', r));
    })();
    const bea = joinTable(port, 'bea', CODE, home);
    others.push(bea);
    await bea.waitFor('You play as bea', WAIT_MS);
    await host.waitFor(/At the table: hal, .*bea/, WAIT_MS);
    await waitFor(() => out.includes('Too many keys at once'), { what: "the line on flood's screen", timeout: WAIT_MS });
    flooding = false;
    c.end();
    await flood.catch(() => undefined);
  }, 60_000);

  it('a watcher and a player flooding during a game hold up nobody: the other player plays, and a friend still logs in', async () => {
    const own = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-flood-'));
    folders.push(own);
    const table = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '5', '--no-animation'], own);
    others.push(table.host);
    const ann = joinTable(table.port, 'ann', CODE, own);
    others.push(ann);
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const flooders: { client: Client; channel: ClientChannel }[] = [];
    for (const name of ['bob', 'wes']) {
      const client = await new Promise<Client>((resolve, reject) => {
        const c = new Client();
        c.once('ready', () => resolve(c)).once('error', reject);
        c.connect({ host: '127.0.0.1', port: table.port, username: name, password: CODE, readyTimeout: WAIT_MS });
      });
      const channel = await new Promise<ClientChannel>((resolve, reject) => client.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
      channel.on('data', () => undefined);
      flooders.push({ client, channel });
    }
    await ann.waitFor("ann's turn", WAIT_MS);
    // bob (a player) and wes (a watcher) send 64 KB of dice keys and Ctrl-L as fast as their channels take them.
    let flooding = true;
    const block = Buffer.alloc(65536, '1\u000c');
    const floods = flooders.map(async ({ channel }) => {
      while (flooding) if (!channel.write(block)) await new Promise((r) => channel.once('drain', r).once('close', r));
    });
    ann.write(' ');
    await ann.waitFor('roll 2 of 3', WAIT_MS);
    await table.host.waitFor('roll 2 of 3', WAIT_MS);
    const cat = joinTable(table.port, 'cat', CODE, own);
    others.push(cat);
    await cat.waitFor("ann's turn", WAIT_MS);
    flooding = false;
    for (const { client } of flooders) client.end();
    await Promise.all(floods);
  }, 60_000);

  it('a player who floods keys and drops is gone at once (the keys held for them dropped): the table waits for them, and they come back', async () => {
    const own = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-ghost-'));
    folders.push(own);
    const table = await startHost(['--code', CODE, '--players', '2', '--name', 'hal', '--seed', '5', '--no-animation'], own);
    others.push(table.host);
    const client = await new Promise<Client>((resolve, reject) => {
      const c = new Client();
      c.once('ready', () => resolve(c)).once('error', reject);
      c.connect({ host: '127.0.0.1', port: table.port, username: 'bob', password: CODE, readyTimeout: WAIT_MS });
    });
    const channel = await new Promise<ClientChannel>((resolve, reject) => client.shell({ cols: 80, rows: 24, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
    channel.on('data', () => undefined);
    await table.host.waitFor("hal's turn", WAIT_MS);
    table.host.write('i');
    await table.host.waitFor(/▶/, WAIT_MS);
    table.host.write('\r');
    await table.host.waitFor("bob's turn", WAIT_MS);
    // 3,000 keys in packets of their own: read at the key budget's pace, they would play on for over a minute.
    for (let i = 0; i < 3000; i++) channel.write('1');
    await new Promise((r) => setTimeout(r, 500));
    client.end();
    await table.host.waitFor('Waiting for bob (gone since', WAIT_MS);
    const back = joinTable(table.port, 'bob', CODE, own);
    others.push(back);
    await back.waitFor("bob's turn", WAIT_MS);
    expect(await back.screen()).not.toContain('already seated');
  }, 60_000);

  it('a client that never reads, and floods the host with window changes, holds up nobody; it is redrawn whole when it reads again', async () => {
    const own = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-slow-'));
    const table = await startHost(['--code', CODE, '--players', '2', '--no-seat', '--seed', '5', '--no-animation'], own);
    others.push(table.host);
    const ann = joinTable(table.port, 'ann', CODE, own);
    others.push(ann);
    await ann.waitFor('Waiting for 1 more player', WAIT_MS);
    const [cols, rows] = [500, 200];
    const client = await new Promise<Client>((resolve, reject) => {
      const c = new Client();
      c.once('ready', () => resolve(c)).once('error', reject);
      c.connect({ host: '127.0.0.1', port: table.port, username: 'slow', password: CODE, readyTimeout: WAIT_MS });
    });
    const channel = await new Promise<ClientChannel>((resolve, reject) => client.shell({ cols, rows, term: 'xterm' }, (e, ch) => (e ? reject(e) : resolve(ch))));
    const chunks: Buffer[] = [];
    channel.on('data', (d: Buffer) => chunks.push(d));
    await waitFor(() => Buffer.concat(chunks).toString().includes("ann's turn"), { what: "the game on slow's screen", timeout: WAIT_MS });
    // From now on slow reads nothing, and asks for more than its SSH window (2 MB) would take: its whole screen drawn
    // again and again, at one size and another.
    channel.pause();
    for (let i = 0; i < 4000; i++) {
      const smaller = i % 2;
      channel.setWindow(rows - smaller, cols - smaller, 0, 0);
      channel.write('\u000c');
      if (i % 100 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    channel.setWindow(rows, cols, 0, 0);
    // The game goes on for the others.
    ann.write('1');
    await ann.waitFor('KEEP', WAIT_MS);
    await table.host.waitFor('KEEP', WAIT_MS);
    // slow reads again: what it gets ends with the whole screen as it is now (die 1 kept).
    channel.resume();
    await waitFor(
      async () => {
        const term = newTerm(cols, rows);
        await feed(term, Buffer.concat(chunks).toString());
        const text = termText(term);
        term.dispose();
        return text.includes('KEEP');
      },
      { what: "die 1 kept on slow's screen once it reads again", timeout: WAIT_MS },
    );
    client.end();
    // Removed after the hosts have stopped (afterAll): this table's host may still be writing in its folder.
    folders.push(own);
  }, 120_000);
  it('sockets that never send the SSH greeting: at most 12 from one address, each closed after 10 s; then a friend joins', async () => {
    // Each reads what the host sends (its greeting), so that it sees the host close it; it sends nothing.
    const sockets = Array.from({ length: 20 }, () => net.connect(port, '127.0.0.1').resume());
    const closedAt = sockets.map(() => 0);
    const t0 = Date.now();
    const allClosed = Promise.all(sockets.map((sock, i) => new Promise<void>((resolve) => sock.on('error', () => undefined).once('close', () => resolve(void (closedAt[i] = Date.now() - t0))))));
    await new Promise((r) => setTimeout(r, 1500));
    // Those over the address's limit are closed at once (a connection left over from a test before may count too).
    const atOnce = closedAt.filter((ms) => ms > 0).length;
    expect(atOnce).toBeGreaterThanOrEqual(8);
    expect(atOnce).toBeLessThan(20);
    await allClosed;
    // The rest stay until the greeting's time is up, not forever.
    expect(Math.max(...closedAt)).toBeGreaterThanOrEqual(9000);
    expect(Math.max(...closedAt)).toBeLessThan(15000);
    const friend = joinTable(port, 'zed', CODE, home);
    others.push(friend);
    await friend.waitFor('You play as zed', WAIT_MS);
  }, 40000);
});
