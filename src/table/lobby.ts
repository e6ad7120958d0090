import { printable } from '../engine/index.js';
import { cutToWidth, plural } from '../text/index.js';
import { watchInputGone } from '../session/index.js';
import { createKeyDecoder, keyName } from '../input/index.js';
import type { Table } from './table.js';

/** The lobby's keys, said once above the line that changes. */
const LOBBY_KEYS = 'ENTER: start the game, Q: close the table';

/** The lobby's line on the host's terminal, drawn again as people come and go: who sits at the table. */
export function lobbyLine(table: Table): string {
  const view = table.current;
  const names = view.seats.map((s) => s.name).join(', ');
  const count = view.wanted !== null && view.wanted > 0 ? ` (${view.seats.length} of ${view.wanted})` : '';
  const parts = [
    ...(names !== '' || view.computers === 0 ? [`${names === '' ? 'nobody yet' : names}${count}`] : []),
    ...(view.computers > 0 ? [plural(view.computers, 'computer')] : []),
    ...(view.watchers > 0 ? [`${view.watchers} watching`] : []),
  ];
  return printable(`At the table: ${parts.join(', ')}`);
}

/**
 * The host's side of the lobby, on its terminal: the line above, kept up to date, until a join fills the table (the
 * game starts), ENTER starts it now, or Q or Ctrl-C closes the table. A table with no seat for a guest (the host's
 * own and the computers' are all) waits for ENTER: the host reads the join line for the watchers first.
 */
export function hostLobby(table: Table, stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream): Promise<'start' | 'close'> {
  return new Promise((resolve) => {
    // Drawn over itself, so never wider than the terminal (a wrapped line would leave its first row behind).
    const draw = () => stdout.write(`\r\u001b[K${stdout.isTTY && stdout.columns > 1 ? cutToWidth(lobbyLine(table), stdout.columns - 1) : lobbyLine(table)}`);
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
      if (name === 'enter') return done('start');
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
