import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { Table } from '../../src/table/table.js';
import { App } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { waitFor, waitForScreen } from '../support/wait.js';
import { SIZE, mount } from '../ui/mount.js';

/** A table of hal (the host) and ann, started, on ann's turn after hal scored: the game and what the App is given. */
function annsTurnAtTable() {
  const table = new Table(null, 'hal');
  const ann = { name: 'ann' };
  table.join(ann);
  table.start();
  const options = playOptions({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
  const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
  const annsTurn = update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' });
  return { table, ann, options, annsTurn };
}

describe("the host's own screen: the game's one model, as the host sees it", () => {
  it('a guest who opens the instructions on their turn reads them on their screen; the host sees the game, under a line that says so', async () => {
    const { table, ann, options, annsTurn } = annsTurnAtTable();
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    table.press(ann, decodeKeys('h'), 'msx');
    await waitForScreen(() => app.lastFrame() ?? '', 'ann is reading the instructions');
    expect(app.lastFrame()).not.toContain('INSTRUCTIONS');
    expect(app.lastFrame()).toContain('Aces');
  });

  it("on a guest's turn the host's tips and chances keys act on its screen alone: what they say goes to the host's own line", async () => {
    const { table, options, annsTurn } = annsTurnAtTable();
    let now: AppModel = annsTurn;
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} onModel={(m) => (now = m)} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    const said = annsTurn.message;
    expect(said?.text).toMatch(/^hal scored/);
    await app.type('t');
    await waitFor(() => now.hint, { what: "the host's tips on" });
    await app.type('w');
    await waitFor(() => now.chances === true && !now.hint, { what: "the host's chances alone" });
    // Every screen's message line still says what it said; the host alone is told how to get its tips back.
    expect(now.message).toEqual(said);
    expect(now.hostNote).toBe('Chances to win on (the tips are off: t brings them back)');
  });
});
