import { connect as tcp, type Socket } from 'node:net';
import { Client } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableHost } from '../../src/table/connection.js';
import { newKey } from '../../src/table/hostKey.js';
import { startServer, type RunningServer } from '../../src/table/server.js';
import { heldPorts } from '../support/ports.js';
import { waitFor } from '../support/wait.js';

const CODE = 'keepalive-code';
const running: RunningServer[] = [];
const sockets: Socket[] = [];

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const r of running.splice(0)) r.close();
});

/** A server whose keepalive pings a silent client every `keepaliveMs`; no session is opened, so no table is needed. */
async function serve(keepaliveMs: number): Promise<RunningServer> {
  // newKey: ssh2 makes about one ed25519 key in 256 that it cannot read back.
  const hostKey = newKey();
  const server = await startServer({ listen: '127.0.0.1', port: 0, hostKey, code: CODE, authorizedKeys: [], keepaliveMs }, {} as TableHost);
  running.push(server);
  return server;
}

/** Logs in over a socket of the test's own, which it can then stop reading, as a frozen ssh client does. */
function logIn(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcp({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
    sockets.push(socket);
    const client = new Client();
    client.once('ready', () => resolve(socket));
    client.once('error', reject);
    client.connect({ sock: socket, username: 'ann', password: CODE });
  });
}

describe('yahtzee host: a client that stops answering', () => {
  it('is let go once its keepalive pings go unanswered: its socket is closed on the host, not left half-closed', async () => {
    const server = await serve(100);
    const socket = await logIn(server.port);
    expect(server.sockets()).toBe(1);
    // A client that answers stays.
    await new Promise((r) => setTimeout(r, 600));
    expect(server.sockets()).toBe(1);
    // Frozen: its kernel still acknowledges, but it reads nothing and answers no ping.
    socket.pause();
    await waitFor(() => server.sockets() === 0, { what: 'the frozen client let go', timeout: 5000 });
  });
});

describe('yahtzee host: sockets that never greet', () => {
  it('from a few addresses, filling every place, make room for a friend: the oldest of the address with the most goes', async () => {
    const server = await serve(15_000);
    // 12 from each of 6 addresses: more than the places there are (64), each within its address's limit (12).
    let connected = 0;
    for (let a = 2; a <= 7; a++) {
      for (let i = 0; i < 12; i++) {
        const s = tcp({ host: '127.0.0.1', port: server.port, localAddress: `127.0.0.${a}` }, () => connected++).on('error', () => undefined);
        sockets.push(s);
      }
    }
    await waitFor(() => connected === 72, { what: 'the silent sockets connected' });
    await waitFor(() => server.sockets() === 64, { what: 'every place taken' });
    await logIn(server.port);
    expect(server.sockets()).toBeLessThanOrEqual(65);
  });
});

describe('yahtzee host --port with a range', () => {
  const setup = (port: number, lastPort: number) => ({ listen: '127.0.0.1', port, lastPort, hostKey: newKey(), code: CODE, authorizedKeys: [] });

  it('passes over a port of the range in use and listens on the next; a friend logs in there', async () => {
    const [taken, free] = await heldPorts(2);
    await free.release();
    try {
      const server = await startServer(setup(taken.port, free.port), {} as TableHost);
      running.push(server);
      expect(server.port).toBe(free.port);
      await logIn(server.port);
    } finally {
      await taken.release();
    }
  });

  it('with every port of the range in use, fails with the error of the last and leaves nothing listening', async () => {
    const held = await heldPorts(3);
    const failed = await startServer(setup(held[0].port, held[2].port), {} as TableHost).then(
      () => null,
      (e: NodeJS.ErrnoException & { port?: number }) => e,
    );
    // Every port was tried: the error is the last one's.
    expect([failed?.code, failed?.port]).toEqual(['EADDRINUSE', held[2].port]);
    for (const h of held) await h.release();
    // Released, the range's first port is free again: the server that failed holds neither.
    const server = await startServer(setup(held[0].port, held[2].port), {} as TableHost);
    running.push(server);
    expect(server.port).toBe(held[0].port);
  });
});
