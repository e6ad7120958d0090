import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/app/index.js';
import { press, start } from './helpers.js';

describe('flags skip the setup questions they answer', () => {
  const cases: [string, Parameters<typeof start>[0], string, string[] | null][] = [
    ['MSX with no flags asks the number of players', { layout: 'msx' }, 'setup-players', null],
    ['MSX --players 3 starts at once with PLAYER 1-3', { layout: 'msx', players: 3 }, 'rolling', ['PLAYER 1', 'PLAYER 2', 'PLAYER 3']],
    ['MSX --names starts at once with those names', { layout: 'msx', names: ['ANN', 'BOB'], players: 2 }, 'rolling', ['ANN', 'BOB']],
    ['Spectrum with no flags asks the first name', { layout: 'spectrum' }, 'setup-first-name', null],
    ['Spectrum --players 2 still asks the names', { layout: 'spectrum', players: 2 }, 'setup-first-name', null],
    ['Spectrum --names asks the competition', { layout: 'spectrum', names: ['ANN'], players: 1 }, 'setup-match', null],
    ['Spectrum --names and --games starts at once', { layout: 'spectrum', names: ['ANN'], players: 1, match: { kind: 'games', games: 2 } }, 'rolling', ['ANN']],
  ];
  it.each(cases)('%s', (_what, flags, mode, names) => {
    const m = start(flags);
    expect(modeOf(m)).toBe(mode);
    expect(m.game?.players.map((p) => p.name) ?? null).toEqual(names);
  });

  it('MSX uses the match from --games', () => {
    expect(press(start({ match: { kind: 'games', games: 4 } }), '2').game?.match).toEqual({ kind: 'games', games: 4 });
  });
});

describe('Spectrum names', () => {
  it('with --players 2 takes exactly two names, then asks the competition', () => {
    const m = press(start({ layout: 'spectrum', players: 2 }), 'A', 'enter', 'B', 'enter');
    expect(m.setup).toMatchObject({ step: 'match', names: ['A', 'B'] });
  });

  it('with --players 2 an empty name is refused', () => {
    const m = press(start({ layout: 'spectrum', players: 2 }), 'A', 'enter', 'enter');
    expect(m.message?.text).toBe('Type a name, then ENTER');
    expect(m.setup.names).toEqual(['A']);
  });

  it('refuses an empty first name', () => {
    expect(press(start({ layout: 'spectrum' }), 'enter').message?.text).toBe('Type a name, then ENTER');
  });

  it('refuses a name already at the table, whatever its case', () => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'a', 'n', 'n', 'enter');
    expect(m.message?.text).toBe('ann is already playing: choose another name');
    expect(m.setup.names).toEqual(['ANN']);
  });

  it('stops a name at 10 characters', () => {
    const m = press(start({ layout: 'spectrum' }), ...'ABCDEFGHIJK'.split(''));
    expect(m.setup.field).toBe('ABCDEFGHIJ');
    expect(m.message?.text).toBe('A name is at most 10 columns wide');
  });

  it.each([
    ['a C1 CSI', '\u009b'],
    ['a C1 next line', '\u0085'],
    ['a right-to-left override', '\u202e'],
    ['a zero-width space', '\u200b'],
    ['a zero-width joiner', '\u200d'],
    ['a no-break space', '\u00a0'],
  ])('refuses %s typed into a name, with a message, the name unchanged', (_what, char) => {
    const m = press(start({ layout: 'spectrum' }), 'A', char, 'B');
    expect(m.setup.field).toBe('AB');
    const refused = press(start({ layout: 'spectrum' }), 'A', char);
    expect(refused.message?.text).toBe('A name takes letters, digits, punctuation and symbols only');
    expect(refused.setup.field).toBe('A');
  });

  it('measures a name in terminal columns: five wide characters fill it', () => {
    const m = press(start({ layout: 'spectrum' }), ...'李小龙李小龙'.split(''));
    expect(m.setup.field).toBe('李小龙李小');
    expect(m.message?.text).toBe('A name is at most 10 columns wide');
  });

  it('stops a pasted run of combining marks at four on one character (issue 25)', () => {
    const m = press(start({ layout: 'spectrum' }), 'a', ...Array<string>(20_000).fill('\u0301'), 'b');
    expect(m.setup.field).toBe('a' + '\u0301'.repeat(4) + 'b');
    const refused = press(start({ layout: 'spectrum' }), 'a', ...Array<string>(5).fill('\u0301'));
    expect(refused.message?.text).toBe('A character takes at most 4 combining marks');
    expect(refused.setup.field).toBe('a' + '\u0301'.repeat(4));
  });

  it('stops a name at 32 code points, however narrow (issue 25)', () => {
    const heavy = ['e', '\u0301', '\u0302', '\u0303'];
    const m = press(start({ layout: 'spectrum' }), ...Array<string[]>(9).fill(heavy).flat());
    expect([...m.setup.field]).toHaveLength(32);
    expect(m.message?.text).toBe('A name is at most 32 code points long (letters and their marks)');
  });

  it.each([
    ['a Hangul filler', '\u3164'],
    ['a combining grapheme joiner', '\u034f'],
    ['a variation selector after a letter', '\ufe0f'],
  ])('refuses %s typed into a name: it draws nothing (issue 25)', (_what, char) => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'N', 'N', char);
    expect(m.setup.field).toBe('ANN');
    expect(m.message?.text).toBe('A name takes letters, digits, punctuation and symbols only');
  });

  it.each([
    ['fullwidth letters', ['Ａ', 'Ｎ', 'Ｎ']],
    ['a decomposed accent', ['Z', 'o', 'e', '\u0308']],
  ])('refuses a name that reads the same as one at the table: %s (issue 25)', (_what, keys) => {
    const first = _what === 'fullwidth letters' ? ['A', 'N', 'N'] : ['Z', 'o', 'ë'];
    const m = press(start({ layout: 'spectrum', players: 2 }), ...first, 'enter', ...keys, 'enter');
    expect(m.message?.text).toMatch(/is already playing: choose another name/);
    expect(m.setup.names).toHaveLength(1);
  });

  it.each([
    ['spectrum', 'SPECTRUM'],
    ['msx', 'CPU'],
  ] as const)('%s: the computer\'s name typed again seats another computer, the two numbered as --computer numbers them', (layout, cpu) => {
    const typed = (name: string) => [...name, 'enter'];
    const names = layout === 'msx' ? ['n'] : [];
    const m = press(start({ layout }), ...names, ...typed('ANN'), ...typed(cpu), ...typed(cpu.toLowerCase()));
    expect(m.setup.names).toEqual(['ANN', `${cpu} 1`, `${cpu} 2`]);
    expect(m.message).toBeNull();
    // Both play as the computer once the game starts.
    const game = press(m, 'enter', ...(layout === 'spectrum' ? ['u'] : [])).game;
    expect(game?.players.map((p) => p.kind)).toEqual(['human', 'computer', 'computer']);
  });

  it.each<[string, string[], string[]]>([
    ['after CPU 2', ['CPU 2'], ['CPU 2', 'CPU 1']],
    ['after CPU 1 and CPU 2', ['CPU 1', 'CPU 2'], ['CPU 1', 'CPU 2', 'CPU 3']],
    ['after cpu', ['cpu'], ['CPU 1', 'CPU 2']],
  ])('numbers CPU typed %s by the rule --names follows (test/commands/namesFlag.test.ts)', (_what, before, after) => {
    const typed = (name: string) => [...name, 'enter'];
    const m = press(start({ layout: 'msx' }), 'n', ...before.flatMap(typed), ...typed('CPU'));
    expect(m.setup.names).toEqual(after);
  });

  it('refuses a combining mark typed first: it has no character to go with', () => {
    const m = press(start({ layout: 'spectrum' }), '\u0301');
    expect(m.message?.text).toBe('A name takes letters, digits, punctuation and symbols only');
    expect(m.setup.field).toBe('');
    expect(press(m, 'enter').setup.names).toEqual([]);
  });

  it('goes on to the competition by itself after four names', () => {
    const m = press(start({ layout: 'spectrum' }), 'A', 'enter', 'B', 'enter', 'C', 'enter', 'D', 'enter');
    expect(m.setup).toMatchObject({ step: 'match', names: ['A', 'B', 'C', 'D'] });
  });

  it('trims spaces and refuses a leading space', () => {
    expect(press(start({ layout: 'spectrum' }), 'space').message?.text).toBe('A name cannot start with a space');
    expect(press(start({ layout: 'spectrum' }), 'A', 'L', 'space', 'enter').setup.names).toEqual(['AL']);
  });
});

describe('Spectrum competition numbers', () => {
  const match = () => start({ layout: 'spectrum', names: ['ANN'], players: 1 });
  it('refuses a leading 0 and more than two digits of games', () => {
    expect(press(match(), 'f', '0').message?.text).toBe('The number starts at 1');
    expect(press(match(), 'f', '1', '2', '3').setup.field).toBe('12');
  });
  it('refuses ENTER with no number', () => {
    expect(press(match(), 'f', 'enter').message?.text).toBe('Type the number of games, 1 to 99');
    expect(press(match(), 'p', 'enter').message?.text).toBe('Type the target score, 1 to 99999');
  });
  it('ESC goes back to F, P or U', () => {
    expect(press(match(), 'p', '5', 'escape').setup).toMatchObject({ step: 'match', field: '' });
  });
});

describe('computer seats (--computer N)', () => {
  it('makes the last N seats computer players at the chosen strength', () => {
    const m = start({ players: 3, computers: 1, strength: 'casual' });
    expect(m.game?.players.map((p) => p.kind)).toEqual(['human', 'human', 'computer']);
    expect(m.game?.players[2].strength).toBe('casual');
  });
  it('without a computer-move provider, a computer seat is played from the keyboard', () => {
    const m = start({ players: 1, computers: 1 });
    expect(modeOf(m)).toBe('rolling');
  });
  it('with a provider, the computer seat waits for its moves', () => {
    const m = start({ players: 1, computers: 1 }, { computerPlays: true });
    expect(modeOf(m)).toBe('computer');
    expect(press(m, '1').message?.text).toBe('CPU is the computer: wait for its move');
  });
});

describe('the Spectrum setup has a way out and a way to the instructions that names cannot type (the play-test)', () => {
  const first = () => start({ layout: 'spectrum' });

  it('ESC at the first name leaves, with or without a name typed', () => {
    expect(press(first(), 'escape').screen).toBe('done');
    expect(press(first(), 'A', 'N', 'escape').screen).toBe('done');
  });

  it('ESC at a later name still goes back to the one before, to change it', () => {
    const m = press(first(), 'A', 'N', 'N', 'enter', 'B', 'escape');
    expect(m.screen).toBe('setup');
    expect(m.setup).toMatchObject({ step: 'name', names: [], field: 'ANN' });
  });

  it('I and Q are letters of a name while it is typed', () => {
    const m = press(first(), 'I', 'Q', 'i', 'q');
    expect(m.screen).toBe('setup');
    expect(m.overlay).toBeNull();
    expect(m.setup.field).toBe('IQiq');
  });

  it.each([
    ['the first name', () => press(first(), 'A', 'N'), 'tab'],
    ['a later name', () => press(first(), 'A', 'N', 'N', 'enter', 'B'), 'tab'],
    ['the competition question', () => start({ layout: 'spectrum', names: ['ANN'] }), 'I'],
    ['the number question', () => press(start({ layout: 'spectrum', names: ['ANN'] }), 'f', '1'), 'i'],
  ])('%s: the instructions, and ESC back to the question as it was', (_what, make, key) => {
    const before = make();
    const help = press(before, key);
    expect(help.overlay).toBe('help');
    expect(press(help, 'escape')).toEqual({ ...before, message: null });
  });

  it('Q leaves at the number question too, as at the competition question', () => {
    const number = press(start({ layout: 'spectrum', names: ['ANN'] }), 'f', '1');
    expect(press(number, 'q').screen).toBe('done');
    expect(press(start({ layout: 'spectrum', names: ['ANN'] }), 'Q').screen).toBe('done');
  });

  it('MSX: TAB shows the instructions at a name too (h and ? type letters there)', () => {
    const naming = press(start(), 'n', 'A');
    expect(press(naming, 'tab').overlay).toBe('help');
    expect(press(naming, 'h', '?').setup.field).toBe('Ah?');
  });
});

describe('the rule set and the competition chosen on the setup screen', () => {
  it('MSX: r goes through the four rule sets and back, and the game is played by the one chosen', () => {
    const seen = [0, 1, 2, 3, 4].map((n) => press(start(), ...Array<string>(n).fill('r')).settings.rules);
    expect(seen).toEqual(['official', 'free-joker', 'spectrum', 'brazilian', 'official']);
    expect(press(start(), 'r', 'r', 'r', '2').game?.rules).toBe('brazilian');
  });

  it('MSX: m asks the competition; a number of games is kept for the number of players, which starts the match', () => {
    const asked = press(start(), 'm');
    expect(modeOf(asked)).toBe('setup-match');
    const back = press(asked, 'g', '3', 'enter');
    expect(modeOf(back)).toBe('setup-players');
    expect(back.settings.match).toEqual({ kind: 'games', games: 3 });
    expect(press(back, '2').game?.match).toEqual({ kind: 'games', games: 3 });
  });

  it('MSX: a target score, then a single game again, and the players named after it', () => {
    const target = press(start(), 'm', 't', '5', '0', '0', 'enter');
    expect(target.settings.match).toEqual({ kind: 'target', target: 500 });
    const single = press(target, 'm', 's');
    expect(modeOf(single)).toBe('setup-players');
    expect(single.settings.match).toBeUndefined();
    expect(press(target, 'n', 'A', 'enter', 'B', 'enter', 'enter').game?.match).toEqual({ kind: 'target', target: 500 });
  });

  it('MSX: ESC goes back from the number to the competition, and from there to the players, the match unchanged', () => {
    const games = press(start({ match: { kind: 'games', games: 2 } }), 'm', 'g', '7');
    expect(modeOf(press(games, 'escape'))).toBe('setup-match');
    const back = press(games, 'escape', 'escape');
    expect(modeOf(back)).toBe('setup-players');
    expect(back.settings.match).toEqual({ kind: 'games', games: 2 });
  });

  it('MSX: q quits from the competition question, where ESC goes back', () => {
    expect(press(start(), 'm', 'q').screen).toBe('done');
  });

  it('Spectrum: R at the competition question chooses the rules, and U starts the game by them', () => {
    const asked = start({ layout: 'spectrum', rules: 'spectrum', names: ['ANN'] });
    const chosen = press(asked, 'R');
    expect(chosen.settings.rules).toBe('brazilian');
    expect(press(chosen, 'U').game?.rules).toBe('brazilian');
  });

  it('the rule set cannot be changed once the game has begun', () => {
    const game = start({ players: 1 });
    expect(press(game, 'r').settings.rules).toBe('official');
    expect(press(game, 'm').screen).toBe('game');
  });
});
