import { describe, expect, it } from 'vitest';
import { update } from '../../src/app/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { Table } from '../../src/table/table.js';
import { App } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { waitForScreen } from '../support/wait.js';
import { SIZE, mount } from '../ui/mount.js';

describe("the host's own screen: the game's one model, as the host sees it", () => {
  it('a guest who opens the instructions on their turn reads them on their screen; the host sees the game, under a line that says so', async () => {
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    table.join(ann);
    table.start();
    const options = playOptions({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true });
    const annsTurn = update(update(first, { type: 'stop-rolling' }), { type: 'score-cursor' });
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    table.press(ann, decodeKeys('h'), 'msx');
    await waitForScreen(() => app.lastFrame() ?? '', 'ann is reading the instructions');
    expect(app.lastFrame()).not.toContain('INSTRUCTIONS');
    expect(app.lastFrame()).toContain('Aces');
  });
});
