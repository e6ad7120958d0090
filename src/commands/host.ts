import { isIP } from 'node:net';
import type { Command } from 'commander';
import type { PlayOptions } from '../app/options.js';
import { MAX_PLAYERS, checkName, printable, readsAsComputer } from '../engine/index.js';
import type { HostOptions } from '../table/host.js';
import { UsageError } from './errors.js';
import type { RawPlayFlags } from './playOptions.js';
import { writeErrorLine } from '../ui/errorLine.js';

/** The raw flags of `yahtzee host`: the play flags and the table's own. */
export interface RawHostFlags extends RawPlayFlags {
  port?: string;
  listen?: string;
  code?: string;
  name?: string;
  /** false with --no-seat. */
  seat?: boolean;
  authorizedKeys?: string;
}

/** A whole number as commander handed it over, else undefined (the play flags' parser words what is wrong with it). */
const count = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : undefined);

/**
 * With the host seated, the seats --players (or the table's most) leaves after the computers must hold the host's:
 * else a computer would play under the host's name.
 */
function hostSeatCheck(raw: RawHostFlags): void {
  const players = count(raw.players);
  const computers = count(raw.computer) ?? 0;
  if (computers === 0 || (players !== undefined && computers > players)) return;
  if ((players ?? MAX_PLAYERS) - computers >= 1) return;
  const seats = players !== undefined ? `--players ${players} with --computer ${computers}` : `--computer ${computers} (a table has ${MAX_PLAYERS} seats)`;
  throw new UsageError(`${seats} leaves no seat for the host: give fewer computers, or --no-seat to only serve and watch`);
}

/**
 * Why nobody could connect to `listen` (an IP address), or null: a multicast or the broadcast address takes no
 * connection, and a link-local IPv6 address is only one with its interface (the system refuses it without, EINVAL).
 */
function unreachable(listen: string): string | null {
  const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(listen);
  if (v4 !== null) {
    if (Number(v4[1]) >= 224 && Number(v4[1]) <= 239) return 'is a multicast address, which nobody can connect to';
    return /255\.255\.255\.255$/.test(listen) ? 'is the broadcast address, which nobody can connect to' : null;
  }
  if (/^ff/i.test(listen)) return 'is a multicast address, which nobody can connect to';
  if (/^fe[89ab]/i.test(listen) && !listen.includes('%')) return `is a link-local address: add its interface, as in ${listen}%eth0`;
  return null;
}

/**
 * --port: one port (0: any free port), or a range whose first free port is taken (both ends real ports, the first no
 * higher than the last). A wrong value is a UsageError.
 */
function parsePorts(given: string | undefined): { port: number; lastPort?: number } {
  const text = (given ?? '2222').trim();
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range !== null) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    if (low < 1 || high < 1 || low > 65535 || high > 65535) throw new UsageError(`--port ${text}: the ports of a range are from 1 to 65535`);
    if (low > high) throw new UsageError(`--port ${text}: a range goes from its lower port to its higher, as in ${high}-${low}`);
    return { port: low, lastPort: high };
  }
  if (!/^\d+$/.test(text) || Number(text) > 65535) {
    throw new UsageError(`--port must be a port from 0 (any free port) to 65535, or a range such as 22600-22699 (got "${given}")`);
  }
  return { port: Number(text) };
}

/** Checks the table's own flags; a wrong value is a UsageError with a one-line message. */
export function parseHostFlags(raw: RawHostFlags, hostName: () => string): HostOptions {
  if (raw.names !== undefined) throw new UsageError("--names does not apply to a table: each player's name is the user name they join with (the host's: --name)");
  const ports = parsePorts(raw.port);
  const listen = (raw.listen ?? '127.0.0.1').trim();
  if (isIP(listen) === 0) throw new UsageError(`--listen must be an IP address such as 127.0.0.1, 0.0.0.0 or :: (got "${raw.listen}")`);
  const why = unreachable(listen);
  if (why !== null) throw new UsageError(`--listen ${listen} ${why}; choose an address of this machine, such as 127.0.0.1, 0.0.0.0 or ::`);
  if (raw.code !== undefined && !/^[\x21-\x7e]{4,64}$/.test(raw.code)) throw new UsageError('--code must be 4 to 64 printable ASCII characters without spaces');
  if (raw.seat === false && raw.name !== undefined) throw new UsageError('choose either --no-seat or --name, not both');
  const name = raw.seat === false ? null : (raw.name ?? hostName());
  if (name !== null) {
    const problem = checkName(name);
    if (problem !== null) throw new UsageError(`--name "${name}": ${problem}`);
    // Every name at a table is a person's, the host's too: one that reads as the computer's would pass a person off
    // as it.
    if (readsAsComputer(name)) {
      throw new UsageError(`${raw.name !== undefined ? `--name "${name}"` : `the host's name "${name}" (this account's)`} reads as a computer player's, and every seat at a table is a person's: give another with --name`);
    }
    hostSeatCheck(raw);
  }
  return {
    ...ports,
    listen,
    ...(raw.code !== undefined ? { code: raw.code } : {}),
    seat: name,
    seatGiven: raw.seat === false || raw.name !== undefined,
    ...(raw.authorizedKeys !== undefined ? { authorizedKeys: raw.authorizedKeys } : {}),
  };
}

/**
 * Adds the table's flags and action to `cmd` (the `host` command, which already has the play flags): `play` checks
 * the play flags and the terminal as for a game, then starts the table (src/table/) instead of a game.
 */
export function registerHostCommand(cmd: Command, play: (flags: RawPlayFlags, start: (options: PlayOptions) => Promise<void>) => Promise<void>): void {
  cmd
    .description('host a table over SSH: friends join with the ssh they have and play on their own terminals')
    .option('--port <port>', 'the port to listen on (0: any free port), or a range such as 22600-22699 to take its first free port', '2222')
    .option('--listen <address>', 'the address to listen on (only this machine by default; 0.0.0.0 for the network)', '127.0.0.1')
    .option('--code <code>', 'the join code friends give as the password (default: a fresh one)')
    .option('--name <name>', "the host's own player name (default: the account's user name)")
    .option('--no-seat', 'the host only serves and watches: no seat at the table')
    .option('--authorized-keys <file>', 'public keys (OpenSSH authorized_keys format) that join without the code')
    .action(async (flags: RawHostFlags) => {
      // Ink draws only the last frame when it sees CI set, and decides so when loaded: the guests' screens are Ink's
      // too, loaded with the table, so the variables go before it (the game does the same before loading Ink).
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { defaultHostName, runHost, TableError } = await import('../table/host.js');
      const host = parseHostFlags(flags, defaultHostName);
      await play(flags, async (options) => {
        try {
          await runHost(options, host);
        } catch (e) {
          if (!(e instanceof TableError)) throw e;
          writeErrorLine(`yahtzee: ${printable(e.message)}`);
          process.exitCode = 1;
        }
      });
    });
}
