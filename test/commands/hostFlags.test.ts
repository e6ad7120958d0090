import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/commands/errors.js';
import { parseHostFlags, type RawHostFlags } from '../../src/commands/host.js';

const hostName = () => 'ann';
const refusal = (raw: RawHostFlags): string => {
  try {
    parseHostFlags(raw, hostName);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error(`no refusal for ${JSON.stringify(raw)}`);
};

describe('the table flags (yahtzee host)', () => {
  it('no flags: port 2222 on this machine only, the host seated under the account name, a fresh code', () => {
    expect(parseHostFlags({}, hostName)).toEqual({ port: 2222, listen: '127.0.0.1', seat: 'ann', seatGiven: false });
    expect(parseHostFlags({ listen: 'fe80::1%lo' }, hostName).listen).toBe('fe80::1%lo');
    expect(parseHostFlags({ listen: '223.255.255.1' }, hostName).listen).toBe('223.255.255.1');
    expect(parseHostFlags({ port: '0', listen: '::', code: 'dice-night', name: 'Bob' }, hostName)).toEqual({ port: 0, listen: '::', code: 'dice-night', seat: 'Bob', seatGiven: true });
    expect(parseHostFlags({ seat: false }, hostName)).toMatchObject({ seat: null, seatGiven: true });
  });

  it('--port takes a range: the table listens on its first free port, from the first to the last', () => {
    expect(parseHostFlags({ port: '22600-22699' }, hostName)).toMatchObject({ port: 22600, lastPort: 22699 });
    expect(parseHostFlags({ port: ' 1-65535 ' }, hostName)).toMatchObject({ port: 1, lastPort: 65535 });
    expect(parseHostFlags({ port: '22600-22600' }, hostName)).toMatchObject({ port: 22600, lastPort: 22600 });
    // A single port has no last port: it is that port or nothing, as ever.
    expect(parseHostFlags({ port: '22600' }, hostName)).not.toHaveProperty('lastPort');
  });

  it.each<[string, RawHostFlags, RegExp]>([
    ['a port out of range', { port: '70000' }, /^--port must be a port from 0/],
    // Each of these Number() or parseInt would read as a port (or a range).
    ...['65536', '1.5', '-1', '0x10', '1e3', '22abc', '', ' ', '22600-', '-22600', '22600--22699', '22600-22699-22800', '22600 - 22699', '1.5-3'].map(
      (port): [string, RawHostFlags, RegExp] => [`--port "${port}"`, { port }, /^--port must be a port from 0 \(any free port\) to 65535, or a range such as 22600-22699 \(got "/],
    ),
    ['a range that ends above 65535', { port: '65530-65536' }, /^--port 65530-65536: the ports of a range are from 1 to 65535$/],
    ['a range from port 0 (0 is any port, no port of a range)', { port: '0-10' }, /^--port 0-10: the ports of a range are from 1 to 65535$/],
    ['a range from high to low', { port: '22699-22600' }, /^--port 22699-22600: a range goes from its lower port to its higher, as in 22600-22699$/],
    ['a host name for --listen', { listen: 'localhost' }, /^--listen must be an IP address/],
    ['a link-local IPv6 address without its interface', { listen: 'fe80::1' }, /^--listen fe80::1 is a link-local address: add its interface, as in fe80::1%eth0;/],
    ['a multicast address', { listen: '224.0.0.1' }, /^--listen 224\.0\.0\.1 is a multicast address, which nobody can connect to/],
    ['an IPv6 multicast address', { listen: 'ff02::1' }, /^--listen ff02::1 is a multicast address/],
    ['the broadcast address', { listen: '255.255.255.255' }, /^--listen 255\.255\.255\.255 is the broadcast address, which nobody can connect to/],
    ['a code with a space', { code: 'two words' }, /^--code must be 4 to 64 printable ASCII characters/],
    ['--names (each player names themselves)', { names: 'ann,bob' }, /^--names does not apply to a table/],
    ['--no-seat with --name', { seat: false, name: 'ann' }, /^choose either --no-seat or --name/],
    ['a name with a control character', { name: 'a\u0007b' }, /^--name "/],
  ])('%s is refused in one line', (_, raw, message) => {
    expect(refusal(raw)).toMatch(message);
  });

  it("a host's name that reads as a computer player's is refused, as a guest's is: every seat at a table is a person's", () => {
    expect(refusal({ name: 'CPU' })).toBe('--name "CPU" reads as a computer player\'s, and every seat at a table is a person\'s: give another with --name');
    expect(refusal({ name: 'spectrum 2' })).toMatch(/^--name "spectrum 2" reads as a computer player's/);
    expect(() => parseHostFlags({}, () => 'cpu')).toThrow(/^the host's name "cpu" \(this account's\) reads as a computer player's/);
    expect(parseHostFlags({ seat: false }, () => 'cpu').seat).toBeNull();
  });

  it('computers that would take the host\'s own seat are refused; --no-seat leaves the seats to them', () => {
    expect(refusal({ computer: '4' })).toBe('--computer 4 (a table has 4 seats) leaves no seat for the host: give fewer computers, or --no-seat to only serve and watch');
    expect(refusal({ players: '2', computer: '2' })).toBe('--players 2 with --computer 2 leaves no seat for the host: give fewer computers, or --no-seat to only serve and watch');
    expect(parseHostFlags({ computer: '3' }, hostName).seat).toBe('ann');
    expect(parseHostFlags({ players: '3', computer: '2' }, hostName).seat).toBe('ann');
    expect(parseHostFlags({ computer: '4', seat: false }, hostName).seat).toBeNull();
    // A count that is no whole number is left to the play flags' own message.
    expect(parseHostFlags({ computer: 'four' }, hostName).seat).toBe('ann');
  });
});
