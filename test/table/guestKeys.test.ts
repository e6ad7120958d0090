import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { decodeKeys } from '../../src/input/index.js';
import { guestKeys, ownKeys, type GuestKeyContext } from '../../src/table/guestKeys.js';
import { ownPageResized } from '../../src/table/ownPage.js';
import { helpView } from '../../src/view/help.js';
import { finishGame, start } from '../app/helpers.js';

/** A game of the table's seats (hal, the host, then ann), at hal's first turn, or at ann's. */
function game(seat = 0): AppModel {
  const m = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' } });
  return seat === 1 ? update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' }) : m;
}

const at = (over: Partial<GuestKeyContext> = {}): GuestKeyContext => ({ model: game(1), playing: true, layout: 'msx', seat: 'ann', leaveAsked: false, waiting: null, ...over });

describe("a guest's keys", () => {
  it('Ctrl-C leaves at once', () => {
    expect(guestKeys(decodeKeys('\u0003'), at()).kind).toBe('leave');
  });

  it("a seated player's quit key asks first (a stray q or ESC does not drop them); the same key again leaves", () => {
    expect(guestKeys(decodeKeys('q'), at()).kind).toBe('ask-leave');
    expect(guestKeys(decodeKeys('\u001b'), at()).kind).toBe('ask-leave');
    // The question whole on an 80-column message line (after its leading space).
    const asked = guestKeys(decodeKeys('q'), at());
    expect(asked.kind === 'ask-leave' ? asked.text.length : 0).toBeGreaterThan(0);
    expect(asked.kind === 'ask-leave' ? asked.text.length : 99).toBeLessThanOrEqual(78);
    expect(guestKeys(decodeKeys('q'), at({ leaveAsked: true })).kind).toBe('leave');
    expect(guestKeys(decodeKeys('Q'), at({ layout: 'spectrum' })).kind).toBe('ask-leave');
    // Answered as the game's own quit question is: Y leaves, another key stays.
    expect(guestKeys(decodeKeys('q'), at()).kind === 'ask-leave' && guestKeys(decodeKeys('y'), at({ leaveAsked: true })).kind).toBe('leave');
    expect(guestKeys(decodeKeys('Y'), at({ leaveAsked: true, layout: 'spectrum' })).kind).toBe('leave');
    expect(guestKeys(decodeKeys('y'), at()).kind).not.toBe('leave');
    // Any other key stays, and is used up: it plays nothing (as N at the host's quit question).
    for (const key of ['n', '2', ' ', 'i']) expect(guestKeys(decodeKeys(key), at({ leaveAsked: true })).kind).toBe('stay');
  });

  it('behind the too-small notice on their screen, a player\'s keys play nothing unseen and the quit key leaves at once, as the notice says', () => {
    const small = { size: { columns: 50, rows: 20 }, hint: false, chances: false };
    expect(guestKeys(decodeKeys('i'), at({ screen: small })).kind).toBe('none');
    expect(guestKeys(decodeKeys('\r'), at({ screen: small })).kind).toBe('none');
    expect(guestKeys(decodeKeys('q'), at({ screen: small })).kind).toBe('leave');
    expect(guestKeys(decodeKeys('Q'), at({ screen: small, layout: 'spectrum' })).kind).toBe('leave');
    expect(ownKeys(decodeKeys('tw'), at({ screen: small })).toggles).toEqual([]);
    // At a size that fits, the same keys play and toggle as ever.
    const fits = { size: { columns: 80, rows: 24 }, hint: false, chances: false };
    expect(guestKeys(decodeKeys('i'), at({ screen: fits })).kind).toBe('press');
    expect(ownKeys(decodeKeys('tw'), at({ screen: fits })).toggles).toEqual(['hint', 'chances']);
  });

  it('a watcher leaves with the quit key at once; in the lobby (no game yet) only Ctrl-C leaves, as its screen says', () => {
    expect(guestKeys(decodeKeys('q'), at({ seat: null })).kind).toBe('leave');
    // Any other key in the lobby is told why it does nothing yet, rather than nothing at all.
    expect(guestKeys(decodeKeys('q'), at({ model: null, playing: false }))).toEqual({ kind: 'wait', text: 'Not started yet: your keys count once the host starts the game (Ctrl-C leaves)' });
    expect(guestKeys(decodeKeys('\u0003'), at({ model: null, playing: false })).kind).toBe('leave');
  });

  it("keys on another seat's turn are told why they do nothing; on their own turn they go to the table", () => {
    expect(guestKeys(decodeKeys(' '), at({ model: game(0) }))).toEqual({ kind: 'wait', text: "It is hal's turn: wait for yours" });
    expect(guestKeys(decodeKeys(' '), at()).kind).toBe('press');
    // hal away: the line says the game waits for hal (and the host's key), not that hal plays it.
    const waiting = "Waiting for hal (gone since 12:29): the host's c seats the computer";
    expect(guestKeys(decodeKeys(' '), at({ model: game(0), waiting }))).toEqual({ kind: 'wait', text: waiting });
    // A watcher's keys are told that they watch (a key that does nothing without a word looks broken).
    expect(guestKeys(decodeKeys('1'), at({ model: game(0), seat: null }))).toEqual({ kind: 'wait', text: "You are watching: only the players' keys play the game" });
  });

  it('a player whose seat the host gave to the computer (while they were away) is told they watch now, on any turn', () => {
    const given = (m: AppModel): AppModel => ({ ...m, game: { ...m.game!, players: m.game!.players.map((p) => (p.name === 'ann' ? { name: 'ann', kind: 'computer', strength: 'optimal' } : p)) } });
    for (const model of [given(game(0)), given(game(1))]) expect(guestKeys(decodeKeys(' '), at({ model }))).toEqual({ kind: 'wait', text: 'The computer plays your seat now: you are watching' });
  });

  it("keys while the host sets the game up (the Spectrum's competition question) are told that the host does", () => {
    const setup = start({ layout: 'spectrum', players: 2, names: ['hal', 'ann'] });
    expect(setup.screen).toBe('setup');
    expect(guestKeys(decodeKeys('U'), at({ model: setup, layout: 'spectrum' }))).toEqual({ kind: 'wait', text: 'The host is setting up the game: your keys count once it starts' });
    expect(guestKeys(decodeKeys('q'), at({ model: setup, layout: 'spectrum' })).kind).toBe('ask-leave');
  });

  it("keys at the end of a game are told that the host's go on, and that the review key shows them the review", () => {
    const over = finishGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'games', games: 2 }, hosted: true }));
    const text = "The game is over: the host's keys go on from here; r shows you the review, on your screen alone";
    expect(guestKeys(decodeKeys('y'), at({ model: over }))).toEqual({ kind: 'wait', text });
    expect(guestKeys(decodeKeys('y'), at({ model: over, layout: 'spectrum' }))).toEqual({ kind: 'wait', text: text.replace('; r ', '; R ') });
  });

  it('the review key after a game opens the review on their own screen (the game is not sent it); their keys page through it, then close it', () => {
    const over = finishGame(start({ players: 2, names: ['hal', 'ann'], match: { kind: 'games', games: 2 }, hosted: true }));
    for (const seat of ['ann', null]) expect(guestKeys(decodeKeys('r'), at({ model: over, seat }))).toEqual({ kind: 'own', page: { overlay: 'review', page: 0 } });
    expect(guestKeys(decodeKeys('R'), at({ model: over, layout: 'spectrum' }))).toEqual({ kind: 'own', page: { overlay: 'review', page: 0 } });
    // A tall screen has room for the whole review on one page: any key closes it, the quit key too (as on the game's).
    const tall = { size: { columns: 80, rows: 60 }, hint: false, chances: false };
    expect(guestKeys(decodeKeys('y'), at({ model: over, screen: tall, ownPage: { overlay: 'review', page: 0 } }))).toEqual({ kind: 'own', page: null });
    expect(guestKeys(decodeKeys('q'), at({ model: over, screen: tall, ownPage: { overlay: 'review', page: 0 } }))).toEqual({ kind: 'own', page: null });
    // Ctrl-C still leaves.
    expect(guestKeys(decodeKeys('\u0003'), at({ model: over, ownPage: { overlay: 'review', page: 0 } })).kind).toBe('leave');
    // Over the host's own review too (which guests see as a line).
    expect(guestKeys(decodeKeys('r'), at({ model: update(over, { type: 'review' }), seat: null }))).toEqual({ kind: 'own', page: { overlay: 'review', page: 0 } });
    // The host's keys went on (the next game): the review key is not the guest's.
    expect(guestKeys(decodeKeys('r'), at({ model: game(1) })).kind).toBe('press');
  });

  it("a player's own review pages through their block alone; a watcher's through every person's", () => {
    const over = finishGame(start({ players: 3, names: ['hal', 'ann', 'bob'], match: { kind: 'games', games: 2 }, hosted: true }));
    // At 80x24 three people's blocks take two pages, the heading and ann's block one.
    const screen = { size: { columns: 80, rows: 24 }, hint: false, chances: false };
    expect(guestKeys(decodeKeys('y'), at({ model: over, screen, ownPage: { overlay: 'review', page: 0 }, seat: null }))).toEqual({ kind: 'own', page: { overlay: 'review', page: 1 } });
    expect(guestKeys(decodeKeys('y'), at({ model: over, screen, ownPage: { overlay: 'review', page: 0 }, seat: 'ann' }))).toEqual({ kind: 'own', page: null });
  });
});

describe("a guest's own instructions", () => {
  const open = (page: number) => ({ ownPage: { overlay: 'help' as const, page } });

  it("the help key opens the instructions on the guest's own screen, on any turn (the game is not sent the key)", () => {
    for (const who of [{ seat: null }, { seat: 'ann' }]) {
      const opened = guestKeys(decodeKeys('h'), at({ model: game(0), ...who }));
      expect(opened).toMatchObject({ kind: 'own', page: { overlay: 'help' } });
    }
    expect(guestKeys(decodeKeys('I'), at({ model: game(0), layout: 'spectrum', seat: null }))).toMatchObject({ kind: 'own', page: { overlay: 'help' } });
    // At the end of the game too, where the host's keys go on.
    expect(guestKeys(decodeKeys('h'), at({ model: finishGame(game(0)) }))).toMatchObject({ kind: 'own', page: { overlay: 'help' } });
    // On their own turn too: the pages are laid out for their screen and keys, not the host's.
    expect(guestKeys(decodeKeys('h'), at())).toMatchObject({ kind: 'own', page: { overlay: 'help' } });
    // Under the host's own instructions (a line on the guests' screens), the help key still opens theirs.
    expect(guestKeys(decodeKeys('h'), at({ model: update(game(0), { type: 'help' }), seat: null }))).toMatchObject({ kind: 'own', page: { overlay: 'help' } });
    // In the lobby there is no game to read them beside.
    expect(guestKeys(decodeKeys('h'), at({ model: null, playing: false })).kind).toBe('wait');
  });

  it('their keys page through them, the quit key closes them (it does not ask to leave), Ctrl-C still leaves', () => {
    const first = guestKeys(decodeKeys('h'), at({ model: game(0) }));
    if (first.kind !== 'own' || first.page === null) throw new Error('the instructions did not open');
    // From the first page, any other key turns to the next.
    expect(guestKeys(decodeKeys(' '), at({ model: game(0), ...open(0) }))).toEqual({ kind: 'own', page: { overlay: 'help', page: 1 } });
    expect(guestKeys(decodeKeys('q'), at({ model: game(0), ...open(first.page.page) }))).toEqual({ kind: 'own', page: null });
    expect(guestKeys(decodeKeys('\u001b'), at({ model: game(0), ...open(0) }))).toEqual({ kind: 'own', page: null });
    expect(guestKeys(decodeKeys('\u0003'), at({ model: game(0), ...open(0) })).kind).toBe('leave');
    // The tips and chances keys turn pages there, not the guest's lines.
    expect(ownKeys(decodeKeys('t'), at({ model: game(0), ...open(0) })).toggles).toEqual([]);
  });

  it('a resize keeps the place they were reading, not the page number (as the game keeps its own)', () => {
    const small = { size: { columns: 80, rows: 24 }, hint: false, chances: false };
    const opened = guestKeys(decodeKeys('h'), at({ model: game(0), screen: small }));
    if (opened.kind !== 'own' || opened.page === null) throw new Error('the instructions did not open');
    const text = (size: { columns: number; rows: number }, page: number) => helpView({ ...game(0), reader: 'guest', size, overlay: 'help', overlayPage: page }).lines.map((l) => l.text);
    const reading = text(small.size, opened.page.page)[0];
    expect(reading).toMatch(/Keys: rolling/);
    for (const to of [{ columns: 100, rows: 30 }, { columns: 60, rows: 23 }, { columns: 120, rows: 40 }]) {
      const now = ownPageResized(game(0), opened.page, 'msx', small.size, to);
      expect(text(to, now.page)).toContain(reading);
    }
    // The review keeps its page.
    expect(ownPageResized(game(0), { overlay: 'review', page: 1 }, 'msx', small.size, { columns: 120, rows: 40 })).toEqual({ overlay: 'review', page: 1 });
  });

  it('once it is their turn, their keys still go to the instructions until they close them', () => {
    expect(guestKeys(decodeKeys('q'), at({ ...open(0) }))).toEqual({ kind: 'own', page: null });
    expect(guestKeys(decodeKeys('q'), at()).kind).toBe('ask-leave');
  });
});

describe("a guest's own hints and chances", () => {
  it("the hint and chances keys turn this guest's own lines on and off, on any turn, seated or watching; the game is not sent them", () => {
    expect(ownKeys(decodeKeys('t'), at())).toEqual({ toggles: ['hint'], rest: [] });
    expect(ownKeys(decodeKeys('w'), at({ model: game(0) })).toggles).toEqual(['chances']);
    expect(ownKeys(decodeKeys('H'), at({ layout: 'spectrum', seat: null })).toggles).toEqual(['hint']);
    expect(ownKeys(decodeKeys('tw'), at()).toggles).toEqual(['hint', 'chances']);
    // A die marked in the same read still goes on.
    const mixed = ownKeys(decodeKeys('1t'), at());
    expect(mixed.toggles).toEqual(['hint']);
    expect(mixed.rest.map((k) => k.input)).toEqual(['1']);
    // In the lobby there is nothing to toggle.
    expect(ownKeys(decodeKeys('t'), at({ model: null, playing: false })).toggles).toEqual([]);
  });
});

describe("a guest's take-back key (--take-back)", () => {
  const scored = (m: AppModel) => update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
  const table = start({ players: 2, names: ['hal', 'ann'], match: { kind: 'single' }, hosted: true, takeBack: true });

  it('goes to the game on the next player\'s turn when the box is theirs to take back', () => {
    // ann scored on her turn; it is hal's now, and ann's u is hers.
    const annScored = scored(scored(table));
    expect(guestKeys(decodeKeys('u'), at({ model: annScored, seat: 'ann' }))).toEqual({ kind: 'press' });
  });

  it("is told whose it is on the guest's own turn, when the box is another's", () => {
    const halScored = scored(table);
    expect(guestKeys(decodeKeys('u'), at({ model: halScored, seat: 'ann' }))).toEqual({ kind: 'wait', text: "Only hal can take back hal's box" });
  });
});
