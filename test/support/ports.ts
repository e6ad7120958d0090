import net from 'node:net';

/** Listens on `port` of 127.0.0.1 (0: any free port); the server, or null when the port is taken. */
function hold(port: number): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (e: NodeJS.ErrnoException) => (e.code === 'EADDRINUSE' ? resolve(null) : reject(e)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A server that holds a port, and its port. */
export interface HeldPort {
  readonly port: number;
  release(): Promise<void>;
}

/**
 * `count` ports of 127.0.0.1 in a row, each held by a listening server of the test's own (so that a program under test
 * finds it in use until the test releases it): the system's free port and the ones after it, tried again from another
 * free port when one after it is taken.
 */
export async function heldPorts(count: number): Promise<HeldPort[]> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await hold(0);
    if (first === null) continue;
    const servers = [first];
    const start = (first.address() as net.AddressInfo).port;
    while (servers.length < count && start + servers.length <= 65535) {
      const next = await hold(start + servers.length);
      if (next === null) break;
      servers.push(next);
    }
    const held = servers.map((s, i) => ({ port: start + i, release: () => new Promise<void>((resolve) => s.close(() => resolve())) }));
    if (servers.length === count) return held;
    await Promise.all(held.map((h) => h.release()));
  }
  throw new Error(`no ${count} free ports in a row on 127.0.0.1`);
}
