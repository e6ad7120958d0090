import { EventEmitter } from 'node:events';
import type { ServerChannel } from 'ssh2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestConnection, joinCommand, REGROUP_MS, takesGuestEnv, termHasColour, type TableHost } from '../../src/table/connection.js';
import { ScreenGroups } from '../../src/table/screenGroups.js';
import { MAX_WATCHERS, Table } from '../../src/table/table.js';
import { HOST_ASKED } from '../../src/table/GuestScreen.js';
import { update } from '../../src/app/index.js';
import { MSX } from '../../src/app/keymaps/index.js';
import { instructionPages } from '../../src/app/pages.js';
import { RULE_SETS } from '../../src/engine/index.js';
import { sleep, waitFor } from '../support/wait.js';
import { feed, newTerm, termText } from '../terminal/xterm.js';
import { finishGame, lateGame, start } from '../app/helpers.js';
import { solveSubgame } from '../../src/solver/index.js';
import { cardWithOpen } from '../solver/helpers.js';

// A late game (only Fours, Full house and Chance open on every card) and its sub-game table: quick to solve.
const LATE = ['fours', 'fullHouse', 'chance'];
const lateTable = solveSubgame('official', cardWithOpen('official', LATE));

/** The game of this table begun (its guests joined before), its link listening to nothing: the test shows its models. */
function started(host: TableHost): ReturnType<Table['link']> {
  host.table.start();
  const link = host.table.link();
  link.listen(
    () => undefined,
    () => undefined,
  );
  return link;
}

describe("a guest's colours from the TERM their ssh sends", () => {
  it('colour terminals get colours; monochrome ones (vt100, a -mono or -m entry) do not', () => {
    for (const term of ['xterm', 'xterm-256color', 'screen', 'tmux-256color', 'linux', 'rxvt-unicode']) expect(termHasColour(term), term).toBe(true);
    for (const term of ['vt100', 'vt220', 'VT102', 'xterm-mono', 'linux-m', 'dumb']) expect(termHasColour(term), term).toBe(false);
  });
});

/** An SSH session's channel as the host sees it: what was written to it, and whether it was ended. */
class FakeChannel extends EventEmitter {
  written = '';
  status: number | null = null;
  ended = false;
  paused = false;
  readonly destroyed = false;
  pause(): this {
    this.paused = true;
    return this;
  }
  resume(): this {
    this.paused = false;
    return this;
  }
  readonly stderr = { write: (data: string) => (this.written += data) };
  write(data: string): boolean {
    this.written += data;
    return true;
  }
  exit(status: number): void {
    this.status = status;
  }
  end(): void {
    this.ended = true;
  }
}

const IDLE_MS = 60_000;

/** The lines written after the guest's screen was given back: their farewell, as their terminal shows it. */
function farewellLines(channel: FakeChannel): string[] {
  const back = '\u001b[?1049l\u001b[?25h';
  return channel.written.slice(channel.written.lastIndexOf(back) + back.length).split('\r\n');
}

function tableHost(table: Table): TableHost {
  return { table, guests: new Set(), screens: new ScreenGroups(table), color: false, watchIdleMs: IDLE_MS, joinCommand: (name) => joinCommand(2222, 'host', name) };
}

function guest(host: TableHost, name: string, layout: 'msx' | 'spectrum' = 'msx'): { channel: FakeChannel; connection: GuestConnection } {
  const channel = new FakeChannel();
  const connection = new GuestConnection(channel as unknown as ServerChannel, name, layout, { term: 'xterm', cols: 80, rows: 24 }, {}, host);
  connection.open();
  return { channel, connection };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('watchers: limited in number and in time without a key', () => {
  it('a watcher with no key for the idle time is let go with a line that says why and how to come back; a key starts the time again', () => {
    vi.useFakeTimers();
    // The host's seat is all the table waits for: whoever joins watches.
    const host = tableHost(new Table(1, 'hal'));
    const { channel } = guest(host, 'wes');
    expect(host.table.current.watchers).toBe(1);
    vi.advanceTimersByTime(IDLE_MS - 1000);
    channel.emit('data', Buffer.from('x'));
    vi.advanceTimersByTime(IDLE_MS - 1000);
    expect(channel.ended).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(channel.ended).toBe(true);
    expect(channel.status).toBe(0);
    expect(farewellLines(channel).join(' ')).toContain('You watched a minute without a key; the table let you go to keep room for others. Watch again: ssh -t -p 2222 wes@host');
    expect(host.table.current.watchers).toBe(0);
  });

  it("a guest's Ctrl-L and window changes, however many, draw their screen whole at most twice a second", () => {
    vi.useFakeTimers();
    const host = tableHost(new Table(1, 'hal'));
    const wes = guest(host, 'wes');
    started(host).show(start({ players: 1, names: ['hal'], match: { kind: 'single' }, hosted: true }), undefined);
    const drawn = vi.spyOn(host.screens, 'redraw');
    for (let ms = 0; ms < 2000; ms += 10) {
      wes.channel.emit('data', Buffer.from('\f'));
      vi.advanceTimersByTime(10);
    }
    expect(drawn.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(drawn.mock.calls.length).toBeLessThanOrEqual(5);
    const resized = vi.spyOn(wes.connection as unknown as { place: () => void }, 'place');
    for (let ms = 0; ms < 2000; ms += 10) {
      wes.connection.resize(100 + (ms % 20), 30);
      vi.advanceTimersByTime(10);
    }
    expect(resized.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('a seated player is never let go for want of keys', () => {
    vi.useFakeTimers();
    const host = tableHost(new Table(2, 'hal'));
    const { channel } = guest(host, 'ann');
    expect(host.table.current.seats.map((s) => s.name)).toEqual(['hal', 'ann']);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(channel.ended).toBe(false);
  });

  it(`the table takes ${MAX_WATCHERS} watchers; the next is refused in a line, and the table goes on`, () => {
    const table = new Table(1, 'hal');
    for (let i = 0; i < MAX_WATCHERS; i++) expect(table.join({ name: `w${i}` }).kind).toBe('watch');
    const refused = table.join({ name: 'late' });
    expect(refused).toEqual({ kind: 'refused', message: `the table has ${MAX_WATCHERS} watchers already, the most it takes; try again later` });
    expect(table.current.watchers).toBe(MAX_WATCHERS);
  });
});

describe("a guest's flood of input costs the host a bounded amount of work", () => {
  /** A table in play at ann's turn (hal the host, ann a guest), and every key of ann's that reaches the host's game. */
  function annsTurn(): { host: TableHost; channel: FakeChannel; pressed: () => number } {
    const host = tableHost(new Table(2, 'hal'));
    const { channel } = guest(host, 'ann');
    host.table.start();
    let pressed = 0;
    const link = host.table.link();
    link.listen(
      (keys) => (pressed += keys.length),
      () => undefined,
    );
    const m = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' } });
    link.show(update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' }), undefined);
    return { host, channel, pressed: () => pressed };
  }

  it("a 3 MB paste reaches the host's game as a few dozen keys at most, the rest dropped with a line on that guest's screen; the channel is paused meanwhile", async () => {
    const { channel, pressed } = annsTurn();
    channel.emit('data', Buffer.alloc(3 * 1024 * 1024, '1'));
    expect(pressed()).toBeGreaterThan(0);
    expect(pressed()).toBeLessThanOrEqual(64);
    for (let i = 0; i < 100; i++) channel.emit('data', Buffer.alloc(65536, '1'));
    expect(pressed()).toBeLessThanOrEqual(64);
    expect(channel.paused).toBe(true);
    await waitFor(() => channel.written.includes('Too many keys'), { what: "the line on ann's screen" });
  });

  it('keys at a human pace all count, however long they go on', () => {
    vi.useFakeTimers();
    const { channel, pressed } = annsTurn();
    for (let i = 0; i < 200; i++) {
      channel.emit('data', Buffer.from('1'));
      vi.advanceTimersByTime(100);
    }
    expect(pressed()).toBe(200);
    expect(channel.paused).toBe(false);
  });

  it("a guest's t and w each turn their own lines on their screen, as in a game: w leaves the hints as they are", () => {
    const { host, channel } = annsTurn();
    const want = vi.spyOn(host.table, 'want');
    for (const key of ['t', 'w', 'w', 't']) channel.emit('data', Buffer.from(key));
    expect(want.mock.calls.map((c) => c[1])).toEqual([
      { hint: true, chances: false },
      { hint: true, chances: true },
      { hint: true, chances: false },
      { hint: false, chances: false },
    ]);
  });

  it("a guest's own toggles in a burst draw their screen anew once or twice, not once a key (each new look is a screen drawn whole)", () => {
    vi.useFakeTimers();
    const { host, channel } = annsTurn();
    const opened = vi.spyOn(host.screens as unknown as { open: () => unknown }, 'open');
    for (let i = 0; i < 30; i++) channel.emit('data', Buffer.from('t'));
    vi.advanceTimersByTime(1000);
    expect(opened.mock.calls.length).toBeGreaterThan(0);
    expect(opened.mock.calls.length).toBeLessThanOrEqual(2);
  });
});

describe("a guest's refused keys while the game waits for a dropped player", () => {
  it("a seated player's key on the turn of a player who dropped is answered with the waiting line, not that they play it", async () => {
    const host = tableHost(new Table(3, 'hal'));
    const { channel } = guest(host, 'ann');
    const bob = guest(host, 'bob');
    const link = started(host);
    const turn = (m: ReturnType<typeof start>) => update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
    link.show(turn(turn(start({ players: 3, names: ['hal', 'ann', 'bob'], match: { kind: 'single' } }))), undefined);
    bob.channel.emit('close');
    channel.emit('data', Buffer.from(' '));
    await waitFor(() => /Waiting for bob \(gone since \d\d:\d\d\): the host's c seats the computer/.test(channel.written), { what: "the waiting line on ann's screen" });
    expect(channel.written).not.toContain('wait for yours');
  });
});

describe("each guest's prompt line: the game's keys for the player to move, their own keys for everyone else", () => {
  /** What a guest's terminal shows now, from all that was written to it. */
  async function screen(channel: FakeChannel): Promise<string> {
    const term = newTerm(80, 24);
    await feed(term, channel.written);
    const text = termText(term);
    term.dispose();
    return text;
  }

  /** hal's table with ann seated and wes watching, at the first turn (hal's) of their game. */
  function halsTurn() {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const wes = guest(host, 'wes');
    const link = started(host);
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
    link.show(first, undefined);
    return { host, ann, wes, link, first };
  }

  it('on hal\'s turn ann (seated) and wes (watching) see "your keys:", hal\'s game keys are not theirs; on ann\'s turn she sees them', async () => {
    const { ann, wes, link, first } = halsTurn();
    for (const who of [ann, wes]) {
      await waitFor(async () => (await screen(who.channel)).includes('your keys:'), { what: 'the prompt of a guest who cannot play now' });
      const text = await screen(who.channel);
      expect(text).toMatch(/your keys: +t tip +w chances +h\/\? help +Ctrl-C leave/);
      expect(text).not.toContain('SPACE roll');
    }
    // hal scores: ann's turn, and her screen has the game's keys (once her look may change again).
    link.show(update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' }), undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('SPACE roll'), { what: "the game's keys on ann's screen", timeout: 3000 });
    expect(await screen(ann.channel)).not.toContain('your keys:');
    expect(await screen(wes.channel)).toContain('your keys:');
  });

  it('while the player to move reads the instructions, onlookers see the game under a line that says so, not the pages', async () => {
    const { ann, link, first } = halsTurn();
    await waitFor(async () => (await screen(ann.channel)).includes('your keys:'), { what: "ann's prompt as an onlooker" });
    // hal, to move, opens the instructions.
    link.show(update(first, { type: 'help' }), undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('hal is reading the instructions'), { what: 'the line on ann\'s screen', timeout: 3000 });
    const text = await screen(ann.channel);
    expect(text).not.toContain('INSTRUCTIONS');
    expect(text).toMatch(/your keys: +t tip +w chances +h\/\? help +Ctrl-C leave/);
  });

  it('a key that answers "stay" at the guest\'s leave question is used up: the question goes, the key plays nothing', async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    host.table.start();
    const played: string[] = [];
    const link = host.table.link();
    link.listen(
      (keys) => played.push(...keys.map((k) => k.input)),
      () => undefined,
    );
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
    link.show(update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' }), undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('SPACE roll'), { what: "ann's turn", timeout: 3000 });
    ann.channel.emit('data', Buffer.from('q'));
    await waitFor(async () => (await screen(ann.channel)).includes('Leave the table?'), { what: 'the leave question', timeout: 3000 });
    // Its answers on the prompt line, not the game's keys (which would only say "stay").
    expect(await screen(ann.channel)).toMatch(/^ Y leave +other keys stay *$/m);
    expect(await screen(ann.channel)).not.toContain('SPACE roll');
    ann.channel.emit('data', Buffer.from('2'));
    await waitFor(async () => !(await screen(ann.channel)).includes('Leave the table?'), { what: 'the question gone', timeout: 3000 });
    expect(await screen(ann.channel)).toContain('SPACE roll');
    expect(played).toEqual([]);
    // Asked no more: her next key plays.
    ann.channel.emit('data', Buffer.from('2'));
    await waitFor(() => played.length > 0, { what: "ann's key played", timeout: 3000 });
    expect(played).toEqual(['2']);
  });

  it("on another's turn too, the leave question's answers are the seated guest's prompt line, and go with it", async () => {
    const { ann } = halsTurn();
    await waitFor(async () => (await screen(ann.channel)).includes('your keys:'), { what: "ann's prompt as an onlooker" });
    ann.channel.emit('data', Buffer.from('q'));
    await waitFor(async () => (await screen(ann.channel)).includes('Leave the table?'), { what: 'the leave question', timeout: 3000 });
    expect(await screen(ann.channel)).toMatch(/^ Y leave +other keys stay *$/m);
    ann.channel.emit('data', Buffer.from('x'));
    await waitFor(async () => !(await screen(ann.channel)).includes('Leave the table?'), { what: 'the question gone', timeout: 3000 });
    expect(await screen(ann.channel)).toMatch(/your keys: +t tip/);
  });

  it("what the game refused a guest's key with is on that guest's screen alone, for as long as the game stays as it was", async () => {
    const { ann, wes, link, first } = halsTurn();
    const annsTurn = update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' });
    link.show(annsTurn, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('SPACE roll'), { what: "ann's turn", timeout: 3000 });
    link.show({ ...annsTurn, refusal: { to: 'ann', message: { text: 'Dice are 1-5: 7 is no die', tone: 'error' } } }, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('7 is no die'), { what: "the refusal on ann's screen", timeout: 3000 });
    const watcher = await screen(wes.channel);
    expect(watcher).not.toContain('no die');
    expect(watcher).toMatch(/hal scored/);
    // The note gone from the game (her next key): gone from her screen too.
    link.show(update(annsTurn, { type: 'roll' }), undefined);
    await waitFor(async () => !(await screen(ann.channel)).includes('no die'), { what: 'the refusal gone', timeout: 3000 });
  });

  it('a refusal said to a player who then dropped is not what they read on coming back', async () => {
    const { host, ann, link, first } = halsTurn();
    const annsTurn = update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' });
    const refused = { ...annsTurn, refusal: { to: 'ann', message: { text: 'Dice are 1-5: 7 is no die', tone: 'error' as const } } };
    link.show(refused, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('7 is no die'), { what: "the refusal on ann's screen", timeout: 3000 });
    ann.channel.emit('close');
    const back = guest(host, 'ann');
    await waitFor(async () => (await screen(back.channel)).includes('Welcome back, ann'), { what: 'the welcome', timeout: 3000 });
    // The game moves on (the others read that she is back): her screen has the game's line, not the old refusal.
    link.show({ ...refused, message: { text: 'ann is back at the table', tone: 'info' } }, undefined);
    await waitFor(async () => (await screen(back.channel)).includes('ann is back at the table'), { what: 'the line of the game', timeout: 3000 });
    expect(await screen(back.channel)).not.toContain('no die');
  });

  it("while the host's quit question is open, guests read that the host is asked it, not the question", async () => {
    const { ann, wes, link, first } = halsTurn();
    link.show(update(first, { type: 'quit' }), undefined);
    for (const who of [ann, wes]) {
      await waitFor(async () => (await screen(who.channel)).includes(HOST_ASKED), { what: 'the line on a guest\'s screen', timeout: 3000 });
      expect(await screen(who.channel)).not.toContain('Quit the game?');
    }
  });

  it("a guest's help key opens the instructions on their own screen, on any turn; the game and the others' screens go on; q closes them", async () => {
    const { host, ann, wes, link, first } = halsTurn();
    await waitFor(async () => (await screen(ann.channel)).includes('your keys:'), { what: "ann's prompt as an onlooker" });
    ann.channel.emit('data', Buffer.from('h'));
    await waitFor(async () => (await screen(ann.channel)).includes('INSTRUCTIONS'), { what: "the instructions on ann's screen", timeout: 3000 });
    expect(host.table.current.model?.overlay).toBeNull();
    expect(await screen(wes.channel)).not.toContain('INSTRUCTIONS');
    // hal plays on: ann's pages stay until she closes them.
    link.show(update(first, { type: 'roll' }), undefined);
    await waitFor(async () => (await screen(wes.channel)).includes('roll 2 of 3'), { what: "hal's roll on wes's screen", timeout: 3000 });
    expect(await screen(ann.channel)).toContain('INSTRUCTIONS');
    ann.channel.emit('data', Buffer.from('q'));
    await waitFor(async () => (await screen(ann.channel)).includes('roll 2 of 3'), { what: "the game again on ann's screen", timeout: 3000 });
    expect(await screen(ann.channel)).not.toContain('Leave the table?');
    // On her own turn too, at her screen's size and keys: the game waits for her, nobody else's screen changes.
    link.show(update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' }), undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('SPACE roll'), { what: "ann's turn", timeout: 3000 });
    ann.channel.emit('data', Buffer.from('h'));
    await waitFor(async () => (await screen(ann.channel)).includes('INSTRUCTIONS'), { what: "the instructions on ann's screen", timeout: 3000 });
    expect(await screen(ann.channel)).toMatch(/Keys: rolling/);
    // A guest's instructions: without the host's keys, so fewer pages than a player's.
    const pages = (reader: 'player' | 'guest') => instructionPages(RULE_SETS.official, MSX, 80, 24, reader).length;
    expect(pages('guest')).toBeLessThan(pages('player'));
    expect(await screen(ann.channel)).toContain(`of ${pages('guest')}:`);
    expect(host.table.current.model?.overlay).toBeNull();
    // The others wait for her: they see the game, under a line that says why nothing happens, until she closes them.
    await waitFor(async () => (await screen(wes.channel)).includes('ann is reading the instructions'), { what: "the line on wes's screen", timeout: 3000 });
    expect(await screen(wes.channel)).not.toContain('INSTRUCTIONS');
    expect(host.table.moverReading(host.table.current.model!)).toBe(true);
    ann.channel.emit('data', Buffer.from('q'));
    await waitFor(async () => !(await screen(wes.channel)).includes('reading the instructions'), { what: 'the line gone', timeout: 3000 });
    expect(host.table.moverReading(host.table.current.model!)).toBe(false);
  });

  it('with the tips on, an onlooker\'s hint panel names the player to move ("hal\'s:"); only the mover\'s says "yours:"', async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const wes = guest(host, 'wes');
    const link = started(host);
    const first = lateGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true }), LATE);
    link.show(first, lateTable);
    for (const who of [ann, wes]) who.channel.emit('data', Buffer.from('t'));
    for (const who of [ann, wes]) await waitFor(async () => (await screen(who.channel)).includes("hal's: reroll all"), { what: "hal's choice named", timeout: 3000 });
    for (const who of [ann, wes]) expect(await screen(who.channel)).not.toContain('yours:');
    // ann's turn: her own choice is hers, and wes reads it as ann's.
    link.show(lateGame(update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' }), LATE), lateTable);
    await waitFor(async () => (await screen(ann.channel)).includes('yours: reroll all'), { what: "ann's own choice", timeout: 3000 });
    await waitFor(async () => (await screen(wes.channel)).includes("ann's: reroll all"), { what: "ann's choice on wes's screen", timeout: 3000 });
  });

  it("while the host reads the host's own review, the guests see the results under a line that says so; a guest's own review stays over it", async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const wes = guest(host, 'wes');
    const link = started(host);
    const over = finishGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'games', games: 2 }, hosted: true }));
    link.show(over, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('your keys:'), { what: "ann's prompt at the end of the game" });
    ann.channel.emit('data', Buffer.from('r'));
    await waitFor(async () => (await screen(ann.channel)).includes('REVIEW: expected points lost'), { what: "ann's own review", timeout: 3000 });
    link.show(update(over, { type: 'review' }), undefined);
    await waitFor(async () => (await screen(wes.channel)).includes('The host is reading the review'), { what: "the line on wes's screen", timeout: 3000 });
    const wesNow = await screen(wes.channel);
    expect(wesNow).not.toContain('REVIEW: expected points lost');
    expect(wesNow).toMatch(/your keys: +r review +h\/\? help +Ctrl-C leave/);
    expect(await screen(ann.channel)).toContain('REVIEW: expected points lost');
    // wes opens his own under it; the host closes the host's: both guests' stay.
    wes.channel.emit('data', Buffer.from('r'));
    await waitFor(async () => (await screen(wes.channel)).includes('REVIEW: expected points lost'), { what: "wes's own review", timeout: 3000 });
    link.show(over, undefined);
    // Nothing is to come: a while after the host's review closed, both are as they were.
    await sleep(REGROUP_MS + 100);
    for (const who of [ann, wes]) expect(await screen(who.channel)).toContain('REVIEW: expected points lost');
  });

  it("after a game a guest's review key opens the review on their screen alone; the others keep the results, and the host's next game closes it", async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const wes = guest(host, 'wes');
    const link = started(host);
    const pressed: unknown[] = [];
    link.listen((keys) => pressed.push(keys), () => undefined);
    const over = finishGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'games', games: 2 }, hosted: true }));
    link.show(over, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('your keys:'), { what: "ann's prompt at the end of the game" });
    expect(await screen(ann.channel)).toMatch(/your keys: +r review +h\/\? help +Ctrl-C leave/);
    ann.channel.emit('data', Buffer.from('r'));
    await waitFor(async () => (await screen(ann.channel)).includes('REVIEW: expected points lost'), { what: "the review on ann's screen", timeout: 3000 });
    expect(pressed).toEqual([]);
    expect(host.table.current.model?.overlay).toBeNull();
    const wesNow = await screen(wes.channel);
    expect(wesNow).toMatch(/your keys: +r review +h\/\? help +Ctrl-C leave/);
    expect(wesNow).not.toContain('REVIEW: expected points lost');
    // The host's key goes on to the next game: ann's review closes with the game it was of.
    link.show(update(over, { type: 'continue' }), undefined);
    await waitFor(async () => (await screen(ann.channel)).includes("hal's turn"), { what: 'the next game on ann\'s screen', timeout: 3000 });
    expect(await screen(ann.channel)).not.toContain('REVIEW: expected points lost');
  });

  it("a player's own review shows their block alone; a watcher's shows every person's", async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const wes = guest(host, 'wes');
    const link = started(host);
    const over = finishGame(lateGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'games', games: 2 }, hosted: true }), LATE));
    link.show(over, lateTable);
    for (const who of [ann, wes]) await waitFor(async () => (await screen(who.channel)).includes('your keys:'), { what: 'the prompt at the end of the game' });
    for (const who of [ann, wes]) who.channel.emit('data', Buffer.from('r'));
    for (const who of [ann, wes]) await waitFor(async () => (await screen(who.channel)).includes('REVIEW: expected points lost'), { what: 'the review', timeout: 3000 });
    const annNow = await screen(ann.channel);
    expect(annNow).toMatch(/^ ann lost/m);
    expect(annNow).not.toMatch(/^ hal lost/m);
    const wesNow = await screen(wes.channel);
    for (const name of ['hal', 'ann']) expect(wesNow).toMatch(new RegExp(`^ ${name} lost`, 'm'));
  });

  it("while the host answers the game's setup questions (the Spectrum's competition), a guest is told the host is setting it up", async () => {
    const host = tableHost(new Table(2, 'hal'));
    const ann = guest(host, 'ann');
    const link = started(host);
    const setup = start({ layout: 'spectrum', names: ['hal', 'ann'], hosted: true });
    expect(setup.screen).toBe('setup');
    link.show(setup, undefined);
    await waitFor(async () => (await screen(ann.channel)).includes('The host is setting up the game: it starts in a moment'), { what: 'the setting-up line' });
    // Once the look of the burst is placed (a guest changes look at most once per REGROUP_MS), still ann's seat.
    await sleep(2 * REGROUP_MS);
    expect(await screen(ann.channel)).toContain('You play as ann');
    expect(await screen(ann.channel)).not.toContain('You watch');
  });

  it('a watcher who joins a game under way is told at once that they watch; the others are told who came to watch', async () => {
    const host = tableHost(new Table(1, 'hal'));
    host.table.start();
    const link = host.table.link();
    const told: string[] = [];
    link.listen(
      () => undefined,
      (action) => void (action.type === 'notice' && told.push(action.text)),
    );
    link.show(start({ players: 1, names: ['hal'], match: { kind: 'single' }, hosted: true }), undefined);
    const zed = guest(host, 'zed');
    await waitFor(async () => (await screen(zed.channel)).includes("You are watching: only the players' keys play the game"), { what: "the watcher's own line" });
    expect(told).toEqual(['zed is watching']);
  });
});

describe('a guest who leaves is told how to come back', () => {
  it('a seated player with the Spectrum keys: Q, then Y, leaves; the command to come back asks for the Spectrum keys again', () => {
    const host = tableHost(new Table(2, 'hal'));
    const { channel } = guest(host, 'ann', 'spectrum');
    const link = started(host);
    link.show(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true }), undefined);
    channel.emit('data', Buffer.from('Q'));
    expect(channel.ended).toBe(false);
    channel.emit('data', Buffer.from('Y'));
    expect(channel.ended).toBe(true);
    // Wrapped at words to the guest's 80 columns, the command whole on its line.
    const after = farewellLines(channel);
    expect(after.join(' ')).toContain('You left the table; your seat waits for you: ssh -t -p 2222 ann@host spectrum to come back.');
    expect(after.every((line) => line.length <= 80)).toBe(true);
    expect(after.some((line) => line.includes('ssh -t -p 2222 ann@host spectrum'))).toBe(true);
  });
});

describe("a guest's lobby", () => {
  /** Whether the guest's screen, drawn from all that was written to it, shows every one of `texts`. */
  async function shows(channel: FakeChannel, ...texts: string[]): Promise<boolean> {
    const t = newTerm(80, 24);
    await feed(t, channel.written);
    const text = termText(t);
    t.dispose();
    return texts.every((x) => text.includes(x));
  }

  it('lists the computer seats after the people, and the watchers with an "and" only after someone', async () => {
    const ann = guest(tableHost(new Table(3, 'hal', 3)), 'ann');
    await waitFor(() => shows(ann.channel, '  2. ann (you)', '  and 1 computer player, after the people'), { what: "the computer seat in ann's lobby" });
    const wes = guest(tableHost(new Table(0, null, 0)), 'wes');
    await waitFor(() => shows(wes.channel, '  4 computer players, after the people', '  and 1 watching'), { what: "the computers and the watcher in wes's lobby" });
  });
});

describe("a guest's environment", () => {
  it('takes only the locale variables that say whether the terminal reads UTF-8, and NO_COLOR, with short values', () => {
    for (const key of ['LANG', 'LC_ALL', 'LC_CTYPE', 'NO_COLOR']) expect(takesGuestEnv(key, 'C.UTF-8'), key).toBe(true);
    // A client could send LC_AA, LC_AB ... without end, each with a long value, and the host kept them all.
    for (const key of ['LC_AA', 'LC_MESSAGES', 'PATH', 'LD_PRELOAD', 'lang', '']) expect(takesGuestEnv(key, 'C'), key).toBe(false);
    expect(takesGuestEnv('LANG', 'x'.repeat(256))).toBe(true);
    expect(takesGuestEnv('LANG', 'x'.repeat(257))).toBe(false);
    expect(takesGuestEnv('LANG', undefined)).toBe(false);
  });
});
