import { afterEach, describe, expect, it } from 'vitest';
import { DiffStdout } from '../../src/terminal/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { ScreenGroups, type ScreenLook } from '../../src/table/screenGroups.js';
import { Table } from '../../src/table/table.js';
import { start } from '../app/helpers.js';
import { update, type AppModel } from '../../src/app/index.js';
import { hostLine } from '../../src/table/GuestScreen.js';
import { FakeTerminal, termText } from '../terminal/xterm.js';

const look = (over: Partial<ScreenLook> = {}): ScreenLook => ({ columns: 80, rows: 24, layout: 'msx', color: true, seat: null, line: null, leaving: false, hint: false, chances: false, onlooker: false, othersPage: false, othersHint: false, ownPage: null, ...over });
const opened: FakeTerminal[] = [];
function terminal(columns = 80, rows = 24): FakeTerminal {
  const t = new FakeTerminal(columns, rows);
  opened.push(t);
  return t;
}
afterEach(() => {
  for (const t of opened.splice(0)) t.dispose();
});

/** A table in play: the game of hal (the host) and ann, drawn on `hostScreen` when given. */
function playing(hostScreen?: DiffStdout): Table {
  const table = new Table(null, 'hal');
  table.join({ name: 'ann' });
  table.start();
  table.link().show(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, color: true }), undefined, hostScreen as unknown as NodeJS.WriteStream);
  return table;
}

describe("the guests' screens, drawn once per look", () => {
  it('a guest who cannot play now shares the frames of the player to move: one Ink instance, their prompt line their own', async () => {
    const groups = new ScreenGroups(playing());
    const [player, onlooker] = [terminal(), terminal()];
    groups.place(player, look());
    groups.place(onlooker, look({ onlooker: true }));
    expect(groups.size).toBe(1);
    await Promise.all([player.settled(), onlooker.settled()]);
    const [p, o] = [termText(player.term).split('\n'), termText(onlooker.term).split('\n')];
    const differ = p.flatMap((line, i) => (line === o[i] ? [] : [i]));
    expect(differ).toHaveLength(1);
    expect(p[differ[0]]).toContain('SPACE roll');
    expect(o[differ[0]]).toMatch(/^ your keys: +t tip +w chances +h\/\? help +Ctrl-C leave$/);
    // Their turn: the same frames, the game's prompt line (the differ may reach the cursor's place by writing spaces).
    groups.place(onlooker, look());
    await onlooker.settled();
    const seen = (t: FakeTerminal) => termText(t.term).split('\n').map((l) => l.trimEnd());
    expect(seen(onlooker)).toEqual(seen(player));
    for (const t of [player, onlooker]) groups.remove(t);
  });

  it("at 120x40, where the game stands in the middle, the onlooker's own prompt line stands as far in as the game's", async () => {
    const groups = new ScreenGroups(playing());
    const [player, onlooker] = [terminal(120, 40), terminal(120, 40)];
    groups.place(player, look({ columns: 120, rows: 40 }));
    groups.place(onlooker, look({ columns: 120, rows: 40, onlooker: true }));
    await Promise.all([player.settled(), onlooker.settled()]);
    const [p, o] = [termText(player.term).split('\n'), termText(onlooker.term).split('\n')];
    const differ = p.flatMap((line, i) => (line === o[i] ? [] : [i]));
    expect(differ).toHaveLength(1);
    const chart = p.find((l) => l.includes('Aces'))!.indexOf('Aces');
    expect(chart).toBeGreaterThan(1);
    expect(p[differ[0]].indexOf('1-5 mark')).toBe(chart);
    expect(o[differ[0]].indexOf('your keys:')).toBe(chart);
    for (const t of [player, onlooker]) groups.remove(t);
  });

  it('guests of one look share one frame; another size or a line of their own is another; the last to leave ends it', async () => {
    const groups = new ScreenGroups(playing());
    const [a, b, c] = [terminal(), terminal(), terminal(100, 30)];
    groups.place(a, look());
    groups.place(b, look());
    expect(groups.size).toBe(1);
    await Promise.all([a.settled(), b.settled()]);
    expect(termText(a.term)).toContain('Aces');
    expect(termText(b.term)).toBe(termText(a.term));
    groups.place(c, look({ columns: 100, rows: 30 }));
    groups.place(b, look({ line: { text: "It is hal's turn", tone: 'info' } }));
    expect(groups.size).toBe(3);
    await b.settled();
    expect(termText(b.term)).toContain("It is hal's turn");
    groups.place(b, look());
    expect(groups.size).toBe(2);
    for (const t of [a, b, c]) groups.remove(t);
    expect(groups.size).toBe(0);
  });

  it("guests who would see what the host's screen shows are shown its frames, and leave it when it changes size", async () => {
    const hostTerminal = terminal();
    const hostScreen = new DiffStdout(hostTerminal);
    hostScreen.on('resize', () => undefined);
    const groups = new ScreenGroups(playing(hostScreen));
    const guest = terminal();
    groups.place(guest, look());
    expect(groups.size).toBe(0);
    hostScreen.write('\u001B[Hthe host draws this');
    await guest.settled();
    expect(termText(guest.term)).toContain('the host draws this');

    // Another look (no colours) is drawn for itself.
    const plain = terminal();
    groups.place(plain, look({ color: false }));
    expect(groups.size).toBe(1);

    const before = guest.writes.length;
    hostTerminal.resize(100, 30);
    // The guest was moved to a screen of its own size before the host's screen drew anything of the new size.
    expect(groups.size).toBe(2);
    hostScreen.write('\u001B[Hwider now');
    await guest.settled();
    expect(guest.writes.slice(before).join('')).not.toContain('wider now');
    expect(termText(guest.term)).toContain('Aces');
    groups.remove(guest);
    groups.remove(plain);
  });
});

describe("the host's screen on a guest's turn: the host looks on", () => {
  /** hal hosts, ann is to move; the host's screen is a differ on a terminal of its own. */
  function annsTurn(over: Partial<AppModel> = {}) {
    const hostScreen = new DiffStdout(terminal());
    const table = new Table(null, 'hal');
    table.join({ name: 'ann' });
    table.start();
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, color: true });
    const model = { ...update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' }), ...over };
    table.link().show(model, undefined, hostScreen as unknown as NodeJS.WriteStream);
    return { table, model, groups: new ScreenGroups(table) };
  }

  it("with the tips off, the host's screen is drawn as ann's is, with the game's prompt line: ann is shown its frames", () => {
    const { table, model, groups } = annsTurn();
    expect(table.hostView(model)).toBe(model);
    const ann = terminal();
    groups.place(ann, look());
    expect(groups.size).toBe(0);
    groups.remove(ann);
  });

  it("what the game refused the host's key with is on the host's screen alone: a guest is not shown its frames then", () => {
    const { table, model, groups } = annsTurn({ refusal: { to: null, message: { text: 'ann plays her seat: it is hers while she is here', tone: 'error' } } });
    expect(table.hostView(model).message).toEqual({ text: 'ann plays her seat: it is hers while she is here', tone: 'error' });
    const ann = terminal();
    groups.place(ann, look());
    expect(groups.size).toBe(1);
    // A guest's refusal is not on the host's screen: ann is shown the host's frames again.
    table.link().show({ ...model, refusal: { to: 'ann', message: { text: 'Dice are 1-5: 7 is no die', tone: 'error' } } }, undefined, table.hostScreen!);
    expect(table.hostView(table.current.model!).message).toEqual(model.message);
    groups.place(ann, look());
    expect(groups.size).toBe(0);
    groups.remove(ann);
  });

  it("while the host reads its own instructions on ann's turn, ann is not shown the host's frames, after them she is, and not under its quit question", () => {
    const { table, model, groups } = annsTurn();
    const ann = terminal();
    const line = hostLine(table);
    groups.place(ann, look());
    expect(groups.size).toBe(0);
    expect(line()).toContain('your keys:');
    expect(table.hostKeys(decodeKeys('h'), model)).toEqual([]);
    expect(table.hostView(model).overlay).toBe('help');
    // The pages have their own prompt line: the host's line is not drawn over it.
    expect(line()).toBeNull();
    groups.place(ann, look());
    expect(groups.size).toBe(1);
    expect(table.hostKeys(decodeKeys('q'), model)).toEqual([]);
    expect(table.hostView(model)).toBe(model);
    expect(line()).toContain('your keys:');
    groups.place(ann, look());
    expect(groups.size).toBe(0);
    // The host's quit question too: ann reads that the host is asked it (GuestScreen), not the question.
    table.link().show(update(model, { type: 'quit' }), undefined, table.hostScreen!);
    groups.place(ann, look());
    expect(groups.size).toBe(1);
    groups.remove(ann);
  });

  it("with the tips on, the host's hint panel names ann; ann, with hers on, is not shown the host's frames", () => {
    const { table, model, groups } = annsTurn({ hint: true });
    expect(table.hostView(model).onlooker).toBe('host');
    const ann = terminal();
    groups.place(ann, look({ hint: true }));
    expect(groups.size).toBe(1);
    // A watcher with the tips on reads the choice as ann's, as the host does: shown the host's frames.
    const wes = terminal();
    groups.place(wes, look({ hint: true, othersHint: true }));
    expect(groups.size).toBe(1);
    for (const t of [ann, wes]) groups.remove(t);
  });

  it("while ann reads the instructions, the host's screen shows the game under a line that says so, and the host's keys", () => {
    const { table, model, groups } = annsTurn();
    const reading = update(model, { type: 'help' });
    table.link().show(reading, undefined, table.hostScreen!);
    const shown = table.hostView(reading);
    expect(shown.overlay).toBeNull();
    expect(shown.message?.text).toBe('ann is reading the instructions');
    expect(hostLine(table)()).toMatch(/your keys:/);
    // ann herself reads the pages: she is not shown the host's frames.
    const ann = terminal();
    groups.place(ann, look());
    expect(groups.size).toBe(1);
    groups.remove(ann);
  });
});

describe("the host's own line", () => {
  it("on a guest's turn: the host's keys, or why its last key did nothing, fitted at words to a narrow terminal", () => {
    const table = new Table(null, 'hal');
    table.join({ name: 'ann' });
    table.start();
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
    const annsTurn = update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' });
    const link = table.link();
    const line = hostLine(table);
    link.show(annsTurn, undefined);
    expect(line()).toMatch(/your keys:/);
    link.show({ ...annsTurn, size: { columns: 60, rows: 24 }, hostNote: "Waiting for ann (gone since 20:34): the host's c seats the computer" }, undefined);
    const said = line() ?? '';
    expect(said.length).toBeLessThanOrEqual(60);
    expect(said).toBe(' Waiting for ann (gone since 20:34)');
    // The host's own turn: no line of its own.
    link.show(first, undefined);
    expect(line()).toBeNull();
  });
});
