import { timingSafeEqual } from 'node:crypto';
import ssh2 from 'ssh2';
import type { ParsedKey } from 'ssh2';
import { serveSession, type TableHost } from './connection.js';
import { readTextFile } from '../storage/files.js';

/** Connections at once, in all and from one address: enough for a table and its watchers, not for a flood. */
const MAX_CONNECTIONS = 32;
const MAX_PER_ADDRESS = 8;
/** The time a connection has to finish the handshake and log in. */
const LOGIN_MS = 30_000;
/** How long the connections have to leave by themselves once the table closes. */
const CLOSE_GRACE_MS = 3000;
/** Failed logins from one address in a row before every further try from it is refused until the table closes. */
const MAX_FAILURES = 10;
/** A failed login is answered after this long, times the failures so far from that address (up to 5 s). */
const FAILURE_DELAY_MS = 500;

/** How the server is set up: where it listens, its key, the join code, the public keys that need no code. */
export interface ServerSetup {
  readonly listen: string;
  readonly port: number;
  readonly hostKey: string;
  readonly code: string;
  readonly authorizedKeys: readonly ParsedKey[];
}

/** The running server: the port it listens on (the one given, or the one the system chose for 0), and its end. */
export interface RunningServer {
  readonly port: number;
  close(): void;
}

/** The public keys of an authorized_keys file (OpenSSH's format; options before the key are passed over). */
export function readAuthorizedKeys(file: string): ParsedKey[] {
  // A FIFO, a device or a huge file is refused, never read without end.
  const read = readTextFile(file);
  if (read.kind === 'missing') throw new Error(`${file}: no such file`);
  if (read.kind === 'unreadable') throw new Error(`${file}: ${read.error}`);
  const keys: ParsedKey[] = [];
  for (const [i, raw] of read.text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.search(/(^|\s)(ssh-|ecdsa-|sk-)/);
    const parsed = at < 0 ? new Error('no key type') : ssh2.utils.parseKey(line.slice(at).trim());
    if (parsed instanceof Error) throw new Error(`${file} line ${i + 1}: not a public key (${parsed.message})`);
    keys.push(Array.isArray(parsed) ? (parsed[0] as ParsedKey) : parsed);
  }
  return keys;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Serves the table over SSH: password logins with the join code (or a listed public key), the user name as the
 * player's name, a session per guest (src/table/connection.ts); nothing forwarded. Resolves once it listens.
 */
export function startServer(setup: ServerSetup, host: TableHost): Promise<RunningServer> {
  const clients = new Set<{ end(): unknown }>();
  const perAddress = new Map<string, number>();
  const failures = new Map<string, number>();
  const server = new ssh2.Server({ hostKeys: [setup.hostKey], ident: 'yahtzee' }, (client, info) => {
    const address = info.ip;
    const count = perAddress.get(address) ?? 0;
    if (clients.size >= MAX_CONNECTIONS || count >= MAX_PER_ADDRESS) {
      client.end();
      return;
    }
    clients.add(client);
    perAddress.set(address, count + 1);
    // A frame goes out as soon as it is drawn, not held back to be sent with more (Nagle's algorithm), as OpenSSH does
    // for an interactive session (ssh2's Connection has setNoDelay; its type definitions leave it out).
    (client as unknown as { setNoDelay(noDelay: boolean): unknown }).setNoDelay(true);
    let name: string | null = null;
    const loginTimer = setTimeout(() => client.end(), LOGIN_MS);
    client.on('authentication', (ctx) => {
      const failed = failures.get(address) ?? 0;
      const reject = () => {
        failures.set(address, failed + 1);
        setTimeout(() => ctx.reject(['password', 'publickey']), Math.min(5000, FAILURE_DELAY_MS * (failed + 1)));
      };
      if (failed >= MAX_FAILURES) return reject();
      if (ctx.method === 'password') {
        if (!sameText(ctx.password, setup.code)) return reject();
        name = ctx.username;
        return ctx.accept();
      }
      if (ctx.method === 'publickey') {
        const known = setup.authorizedKeys.find((k) => k.type === ctx.key.algo && k.getPublicSSH().equals(ctx.key.data));
        // Asked whether the key would do (no signature yet): not counted as a failure.
        if (known === undefined) return setup.authorizedKeys.length > 0 ? reject() : ctx.reject(['password']);
        if (ctx.signature === undefined) return ctx.accept();
        if (known.verify(ctx.blob as Buffer, ctx.signature, ctx.hashAlgo) !== true) return reject();
        name = ctx.username;
        return ctx.accept();
      }
      ctx.reject(setup.authorizedKeys.length > 0 ? ['password', 'publickey'] : ['password']);
    });
    client.on('ready', () => {
      clearTimeout(loginTimer);
      failures.delete(address);
      client.on('session', (accept) => serveSession(accept(), name ?? '', host));
    });
    // Port forwarding either way, and any other global request, is refused.
    client.on('tcpip', (_accept, reject) => reject());
    client.on('openssh.streamlocal', (_accept, reject) => reject());
    client.on('request', (_accept, reject) => reject?.());
    client.on('close', () => {
      clearTimeout(loginTimer);
      clients.delete(client);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    // A client's network or protocol error ends its own connection (its close follows); the table goes on.
    client.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(setup.port, setup.listen, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : setup.port,
        close: () => {
          server.close();
          // A guest's ssh leaves by itself once its session has said goodbye and closed; ending the connection at
          // once could cut that goodbye off while it still waits in the channel's window. Whoever stays is ended
          // after a while (the timer does not keep the host running).
          setTimeout(() => {
            for (const c of clients) c.end();
          }, CLOSE_GRACE_MS).unref();
        },
      });
    });
  });
}
