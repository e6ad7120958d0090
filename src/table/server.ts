import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import ssh2 from 'ssh2';
import type { Connection, ParsedKey } from 'ssh2';
import { BY_APPLICATION, disconnect, NO_MORE_AUTH_METHODS, TOO_MANY_CONNECTIONS } from './disconnect.js';
import { LoginFailures } from './loginFailures.js';
import { serveSession, type TableHost } from './connection.js';
import { readTextFile } from '../storage/files.js';

/** Logged-in connections at once, in all and from one address: enough for a table and its watchers, not for a flood. */
const MAX_CONNECTIONS = 32;
const MAX_PER_ADDRESS = 8;
/**
 * Connections still logging in, in all and from one address, counted apart from the logged-in ones: those who only
 * connect never take a player's place, and when all are taken a newcomer takes the oldest of the address with most.
 */
const MAX_PENDING = 16;
const MAX_PENDING_PER_ADDRESS = 4;
/**
 * The time a connection has to finish the handshake and log in: a friend types the code at ssh's prompt, so not too
 * short; connections that only hold a place are taken over by newcomers anyway (MAX_PENDING).
 */
const LOGIN_MS = 20_000;
/**
 * Sockets open at once, from one address and in all, counted from the moment they connect: one that never sends the
 * SSH greeting is not yet a login (ssh2 hears of a connection only with its greeting), and would otherwise hold a file
 * descriptor without end. An SSH client greets at once, so one silent for GREETING_MS is closed.
 */
const MAX_SOCKETS_PER_ADDRESS = MAX_PER_ADDRESS + MAX_PENDING_PER_ADDRESS;
const MAX_SOCKETS = MAX_CONNECTIONS + MAX_PENDING + 16;
const GREETING_MS = 10_000;
/** The time a logged-in connection has to open its session. */
const SESSION_MS = 10_000;
/** How long the connections have to leave by themselves once the table closes. */
const CLOSE_GRACE_MS = 3000;
/**
 * A logged-in client that answers none of KEEPALIVE_COUNT pings, one each KEEPALIVE_MS of silence, is gone (a frozen
 * ssh, a laptop asleep behind a NAT): its socket is closed, so that its seat waits for it and can be given away.
 */
const KEEPALIVE_MS = 15_000;
const KEEPALIVE_COUNT = 3;

/** How the server is set up: where it listens, its key, the join code, the public keys that need no code. */
export interface ServerSetup {
  readonly listen: string;
  readonly port: number;
  /** The last port of a range (--port 22600-22699): a port in use is passed over for the next, up to this one. */
  readonly lastPort?: number;
  readonly hostKey: string;
  readonly code: string;
  readonly authorizedKeys: readonly ParsedKey[];
  /** The time between keepalive pings to a silent client (KEEPALIVE_MS unless given). */
  readonly keepaliveMs?: number;
}

/**
 * The running server: the port it listens on (the one given, the first free one of the range, or the one the system
 * chose for 0), and its end.
 */
export interface RunningServer {
  readonly port: number;
  /** The sockets open now, logged in or not. */
  sockets(): number;
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
  const clients = new Set<Connection>();
  /** Connections logging in, and logged in, with their address (in the order they came). */
  const pending = new Map<Connection, string>();
  const loggedIn = new Map<Connection, string>();
  const from = (map: Map<Connection, string>, address: string) => [...map.values()].filter((a) => a === address).length;
  const failures = new LoginFailures();
  // Sockets waiting for their greeting, oldest first, by address and port (as ssh2 names the connection once it greets).
  const silent = new Map<string, { readonly address: string; readonly socket: net.Socket; readonly timer: ReturnType<typeof setTimeout> }>();
  const forgetSilent = (key: string) => {
    clearTimeout(silent.get(key)?.timer);
    silent.delete(key);
  };
  const socketOf = new Map<string, net.Socket>();
  const config = { hostKeys: [setup.hostKey], ident: 'yahtzee', keepaliveInterval: setup.keepaliveMs ?? KEEPALIVE_MS, keepaliveCountMax: KEEPALIVE_COUNT };
  const server = new ssh2.Server(config, (client, info) => {
    const address = info.ip;
    const key = `${address}|${info.port}`;
    forgetSilent(key);
    if (from(pending, address) >= MAX_PENDING_PER_ADDRESS) {
      disconnect(client, TOO_MANY_CONNECTIONS, `too many logins under way from ${address}: try again in a few seconds`);
      return;
    }
    if (pending.size >= MAX_PENDING) {
      // The oldest login of the address with the most under way makes room, if that address has more than this one.
      const counts = new Map<string, number>();
      for (const a of pending.values()) counts.set(a, (counts.get(a) ?? 0) + 1);
      const most = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
      const oldest = [...pending.entries()].find(([, a]) => a === most[0])?.[0];
      if (oldest === undefined || most[1] <= from(pending, address)) {
        disconnect(client, TOO_MANY_CONNECTIONS, 'too many logins under way at this table: try again in a few seconds');
        return;
      }
      pending.delete(oldest);
      disconnect(oldest, TOO_MANY_CONNECTIONS, 'too many logins under way at this table, yours the oldest: try again');
    }
    clients.add(client);
    pending.set(client, address);
    // A frame goes out as soon as it is drawn, not held back to be sent with more (Nagle's algorithm), as OpenSSH does
    // for an interactive session (ssh2's Connection has setNoDelay; its type definitions leave it out).
    (client as unknown as { setNoDelay(noDelay: boolean): unknown }).setNoDelay(true);
    let name: string | null = null;
    const loginTimer = setTimeout(() => disconnect(client, BY_APPLICATION, `no login within ${LOGIN_MS / 1000} s`), LOGIN_MS);
    let sessionTimer: ReturnType<typeof setTimeout> | undefined;
    client.on('authentication', (ctx) => {
      const methods: ('password' | 'publickey')[] = setup.authorizedKeys.length > 0 ? ['password', 'publickey'] : ['password'];
      const locked = failures.locked(address, Date.now());
      if (locked > 0) {
        const wait = Math.ceil(locked / 1000);
        return disconnect(client, NO_MORE_AUTH_METHODS, `too many failed logins from ${address}: try again in ${wait} s`);
      }
      const reject = () => {
        const delay = failures.fail(address, Date.now());
        setTimeout(() => ctx.reject(methods), delay);
      };
      if (ctx.method === 'password') {
        if (!sameText(ctx.password, setup.code)) return reject();
        name = ctx.username;
        return ctx.accept();
      }
      if (ctx.method === 'publickey') {
        const known = setup.authorizedKeys.find((k) => k.type === ctx.key.algo && k.getPublicSSH().equals(ctx.key.data));
        // Asked whether the key would do (no signature yet): answered at once and not counted as a failure, since
        // ssh offers each key it has in turn.
        if (ctx.signature === undefined) return known === undefined ? ctx.reject(methods) : ctx.accept();
        if (known === undefined) return reject();
        if (known.verify(ctx.blob as Buffer, ctx.signature, ctx.hashAlgo) !== true) return reject();
        name = ctx.username;
        return ctx.accept();
      }
      ctx.reject(methods);
    });
    client.on('ready', () => {
      clearTimeout(loginTimer);
      pending.delete(client);
      failures.succeed(address);
      if (loggedIn.size >= MAX_CONNECTIONS || from(loggedIn, address) >= MAX_PER_ADDRESS) {
        const what = loggedIn.size >= MAX_CONNECTIONS ? `the table has ${MAX_CONNECTIONS} connections` : `${MAX_PER_ADDRESS} connections from ${address} are at the table`;
        disconnect(client, TOO_MANY_CONNECTIONS, `${what}, the most it takes: try again later`);
        return;
      }
      loggedIn.set(client, address);
      // A connection that opens no session would hold its place for nothing.
      sessionTimer = setTimeout(() => disconnect(client, BY_APPLICATION, `no session opened within ${SESSION_MS / 1000} s`), SESSION_MS);
      // One session at a time, each a screen of the game: a client could open channels without end. Until it asks for a
      // shell or an exec, the connection's timer runs on.
      let sessions = 0;
      client.on('session', (accept, reject) => {
        if (sessions >= 1) return reject();
        sessions++;
        const session = accept();
        const gone = serveSession(session, name ?? '', host, () => clearTimeout(sessionTimer));
        client.once('close', gone);
        session.once('close', () => {
          sessions--;
          client.off('close', gone);
        });
      });
    });
    // Port forwarding either way, and any other global request, is refused.
    client.on('tcpip', (_accept, reject) => reject());
    client.on('openssh.streamlocal', (_accept, reject) => reject());
    client.on('request', (_accept, reject) => reject?.());
    client.on('close', () => {
      clearTimeout(loginTimer);
      clearTimeout(sessionTimer);
      clients.delete(client);
      pending.delete(client);
      loggedIn.delete(client);
    });
    // A client's network or protocol error, or its keepalive's timeout, ends its own connection; the table goes on.
    // The socket is closed both ways: ssh2 only half-closes it, and a client that never answers would then never close.
    client.on('error', () => socketOf.get(key)?.destroy());
  });
  // The port is this server's: it counts and times the sockets before ssh2 is given them.
  const perAddress = new Map<string, number>();
  let open = 0;
  /**
   * With every socket taken, a newcomer takes the place of the oldest silent socket of the address with the most
   * silent ones, if that is more than its own address has: a few addresses that only connect cannot keep friends out.
   */
  const makeRoom = (address: string): boolean => {
    const counts = new Map<string, number>();
    for (const s of silent.values()) counts.set(s.address, (counts.get(s.address) ?? 0) + 1);
    const most = [...counts.entries()].reduce<[string, number] | null>((a, b) => (a === null || b[1] > a[1] ? b : a), null);
    if (most === null || most[1] <= (counts.get(address) ?? 0)) return false;
    for (const [key, s] of silent) {
      if (s.address !== most[0]) continue;
      forgetSilent(key);
      s.socket.destroy();
      return true;
    }
    return false;
  };
  const front = net.createServer((socket) => {
    const address = socket.remoteAddress ?? '';
    const count = perAddress.get(address) ?? 0;
    if (count >= MAX_SOCKETS_PER_ADDRESS || (open >= MAX_SOCKETS && !makeRoom(address))) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count + 1);
    open++;
    const key = `${address}|${socket.remotePort}`;
    silent.set(key, { address, socket, timer: setTimeout(() => socket.destroy(), GREETING_MS) });
    socketOf.set(key, socket);
    socket.once('close', () => {
      forgetSilent(key);
      socketOf.delete(key);
      open--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    server.injectSocket(socket);
  });
  return new Promise((resolve, reject) => {
    let port = setup.port;
    const last = setup.lastPort ?? port;
    // A port of the range in use is passed over for the next (a server may listen again after a failed listen); any
    // other error, or the last port's, is the caller's, with nothing left listening.
    const failed = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE' && port < last) {
        front.listen(++port, setup.listen);
        return;
      }
      front.off('error', failed);
      front.off('listening', listening);
      reject(e);
    };
    const listening = () => {
      front.off('error', failed);
      const address = front.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : port,
        sockets: () => open,
        close: () => {
          front.close();
          // A guest's ssh leaves by itself once its session has said goodbye and closed; ending the connection at
          // once could cut that goodbye off while it still waits in the channel's window. Whoever stays is ended
          // after a while (the timer does not keep the host running).
          setTimeout(() => {
            for (const c of clients) c.end();
          }, CLOSE_GRACE_MS).unref();
        },
      });
    };
    front.on('error', failed);
    front.once('listening', listening);
    front.listen(port, setup.listen);
  });
}
