import { update, type AppModel } from '../../../src/app/index.js';
import type { LayoutId } from '../../../src/input/index.js';
import { getLayout, resolveKeyName, type Mode } from '../../../src/app/keymaps/index.js';
import { asking, finishGame, press, start } from '../helpers.js';

/**
 * A model in `mode` for a layout, set up so that `key` has something to act on: a name or number half typed,
 * a die kept, an option number typed ("1" before a 0, "13" before ENTER).
 */
export function modelIn(layout: LayoutId, mode: Mode, key: string): AppModel {
  const type = resolveKeyName(getLayout(layout), mode, key)?.type;
  if (type === 'setup-strength') return mode === 'setup-players' ? start({ layout, computers: 1 }) : start({ layout, names: ['ANN', 'SPECTRUM'] });
  if (type === 'undo') {
    // Practice, a person's roll (or, for the computer's turn, the box before it) to take back.
    const practice = start({ layout, practice: true, players: 2, names: ['ANN', 'CPU'], computers: mode === 'computer' ? 1 : 0, match: { kind: 'single' } }, { computerPlays: true });
    if (mode === 'computer') return update(update(practice, { type: 'stop-rolling' }), { type: 'score-cursor' });
    const rolled = update(update(practice, { type: 'toggle-die', die: 0 }), { type: 'roll' });
    return mode === 'choosing' ? update(rolled, { type: 'stop-rolling' }) : rolled;
  }
  // A hosted table on the turn of ANN, whose connection dropped.
  if (type === 'seat-to-computer') {
    const dropped = update(start({ layout, players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' }, hosted: true }), { type: 'away', names: ['ANN'] });
    return mode === 'choosing' ? update(dropped, { type: 'stop-rolling' }) : dropped;
  }
  const game = () => {
    const m = start({ layout, players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } });
    return update(m, { type: 'toggle-die', die: 0 });
  };
  // The MSX asks for names only after n at the players question.
  const naming = () => (layout === 'msx' ? press(start({ layout }), 'n') : start({ layout }));
  if (type === 'back' && mode === 'setup-name') return press(naming(), 'A', 'N', 'N', 'enter', 'B');
  // The MSX asks the competition after m at the players question, the Spectrum after the names.
  const competition = () => (layout === 'msx' ? press(start({ layout }), 'm') : start({ layout, names: ['ANN', 'BOB'] }));
  if (type === 'back' && mode === 'setup-match') return layout === 'msx' ? competition() : press(start({ layout }), 'A', 'N', 'N', 'enter', 'enter');
  switch (mode) {
    case 'resume':
      return asking(layout);
    case 'setup-players':
      return start({ layout });
    case 'setup-first-name':
      return press(naming(), 'A', 'N');
    case 'setup-name':
      return press(naming(), 'A', 'N', 'N', 'enter', 'B', 'O');
    case 'setup-match':
      return competition();
    case 'setup-number':
      return update(update(competition(), { type: 'choose-match', kind: 'games' }), { type: 'type', char: '1' });
    case 'rolling':
      return game();
    case 'choosing': {
      const m = update(game(), { type: 'stop-rolling' });
      if (layout === 'spectrum' && key === 'enter') return { ...m, option: '13' };
      if (layout === 'spectrum' && (key === 'backspace' || key === 'escape')) return { ...m, option: '1' };
      return key === '0' ? { ...m, option: '1' } : m;
    }
    case 'computer':
      return start({ layout, players: 2, computers: 2, names: ['CPU1', 'CPU2'], match: { kind: 'single' } }, { computerPlays: true });
    case 'help':
      return update(game(), { type: 'help' });
    case 'confirm':
      return update(game(), { type: 'quit' });
    case 'confirm-over': {
      // The MSX asks after the last game only while saving fails.
      const over = finishGame(start({ layout, players: 1, names: ['ANN'], match: { kind: 'single' } }));
      return update(layout === 'msx' ? { ...over, saveProblem: 'disk full' } : over, { type: 'quit' });
    }
    case 'game-over':
      return finishGame(start({ layout, players: 1, names: ['ANN'], match: { kind: 'games', games: 2 } }));
    case 'match-over':
      return finishGame(start({ layout, players: 1, names: ['ANN'], match: { kind: 'single' } }));
    case 'review':
      return update(finishGame(start({ layout, players: 1, names: ['ANN'], match: { kind: 'single' } })), { type: 'review' });
    case 'too-small':
      return start({ layout, players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }, { size: { columns: 30, rows: 10 } });
  }
}
