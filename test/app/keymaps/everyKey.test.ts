import { describe, expect, it } from 'vitest';
import { isFilled } from '../../../src/engine/index.js';
import { modeOf, pressKey, type AppAction, type AppModel } from '../../../src/app/index.js';
import { ANY_KEY, MSX, PRINTABLE, SPECTRUM, getLayout, resolveKeyName, type Binding, type Layout, type Mode } from '../../../src/app/keymaps/index.js';
import { typedChar } from '../../../src/input/index.js';
import { inkKey } from '../helpers.js';
import { modelIn } from './fixtures.js';

const field = (m: AppModel) => (m.screen === 'setup' ? m.setup.field : m.option);

/** What each app action must visibly do; every key in the layout tables is checked against this. */
function expectEffect(mode: Mode, action: AppAction, before: AppModel, after: AppModel): void {
  if (action.type !== 'quit-now' && action.type !== 'redraw') expect(after.message?.tone, after.message?.text).not.toBe('error');
  const g0 = before.game;
  const g1 = after.game;
  switch (action.type) {
    case 'quit-now':
      return void expect(after.screen).toBe('done');
    case 'redraw':
      // Nothing changes but the count of repaints asked for; the App paints the whole screen again when it goes up.
      return void expect(after).toEqual({ ...before, redraws: before.redraws + 1 });
    case 'choose-players':
      return void expect(g1?.players.length).toBe(action.count);
    case 'choose-match':
      // The MSX keeps a single game for its number of players (no match set); the Spectrum starts it.
      if (action.kind === 'single' && before.layout === 'msx') return void expect([after.setup.step, after.settings.match]).toEqual(['players', undefined]);
      if (action.kind === 'single') return void expect(g1?.match).toEqual({ kind: 'single' });
      return void expect(after.setup).toMatchObject({ step: 'number', matchKind: action.kind });
    case 'type':
      return void expect(field(after)).toBe(field(before) + action.char);
    case 'erase':
      return void expect(field(after)).toBe(field(before).slice(0, -1));
    case 'submit':
      if (mode === 'setup-name' || mode === 'setup-first-name') return void expect(after.setup.names).toEqual([...before.setup.names, before.setup.field]);
      // The MSX keeps the match for its number of players; the Spectrum starts it.
      if (mode === 'setup-number' && before.layout === 'msx') return void expect(after.settings.match).toEqual({ kind: 'games', games: Number(before.setup.field) });
      if (mode === 'setup-number') return void expect(g1?.match).toEqual({ kind: 'games', games: Number(before.setup.field) });
      return void expect(g1?.cards[g0!.current].boxes.chance).toBeDefined();
    case 'back':
      // While choosing (the Spectrum): the option typed is cleared.
      if (mode === 'choosing') return void expect(after.option).toBe('');
      // Back one question: from the number to F, P or U; from the competition or a name to the name before, in the field.
      if (mode === 'setup-number') return void expect(after.setup.step).toBe('match');
      // Before the first name, or from the competition (the MSX): back to the number of players.
      if (mode === 'setup-first-name' || (mode === 'setup-match' && before.layout === 'msx')) return void expect(after.setup.step).toBe('players');
      expect(after.setup.step).toBe('name');
      return void expect(after.setup.field).toBe(before.setup.names[before.setup.names.length - 1]);
    case 'toggle-die':
      return void expect(g1?.held[action.die]).toBe(!g0?.held[action.die]);
    case 'clear-holds':
      return void expect(g1?.held).toEqual([false, false, false, false, false]);
    case 'roll':
      return void expect(g1?.rollsUsed).toBe((g0?.rollsUsed ?? 0) + 1);
    case 'stop-rolling':
      return void expect(g1?.phase).toBe('choosing');
    case 'resume-rolling':
      expect(g0?.phase).toBe('choosing');
      return void expect(g1?.phase).toBe('rolling');
    case 'move-cursor':
      expect(after.cursor).not.toBe(before.cursor);
      return void expect(isFilled(g1!.cards[g1!.current], after.cursor!)).toBe(false);
    case 'score-cursor':
      return void expect(g1?.cards[g0!.current].boxes[before.cursor!]).toBeDefined();
    case 'help':
      return void expect(after.overlay).toBe('help');
    case 'help-next':
      return void expect(after.overlay === null || after.overlayPage === before.overlayPage + 1).toBe(true);
    case 'help-close':
      return void expect(after).toEqual({ ...before, overlay: null, overlayPage: 0 });
    case 'quit':
      // At setup it quits at once; after the last game too, unless the layout asks there as well (the Spectrum).
      // On the too-small notice there is no room for the question: it quits at once too (the game is saved on the way out).
      if ((mode === 'match-over' && !getLayout(before.layout).askQuitAfterMatch) || mode.startsWith('setup') || mode === 'too-small') return void expect(after.screen).toBe('done');
      return void expect(after.overlay).toBe('confirm');
    case 'confirm':
      return void expect(action.yes ? after.screen === 'done' : after.overlay === null).toBe(true);
    case 'continue':
      expect(g1?.phase).toBe('rolling');
      return void expect(g1?.results.length).toBe(mode === 'match-over' ? 0 : g0?.results.length);
    case 'setup-names':
      return void expect(after.setup.step).toBe('name');
    case 'setup-computers':
      return void expect(after.setup.computers).toBe(before.setup.computers + 1);
    case 'setup-strength':
      return void expect(after.setup.strength).not.toBe(before.setup.strength);
    case 'setup-rules':
      return void expect(after.settings.rules).not.toBe(before.settings.rules);
    case 'setup-match':
      return void expect(modeOf(after)).toBe('setup-match');
    case 'hint':
      return void expect(after.hint).toBe(!before.hint);
    case 'chances':
      return void expect(after.chances === true).toBe(before.chances !== true);
    case 'undo': {
      const back = before.undo[before.undo.length - 1].before;
      return void expect(g1).toEqual({ ...back, rng: g0!.rng });
    }
    case 'computer-hurry':
      return void expect(after.computer.hurry).toBe(true);
    case 'review':
      return void expect(after.overlay).toBe('review');
    case 'seat-to-computer':
      return void expect(g1?.players[g0!.current]).toMatchObject({ name: g0!.players[g0!.current].name, kind: 'computer' });
    case 'resume-answer':
      // Leaving ends the app (the save kept); resuming or a new game waits for the session to begin the game.
      if (action.answer === 'quit') return void expect(after.screen).toBe('done');
      return void expect(after.resume?.answer).toBe(action.answer);
    default:
      throw new Error(`no expectation for ${action.type}`);
  }
}

function keysToTry(binding: Binding): string[] {
  return binding.keys.flatMap((k) => (k === PRINTABLE ? ['x', 'Z', '7', 'space'] : k === ANY_KEY ? ['x', 'enter', 'up', 'space'] : [k]));
}

function cases(layout: Layout): [string, Mode, string, Binding][] {
  return layout.bindings.flatMap((b) => b.modes.flatMap((mode) => keysToTry(b).map((key): [string, Mode, string, Binding] => [`${mode}: ${key} (${b.label}: ${b.help})`, mode, key, b])));
}

describe.each([MSX, SPECTRUM])('every key in the $id layout table does what its help says', (layout) => {
  it.each(cases(layout))('%s', (_name, mode, key, binding) => {
    const before = modelIn(layout.id, mode, key);
    expect(modeOf(before)).toBe(mode);
    const action = resolveKeyName(layout, mode, key);
    const i = binding.keys.indexOf(key);
    // No binding earlier in the table takes the key in this mode.
    expect(action).toEqual(binding.action(typedChar(key) ?? key, Math.max(0, i)));
    const after = pressKey(before, ...inkKey(key));
    expectEffect(mode, action!, before, after);
  });
});

describe.each([MSX, SPECTRUM])('no key of the $id layout table clashes with another in the same mode', (layout) => {
  it.each([...new Set(layout.bindings.flatMap((b) => b.modes))])('%s', (mode) => {
    const keys = layout.bindings.filter((b) => b.modes.includes(mode)).flatMap((b) => b.keys.filter((k) => k !== PRINTABLE && k !== ANY_KEY));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    // A binding of any key takes every key the bindings before it leave: none comes after it (it would never be
    // reached); a mode that takes any printable key binds no other printable key.
    const inMode = layout.bindings.filter((b) => b.modes.includes(mode));
    const any = inMode.findIndex((b) => b.keys.includes(ANY_KEY));
    if (any >= 0) expect(inMode.slice(any + 1).map((b) => b.label)).toEqual([]);
    if (inMode.some((b) => b.keys.includes(PRINTABLE))) expect(keys.filter((k) => typedChar(k) !== null)).toEqual([]);
  });
});
