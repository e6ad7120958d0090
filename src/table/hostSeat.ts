import path from 'node:path';
import { sameName } from '../engine/index.js';
import { parseJson, isObject } from '../storage/dataFile.js';
import { readTextFile, writeFileAtomic } from '../storage/files.js';
import type { StorageDirs } from '../storage/paths.js';

/** The file beside the saved game that says which of a hosted game's seats was the host's. */
const TABLE_FILE = 'table.json';

/**
 * A hosted game's seats as the table started it: the host's own (null: the host only served) and every seat's name.
 * The saved game does not know which seat was the host's, and `yahtzee host --resume` needs it.
 */
export interface TableRecord {
  readonly host: string | null;
  readonly seats: readonly string[];
}

/** The record of the table last hosted from this folder, or null: none, or one that cannot be used (it is only a help). */
export function readTableRecord(dirs: StorageDirs): TableRecord | null {
  const read = readTextFile(path.join(dirs.state, TABLE_FILE));
  const json = read.kind === 'text' ? parseJson(read.text) : null;
  const value = json?.ok === true ? json.value : null;
  if (!isObject(value) || !(value.host === null || typeof value.host === 'string')) return null;
  const seats = value.seats;
  if (!Array.isArray(seats) || !seats.every((s): s is string => typeof s === 'string')) return null;
  return { host: value.host, seats };
}

/**
 * Writes the record of the table now starting. A failure is not said: without the record a resume takes the host's
 * seat from --name or the account's name, and says what to give when neither names a seat.
 */
export function writeTableRecord(dirs: StorageDirs, record: TableRecord): void {
  writeFileAtomic(path.join(dirs.state, TABLE_FILE), `${JSON.stringify({ host: record.host, seats: record.seats })}\n`);
}

/** Whether two lists of seats' names hold the same names (as the names rule compares them), in any order. */
function sameSeats(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.some((other) => sameName(name, other))) && b.every((name) => a.some((other) => sameName(name, other)));
}

/** What the host asked for its seat: a name, or none (null, --no-seat), and whether --name or --no-seat said so. */
export interface SeatAsked {
  readonly seat: string | null;
  readonly given: boolean;
}

/**
 * The host's seat at a table that resumes a saved game whose people are `people` (every seat's name: `seats`): the
 * one --name gives if it names one of theirs (as the save spells it), --no-seat's none; without them the host's seat
 * in the record of this game, else the account's name if it names one of theirs. Anything else is refused, in a line
 * that names the saved seats, so that the host's seat never goes to a name the game does not know.
 */
export function resumedHostSeat(asked: SeatAsked, people: readonly string[], seats: readonly string[], record: TableRecord | null): { readonly seat: string | null } | { readonly refused: string } {
  const theirs = (name: string) => people.find((p) => sameName(p, name));
  const list = people.join(', ');
  if (asked.given) {
    if (asked.seat === null) return { seat: null };
    const found = theirs(asked.seat);
    if (found !== undefined) return { seat: found };
    return { refused: `--name ${asked.seat} names no seat of the saved game (its players: ${list}): give the host's, or --no-seat to only serve` };
  }
  if (record !== null && sameSeats(record.seats, seats)) {
    if (record.host === null) return { seat: null };
    const found = theirs(record.host);
    if (found !== undefined) return { seat: found };
  }
  const found = asked.seat === null ? undefined : theirs(asked.seat);
  if (found !== undefined) return { seat: found };
  return { refused: `the saved game does not say which seat is the host's (its players: ${list}): give it with --name, or --no-seat to only serve` };
}
