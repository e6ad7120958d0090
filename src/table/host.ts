import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computerSeatNames, unusedFlags } from '../app/index.js';
import type { PlayOptions } from '../app/options.js';
import { checkName, MAX_PLAYERS } from '../engine/index.js';
import { GAME_LOCK, lockHeldMessage, takeLock } from '../storage/lock.js';
import { storageDirs } from '../storage/paths.js';
import { peekGame, previousPath, savePath, type SavedGame } from '../storage/saves.js';
import { describeSave } from '../view/resumeWords.js';
import { runGame } from '../ui/run.js';
import type { ParsedKey } from 'ssh2';
import { joinCommand, type GuestConnection, type TableHost } from './connection.js';
import { loadHostKey } from './hostKey.js';
import { newJoinCode } from './joinCode.js';
import { readTableRecord, resumedHostSeat, writeTableRecord } from './hostSeat.js';
import { hostLobby } from './lobby.js';
import { readAuthorizedKeys, startServer } from './server.js';
import { ScreenGroups } from './screenGroups.js';
import { Table } from './table.js';
import { listWords, wrap } from '../text/index.js';

/** A watcher without a key for this long is let go (an hour: a forgotten window should not hold a place forever). */
const WATCH_IDLE_MS = 60 * 60_000;

/** What stops a table from opening (its key, the keys file, the port): said in one line, nothing served. */
export class TableError extends Error {
  override readonly name = 'TableError';
}

/**
 * `what` done, or a TableError that says why not: a file's error (it has a code) or the plain Error the key readers
 * throw for a file that holds no key. Anything else is a bug and goes on as it is.
 */
function opening<T>(what: () => T, say: (reason: string) => string): T {
  try {
    return what();
  } catch (e) {
    if (e instanceof Error && ((e as NodeJS.ErrnoException).code !== undefined || e.constructor === Error)) throw new TableError(say(e.message));
    throw e;
  }
}

/** What `yahtzee host` is asked for besides the play flags (checked by src/commands/host.ts). */
export interface HostOptions {
  readonly port: number;
  /** The last port of a range (--port 22600-22699): the table takes the first free one from `port` to it. */
  readonly lastPort?: number;
  readonly listen: string;
  /** The join code, or undefined for a fresh one. */
  readonly code?: string;
  /** The host's own seat's name, or null when the host only serves and watches (--no-seat). */
  readonly seat: string | null;
  /** Whether --name or --no-seat gave the seat (else it is the account's name, and a resumed table's own comes first). */
  readonly seatGiven: boolean;
  readonly authorizedKeys?: string;
}

/** The host's seat's name when --name does not give one: the account's user name if it is a player's name, else HOST. */
export function defaultHostName(): string {
  let name = 'HOST';
  try {
    name = os.userInfo().username;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
  }
  return checkName(name) === null ? name : 'HOST';
}

/** Whether the table listens on a loopback address only (127.0.0.0/8, ::1, localhost): no other machine reaches it. */
function isLoopback(listen: string): boolean {
  return listen === 'localhost' || listen === '::1' || /^127\./.test(listen);
}

/** The host's name in the command a friend types: the address listened on, or this machine's name for all addresses. */
function hostForFriends(listen: string): string {
  if (listen === '0.0.0.0' || listen === '::') return os.hostname();
  return listen.includes(':') ? `[${listen}]` : listen;
}

/**
 * The intro's lines for a table that --resume brings back: the saved game, described, whom it waits for, and the
 * flags given that only a new table would use (said, not silently dropped).
 */
function resumedIntro(saved: SavedGame, people: readonly string[], options: PlayOptions): string[] {
  const game = describeSave(saved);
  const unused = unusedFlags(options, { rules: saved.state.rules, layout: saved.layout, practice: saved.practice });
  return [
    `Resuming the saved game: ${game.join('; ')}`,
    `It goes on when ${listWords([...people])} ${people.length === 1 ? 'is' : 'are'} at the table (or on ENTER); anyone else watches`,
    ...(unused.length > 0 ? [`${listWords(unused)} ${unused.length === 1 ? 'is' : 'are'} for a new table; the saved one goes on as it was`] : []),
  ];
}

/**
 * `yahtzee host`: serves one table over SSH, with the game on the host's terminal as its one engine. Prints how to
 * join, holds the lobby until the seats are taken or the host starts, plays the game (the host's terminal a seat
 * unless --no-seat) and says goodbye to every guest when the host leaves.
 */
export async function runHost(options: PlayOptions, host: HostOptions): Promise<void> {
  const dirs = storageDirs();
  // A resumed table's people seats are its saved game's: the lobby seats them only (anyone else watches), and the
  // host's is the one it had, said before anything starts.
  const saved = options.resume ? peekGame(dirs) : null;
  const resumed = saved === null ? null : saved.state.players.filter((p) => p.kind === 'human').map((p) => p.name);
  const everySeat = saved === null ? [] : saved.state.players.map((p) => p.name);
  const seat = resumed === null ? { seat: host.seat } : resumedHostSeat({ seat: host.seat, given: host.seatGiven }, resumed, everySeat, readTableRecord(dirs));
  if ('refused' in seat) throw new TableError(seat.refused);
  const key = opening(() => loadHostKey(dirs.data), (why) => `the host key could not be made or read: ${why}`);
  const code = host.code ?? newJoinCode();
  const keysFile = host.authorizedKeys;
  const authorizedKeys: ParsedKey[] = keysFile !== undefined ? opening(() => readAuthorizedKeys(keysFile), (why) => `--authorized-keys: ${why}`) : [];
  const computers = options.computers ?? 0;
  // --players counts every seat; the people's (the host's included) fill the lobby, the computers sit after them.
  const people = options.players !== undefined ? options.players - computers : null;
  const table = new Table(people, seat.seat, MAX_PLAYERS - computers, resumed);
  const guests = new Set<GuestConnection>();
  const friendHost = hostForFriends(host.listen);
  let port = host.port;
  const screens = new ScreenGroups(table);
  const tableHost: TableHost = { table, guests, screens, watchIdleMs: WATCH_IDLE_MS, color: options.color, joinCommand: (name) => joinCommand(port, friendHost, name) };
  const ports = { port: host.port, ...(host.lastPort !== undefined ? { lastPort: host.lastPort } : {}) };
  const server = await startServer({ listen: host.listen, ...ports, hostKey: key.privateKey, code, authorizedKeys }, tableHost).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE' && host.lastPort !== undefined) {
      throw new TableError(`every port of ${host.port}-${host.lastPort} on ${host.listen} is in use: choose another range with --port (0: any free port)`);
    }
    if (e.code === 'EADDRINUSE') throw new TableError(`port ${host.port} on ${host.listen} is in use: choose another with --port (0: any free port)`);
    // A range stops at its first port that is not open to this user: the error names that port.
    const tried = (e as { port?: number }).port ?? host.port;
    if (e.code === 'EACCES') throw new TableError(`port ${tried} on ${host.listen} is not open to this user: choose one above 1023 with --port`);
    if (e.code === 'EADDRNOTAVAIL') throw new TableError(`${host.listen} is not an address of this machine (--listen)`);
    // Any other address the system will not listen on (a link-local one on no such interface, say) is said in a line.
    if (e.code === 'EINVAL') throw new TableError(`${host.listen} cannot be listened on (--listen): ${e.message}`);
    throw e;
  });
  port = server.port;
  // One game per folder: its lock is taken before friends are asked to join, and handed to the game.
  const lock = takeLock(path.join(dirs.state, GAME_LOCK));
  if (lock.kind === 'held') {
    server.close();
    throw new TableError(lockHeldMessage(lock.owner, dirs.state));
  }
  // A table is a new game unless --resume says: a saved game would be set aside without a word, and lost once the new
  // game scores. The host says which, before friends are asked to join.
  if (!options.resume && !options.fresh && (existsSync(savePath(dirs)) || existsSync(previousPath(dirs)))) {
    if (lock.kind === 'taken') lock.release();
    server.close();
    throw new TableError(`a saved game is waiting in ${dirs.state}: yahtzee host --resume brings it back; yahtzee host --new sets it aside for a new table (kept until the new game scores)`);
  }
  let handed = false;
  const out = process.stdout;
  // The join command on a line of its own, so that it is copied whole; the rest wrapped at words on a terminal.
  const intro = [
    `Table open on ${host.listen} port ${port}`,
    `Join code: ${code}`,
    `Host key fingerprint: ${key.fingerprint}`,
    ...(key.made ? [`  made now, kept in ${key.file}`] : []),
    // Loopback only is the safe default: said, so that a host does not wait for a friend who cannot reach the table.
    ...(isLoopback(host.listen) ? ['Only this machine can join: --listen 0.0.0.0 opens the table to your network'] : []),
    'A friend joins with:',
    `  ${joinCommand(port, friendHost, 'NAME')}`,
    `  ${joinCommand(port, friendHost, 'NAME')} spectrum`,
    '  NAME: their player name; the password: the join code; the second for the Spectrum keys',
    // A resumed table says which game comes back and whom it waits for: the lobby's line alone would read as a new one.
    ...(saved === null || resumed === null ? [] : resumedIntro(saved, resumed, options)),
  ];
  out.write(intro.flatMap((text) => introLines(text, out.isTTY ? out.columns : undefined)).join('\n') + '\n');
  let closed = false;
  const goodbye = (text: string) => {
    if (closed) return;
    closed = true;
    table.close();
    for (const g of [...guests]) g.end(text);
    server.close();
  };
  table.onDone = () => goodbye('The host has ended the table.');
  try {
    const how = await hostLobby(table, process.stdin, out);
    if (how === 'close') {
      goodbye('The host closed the table.');
      return;
    }
    const names = table.start();
    const seated: PlayOptions = {
      ...options,
      players: names.length + computers,
      names: [...names, ...computerSeatNames(names, computers)],
      // The table is a new game unless --resume asks for the saved one.
      fresh: !options.resume,
      hosted: true,
    };
    // Which seat is the host's, for a later --resume: the saved game does not say.
    writeTableRecord(dirs, { host: seat.seat, seats: saved === null ? seated.names ?? [] : everySeat });
    handed = true;
    await runGame(seated, table.link(), lock);
  } finally {
    if (!handed && lock.kind === 'taken') lock.release();
    goodbye('The host has ended the table.');
  }
}

/** A line of the host's introduction wrapped at words to `width` (none: not a terminal), its indent kept. */
function introLines(text: string, width: number | undefined): string[] {
  const indent = /^ */.exec(text)![0].length;
  return width === undefined || width <= indent + 20 ? [text] : wrap(text, width, { indent });
}
