import { describe, expect, it } from 'vitest';
import { update, type AppAction, type AppModel } from '../../src/app/index.js';
import type { KeySender } from '../../src/ui/App.js';
import { mayAct, Table, turnSeat } from '../../src/table/table.js';
import { start } from '../app/helpers.js';

/** A game of the table's seats (hal, the host, then ann), at its first turn, or at `seat`'s. */
function game(seat = 0): AppModel {
  let m = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' } });
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

  it('with no person to play (the setup), only the host acts', () => {
    const setup = start({});
    expect(turnSeat(setup)).toBe(null);
    expect(mayAct(setup, { seat: null, host: true }, { type: 'choose-players', count: 2 })).toBe(true);
    expect(mayAct(setup, { seat: 'ann', host: false }, { type: 'choose-players', count: 2 })).toBe(false);
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
    expect(said).toEqual([]);
    link.show(game(1), undefined);
    link.show(game(1), undefined);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Waiting for ann \(gone since \d\d:\d\d\)$/);
    table.join({ name: 'ann' });
    expect(said[1]).toBe('ann is back at the table');
  });

  it('a resumed game seats its players as they come (the message line says whom it waits for); others watch', () => {
    const table = new Table(null, 'hal');
    table.start();
    const { link, said } = listening(table);
    link.show(game(1), undefined);
    expect(said).toEqual(['Waiting for ann to join']);
    expect(table.join({ name: 'carl' })).toEqual({ kind: 'watch' });
    expect(table.join({ name: 'Ann' })).toMatchObject({ kind: 'seat', back: true, seat: { name: 'ann' } });
    expect(said[1]).toBe('ann is back at the table');
  });
});
