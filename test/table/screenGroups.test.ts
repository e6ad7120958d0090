import { afterEach, describe, expect, it } from 'vitest';
import { ScreenGroups, type ScreenLook } from '../../src/table/screenGroups.js';
import { Table } from '../../src/table/table.js';
import { update } from '../../src/app/index.js';
import { start } from '../app/helpers.js';
import { waitFor } from '../support/wait.js';
import { FakeTerminal, termText } from '../terminal/xterm.js';

const look = (over: Partial<ScreenLook> = {}): ScreenLook => ({ columns: 80, rows: 24, layout: 'msx', color: true, seat: null, line: null, hint: false, chances: false, ...over });
const opened: FakeTerminal[] = [];
function terminal(columns = 80, rows = 24): FakeTerminal {
  const t = new FakeTerminal(columns, rows);
  opened.push(t);
  return t;
}
afterEach(() => {
  for (const t of opened.splice(0)) t.dispose();
});

/** A table in play: the game of hal (the host) and ann, at hal's turn. */
function playing(): Table {
  const table = new Table(null, 'hal');
  table.join({ name: 'ann' });
  table.start();
  table.link().show(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, color: true }), undefined);
  return table;
}

describe("the guests' screens, drawn once per look", () => {
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
    groups.place(b, look({ line: "It is hal's turn" }));
    expect(groups.size).toBe(3);
    await b.settled();
    expect(termText(b.term)).toContain("It is hal's turn");
    groups.place(b, look());
    expect(groups.size).toBe(2);
    for (const t of [a, b, c]) groups.remove(t);
    expect(groups.size).toBe(0);
  });

  it("each seat's prompt line lists the keys that work for it now; a watcher's, only their own keys, after a word that they watch", async () => {
    const table = playing();
    const groups = new ScreenGroups(table);
    const [ann, wes] = [terminal(), terminal()];
    groups.place(ann, look({ seat: 'ann' }));
    groups.place(wes, look());
    expect(groups.size).toBe(2);
    await Promise.all([ann.settled(), wes.settled()]);
    const prompt = (t: FakeTerminal) => termText(t.term).split('\n').filter((l) => /quit/.test(l)).join('\n');
    // hal's turn: ann's keys and the watcher's are their own toggles and leaving, not the dice.
    expect(prompt(ann)).toMatch(/^ t tip {2}w chances {2}q\/ESC quit/);
    expect(prompt(wes)).toMatch(/^ Watching: {2}t tip {2}w chances {2}q\/ESC quit/);
    for (const t of [ann, wes]) expect(prompt(t)).not.toMatch(/mark|roll|score|help/);
    // ann's turn: hers are the turn's keys; the watcher's stay as they were.
    table.link().show(update(update(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, color: true }), { type: 'stop-rolling' }), { type: 'score-cursor' }), undefined);
    await waitFor(() => /1-5 mark/.test(prompt(ann)), { what: "ann's keys on her turn" });
    await wes.settled();
    expect(prompt(wes)).not.toMatch(/mark/);
    groups.remove(ann);
    groups.remove(wes);
  });
});
