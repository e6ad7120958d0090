import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTableRecord, resumedHostSeat, writeTableRecord } from '../../src/table/hostSeat.js';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});
function dirs() {
  const f = mkdtempSync(join(tmpdir(), 'yahtzee-host-seat-'));
  folders.push(f);
  return { state: f, data: f };
}

/** A saved table of HOST, ann and bob, bob's seat now the computer's: its people, and every seat. */
const people = ['HOST', 'ann'];
const seats = ['HOST', 'ann', 'bob'];

describe("the host's seat at a resumed table", () => {
  it("without --name, the host's seat of the table's record: the account's name does not take it", () => {
    const record = { host: 'HOST', seats: ['bob', 'ANN', 'host'] };
    expect(resumedHostSeat({ seat: 'root', given: false }, people, seats, record)).toEqual({ seat: 'HOST' });
    // A table the host only served stays one.
    expect(resumedHostSeat({ seat: 'root', given: false }, people, seats, { host: null, seats })).toEqual({ seat: null });
  });

  it("a record of another game (other seats) is not used: the account's name, if it is one of the saved people's", () => {
    const other = { host: 'HOST', seats: ['HOST', 'carl'] };
    expect(resumedHostSeat({ seat: 'Ann', given: false }, people, seats, other)).toEqual({ seat: 'ann' });
    expect(resumedHostSeat({ seat: 'host', given: false }, people, seats, null)).toEqual({ seat: 'HOST' });
    expect(resumedHostSeat({ seat: 'root', given: false }, people, seats, null)).toEqual({
      refused: "the saved game does not say which seat is the host's (its players: HOST, ann): give it with --name, or --no-seat to only serve",
    });
  });

  it('--name takes a seat of the saved people as the save spells it; one that names none is refused in a line that names them', () => {
    const record = { host: 'HOST', seats };
    expect(resumedHostSeat({ seat: 'ANN', given: true }, people, seats, record)).toEqual({ seat: 'ann' });
    expect(resumedHostSeat({ seat: 'root', given: true }, people, seats, record)).toEqual({
      refused: "--name root names no seat of the saved game (its players: HOST, ann): give the host's, or --no-seat to only serve",
    });
    // bob's seat is the computer's now: not a seat for the host.
    expect(resumedHostSeat({ seat: 'bob', given: true }, people, seats, record)).toHaveProperty('refused');
    expect(resumedHostSeat({ seat: null, given: true }, people, seats, record)).toEqual({ seat: null });
  });

  it('the record is written and read back; none, or a damaged one, reads as none', () => {
    const d = dirs();
    expect(readTableRecord(d)).toBeNull();
    writeTableRecord(d, { host: 'HOST', seats });
    expect(readTableRecord(d)).toEqual({ host: 'HOST', seats });
    writeTableRecord(d, { host: null, seats });
    expect(readTableRecord(d)).toEqual({ host: null, seats });
    writeFileSync(join(d.state, 'table.json'), '{"host": 3, "seats": []}');
    expect(readTableRecord(d)).toBeNull();
    writeFileSync(join(d.state, 'table.json'), 'not json');
    expect(readTableRecord(d)).toBeNull();
  });
});
