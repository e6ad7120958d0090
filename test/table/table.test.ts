import { afterEach, describe, expect, it, vi } from 'vitest';
import { update, type AppAction, type AppModel } from '../../src/app/index.js';
import type { KeySender } from '../../src/ui/App.js';
import { mayAct, turnSeat } from '../../src/table/mayAct.js';
import { Table } from '../../src/table/table.js';
import { start } from '../app/helpers.js';

/** A game of the table's seats (hal, the host, then ann), at its first turn, or at `seat`'s. */
function game(seat = 0): AppModel {
  let m = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
  if (seat === 1) m = update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
  return m;
}

/** The table's link as the host's App holds it, with what the table tells the message line. */
function listening(table: Table): { link: ReturnType<Table['link']>; said: string[] } {
  const said: string[] = [];
  const link = table.link();
  link.listen(
    () => undefined,
    (action) => said.push(action.type === 'notice' ? action.text : action.type),
  );
  return { link, said };
}

const roll: AppAction = { type: 'roll' };
const quit: AppAction = { type: 'quit' };

describe('mayAct: who may act on the host game', () => {
  it('a guest acts only on their own seat\'s turn, and never with the quit question\'s keys', () => {
    const m = game(1);
    expect(turnSeat(m)).toBe('ann');
    expect(mayAct(m, { seat: 'ann', host: false }, roll)).toBe(true);
    expect(mayAct(m, { seat: 'ANN', host: false }, roll)).toBe(true);
    expect(mayAct(m, { seat: 'ann', host: false }, quit)).toBe(false);
    expect(mayAct(m, { seat: 'ann', host: false }, { type: 'confirm', yes: true })).toBe(false);
    expect(mayAct(game(0), { seat: 'ann', host: false }, roll)).toBe(false);
    // A watcher (no seat) never.
    expect(mayAct(m, { seat: null, host: false }, roll)).toBe(false);
  });

  it("the host acts on the host seat's turn, may always stop the table, and never plays a guest's turn", () => {
    expect(mayAct(game(0), { seat: 'hal', host: true }, roll)).toBe(true);
    expect(mayAct(game(1), { seat: 'hal', host: true }, roll)).toBe(false);
    expect(mayAct(game(1), { seat: null, host: true }, roll)).toBe(false);
    expect(mayAct(game(1), { seat: 'hal', host: true }, quit)).toBe(true);
    expect(mayAct(game(1), { seat: null, host: true }, { type: 'quit-now' })).toBe(true);
  });

  it("the host turns its own tips and chances on and off on a guest's turn (its screen's alone), not its instructions", () => {
    expect(mayAct(game(1), { seat: 'hal', host: true }, { type: 'hint' })).toBe(true);
    expect(mayAct(game(1), { seat: null, host: true }, { type: 'chances' })).toBe(true);
    expect(mayAct(game(1), { seat: 'hal', host: true }, { type: 'help' })).toBe(false);
    // A guest's tips are their screen's (GuestLook), never the game's.
    expect(mayAct(game(0), { seat: 'ann', host: false }, { type: 'hint' })).toBe(false);
  });

  it("only the host gives a seat to the computer, and only while the seat in turn is a dropped player's", () => {
    const give: AppAction = { type: 'seat-to-computer' };
    const dropped: AppModel = { ...game(1), away: ['ann'] };
    expect(mayAct(dropped, { seat: 'hal', host: true }, give)).toBe(true);
    expect(mayAct(dropped, { seat: null, host: true }, give)).toBe(true);
    expect(mayAct(dropped, { seat: 'ann', host: false }, give)).toBe(false);
    expect(mayAct(dropped, { seat: 'bob', host: false }, give)).toBe(false);
    // ann at the table: the host's key goes to the game, which says why it does nothing (she has not left).
    expect(mayAct(game(1), { seat: 'hal', host: true }, give)).toBe(true);
    expect(update(game(1), give).message?.text).toMatch(/^ann has not left the table/);
  });

  it('with --take-back, a box scored is its scorer\'s alone to take back, on whatever turn; the line says whose key it is', () => {
    const undo: AppAction = { type: 'undo' };
    // hal (the host) scored: it is ann's turn now.
    const m = update(update(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, takeBack: true }), { type: 'stop-rolling' }), { type: 'score-cursor' });
    expect(turnSeat(m)).toBe('ann');
    expect(m.message?.text).toMatch(/\(hal's u takes it back\)$/);
    expect(mayAct(m, { seat: 'ann', host: false }, undo)).toBe(false);
    expect(mayAct(m, { seat: 'hal', host: true }, undo)).toBe(true);
    expect(update(m, undo).game?.current).toBe(0);
    // ann scores in turn: the key is hers, not the host's.
    const annScored = update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
    expect(annScored.message?.text).toMatch(/\(ann's u takes it back\)$/);
    expect(mayAct(annScored, { seat: 'hal', host: true }, undo)).toBe(false);
    expect(mayAct(annScored, { seat: 'ann', host: false }, undo)).toBe(true);
    const { link } = listening(new Table(2, 'hal'));
    expect(link.host.explain?.(annScored, undo)).toBe("Only ann can take back ann's box");
  });

  it("the host's keys on a guest's turn are told why they do nothing (on the host's own line)", () => {
    const table = new Table(2, 'hal');
    const { link } = listening(table);
    expect(link.host.explain?.(game(1), roll)).toBe("It is ann's turn: ann plays it from their own terminal");
    expect(link.host.explain?.(game(0), roll)).toBeNull();
  });

  it('a name that reads as a computer player\'s is refused (every name at a table is a person\'s): CPU, CPU 2, Computer, SPECTRUM, fullwidth ＣＰＵ', () => {
    // Look-alike letters (Cyrillic С, Greek Ϲ and Ρ, small capitals), other scripts' digits and marks between the letters too.
    for (const name of ['CPU', 'cpu', 'CPU 2', 'cpu2', 'Computer', 'COMPUTER 3', 'SPECTRUM', 'ＣＰＵ', 'СPU', 'ϹΡU', 'ᴄᴘᴜ', 'CPU ٣', 'CPU-2', 'C.P.U', 'ЅРЕСТRUМ']) {
      const joined = new Table(2, 'hal').join({ name });
      expect(joined.kind, name).toBe('refused');
      expect(joined.kind === 'refused' && joined.message, name).toContain("reads as a computer player's; join as another name");
    }
    for (const name of ['CPUS', 'Cupid', 'Spectra', 'comp', 'C3PO', 'Сергей']) expect(new Table(2, 'hal').join({ name }).kind, name).toBe('seat');
  });

  it('a very long user name is cut in the refusal that echoes it', () => {
    const refused = new Table(2, 'hal').join({ name: 'x'.repeat(16_000) });
    expect(refused.kind).toBe('refused');
    const message = refused.kind === 'refused' ? refused.message : '';
    expect(message).toContain(`the name "${'x'.repeat(20)}`);
    expect(message.length).toBeLessThan(300);
  });

  it('with no person to play (the setup), only the host acts', () => {
    const setup = start({});
    expect(turnSeat(setup)).toBe(null);
    expect(mayAct(setup, { seat: null, host: true }, { type: 'choose-players', count: 2 })).toBe(true);
    expect(mayAct(setup, { seat: 'ann', host: false }, { type: 'choose-players', count: 2 })).toBe(false);
  });
});

describe('Table: a resumed game (host --resume) seats its own people only', () => {
  it('a stranger watches; a player of the saved game gets their seat under its spelling; full when all are there', () => {
    const table = new Table(null, 'hal', 4, ['hal', 'ann']);
    let full = 0;
    table.onFull = () => full++;
    expect(table.current).toMatchObject({ wanted: 2, resumed: ['hal', 'ann'] });
    expect(table.full).toBe(false);
    expect(table.join({ name: 'mallory' })).toEqual({ kind: 'watch' });
    expect(table.join({ name: 'ANN' })).toMatchObject({ kind: 'seat', seat: { name: 'ann' } });
    expect([table.full, full]).toEqual([true, 1]);
    expect(table.seats.map((s) => s.name)).toEqual(['hal', 'ann']);
  });

  it('even with more strangers first than the game has seats, its player is seated when they come', () => {
    const table = new Table(3, 'hal', 4, ['hal', 'ann']);
    for (const name of ['x1', 'x2', 'x3']) expect(table.join({ name }).kind).toBe('watch');
    expect(table.join({ name: 'ann' }).kind).toBe('seat');
  });
});

describe('Table: seats, watchers and names', () => {
  it("is full at once when the host's seat is all --players asks for", () => {
    expect(new Table(1, 'hal').full).toBe(true);
    expect(new Table(1, null).full).toBe(false);
    expect(new Table(null, 'hal').full).toBe(false);
  });

  it('seats people in the lobby up to --players, then seats none: the rest watch', () => {
    const table = new Table(2, 'hal');
    let full = 0;
    table.onFull = () => full++;
    expect(table.join({ name: 'ann' })).toMatchObject({ kind: 'seat', back: false });
    expect(full).toBe(1);
    expect(table.join({ name: 'bob' })).toEqual({ kind: 'watch' });
    expect(table.current.seats.map((s) => s.name)).toEqual(['hal', 'ann']);
    expect(table.current.watchers).toBe(1);
  });

  it('refuses a name the names rule refuses, and a name seated and connected (in any case)', () => {
    const table = new Table(null, 'hal');
    const long = table.join({ name: 'averyverylongname' });
    expect(long.kind).toBe('refused');
    expect(long.kind === 'refused' && long.message).toMatch(/17 columns wide/);
    expect(table.join({ name: 'HAL' })).toMatchObject({ kind: 'refused', message: expect.stringContaining('already seated') as unknown });
    table.join({ name: 'ann' });
    expect(table.join({ name: 'Ann' }).kind).toBe('refused');
  });

  it('in a game a seat whose player dropped waits for them: the same name sits again; in the lobby the seat goes', () => {
    const table = new Table(null, null);
    const ann = { name: 'ann' };
    table.join(ann);
    table.leave(ann);
    expect(table.current.seats).toEqual([]);
    const ann2 = { name: 'ann' };
    table.join(ann2);
    table.join({ name: 'bob' });
    expect(table.start()).toEqual(['ann', 'bob']);
    table.leave(ann2);
    expect(table.current.seats[0]).toEqual({ name: 'ann', host: false, present: false });
    expect(table.join({ name: 'carl' })).toEqual({ kind: 'watch' });
    expect(table.join({ name: 'ANN' })).toMatchObject({ kind: 'seat', back: true });
    expect(table.current.seats[0].present).toBe(true);
  });

  it("a seated guest's keys reach the host's game gated to their seat; a watcher's never", () => {
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    const carl = { name: 'carl' };
    table.join(ann);
    table.start();
    table.join(carl);
    const got: KeySender[] = [];
    table.link().listen(
      (_keys, sender) => got.push(sender),
      () => undefined,
    );
    table.press(carl, [{ input: ' ', key: {}, sequence: ' ' }], 'msx');
    expect(got).toEqual([]);
    table.press(ann, [{ input: ' ', key: {}, sequence: ' ' }], 'spectrum');
    expect(got.map((s) => s.layout)).toEqual(['spectrum']);
    expect(got[0].allows(game(1), roll)).toBe(true);
    expect(got[0].allows(game(0), roll)).toBe(false);
  });

  it('on the turn of a seat whose player dropped, the message line says the game waits for them, once; and that they are back', () => {
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    table.join(ann);
    table.start();
    const { link, said } = listening(table);
    link.show(game(0), undefined);
    table.leave(ann);
    expect(said.filter((s) => s !== 'away')).toEqual([]);
    link.show(game(1), undefined);
    link.show(game(1), undefined);
    const waits = said.filter((s) => s.startsWith('Waiting'));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/^Waiting for ann \(gone since \d\d:\d\d\): the host's c seats the computer$/);
    table.join({ name: 'ann' });
    expect(said[said.length - 1]).toBe('ann is back at the table');
  });

  it('a resumed game seats its players as they come (the message line says whom it waits for); others watch', () => {
    const table = new Table(null, 'hal');
    table.start();
    const { link, said } = listening(table);
    link.show(game(1), undefined);
    expect(said).toEqual(['away', "Waiting for ann to join: the host's c seats the computer"]);
    expect(table.join({ name: 'carl' })).toEqual({ kind: 'watch' });
    expect(table.join({ name: 'Ann' })).toMatchObject({ kind: 'seat', back: true, seat: { name: 'ann' } });
    expect(said.slice(2)).toEqual(['carl is watching', 'ann is back at the table']);
  });
});

describe('Table: a dropped player, how long the game has waited, and the computer in their seat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The table's link as the host's App holds it, with every action the table sends (the models follow them, as in the App). */
  function hosting(table: Table): { link: ReturnType<Table['link']>; sent: AppAction[]; model: () => AppModel } {
    const sent: AppAction[] = [];
    const link = table.link();
    let model = game(0);
    link.listen(
      () => undefined,
      (action) => {
        sent.push(action);
        model = update(model, action);
        link.show(model, undefined);
      },
    );
    return {
      link: { ...link, show: (m, s) => ((model = m), link.show(m, s)) },
      sent,
      model: () => model,
    };
  }
  const notices = (sent: readonly AppAction[]) => sent.flatMap((a) => (a.type === 'notice' ? [a.text] : []));

  /** A table in play at 15:35 (fake timers) with hal, the host, and ann; the link and what the host's app is sent. */
  function annPlaying() {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 3, 15, 35, 0));
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    table.join(ann);
    table.start();
    return { table, ann, ...hosting(table) };
  }

  it('tells the host game who is away as seats drop and come back', () => {
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    table.join(ann);
    table.start();
    const { link, sent, model } = hosting(table);
    link.show(game(0), undefined);
    expect(model().away).toBeUndefined();
    table.leave(ann);
    expect(model().away).toEqual(['ann']);
    table.join({ name: 'ann' });
    expect(model().away).toEqual([]);
    expect(sent.filter((a) => a.type === 'away')).toHaveLength(2);
  });

  it('says how long the game has waited about every 30 s, until the player is back; and stops for the turn moving on and for the table closing', () => {
    const { table, ann, link, sent } = annPlaying();
    link.show(game(0), undefined);
    table.leave(ann);
    vi.advanceTimersByTime(20_000);
    link.show(game(1), undefined);
    expect(notices(sent)).toEqual(["Waiting for ann (gone since 15:35): the host's c seats the computer"]);
    vi.advanceTimersByTime(30_000);
    vi.advanceTimersByTime(30_000);
    vi.advanceTimersByTime(30_000);
    expect(notices(sent).slice(1)).toEqual(Array(3).fill("Waiting for ann (gone since 15:35): the host's c seats the computer"));
    table.join({ name: 'ann' });
    vi.advanceTimersByTime(120_000);
    expect(notices(sent).slice(4)).toEqual(['ann is back at the table']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops saying it when the turn moves on or the table closes', () => {
    const { table, ann, link, sent } = annPlaying();
    link.show(game(1), undefined);
    table.leave(ann);
    expect(notices(sent)).toEqual(["Waiting for ann (gone since 15:35): the host's c seats the computer"]);
    expect(vi.getTimerCount()).toBe(1);
    link.show(game(0), undefined);
    expect(vi.getTimerCount()).toBe(0);
    link.show(game(1), undefined);
    expect(vi.getTimerCount()).toBe(1);
    table.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(notices(sent)).toHaveLength(2);
  });

  it("the host's refused key on a dropped player's turn repeats the waiting line, the host's key in it (they play nowhere)", () => {
    const { table, ann, link, model } = annPlaying();
    link.show(game(1), undefined);
    vi.advanceTimersByTime(3000);
    table.leave(ann);
    vi.advanceTimersByTime(14_000);
    expect(link.host.explain?.(model(), roll)).toBe("Waiting for ann (gone since 15:35): the host's c seats the computer");
    expect(table.waiting(model())).toBe("Waiting for ann (gone since 15:35): the host's c seats the computer");
    table.join({ name: 'ann' });
    expect(link.host.explain?.(model(), roll)).toBe("It is ann's turn: ann plays it from their own terminal");
    expect(table.waiting(model())).toBeNull();
  });

  it("the host's key gives the dropped seat to the computer: every screen says so, the waiting stops; back, the player watches their seat played", () => {
    const { table, ann, link, sent, model } = annPlaying();
    link.show(game(1), undefined);
    table.leave(ann);
    const host = link.host;
    const given = update(model(), { type: 'seat-to-computer' });
    expect(host.allows(model(), { type: 'seat-to-computer' })).toBe(true);
    link.show(given, undefined);
    expect(given.message?.text).toBe("ann's seat is played by the computer");
    expect(table.current.model?.game?.players[1].kind).toBe('computer');
    expect(vi.getTimerCount()).toBe(0);
    expect(model().away).toEqual([]);
    const back = table.join({ name: 'ann' });
    expect(back).toMatchObject({ kind: 'seat', back: true });
    expect(notices(sent).slice(-1)).toEqual(["ann is back at the table, and watches: the computer plays ann's seat now"]);
  });
});
