/**
 * The controller's refusals are typed codes, and `legal` asks whether an action does something now without building
 * the next model: it names the same refusal whose words update puts on the message line, and an action it calls
 * legal changes the model (apart from the message line) while one it refuses or ignores changes nothing else.
 */
import { describe, expect, it } from 'vitest';
import { keyToAction, legal, modeOf, refusalText, update, type AppAction, type AppModel, type Refusal } from '../../src/app/index.js';
import { typedChar } from '../../src/input/index.js';
import { bindingsFor, getLayout } from '../../src/app/keymaps/index.js';
import { finishGame, press, start } from './helpers.js';
import { inkKey } from './helpers.js';

const spectrum = () => start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } });
// The message line, and what the last refused character of a name was (kept with it, for the marks that follow it).
const without = (m: AppModel) => ({ ...m, message: null, setup: { ...m.setup, refusedChar: null } });

describe('refusals are typed codes, worded in one place', () => {
  const cases: [string, () => AppModel, AppAction, Refusal][] = [
    ['a key bound to nothing', () => start({ players: 2 }), { type: 'unknown-key' }, { code: 'unknown-key' }],
    ['a fourth roll (the engine refuses it)', () => press(start({ players: 2 }), 'space', 'space'), { type: 'roll' }, { code: 'engine', refusal: 'rolling-over', reason: 'No rolls left: choose a box' }],
    ['all five dice kept', () => press(start({ players: 2 }), '1', '2', '3', '4', '5'), { type: 'roll' }, { code: 'engine', refusal: 'all-kept', reason: 'All five dice are kept: release one to roll, or choose a box' }],
    ['ENTER before an option is typed', () => press(spectrum(), '0'), { type: 'submit' }, { code: 'option-empty', count: 13 }],
    ['an option typed while rolling', spectrum, { type: 'type', char: '4' }, { code: 'stop-first' }],
    ['the cursor while rolling', () => start({ players: 1 }), { type: 'move-cursor', delta: 1 }, { code: 'choose-first' }],
    ['anything but Y or N on the quit question', () => press(start({ players: 2 }), 'q'), { type: 'roll' }, { code: 'confirm-keys' }],
    ['undo outside practice, the take-back off', () => start({ players: 1 }), { type: 'undo' }, { code: 'take-back-off' }],
    ['the hint key in practice', () => start({ players: 1, practice: true }), { type: 'hint' }, { code: 'hints-always-on' }],
    ['the review during the game', () => start({ players: 1 }), { type: 'review' }, { code: 'review-after-game' }],
    ['a roll after the game', () => finishGame(start({ players: 1 })), { type: 'roll' }, { code: 'game-over' }],
    ['a name already taken', () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'a', 'n', 'n'), { type: 'submit' }, { code: 'name-taken', name: 'ann' }],
    ['the strength with no computer seated', () => start(), { type: 'setup-strength' }, { code: 'no-computer-seated' }],
    ['the rule set once the game has begun', () => start({ players: 1 }), { type: 'setup-rules' }, { code: 'unknown-key' }],
    ['the rule set at a name', () => start({ layout: 'spectrum' }), { type: 'setup-rules' }, { code: 'unknown-key' }],
    ['the competition before the names, at the Spectrum', () => start({ layout: 'spectrum' }), { type: 'setup-match' }, { code: 'unknown-key' }],
  ];

  it.each(cases)('%s', (_what, make, action, refusal) => {
    const m = make();
    expect(legal(m, action)).toEqual(refusal);
    const after = update(m, action);
    expect(after.message).toEqual({ text: refusalText(m, refusal), tone: 'error' });
    expect(without(after)).toEqual(without(m));
  });

  it('the words of a refusal are those the message line had before the codes (the key named from the layout)', () => {
    expect(refusalText(start({ players: 1 }), { code: 'stop-first' })).toBe('Press i to go to scoring first');
    expect(refusalText(spectrum(), { code: 'stop-first' })).toBe('Press 0 to go to scoring first');
    expect(refusalText(spectrum(), { code: 'no-computer-seated' })).toBe('The computer does not play: name a player SPECTRUM to play the computer');
  });
});

describe('legal agrees with update for every key of every mode', () => {
  /** Models in many modes: setup questions, rolling, choosing, the quit question, help, after a game, a too-small terminal. */
  const models: [string, () => AppModel][] = [
    ['MSX players question', () => start()],
    ['MSX rolling', () => start({ players: 2 })],
    ['MSX rolling, dice marked', () => press(start({ players: 2 }), '1', '3')],
    ['MSX choosing', () => press(start({ players: 2 }), 'i')],
    ['MSX choosing, one box left', () => press(finishGame(start({ players: 1 })), 'space')],
    ['MSX quit question', () => press(start({ players: 2 }), 'q')],
    ['MSX instructions', () => press(start({ players: 2 }), 'h')],
    ['MSX after a game', () => finishGame(start({ players: 2, match: { kind: 'games', games: 2 } }))],
    ['MSX practice, a move to take back', () => press(start({ players: 1, practice: true }), '1', 'space')],
    ['Spectrum name question', () => start({ layout: 'spectrum' })],
    ['Spectrum competition question', () => press(start({ layout: 'spectrum', players: 1 }), 'A', 'enter')],
    ['Spectrum choosing, an option typed', () => press(spectrum(), '0', '1')],
    ['a terminal too small', () => start({ players: 2 }, { size: { columns: 30, rows: 10 } })],
  ];

  it.each(models)('%s', (_what, make) => {
    const m = { ...make(), message: null };
    const layout = getLayout(m.layout);
    const actions: AppAction[] = [
      ...bindingsFor(layout, modeOf(m)).flatMap((b) => b.keys.map((k, i) => b.action(typedChar(k) ?? k, i))),
      keyToAction(m, ...inkKey('x')),
      { type: 'continue' },
      { type: 'undo' },
      { type: 'computer-step' },
    ];
    for (const action of actions) {
      const verdict = legal(m, action);
      const after = update(m, action);
      if (verdict === null) expect(JSON.stringify(without(after)), JSON.stringify(action)).not.toBe(JSON.stringify(without(m)));
      else {
        expect(without(after), JSON.stringify(action)).toEqual(without(m));
        expect(after.message, JSON.stringify(action)).toEqual(verdict === 'ignored' ? m.message : { text: refusalText(m, verdict), tone: 'error' });
      }
    }
  });
});
