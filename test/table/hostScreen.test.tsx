import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { Table } from '../../src/table/table.js';
import { App } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { waitFor, waitForScreen } from '../support/wait.js';
import { SIZE, mount } from '../ui/mount.js';

const BELL = '\u0007';
const bells = (frames: readonly string[]) => frames.join('').split(BELL).length - 1;

/** A table of hal (the host) and ann, started, on ann's turn after hal scored: the game and what the App is given. */
function annsTurnAtTable(sound = false) {
  const table = new Table(null, 'hal');
  const ann = { name: 'ann' };
  table.join(ann);
  table.start();
  const options = playOptions({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, sound });
  const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, sound });
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

  it("while the guest to move reads their own instructions, the host's screen says so; it goes when they close them", async () => {
    const { table, ann, options, annsTurn } = annsTurnAtTable();
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    table.ownPage(ann, { overlay: 'help', page: 2 });
    await waitForScreen(() => app.lastFrame() ?? '', 'ann is reading the instructions');
    table.ownPage(ann, null);
    await waitFor(() => !(app.lastFrame() ?? '').includes('reading the instructions'), { what: 'the line gone' });
    expect(app.lastFrame()).toContain(annsTurn.message!.text);
  });

  it("on a guest's turn the host's help key opens the host's own instructions, on its screen alone; q closes them", async () => {
    const { table, options, annsTurn } = annsTurnAtTable();
    let now: AppModel = annsTurn;
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} onModel={(m) => (now = m)} />);
    await waitForScreen(() => app.lastFrame() ?? '', 'h/? help');
    await app.type('h');
    await waitForScreen(() => app.lastFrame() ?? '', 'INSTRUCTIONS');
    // The game is as it was: ann's screen and everyone else's show it, and the host's keys turn its pages.
    expect(now.overlay).toBeNull();
    expect(table.current.model?.overlay).toBeNull();
    const first = app.lastFrame();
    await app.type(' ');
    await waitFor(() => app.lastFrame() !== first, { what: 'the next page' });
    expect(app.lastFrame()).toContain('INSTRUCTIONS');
    expect(now.game).toEqual(annsTurn.game);
    await app.type('q');
    await waitFor(() => !(app.lastFrame() ?? '').includes('INSTRUCTIONS'), { what: 'the game again' });
    expect(now.overlay).toBeNull();
    expect(now.screen).toBe('game');
  });

  it("on a guest's turn the host's tips and chances keys act on its screen alone: every screen's message line keeps what it said", async () => {
    const { table, options, annsTurn } = annsTurnAtTable();
    let now: AppModel = annsTurn;
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} onModel={(m) => (now = m)} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    const said = annsTurn.message;
    expect(said?.text).toMatch(/^hal scored/);
    await app.type('t');
    await waitFor(() => now.hint, { what: "the host's tips on" });
    await app.type('w');
    await waitFor(() => now.chances === true && now.hint, { what: "the host's chances beside its tips" });
    // Every screen's message line still says what it said.
    expect(now.message).toEqual(said);
    // Off again: the tips stay.
    await app.type('w');
    await waitFor(() => now.chances === false && now.hint, { what: "the host's chances off, its tips kept" });
    expect(now.message).toEqual(said);
  });

  it("a key the game refuses a guest is said on that guest's screen alone: every other screen's message line keeps what it said", async () => {
    const { table, ann, options, annsTurn } = annsTurnAtTable(true);
    let now: AppModel = annsTurn;
    const app = await mount(<App options={options} seed={7} size={SIZE} start={annsTurn} table={table.link()} onModel={(m) => (now = m)} />);
    await waitForScreen(() => app.lastFrame() ?? '', "ann's turn");
    const said = annsTurn.message;
    // ann plays with the Spectrum keys under the host's MSX ones: the refusal is in her words, for her alone.
    table.press(ann, decodeKeys('x'), 'spectrum');
    await waitFor(() => now.refusal != null, { what: "the note for ann's refused key" });
    expect(now.refusal).toEqual({ to: 'ann', message: { text: 'Dice are A-E: X is no die', tone: 'error' } });
    expect(now.message).toEqual(said);
    expect(app.lastFrame()).not.toContain('no die');
    expect(bells(app.frames)).toBe(0);
    // Her next key clears it.
    table.press(ann, decodeKeys('a'), 'spectrum');
    await waitFor(() => now.refusal == null, { what: 'the note gone with her next key' });
    expect(now.game?.held[0]).toBe(true);
  });

  it("a key the game refuses the host is said on the host's screen alone, and rings only there", async () => {
    const table = new Table(null, 'hal');
    const ann = { name: 'ann' };
    table.join(ann);
    table.start();
    const options = playOptions({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, sound: true });
    const first = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, sound: true });
    let now: AppModel = first;
    const app = await mount(<App options={options} seed={7} size={SIZE} start={first} table={table.link()} onModel={(m) => (now = m)} />);
    await waitForScreen(() => app.lastFrame() ?? '', "hal's turn");
    await app.type('7');
    // The bell is written after the frame: the frame that says it is not the last write.
    await waitFor(() => app.frames.some((f) => f.includes('7 is no die')), { what: "the refusal on the host's screen" });
    expect(now.refusal).toEqual({ to: null, message: { text: 'Dice are 1-5: 7 is no die', tone: 'error' } });
    expect(now.message).toEqual(first.message);
    expect(table.current.model?.message).toEqual(first.message);
    expect(bells(app.frames)).toBe(1);
    // The game changes meanwhile (ann drops): the refusal stays on the host's screen, and does not ring again.
    table.leave(ann);
    await waitFor(() => now.away?.includes('ann') === true, { what: 'ann away' });
    expect(app.lastFrame()).toContain('7 is no die');
    expect(bells(app.frames)).toBe(1);
  });
});
