import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hostLobby, lobbyLine } from '../../src/table/lobby.js';
import { Table } from '../../src/table/table.js';
import { sleep, waitFor } from '../support/wait.js';

/** The host's terminal in the lobby: keys typed into `stdin`, the lines written to `out`. */
function terminal(): { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream; out: () => string } {
  const stdin = Object.assign(new PassThrough(), { setRawMode: () => stdin, isTTY: true }) as unknown as NodeJS.ReadStream;
  const sink = new PassThrough();
  const chunks: string[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c.toString()));
  return { stdin, stdout: sink as unknown as NodeJS.WriteStream, out: () => chunks.join('') };
}

/** What the lobby has resolved to so far ('open' while it waits). */
function watch(p: Promise<'start' | 'close'>): () => 'start' | 'close' | 'open' {
  let how: 'start' | 'close' | 'open' = 'open';
  void p.then((h) => (how = h));
  return () => how;
}

/** Long enough for a lobby that would start by itself to have started (it starts in the next macrotask). */
const QUIET_MS = 50;

describe("the host's lobby", () => {
  it('a join that fills the table starts the game', async () => {
    const table = new Table(2, 'hal');
    const t = terminal();
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    await sleep(QUIET_MS);
    expect(how()).toBe('open');
    table.join({ name: 'ann' });
    await waitFor(() => how() === 'start', { what: 'the game to start' });
    expect(t.out()).toContain('At the table: hal, ann (2 of 2)');
  });

  it('a table with no seat for a guest waits for ENTER, so that the host can give the watchers the join line', async () => {
    const table = new Table(1, 'hal');
    expect(table.full).toBe(true);
    const t = terminal();
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    await sleep(QUIET_MS);
    expect(how()).toBe('open');
    expect(t.out()).toContain(lobbyLine(table));
    t.stdin.write('\r');
    await waitFor(() => how() === 'start', { what: 'ENTER to start the game' });
  });

  it('with no seat filled (--no-seat, nobody joined or all left), ENTER is refused on the line and the lobby waits', async () => {
    const table = new Table(2, null);
    const t = terminal();
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    t.stdin.write('\r');
    await waitFor(() => t.out().includes('nobody yet (0 of 2) · ENTER waits for a player to join'), { what: 'ENTER refused' });
    expect(how()).toBe('open');
    // A guest who joins and leaves again leaves nobody to play, as before.
    const ann = { name: 'ann' };
    table.join(ann);
    table.leave(ann);
    t.stdin.write('\r');
    await sleep(QUIET_MS);
    expect(how()).toBe('open');
    table.join({ name: 'bob' });
    t.stdin.write('\r');
    await waitFor(() => how() === 'start', { what: 'ENTER to start the game with bob seated' });
    expect(t.out().split('\r\u001b[K').at(-1)).toBe('At the table: bob (1 of 2)\n');
  });

  it('Q closes the table', async () => {
    const table = new Table(null, 'hal');
    const t = terminal();
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    t.stdin.write('q');
    await waitFor(() => how() === 'close', { what: 'Q to close the table' });
  });

  it('reads keys, one to a read, not bytes: F2 (ESC O Q), Alt-q, a paste with a q, a space or a return in it do nothing; then Q closes', async () => {
    const table = new Table(2, 'hal');
    const t = terminal();
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    for (const bytes of ['\u001bOQ', '\u001bq', '\u001b[200~quit now\r\u001b[201~', '\u001b[1;5Q', 'abqc', 'hi there\r', ' ']) {
      t.stdin.write(bytes);
      await sleep(QUIET_MS);
      expect(how(), JSON.stringify(bytes)).toBe('open');
    }
    t.stdin.write('Q');
    await waitFor(() => how() === 'close', { what: 'Q to close the table' });
  });

  it.each([
    ['its input ends', (stdin: NodeJS.ReadStream) => stdin.push(null)],
    ['a read fails with EIO', (stdin: NodeJS.ReadStream) => stdin.destroy(Object.assign(new Error('read EIO'), { code: 'EIO' }))],
  ])("the host's terminal gone (%s) closes the table, and raw mode is not asked of a terminal that is gone", async (_how, go) => {
    const table = new Table(2, 'hal');
    const t = terminal();
    const modes: boolean[] = [];
    t.stdin.setRawMode = (mode: boolean) => {
      modes.push(mode);
      return t.stdin;
    };
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    go(t.stdin);
    await waitFor(() => how() === 'close', { what: 'the table to close' });
    expect(modes).toEqual([true]);
  });
});

describe("the host's lobby on a narrow terminal", () => {
  it('its keys are said once above; the line drawn over itself is cut to the width, never wrapped onto a second row', async () => {
    const table = new Table(4, 'hal');
    const t = terminal();
    Object.assign(t.stdout, { isTTY: true, columns: 30 });
    const how = watch(hostLobby(table, t.stdin, t.stdout));
    table.join({ name: 'annabelle' });
    await waitFor(() => t.out().includes('annabelle'), { what: 'the join drawn' });
    const [keys, ...rest] = t.out().split('\n');
    expect(keys).toBe('ENTER: start the game, Q: close the table');
    const drawn = rest.join('\n').split('\r\u001b[K').filter((d) => d !== '');
    expect(drawn.length).toBeGreaterThanOrEqual(2);
    for (const d of drawn) expect(d.length).toBeLessThanOrEqual(29);
    t.stdin.write('q');
    await waitFor(() => how() === 'close', { what: 'Q to close the table' });
  });
});

describe("the lobby line names the computer seats (they sit after the people's)", () => {
  it('people, their count, the computers, the watchers; a table of computers only is not "nobody yet (0 of 0)"', () => {
    const one = new Table(2, 'hal', 3);
    expect(lobbyLine(one)).toBe('At the table: hal (1 of 2), 1 computer');
    const all = new Table(0, null, 0);
    expect(lobbyLine(all)).toBe('At the table: 4 computers');
    all.join({ name: 'wes' });
    expect(lobbyLine(all)).toBe('At the table: 4 computers, 1 watching');
    expect(lobbyLine(new Table(2, 'hal'))).toBe('At the table: hal (1 of 2)');
  });
});
