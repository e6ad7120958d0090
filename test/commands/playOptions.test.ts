import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/commands/errors.js';
import { parsePlayFlags, type RawPlayFlags } from '../../src/commands/playOptions.js';

describe('play flags', () => {
  it('no flags give the MSX layout, official rules, optimal computers and questions for the rest', () => {
    expect(parsePlayFlags({})).toEqual({
      layout: 'msx',
      rules: 'official',
      players: undefined,
      names: undefined,
      seed: undefined,
      match: undefined,
      computers: undefined,
      strength: 'optimal',
      animation: true,
      color: true,
      practice: false,
      resume: false,
      fresh: false,
      newGameFlags: [],
    });
  });

  it('lists the flags given that only a new game uses, as typed (for a resumed game to say so)', () => {
    expect(parsePlayFlags({ names: 'ann,bob', players: '2', target: '300', rules: 'brazilian', layout: 'msx', seed: '4', practice: true }).newGameFlags).toEqual([
      '--names',
      '--target',
      '--rules',
      '--layout',
      '--practice',
      '--seed',
    ]);
    expect(parsePlayFlags({ players: '3', computer: '1', strength: 'casual', games: '2' }).newGameFlags).toEqual(['--players', '--games', '--computer', '--strength']);
  });

  it.each<[string, RawPlayFlags, Partial<ReturnType<typeof parsePlayFlags>>]>([
    ['--layout spectrum', { layout: 'spectrum' }, { layout: 'spectrum' }],
    ['--layout SPECTRUM (any case)', { layout: 'SPECTRUM' }, { layout: 'spectrum' }],
    ['--rules Free-Joker (any case, as --layout)', { rules: 'Free-Joker' }, { rules: 'free-joker' }],
    ['--names sets the player count', { names: 'ann,bob' }, { players: 2, names: ['ann', 'bob'] }],
    ['names 10 columns wide: wide characters, accents, emoji', { names: 'ＡＢＣＤＥ,Zé,e\u0301va,🎲🎲🎲' }, { players: 4, names: ['ＡＢＣＤＥ', 'Zé', 'e\u0301va', '🎲🎲🎲'] }],
    ['--games 3 is a fixed match', { games: '3' }, { match: { kind: 'games', games: 3 } }],
    ['--target 500 is a race', { target: '500' }, { match: { kind: 'target', target: 500 } }],
    ['--no-animation', { animation: false }, { animation: false }],
    ['--no-color', { color: false }, { color: false }],
    ['--sound', { sound: true }, { sound: true }],
    ['--no-sound', { sound: false }, { sound: false }],
    ['--seed 42', { seed: '42' }, { seed: 42 }],
    ['--strength win: the computer plays to win', { strength: 'win' }, { strength: 'win' }],
    ['--strength WIN (any case)', { strength: 'WIN' }, { strength: 'win' }],
    ['--computer 1 with 2 players', { players: '2', computer: '1' }, { players: 2, computers: 1 }],
    ['--names ANN,BOB --computer 1: the names are the people, a computer seat named CPU is added', { names: 'ANN,BOB', computer: '1' }, { players: 3, names: ['ANN', 'BOB', 'CPU'], computers: 1 }],
    ['--names ANN --computer 2: CPU 1 and CPU 2 added', { names: 'ANN', computer: '2' }, { players: 3, names: ['ANN', 'CPU 1', 'CPU 2'] }],
    ['--names ANN,BOB --computer 1 --players 3 agree', { names: 'ANN,BOB', computer: '1', players: '3' }, { players: 3, names: ['ANN', 'BOB', 'CPU'] }],
    ['--layout spectrum alone plays the Spectrum rules', { layout: 'spectrum' }, { rules: 'spectrum' }],
    ['--layout spectrum --rules official plays the official rules', { layout: 'spectrum', rules: 'official' }, { rules: 'official' }],
    ['--layout msx plays the official rules', { layout: 'msx' }, { rules: 'official' }],
  ])('%s', (_name, raw, expected) => {
    expect(parsePlayFlags(raw)).toMatchObject(expected);
  });

  it('neither --sound nor --no-sound: as remembered (no sound field)', () => {
    expect(parsePlayFlags({}).sound).toBeUndefined();
  });

  it('NO_COLOR turns colour off', () => {
    expect(parsePlayFlags({}, { NO_COLOR: '1' }).color).toBe(false);
  });

  it.each<[string, RawPlayFlags, RegExp]>([
    ['an unknown layout', { layout: 'c64' }, /unknown layout "c64"/],
    ['an unknown rule set', { rules: 'yatzy' }, /unknown rule set "yatzy"/],
    ['five players', { players: '5' }, /--players must be a whole number from 1 to 4/],
    ['zero players', { players: '0' }, /--players/],
    ['a fractional player count', { players: '1.5' }, /--players/],
    ['names that disagree with --players', { players: '3', names: 'a,b' }, /--players 3 but 2 names/],
    ['an empty name', { names: 'ann,,bob' }, /--names "": the name is empty/],
    ['a long name', { names: 'bartholomew1' }, /the name is 12 columns wide, more than 10/],
    ['a name of six wide characters (12 columns)', { names: '李小龙李小龙' }, /12 columns wide, more than 10/],
    ['a name that sets the terminal title', { names: '\u001b]0;pwned\u0007' }, /--names "\\u\{1b\}\]0;pwned\\u\{7\}": the name holds U\+001B/],
    ['a name that clears the screen', { names: 'A\u001b[2J' }, /holds U\+001B/],
    ['a name with a C1 CSI', { names: 'A\u009bB' }, /holds U\+009B/],
    ['a name with a bidi override', { names: '\u202eANN' }, /holds U\+202E/],
    ['a name with a zero-width space', { names: 'A\u200bB' }, /holds U\+200B/],
    ['a name of combining marks only', { names: '\u0301\u0301' }, /nothing visible/],
    ['both --games and --target', { games: '2', target: '300' }, /either --games or --target/],
    ['zero games', { games: '0' }, /--games/],
    ['a negative seed', { seed: '-1' }, /--seed/],
    ['more computers than players', { players: '1', computer: '2' }, /^--computer 2 is more than the 1 player$/],
    ['one name and computer seats past four', { names: 'A', computer: '4' }, /^--names gives 1 player and --computer 4 more: at most 4 in all$/],
    ['--players that disagrees with one name', { names: 'A', players: '2' }, /^--players 2 but 1 name given$/],
    ['names and computer seats past four', { names: 'A,B,C', computer: '2' }, /^--names gives 3 players and --computer 2 more: at most 4 in all$/],
    ['--players that disagrees with the names and computer seats', { names: 'A,B', computer: '1', players: '2' }, /--players 2 but 2 names and 1 computer seat given/],
    ['an unknown strength', { strength: 'godlike' }, /unknown strength/],
    ['--resume with --new', { resume: true, new: true }, /either --resume or --new/],
  ])('refuses %s with a clear message', (_name, raw, message) => {
    expect(() => parsePlayFlags(raw)).toThrow(UsageError);
    expect(() => parsePlayFlags(raw)).toThrow(message);
  });
});
