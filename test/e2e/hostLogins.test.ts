import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import ssh2, { Client, type AnyAuthMethod } from 'ssh2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../src/table/hostKey.js';
import { waitFor } from '../support/wait.js';
import { WAIT_MS } from './play.js';
import { joinTable, startHost } from './ssh.js';
import type { TerminalSession } from './terminal.js';

const CODE = 'login-code';
let home: string;
let host: TerminalSession;
let port: number;
const others: TerminalSession[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  home = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-logins-'));
  ({ host, port } = await startHost(['--code', CODE, '--name', 'hal', '--seed', '5', '--no-animation'], home));
}, 30000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

afterAll(async () => {
  for (const t of [...others, host]) {
    t.dispose();
    await Promise.race([t.exited, new Promise((r) => setTimeout(r, 2000))]);
  }
  rmSync(home, { recursive: true, force: true });
});

/**
 * A raw TCP connection from `from` that says it speaks SSH and then nothing more; resolves once the host has taken it
 * (its key exchange offer, which follows the client's ident, has come) or turned it away.
 */
function idle(from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = tcp({ host: '127.0.0.1', port, localAddress: from }, () => s.write('SSH-2.0-x\r\n'));
    sockets.push(s);
    let got = '';
    s.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (got.includes('curve25519')) resolve(s);
    });
    s.on('close', () => resolve(s));
    s.on('error', reject);
  });
}

/** Logs in with ssh2 from `from`: '' once logged in, else why the host turned it away (the disconnect's reason). */
function login(from: string): Promise<string> {
  return new Promise((resolve) => {
    const c = new Client();
    c.once('ready', () => {
      c.end();
      resolve('');
    });
    c.once('error', (e: Error) => resolve(e.message || 'an error without a message'));
    c.once('close', () => resolve('closed without a reason'));
    c.connect({ host: '127.0.0.1', port, localAddress: from, username: 'pat', password: CODE, readyTimeout: WAIT_MS });
  });
}

describe('yahtzee host: logging in cannot be blocked by connections that never log in', () => {
  it('connections that send an ident and nothing else, from 7 addresses, leave room for a friend, who joins', async () => {
    for (let a = 10; a <= 16; a++) for (let i = 0; i < 8; i++) await idle(`127.0.0.${a}`);
    const ann = joinTable(port, 'ann', CODE, home);
    others.push(ann);
    await ann.waitFor('You play as ann', WAIT_MS);
    await host.waitFor(/At the table: hal, .*ann/, WAIT_MS);
  }, 60_000);

  it('a connection turned away is told why in the disconnect', async () => {
    for (let i = 0; i < 8; i++) await idle('127.0.0.20');
    const why = await login('127.0.0.20');
    expect(why).toContain('too many logins under way from 127.0.0.20');
  }, 60_000);

  it('a connection that does not log in in time, and one logged in that opens no session, are let go', async () => {
    const raw = await idle('127.0.0.30');
    const rawClosed = new Promise((r) => raw.once('close', r));
    const c = new Client();
    const closed = new Promise((r) => c.once('close', () => r(null)));
    await new Promise<void>((resolve, reject) => {
      c.once('ready', resolve).once('error', reject);
      c.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.31', username: 'sam', password: CODE, readyTimeout: WAIT_MS });
    });
    await waitFor(() => Promise.race([Promise.all([rawClosed, closed]).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 100))]), {
      what: 'both connections closed by the host',
      // The login grace is 20 s.
      timeout: 30_000,
    });
  }, 60_000);

  it('ten wrong codes lock the address for a while, and a login from it is told why; other addresses go on', async () => {
    // Four connections at once (the most an address may have logging in), three wrong codes each.
    const wrong = Array.from({ length: 4 }, () => {
      const c = new Client();
      const tries = Array.from({ length: 3 }, () => ({ type: 'password' as const, username: 'eve', password: 'not-the-code' }));
      return new Promise<void>((resolve) => {
        c.once('error', () => resolve()).once('close', () => resolve());
        c.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.40', username: 'eve', readyTimeout: 30_000, authHandler: (_m, _p, next) => next(tries.shift() ?? 'none') });
      });
    });
    await Promise.all(wrong);
    expect(await login('127.0.0.40')).toContain('too many failed logins from 127.0.0.40: try again in');
    expect(await login('127.0.0.41')).toBe('');
  }, 60_000);
});

describe('yahtzee host --authorized-keys: keys a client only offers are not failed logins', () => {
  it('a client offering 12 keys not listed still logs in with the code at once', async () => {
    const own = mkdtempSync(joinPath(tmpdir(), 'yahtzee-e2e-keys-'));
    // newKey: ssh2 makes about one ed25519 key in 256 that it cannot read back.
    const listed = ssh2.utils.parseKey(newKey());
    if (listed instanceof Error) throw listed;
    writeFileSync(joinPath(own, 'authorized_keys'), `ssh-ed25519 ${listed.getPublicSSH().toString('base64')}\n`);
    const table = await startHost(['--code', CODE, '--authorized-keys', joinPath(own, 'authorized_keys'), '--name', 'hal', '--no-animation'], own);
    others.push(table.host);
    const offered = Array.from({ length: 12 }, () => newKey());
    const tries: AnyAuthMethod[] = [...offered.map((key) => ({ type: 'publickey' as const, username: 'kim', key })), { type: 'password' as const, username: 'kim', password: CODE }];
    const why = await new Promise<string>((resolve) => {
      const c = new Client();
      c.once('ready', () => {
        c.end();
        resolve('');
      });
      c.once('error', (e: Error) => resolve(e.message));
      c.connect({ host: '127.0.0.1', port: table.port, username: 'kim', readyTimeout: WAIT_MS, authHandler: (_methods, _partial, next) => next(tries.shift() ?? 'none') });
    });
    expect(why).toBe('');
    rmSync(own, { recursive: true, force: true });
  }, 60_000);
});
