import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { RESUME_NOTE, describeSave, promptItems, spokenHint, spokenKeys, spokenLines, spokenScreenLines, wrapSpoken } from '../../src/view/index.js';
import type { GameState, RuleSetId } from '../../src/engine/index.js';
import { solveSubgame } from '../../src/solver/index.js';
import { cardWithOpen } from '../solver/helpers.js';
import { asking, finishGame, lateGame, noRollsLeft, press, start } from '../app/helpers.js';

/** The model with some of its game replaced (dice, cards, phase), for states no short seeded key sequence reaches. */
const withGame = (m: AppModel, f: (g: GameState) => Partial<GameState>): AppModel => ({ ...m, game: { ...m.game!, ...f(m.game!) } });

const msx2 = () => start({ players: 2, names: ['ANN', 'BOB'] });
const spectrum2 = (rules: RuleSetId = 'spectrum') => start({ layout: 'spectrum', rules, names: ['ANN', 'BOB'], match: { kind: 'single' } });
const brazilian = () => start({ layout: 'spectrum', rules: 'brazilian', names: ['ANA', 'BETO'], match: { kind: 'games', games: 2 } });
/** ANN has Yahtzee 50, Threes 9 and Sixes 24 and throws five 5s (official rules: a forced Joker). */
const fiveFives = () => withGame(msx2(), (g) => ({ dice: [5, 5, 5, 5, 5], cards: [{ boxes: { yahtzee: 50, threes: 9, sixes: 24 }, yahtzeeBonuses: 0 }, g.cards[1]] }));

// Seed 7: the first roll is 1-1-4-6-6 (A to E); after MSX marks on A and C and SPACE it is 1-5-4-5-6.
// `lines` are the spoken lines before the keys line (which comes from promptItems and is checked on its own below);
// `keys` are some of the keys that line must name, in words.
/** The resume question's save line as describeSave dates it (in the local time zone). */
const savedLine = () => describeSave(asking().resume!).at(-1);

const cases: { name: string; model: () => AppModel; lines: string[]; keys?: string[] }[] = [
  {
    name: 'The resume question: the saved game in one sentence, the note, its keys from the layout table',
    model: () => asking('msx'),
    keys: ['y or ENTER resume', 'n new game', 'q or ESC quit', 'h or question mark help'],
    lines: [`A saved game is waiting: official rules · MSX keys; ANN: 0 · BOB: 0; ANN's turn, turn 1 of 13; ${savedLine()}.`, RESUME_NOTE],
  },
  {
    name: 'The resume question after a refused key: the resume keys said (Spectrum labels)',
    model: () => press(asking('spectrum'), 'x'),
    keys: ['Y or ENTER resume', 'N new game', 'Q or ESC quit', 'I instructions'],
    lines: [`A saved game is waiting: official rules · MSX keys; ANN: 0 · BOB: 0; ANN's turn, turn 1 of 13; ${savedLine()}.`, 'Press Y to resume, N for a new game or Q to quit.', RESUME_NOTE],
  },
  {
    name: 'MSX setup: the number of players',
    model: () => start(),
    keys: ['1 to 4 players', 'q or ESC quit'],
    lines: ['YAHTZEE, official rules, MSX keys. Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.', 'Number of players, 1 to 4?', 'Computer: no seat.'],
  },
  {
    name: 'MSX rolling, A and C marked: "kept", the keys 1 to 5 named',
    model: () => press(msx2(), '1', '3'),
    keys: ['1 to 5 mark', '0 clear', 'SPACE roll', 'i score now', 'h or question mark help'],
    lines: [
      "YAHTZEE, official rules. ANN's turn 1 of 13, roll 1 of 3.",
      'Dice (keys 1 to 5): A 1 kept, B 1, C 4 kept, D 6, E 6.',
      'Open boxes and what these dice score: Aces: 2, Twos: 0, Threes: 0, Fours: 4, Fives: 0, Sixes: 12, Three of a kind: 0, Four of a kind: 0, Full house: 0, Small straight: 0, Large straight: 0, Yahtzee: 0, Chance: 18.',
      'ANN total 0, upper 0 of 63 for the bonus. BOB total 0.',
    ],
  },
  {
    name: 'MSX choosing: the box under the cursor, arrow keys in words',
    model: () => press(msx2(), 'i', 'down', 'down', 'down'),
    keys: ['UP or DOWN arrow move', 'RIGHT arrow or ENTER score'],
    lines: [
      "YAHTZEE, official rules. ANN's turn 1 of 13, roll 1 of 3, choose a box.",
      'Dice: A 1, B 1, C 4, D 6, E 6.',
      'Cursor on Fours: 4 points.',
      'Open boxes and what these dice score: Aces: 2, Twos: 0, Threes: 0, Fours: 4, Fives: 0, Sixes: 12, Three of a kind: 0, Four of a kind: 0, Full house: 0, Small straight: 0, Large straight: 0, Yahtzee: 0, Chance: 18.',
      'ANN total 0, upper 0 of 63 for the bonus. BOB total 0.',
    ],
  },
  {
    name: 'MSX after scoring: what was scored, the filled boxes',
    model: () => press(start({ players: 1 }), 'i', 'down', 'down', 'down', 'right'),
    lines: [
      "YAHTZEE, official rules. PLAYER 1's turn 2 of 13, roll 1 of 3.",
      'PLAYER 1 scored 4 in Fours.',
      'Dice (keys 1 to 5): A 5, B 5, C 6, D 1, E 3.',
      'Open boxes and what these dice score: Aces: 1, Twos: 0, Threes: 3, Fives: 10, Sixes: 6, Three of a kind: 0, Four of a kind: 0, Full house: 0, Small straight: 0, Large straight: 0, Yahtzee: 0, Chance: 20.',
      'PLAYER 1 total 4, upper 4 of 63 for the bonus.',
      "PLAYER 1's filled boxes: Fours: 4.",
    ],
  },
  {
    name: 'MSX refusal on the message line',
    model: () => press(msx2(), 'space', 'space', 'space'),
    lines: [
      "YAHTZEE, official rules. ANN's turn 1 of 13, roll 3 of 3, choose a box.",
      'No rolls left: choose a box.',
      'Dice: A 1, B 6, C 1, D 2, E 4.',
      'Cursor on Aces: 2 points.',
      'Open boxes and what these dice score: Aces: 2, Twos: 2, Threes: 0, Fours: 4, Fives: 0, Sixes: 6, Three of a kind: 0, Four of a kind: 0, Full house: 0, Small straight: 0, Large straight: 0, Yahtzee: 0, Chance: 14.',
      'ANN total 0, upper 0 of 63 for the bonus. BOB total 0.',
    ],
  },
  {
    name: 'MSX quit question',
    model: () => press(msx2(), 'q'),
    keys: ['y yes, quit', 'n or ESC no, play on'],
    lines: ['Quit the game? It is saved: start yahtzee again to resume it.', 'Scores now: ANN: 0, BOB: 0.'],
  },
  {
    name: 'Spectrum setup: a name being typed',
    model: () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'B'),
    keys: ['A to Z name', 'BACKSPACE edit', 'ENTER next'],
    lines: [
      'YATZEE, official rules, ZX Spectrum keys. Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.',
      'Player 1: ANN.',
      'Player 2, your name? Typed: B. ENTER on an empty name: no more players.',
      'Name a player SPECTRUM: the computer.',
    ],
  },
  {
    name: 'Spectrum setup: a name that seats the computer',
    model: () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', ...'SPECTRUM', 'enter', 'enter'),
    keys: ['F fixed number of games', 'P first to a score', 'U single games'],
    lines: [
      'YATZEE, official rules, ZX Spectrum keys. Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.',
      'Players: ANN, SPECTRUM.',
      'Type of competition?',
      'Computer: SPECTRUM, optimal.',
      'F: the most games won wins the match; level on games, the higher total; level on both, a tie.',
      'P: the match ends after the round in which a total over the games reaches the score; the highest total then wins.',
    ],
  },
  {
    name: 'Spectrum setup: the competition',
    model: () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'enter'),
    keys: ['F fixed number of games', 'P first to a score', 'U single games'],
    lines: [
      'YATZEE, official rules, ZX Spectrum keys. Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.',
      'Players: ANN.',
      'Type of competition?',
      'F: the most games won wins the match; level on games, the higher total; level on both, a tie.',
      'P: the match ends after the round in which a total over the games reaches the score; the highest total then wins.',
    ],
  },
  {
    name: 'Spectrum setup: the number of games',
    model: () => press(start({ layout: 'spectrum' }), 'A', 'N', 'N', 'enter', 'enter', 'f', '3'),
    keys: ['0 to 9 number', 'ENTER start', 'ESC back'],
    lines: ['YATZEE, official rules, ZX Spectrum keys. Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.', 'Number of games, 1 to 99? Typed: 3.', 'The most games won wins the match; level on games, the higher total; level on both, a tie.'],
  },
  {
    name: 'Spectrum rolling, A and C held: "held", the sheet\'s box names',
    model: () => press(spectrum2(), 'a', 'c'),
    keys: ['A to E hold', 'ENTER roll', '0 score', 'I instructions'],
    lines: [
      "YATZEE, ZX Spectrum rules. ANN's turn 1 of 13, roll 1 of 3.",
      'Dice: A 1 held, B 1, C 4 held, D 6, E 6.',
      "Open boxes and what these dice score: 1's: 2, 2's: 0, 3's: 0, 4's: 4, 5's: 0, 6's: 12, 3 of a kind: 0, 4 of a kind: 0, Full house: 0, Yatzee: 0, Short run: 0, Long run: 0, Chance: 18.",
      'ANN total 0, upper 0 of 63 for the bonus. BOB total 0.',
    ],
  },
  {
    name: 'Spectrum choosing: the option numbers, and the option typed',
    model: () => press(spectrum2(), '0', '1'),
    keys: ['1 to 13 option', 'BACKSPACE edit', 'ENTER score'],
    lines: [
      "YATZEE, ZX Spectrum rules. ANN's turn 1 of 13, roll 1 of 3, choose a box.",
      'Dice: A 1, B 1, C 4, D 6, E 6.',
      "Typed 1: 1's, 2 points. ENTER scores it.",
      "Type the option number, then ENTER: 1, 1's: 2; 2, 2's: 0; 3, 3's: 0; 4, 4's: 4; 5, 5's: 0; 6, 6's: 12; 7, 3 of a kind: 0; 8, 4 of a kind: 0; 9, Full house: 0; 10, Yatzee: 0; 11, Short run: 0; 12, Long run: 0; 13, Chance: 18.",
      'ANN total 0, upper 0 of 63 for the bonus. BOB total 0.',
    ],
  },
  {
    name: 'Brazilian rules, Spectrum choosing: the boxes in Portuguese, no upper bonus',
    model: () => press(brazilian(), '0'),
    lines: [
      "YATZEE, regras brasileiras, game 1 of 2, most games won. ANA's turn 1 of 13, roll 1 of 3, choose a box.",
      'Dice: A 1, B 1, C 4, D 6, E 6.',
      'Type the option number, then ENTER: 1, Jogada de 1: 2; 2, Jogada de 2: 0; 3, Jogada de 3: 0; 4, Jogada de 4: 4; 5, Jogada de 5: 0; 6, Jogada de 6: 12; 7, Trinca: 0; 8, Quadra: 0; 9, Full house: 0; 10, General: 0; 11, Sequência alta: 0; 12, Sequência baixa: 0; 13, Aleatória: 18.',
      'ANA total 0. BETO total 0.',
    ],
  },
  {
    name: 'Brazilian rules, MSX rolling',
    model: () => start({ players: 2, rules: 'brazilian', names: ['ANA', 'BETO'] }),
    lines: [
      "YAHTZEE, regras brasileiras. ANA's turn 1 of 13, roll 1 of 3.",
      'Dice (keys 1 to 5): A 1, B 1, C 4, D 6, E 6.',
      'Open boxes and what these dice score: Jogada de 1: 2, Jogada de 2: 0, Jogada de 3: 0, Jogada de 4: 4, Jogada de 5: 0, Jogada de 6: 12, Trinca: 0, Quadra: 0, Full house: 0, Sequência alta: 0, Sequência baixa: 0, General: 0, Aleatória: 18.',
      'ANA total 0. BETO total 0.',
    ],
  },
  {
    name: 'Brazilian rules: the end of game 1 of 2, standings',
    model: () => finishGame(brazilian()),
    keys: ['Y next game'],
    lines: [
      'YATZEE, regras brasileiras. Game 1 of 2 over.',
      'BETO scored 13 in Aleatória: BETO ends on 34.',
      'ANA wins this game with 40.',
      'This game: ANA: 40, BETO: 34.',
      'Standings, best first: ANA won 1, 40 points; BETO won 0, 34 points.',
      'Review: loading the strategy table.',
    ],
  },
  {
    name: 'Brazilian rules: the next game, match points',
    model: () => update(finishGame(brazilian()), { type: 'continue' }),
    lines: [
      "YATZEE, regras brasileiras, game 2 of 2, most games won. ANA's turn 1 of 13, roll 1 of 3.",
      'Dice: A 5, B 4, C 5, D 5, E 3.',
      'Open boxes and what these dice score: Jogada de 1: 0, Jogada de 2: 0, Jogada de 3: 3, Jogada de 4: 4, Jogada de 5: 15, Jogada de 6: 0, Trinca: 20, Quadra: 0, Full house: 0, General: 0, Sequência alta: 0, Sequência baixa: 0, Aleatória: 22.',
      'ANA total 0. BETO total 0.',
      'Match points, this game included: ANA: 40, BETO: 34.',
    ],
  },
  {
    name: 'Official rules, single game over: the winner and the final scores',
    model: () => finishGame(msx2()),
    keys: ['y play again'],
    lines: [
      'YAHTZEE, official rules. Game over.',
      'BOB scored 13 in Chance: BOB ends on 28.',
      'ANN wins with 40.',
      'Final scores: ANN: 40, BOB: 28.',
      'Review: loading the strategy table.',
    ],
  },
  {
    name: 'Forced Joker, Fives open: only Fives, the bonus',
    model: fiveFives,
    lines: [
      "YAHTZEE, official rules. ANN's turn 4 of 13, roll 1 of 3.",
      'Dice (keys 1 to 5): A 5, B 5, C 5, D 5, E 5.',
      'Joker: these dice may go only in Fives: 25. Not allowed now: Aces, Twos, Fours, Three of a kind, Four of a kind, Full house, Small straight, Large straight, Chance. Scoring them also earns a Yahtzee bonus of 100.',
      'ANN total 83, upper 33 of 63 for the bonus. BOB total 0.',
      "ANN's filled boxes: Threes: 9, Sixes: 24, Yahtzee: 50.",
    ],
  },
  {
    name: 'Forced Joker, Fives filled: the lower boxes at full value',
    model: () => withGame(fiveFives(), (g) => ({ cards: [{ boxes: { ...g.cards[0].boxes, fives: 15 }, yahtzeeBonuses: 1 }, g.cards[1]] })),
    lines: [
      "YAHTZEE, official rules. ANN's turn 5 of 13, roll 1 of 3.",
      'Dice (keys 1 to 5): A 5, B 5, C 5, D 5, E 5.',
      'Joker: these dice may go only in Three of a kind: 25, Four of a kind: 25, Full house: 25, Small straight: 30, Large straight: 40, Chance: 25. Not allowed now: Aces, Twos, Fours. Scoring them also earns a Yahtzee bonus of 100.',
      'ANN total 198, upper 48 of 63 for the bonus, Yahtzee bonus 100. BOB total 0.',
      "ANN's filled boxes: Threes: 9, Fives: 15, Sixes: 24, Yahtzee: 50.",
    ],
  },
  {
    name: 'Free-choice Joker: any open box, the upper bonus earned',
    model: () =>
      withGame(start({ players: 1, rules: 'free-joker', names: ['ANN'] }), () => ({
        dice: [2, 2, 2, 2, 2],
        cards: [{ boxes: { yahtzee: 0, aces: 3, twos: 6, threes: 9, fours: 16, fives: 20, sixes: 24 }, yahtzeeBonuses: 0 }],
      })),
    lines: [
      "YAHTZEE, free-choice Joker. ANN's turn 8 of 13, roll 1 of 3.",
      'Dice (keys 1 to 5): A 2, B 2, C 2, D 2, E 2.',
      'Joker: these dice may go in Three of a kind: 10, Four of a kind: 10, Full house: 25, Small straight: 30, Large straight: 40, Chance: 10.',
      'ANN total 113, upper 78, bonus 35 earned.',
      "ANN's filled boxes: Aces: 3, Twos: 6, Threes: 9, Fours: 16, Fives: 20, Sixes: 24, Yahtzee: 0.",
    ],
  },
  {
    name: 'Forced Joker in the Spectrum layout: a refused option typed',
    model: () =>
      press(
        withGame(spectrum2('official'), (g) => ({ phase: 'choosing', dice: [5, 5, 5, 5, 5], cards: [{ boxes: { yahtzee: 50 }, yahtzeeBonuses: 0 }, g.cards[1]] })),
        '1',
      ),
    lines: [
      "YATZEE, official rules. ANN's turn 2 of 13, roll 1 of 3, choose a box.",
      'Dice: A 5, B 5, C 5, D 5, E 5.',
      'Typed 1: Aces, not allowed now.',
      'Joker: type one of these option numbers, then ENTER: 5, Fives: 25. Not allowed now: 1, Aces; 2, Twos; 3, Threes; 4, Fours; 6, Sixes; 7, Three of a kind; 8, Four of a kind; 9, Full house; 11, Small straight; 12, Large straight; 13, Chance. Scoring them also earns a Yahtzee bonus of 100.',
      'ANN total 50, upper 0 of 63 for the bonus. BOB total 0.',
      "ANN's filled boxes: Yahtzee: 50.",
    ],
  },
  {
    name: 'A computer player\'s turn: no choices read out',
    model: () => press(start({ players: 2, names: ['ANN', 'HAL'], computers: 1 }, { computerPlays: true }), 'i', 'right'),
    lines: [
      "YAHTZEE, official rules. HAL's turn 1 of 13, roll 1 of 3, the computer is playing.",
      'ANN scored 2 in Aces.',
      'HAL is thinking: loading its strategy table.',
      'Dice: A 5, B 5, C 6, D 1, E 3.',
      'ANN total 2. HAL total 0, upper 0 of 63 for the bonus.',
    ],
  },
  {
    name: 'A terminal too small for the game',
    model: () => start({ players: 2 }, { size: { columns: 40, rows: 10 } }),
    lines: ['The terminal is too small: make it at least 60 columns by 22 rows. Ctrl-C quits.'],
  },
];

describe('spokenLines: the screen in words', () => {
  it.each(cases)('$name', ({ model, lines, keys }) => {
    const spoken = spokenLines(model());
    const last = spoken.at(-1) ?? '';
    expect(last.startsWith('Keys: ') ? spoken.slice(0, -1) : spoken).toEqual(lines);
    for (const k of keys ?? []) expect(last).toContain(k);
  });

  it('says nothing once the app is done', () => {
    expect(spokenLines({ ...msx2(), screen: 'done' })).toEqual([]);
  });

  it('ends with the keys of promptItems, in words, in every case', () => {
    for (const { name, model } of cases) {
      const m = model();
      const items = promptItems(m);
      if (items.length === 0) continue;
      expect(spokenLines(m).at(-1), name).toBe(`Keys: ${items.map((it) => `${spokenKeys(it.keys)} ${it.does}`).join('; ')}.`);
    }
  });

  it('never draws: no box-drawing, block or pip characters, no cursor arrow', () => {
    for (const { name, model } of cases) for (const line of spokenLines(model())) expect(line, name).not.toMatch(/[\u2500-\u259f●▶↑↓→←]/);
  });
});

describe('the instructions in words', () => {
  const msxHelp = () => press(start({}), 'h');
  /** Every page's spoken lines, in the order the key that goes on turns them. */
  const allPages = (opened: AppModel): string[] => {
    const lines: string[] = [];
    for (let m = opened; m.overlay === 'help'; m = press(m, 'x')) lines.push(...spokenLines(m));
    return lines;
  };

  it('names the page and the key that goes on, then the page as on screen', () => {
    const lines = spokenLines(msxHelp());
    expect(lines[0]).toMatch(/^Instructions, page 1 of [2-9]\. Keys: q or ESC close; any other key to go on\.$/);
    expect(lines.slice(1, 4)).toEqual([
      'YAHTZEE: official rules, MSX keys',
      'Official rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker. Keys of the MSX (MSX Computer Magazine).',
      'Worth 254.59 on average with optimal play.',
    ]);
    expect(lines).toContain('Aces: the sum of the 1s');
    expect(lines).toContain('Three of a kind: three alike: the sum of all dice');
  });

  it('reads a key row as "keys: what they do", the labels in words, wrapped lines joined', () => {
    // A tall terminal: the instructions on one page, so no paragraph is cut by a page break.
    const lines = spokenLines(press(start({ players: 2 }, { size: { columns: 80, rows: 150 } }), 'h'));
    expect(lines[0]).toBe('Instructions, page 1 of 1. Keys: q or ESC close; any other key to go on.');
    expect(lines).toContain('Joker: a further Yahtzee, the Yahtzee box filled, must go in its upper box if open; else in any open lower box at full value; else 0 in an upper box.');
    expect(lines).toContain('UP or DOWN arrow: move the cursor over the open boxes these dice may go in');
    expect(lines).toContain('RIGHT arrow or ENTER: score the box under the cursor (for good, unless the take-back is on)');
    expect(lines).toContain('h or question mark: these instructions; in a game they open at its keys');
  });

  it('gives the Spectrum boxes with their option numbers, and Portuguese names in the Brazilian rules', () => {
    expect(allPages(press(spectrum2(), 'i'))).toContain("1, 1's: the sum of the 1s");
    const br = allPages(press(brazilian(), 'i'));
    expect(br).toContain('7, Trinca: (Three of a kind) três dados iguais: 20 (three alike)');
    expect(br).toContain('13, Aleatória: (Chance) a soma dos dados (the sum of all dice)');
  });

  it('has as many pages as the controller turns through: in a game from the page of its keys, round to the one before', () => {
    let m = press(spectrum2(), 'i');
    const seen: string[] = [];
    while (m.overlay === 'help') {
      seen.push(spokenLines(m)[0]);
      m = press(m, 'x');
    }
    const n = seen.length;
    expect(n).toBeGreaterThan(1);
    const first = Number(/page (\d+)/.exec(seen[0])?.[1]);
    expect(first).toBeGreaterThan(1);
    expect(seen).toEqual(seen.map((_, i) => `Instructions, page ${((first - 1 + i) % n) + 1} of ${n}. Keys: Q or ESC close; any other key to go on.`));
  });
});

describe('spokenKeys: key labels in words', () => {
  it.each([
    ['1-5', '1 to 5'],
    ['1-13', '1 to 13'],
    ['A-E', 'A to E'],
    ['↑↓', 'UP or DOWN arrow'],
    ['→/ENTER', 'RIGHT arrow or ENTER'],
    ['h/?', 'h or question mark'],
    ['q/ESC', 'q or ESC'],
    ['SPACE/ENTER', 'SPACE or ENTER'],
    ['Ctrl-C', 'Ctrl-C'],
    ['any key', 'any key'],
  ])('%s is "%s"', (label, words) => {
    expect(spokenKeys(label)).toBe(words);
  });
});

describe('wrapSpoken: lines for the terminal', () => {
  it('breaks between list items, not inside "Small straight: 30"', () => {
    const line =
      'Open boxes and what these dice score: Aces: 0, Twos: 2, Threes: 3, Fours: 4, Fives: 10, Sixes: 0, Three of a kind: 0, Four of a kind: 0, Full house: 0, Small straight: 30, Large straight: 0, Yahtzee: 0, Chance: 19.';
    expect(wrapSpoken(line, 80)).toEqual([
      'Open boxes and what these dice score: Aces: 0, Twos: 2, Threes: 3, Fours: 4,',
      'Fives: 10, Sixes: 0, Three of a kind: 0, Four of a kind: 0, Full house: 0,',
      'Small straight: 30, Large straight: 0, Yahtzee: 0, Chance: 19.',
    ]);
  });

  it('prefers "; " to ", " so that a numbered option stays whole', () => {
    expect(wrapSpoken('Type the option number, then ENTER: 1, Aces: 1; 2, Twos: 4; 3, Threes: 0; 4, Fours: 4; 5, Fives: 5', 80)).toEqual([
      'Type the option number, then ENTER: 1, Aces: 1; 2, Twos: 4; 3, Threes: 0;',
      '4, Fours: 4; 5, Fives: 5',
    ]);
  });

  it('falls back to spaces, then to a hard cut, and never starts a line with a space', () => {
    expect(wrapSpoken('aaaa bbbb cccc dddd', 10)).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(wrapSpoken('abcdefghijklmnop', 10)).toEqual(['abcdefghij', 'klmnop']);
    expect(wrapSpoken('short', 80)).toEqual(['short']);
  });
});

describe('the spoken screen fits the terminal', () => {
  const layouts = ['msx', 'spectrum'] as const;
  const ruleSets: RuleSetId[] = ['official', 'free-joker', 'spectrum', 'brazilian'];

  it.each(layouts.flatMap((layout) => ruleSets.map((rules) => ({ layout, rules }))))(
    '$layout keys, $rules: at 80x24 every line of a four-player game fits 80 columns and 23 rows',
    ({ layout, rules }) => {
      let m: AppModel = start({ layout, rules, names: ['ANNABELLE', 'BOB', 'CAROLINE', 'DAVE'], match: { kind: 'single' } });
      const help = layout === 'msx' ? 'h' : 'i';
      const check = (x: AppModel, where: string) => {
        const lines = spokenScreenLines(x);
        expect(lines.length, where).toBeLessThanOrEqual(23);
        for (const l of lines) expect([...l].length, where).toBeLessThanOrEqual(80);
      };
      for (let h = press(m, help); h.overlay === 'help'; h = press(h, 'x')) check(h, `help page ${h.overlayPage + 1}`);
      let steps = 0;
      while (m.game !== null && m.game.phase !== 'gameOver') {
        check(m, `step ${steps}`);
        m = update(m, { type: m.game.phase === 'rolling' ? 'stop-rolling' : 'score-cursor' });
        steps++;
      }
      check(m, 'game over');
      expect(steps).toBe(4 * 13 * 2);
    },
  );
});

// A late game (only Fours, Full house and Chance open on every card) and its sub-game table: quick to solve.
const LATE = ['fours', 'fullHouse', 'chance'];
const lateTable = solveSubgame('official', cardWithOpen('official', LATE));
const late = (over: Parameters<typeof start>[0] = {}) => lateGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' }, ...over }), LATE);
const loading = (m: AppModel, done: number, total: number) => update(m, { type: 'strategy', strategy: { status: 'loading', done, total } });
const HINT_ROLLING = 'Hint, the best choices and the final score each is expected to reach: keep 1 1 6 6, mark 1 2 4 5, reroll 1 die: 49.9; keep 6 6, mark 4 5, reroll 3 dice: 48.8; keep 4 6 6, mark 3 4 5, reroll 2 dice: 48.6.';
const HINT_CHOOSING = 'Hint, the best choices and the final score each is expected to reach: Fours 4: 40.4; Chance 18: 39.4; Full house 0: 33.3.';
const HINT_CHOOSING_SPECTRUM = 'Hint, the best choices and the final score each is expected to reach: option 4, Fours 4: 40.4; option 13, Chance 18: 39.4; option 9, Full house 0: 33.3.';

describe('the hint panel in words (seed 7, dice 1 1 4 6 6, the same numbers as on screen)', () => {
  const cases: { name: string; model: () => AppModel; table?: boolean; hint: string[] }[] = [
    { name: 'hints off: nothing said', model: () => late(), table: true, hint: [] },
    { name: 'MSX rolling, nothing marked: the three best keeps, and what rerolling all would lose', model: () => press(late(), 't'), table: true, hint: [HINT_ROLLING, 'Your choice now, reroll all 5 dice: 3.9 points below the best.'] },
    { name: 'MSX rolling, the best keep marked', model: () => press(late(), 't', '1', '2', '4', '5'), table: true, hint: [HINT_ROLLING, 'Your choice now, keep 1 1 6 6, mark 1 2 4 5, reroll 1 die: the best choice.'] },
    { name: 'MSX rolling, all five marked: what scoring now would lose', model: () => press(late(), 't', '1', '2', '3', '4', '5'), table: true, hint: [HINT_ROLLING, 'Your choice now, keep all five, score now: 9.5 points below the best.'] },
    { name: 'MSX choosing: the best boxes, the box under the cursor', model: () => noRollsLeft(press(late(), 't', 'i')), table: true, hint: [HINT_CHOOSING, 'Your choice now, Fours 4: the best choice.'] },
    {
      name: 'MSX, the rolling ended early: rolling on, the keeps it could be, against the box under the cursor',
      model: () => press(late(), 't', 'i'),
      table: true,
      hint: [
        'Hint, the best choices and the final score each is expected to reach: roll on, keep 1 1 6 6, mark 1 2 4 5, reroll 1 die: 49.9; roll on, keep 6 6, mark 4 5, reroll 3 dice: 48.8; roll on, keep 4 6 6, mark 3 4 5, reroll 2 dice: 48.6.',
        'Your choice now, Fours 4: 9.5 points below the best.',
      ],
    },
    { name: 'MSX choosing, the cursor on Chance', model: () => press(noRollsLeft(press(late(), 't', 'i')), 'down', 'down'), table: true, hint: [HINT_CHOOSING, 'Your choice now, Chance 18: 1.0 points below the best.'] },
    { name: 'practice: always on', model: () => late({ practice: true }), table: true, hint: [HINT_ROLLING, 'Your choice now, reroll all 5 dice: 3.9 points below the best.'] },
    { name: "a hosted table's onlooker: the mover's choice", model: () => ({ ...press(late(), 't'), onlooker: 'guest' }), table: true, hint: [HINT_ROLLING, "ANN's choice now, reroll all 5 dice: 3.9 points below the best."] },
    {
      name: 'Spectrum rolling, D and E held: the faces, then the letters to hold, as on screen',
      model: () => press(late({ layout: 'spectrum' }), 'h', 'd', 'e'),
      table: true,
      hint: [
        'Hint, the best choices and the final score each is expected to reach: hold 1 1 6 6, A B D E, reroll 1 die: 49.9; hold 6 6, D E, reroll 3 dice: 48.8; hold 4 6 6, C D E, reroll 2 dice: 48.6.',
        'Your choice now, hold 6 6, D E, reroll 3 dice: 1.1 points below the best.',
      ],
    },
    { name: 'Spectrum choosing, nothing typed: only the best, each with its option number', model: () => noRollsLeft(press(late({ layout: 'spectrum' }), 'h', '0')), table: true, hint: [HINT_CHOOSING_SPECTRUM] },
    { name: 'Spectrum choosing, option 1 typed: already used', model: () => press(noRollsLeft(press(late({ layout: 'spectrum' }), 'h', '0')), '1'), table: true, hint: [HINT_CHOOSING_SPECTRUM, 'Your choice now, Aces: already used.'] },
    { name: 'the table being computed: the progress', model: () => loading(press(late(), 't'), 45, 100), hint: ['Hint: computing the strategy table, 45 percent done.'] },
    { name: 'the computation just started', model: () => loading(press(late(), 't'), 0, 0), hint: ['Hint: computing the strategy table.'] },
    { name: 'the table could not be had', model: () => update(press(late(), 't'), { type: 'strategy', strategy: { status: 'failed', error: 'out of memory' } }), hint: ['Hint: there is no strategy table: out of memory.'] },
  ];

  it.each(cases)('$name', ({ model, table, hint }) => {
    const m = model();
    const t = table ? lateTable : undefined;
    expect(spokenHint(m, t)).toEqual(hint);
    // In the game's words after what the dice score, before the scores.
    const lines = spokenLines(m, t);
    const at = lines.findIndex((l) => /^(Open boxes|Type the option|Joker)/.test(l));
    expect(lines.slice(at + 1, at + 1 + hint.length)).toEqual(hint);
    expect(lines[at + 1 + hint.length]).toMatch(/^ANN total/);
  });
});

describe('the strategy table being computed, in words', () => {
  const hal = () => start({ players: 2, names: ['ANN', 'HAL'], computers: 1 }, { computerPlays: true });
  const halTurn = () => update(update(hal(), { type: 'stop-rolling' }), { type: 'score-cursor' });

  it.each([
    ['loading', (m: AppModel) => loading(m, 0, 0), 'HAL is thinking: computing its strategy table.'],
    ['45 percent', (m: AppModel) => loading(m, 45, 100), 'HAL is thinking: computing its strategy table, 45 percent done.'],
    ['not asked for yet', (m: AppModel) => m, 'HAL is thinking: loading its strategy table.'],
  ] as const)('the computer waits for its table: %s', (_what, status, line) => {
    const lines = spokenLines(status(halTurn()));
    expect(lines[0]).toMatch(/^YAHTZEE, official rules\. HAL's turn 1 of 13, roll 1 of 3, the computer is playing\.$/);
    expect(lines).toContain(line);
  });

  it('says nothing of the table once the computer has it, or when it plays casually', () => {
    expect(spokenLines(halTurn(), lateTable).join(' ')).toContain('is thinking');
    expect(spokenLines(update(halTurn(), { type: 'strategy', strategy: { status: 'failed', error: 'x' } })).join(' ')).not.toContain('is thinking');
    const casual = start({ players: 2, names: ['ANN', 'HAL'], computers: 1, strength: 'casual' }, { computerPlays: true });
    expect(spokenLines(update(update(casual, { type: 'stop-rolling' }), { type: 'score-cursor' })).join(' ')).not.toContain('is thinking');
  });

  it('after a game: what the review waits for, then each person\'s points lost', () => {
    const over = finishGame(late({ players: 2, names: ['ANN', 'BOB'] }));
    expect(spokenLines(loading(over, 1, 4))).toContain('Review: computing the strategy table, 25 percent done.');
    expect(spokenLines(over, lateTable).slice(-2, -1)).toEqual(['Against optimal play: ANN lost 26.5 points, BOB lost 37.8 points.']);
  });
});

describe('the review page in words', () => {
  /** ANN and BOB's last three turns (seed 7): ANN keeps 1 1 once, otherwise both score the first box at once. */
  const over = (size = { columns: 80, rows: 24 }) =>
    finishGame(press(lateGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }, { size, screenReader: true }), LATE), '1', '2', 'space'));

  it('reads each person\'s points lost and costliest decisions, with the best choice', () => {
    expect(spokenLines(press(over(), 'r'), lateTable)).toEqual([
      'Review, page 1 of 1. Keys: press any key to go on.',
      'Expected points lost against optimal play.',
      'ANN lost 35.7 points in 4 decisions.',
      'The dice: not known, the strategy table does not cover a whole game.',
      'Turn 13, roll 1: scored Chance 10, lost 11.3 points. Best: reroll all 5 dice.',
      'Turn 12, roll 1: scored Full house 0, lost 11.1 points. Best: keep 4 4 5, reroll 2 dice.',
      'Turn 11, roll 2: scored Fours 0, lost 8.8 points. Best: keep 5 5 6, reroll 2 dice.',
      'BOB lost 31.7 points in 3 decisions.',
      'The dice: not known, the strategy table does not cover a whole game.',
      'Turn 12, roll 1: scored Full house 0, lost 12.3 points. Best: keep 5 5, reroll 3 dice.',
      'Turn 11, roll 1: scored Fours 0, lost 10.2 points. Best: keep 6, reroll 4 dice.',
      'Turn 13, roll 1: scored Chance 12, lost 9.3 points. Best: reroll all 5 dice.',
    ]);
  });

  it('says what it waits for while the table is computed', () => {
    expect(spokenLines(loading(press(over(), 'r'), 1, 4))).toEqual(['Review, page 1 of 1. Keys: press any key to go on.', 'Review: computing the strategy table, 25 percent done.']);
  });

  it('on a short terminal: as many pages as the keys turn through, each sentence read once, on the page where it is drawn', () => {
    let m = press(over({ columns: 40, rows: 8 }), 'r');
    const heads: string[] = [];
    const said: string[] = [];
    while (m.overlay === 'review') {
      const [head, ...rest] = spokenLines(m, lateTable);
      heads.push(head);
      said.push(...rest);
      m = press(m, 'x');
    }
    expect(heads.length).toBeGreaterThan(1);
    expect(heads).toEqual(heads.map((_, i) => `Review, page ${i + 1} of ${heads.length}. Keys: press any key to go on.`));
    expect(said).toEqual(spokenLines(press(over(), 'r'), lateTable).slice(1));
  });
});

describe('the spoken hint and review fit the terminal too', () => {
  it.each(['msx', 'spectrum'] as const)('%s keys, practice (hints on), four players: every step of a late game, its review, at 80x24', (layout) => {
    const check = (x: AppModel, where: string) => {
      const lines = spokenScreenLines(x, lateTable);
      expect(lines.length, where).toBeLessThanOrEqual(23);
      for (const l of lines) expect([...l].length, where).toBeLessThanOrEqual(80);
    };
    let m = lateGame(start({ layout, practice: true, names: ['ANNABELLE', 'BOB', 'CAROLINE', 'DAVE'], match: { kind: 'single' } }), LATE);
    let steps = 0;
    while (m.game !== null && m.game.phase !== 'gameOver') {
      expect(spokenHint(m, lateTable).length, `step ${steps}`).toBeGreaterThan(0);
      check(m, `step ${steps}`);
      m = update(m, { type: m.game.phase === 'rolling' ? 'stop-rolling' : 'score-cursor' });
      steps++;
    }
    check(m, 'game over');
    for (let r = press(m, 'r'); r.overlay === 'review'; r = press(r, 'x')) check(r, `review page ${r.overlayPage + 1}`);
  });
});
