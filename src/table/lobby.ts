import { printable } from '../engine/index.js';
import { cutToWidth, plural } from '../text/index.js';
import { watchInputGone } from '../session/index.js';
import { createKeyDecoder, keyName } from '../input/index.js';
import type { Table } from './table.js';

/** The lobby's keys, said once above the line that changes. */
const LOBBY_KEYS = 'ENTER: start the game, Q: close the table';

/** What the lobby line says after ENTER while no seat is filled (no player, and no computer): the game waits. */
const NOBODY_TO_PLAY = 'ENTER waits for a player to join';

/** True when the game could begin: a seat is filled, a person's or a computer's. */
function someoneToPlay(table: Table): boolean {
  return table.current.seats.length > 0 || table.current.computers > 0;
}

/**
 * The lobby's line on the host's terminal, drawn again as people come and go: who sits at the table (and, after an
 * ENTER refused, why it was).
 */
export function lobbyLine(table: Table, refused = false): string {
  const view = table.current;
  const names = view.seats.map((s) => s.name).join(', ');
  const count = view.wanted !== null && view.wanted > 0 ? ` (${view.seats.length} of ${view.wanted})` : '';
  const parts = [
    ...(names !== '' || view.computers === 0 ? [`${names === '' ? 'nobody yet' : names}${count}`] : []),
    ...(view.computers > 0 ? [plural(view.computers, 'computer')] : []),
    ...(view.watchers > 0 ? [`${view.watchers} watching`] : []),
  ];
  return printable(`At the table: ${parts.join(', ')}${refused && !someoneToPlay(table) ? ` · ${NOBODY_TO_PLAY}` : ''}`);
}

/**
 * The host's side of the lobby, on its terminal: the line above, kept up to date, until a join fills the table (the
 * game starts), ENTER starts it now, or Q or Ctrl-C closes the table. A table with no seat for a guest (the host's
 * own and the computers' are all) waits for ENTER: the host reads the join line for the watchers first. ENTER while
 * no seat is filled (--no-seat, before anyone joins or after all have left) is refused on the line: the game waits.
 */
export function hostLobby(table: Table, stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream): Promise<'start' | 'close'> {
  return new Promise((resolve) => {
    // Drawn over itself, so never wider than the terminal (a wrapped line would leave its first row behind).
    let refused = false;
    const draw = () => {
      const line = lobbyLine(table, refused);
      stdout.write(`\r\u001b[K${stdout.isTTY && stdout.columns > 1 ? cutToWidth(line, stdout.columns - 1) : line}`);
    };
    stdout.write(`${LOBBY_KEYS}\n`);
    const stop = table.subscribe(draw);
    let over = false;
    const done = (how: 'start' | 'close') => {
      if (over) return;
      over = true;
      stop();
      table.onFull = () => undefined;
      stdin.off('data', onData);
      stopWatching();
      if (!gone) stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      resolve(how);
    };
    // Keys as the game reads them, one to a read, as a key pressed comes: a function key's sequence (F2 is ESC O Q),
    // Alt-q, or a paste (with or without its brackets: a q or a return in it) is none of these.
    const decoder = createKeyDecoder();
    const onData = (data: Buffer | string) => {
      const keys = decoder.push(data.toString());
      const name = keys.length === 1 ? keyName(keys[0].input, keys[0].key) : null;
      if (keys.some((k) => keyName(k.input, k.key) === 'ctrl-c') || name === 'q' || name === 'Q') return done('close');
      if (name === 'enter') {
        if (someoneToPlay(table)) return done('start');
        refused = true;
        draw();
      }
    };
    // The game starts when a join fills the table, after that join has been drawn.
    table.onFull = () => setImmediate(() => done('start'));
    // The host's terminal gone (its input ended, or a read failed with EIO) closes the table.
    let gone = false;
    const stopWatching = watchInputGone(stdin, () => {
      gone = true;
      done('close');
    });
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
    draw();
  });
}
