import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppModel } from '../../src/app/index.js';
import { spokenScreenLines } from '../../src/view/index.js';
import { App } from '../../src/ui/App.js';
import { Screen } from '../../src/ui/Screen.js';
import { SpokenScreen } from '../../src/ui/SpokenScreen.js';
import { solveSubgame } from '../../src/solver/index.js';
import { StrategyContext } from '../../src/ui/strategyContext.js';
import { cardWithOpen } from '../solver/helpers.js';
import { finishGame, lateGame, playOptions, press, start } from '../app/helpers.js';
import { KEYS } from '../support/keys.js';
import { waitForScreen } from '../support/wait.js';
import { SIZE, mount, untilReading } from './mount.js';

/** Box drawing, blocks, the pips and the chart cursor: what only makes sense to the eye. */
const DRAWING = /[\u2500-\u259f●▶]/;

/** The frame Ink writes for the screen of a model (the screen-reader mode is read from INK_SCREEN_READER). */
function frame(model: AppModel): string {
  const r = render(<Screen model={model} />);
  const out = r.lastFrame() ?? '';
  r.unmount();
  return out;
}

const msx = () => start({ players: 2, names: ['ANN', 'BOB'] });
// A late game (only Fours, Full house and Chance open) and its sub-game table: quick to solve.
const LATE = ['fours', 'fullHouse', 'chance'];
const lateTable = solveSubgame('official', cardWithOpen('official', LATE));
const late = () => lateGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' } }), LATE);
const spectrum = () => start({ layout: 'spectrum', rules: 'brazilian', names: ['ANA', 'BETO'], match: { kind: 'single' } });

describe('without a screen reader', () => {
  it('draws the chart and the dice (the screen-reader tests below can tell the difference)', () => {
    const f = frame(msx());
    expect(f).toMatch(DRAWING);
    expect(f).not.toContain('Open boxes and what these dice score');
  });

  it.each([
    ['the Spectrum after the last game: Q asks, nothing is left to resume', () => press(finishGame(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } })), 'Q'), 'Quit the game? The game is over: nothing is left to resume.'],
    ['a game in play: the game is saved', () => press(msx(), 'q'), 'Quit the game? It is saved: start yahtzee again to resume it.'],
  ])('the quit question on the message line, %s', (_what, model, words) => {
    const f = frame(model());
    expect(f).toContain(words);
    expect(f).toMatch(/yes, quit/);
  });
});

describe("in Ink's screen-reader mode (INK_SCREEN_READER=true)", () => {
  beforeEach(() => {
    vi.stubEnv('INK_SCREEN_READER', 'true');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const screens: { name: string; model: () => AppModel; words: string[] }[] = [
    { name: 'MSX setup', model: () => start(), words: ['Number of players, 1 to 4?', 'Keys: 1 to 4 players;', 'q or ESC quit.'] },
    {
      name: 'MSX rolling',
      model: () => press(msx(), '1', '3'),
      words: ["ANN's turn 1 of 13, roll 1 of 3.", 'Dice (keys 1 to 5): A 1 kept, B 1, C 4 kept, D 6, E 6.', 'Sixes: 12', 'ANN total 0'],
    },
    { name: 'MSX choosing', model: () => press(msx(), 'i', 'down', 'down', 'down'), words: ['Cursor on Fours: 4 points.', 'RIGHT arrow or ENTER score'] },
    { name: 'MSX instructions', model: () => press(msx(), 'h'), words: ['Keys: q or ESC close; any other key to go on.', 'Keys: rolling', '1 to 5: mark die A-E to keep'] },
    { name: 'MSX quit question', model: () => press(msx(), 'q'), words: ['Quit the game?', 'Keys: y yes, quit; n or ESC no, play on.'] },
    { name: 'MSX game over', model: () => finishGame(msx()), words: ['Game over.', 'ANN wins with 40.', 'Final scores: ANN: 40, BOB: 28.'] },
    { name: 'Spectrum name question', model: () => press(start({ layout: 'spectrum' }), 'A'), words: ['Player 1, your name? Typed: A.'] },
    { name: 'Spectrum rolling, Brazilian rules', model: () => press(spectrum(), 'b'), words: ['Dice: A 1, B 1 held,', 'Jogada de 6: 12', 'Aleatória: 18'] },
    { name: 'Spectrum choosing', model: () => press(spectrum(), '0', '1', '3'), words: ['Typed 13: Aleatória, 18 points.', '7, Trinca: 0;', 'Keys: BACKSPACE edit; ENTER score;'] },
  ];

  it.each(screens)('$name: the words, one per line as spokenScreenLines gives them, and no drawing', ({ model, words }) => {
    const m = model();
    const f = frame(m);
    expect(f).toBe(spokenScreenLines(m).join('\n'));
    for (const w of words) expect(f).toContain(w);
    expect(f).not.toMatch(DRAWING);
  });

  it.each([
    ['the hint, from the table the app has', () => press(late(), 't'), ['Hint, the best choices and the final score each is expected to reach: keep 1 1 6 6, mark 1 2 4 5, reroll 1 die: 49.9;', 'Your choice now, reroll all 5 dice: 3.9 points below the best.']],
    ['the review page', () => press(finishGame(late()), 'r'), ['Review, page 1 of 1. Keys: press any key to go on.', 'Expected points lost against optimal play.', 'ANN lost 31.6 points in 3 decisions.', 'Turn 12, roll 1: scored Full house 0, lost 13.1 points. Best: keep 5 5 6, reroll 2 dice.']],
  ] as const)('SpokenScreen speaks %s (StrategyContext)', (_what, model, words) => {
    const m = model();
    const r = render(
      <StrategyContext.Provider value={lateTable}>
        <Screen model={m} />
      </StrategyContext.Provider>,
    );
    const f = r.lastFrame() ?? '';
    r.unmount();
    expect(f).toBe(spokenScreenLines(m, lateTable).join('\n'));
    for (const w of words) expect(f.replace(/\n/g, ' ')).toContain(w);
    expect(f).not.toMatch(DRAWING);
  });

  it('a terminal too small for the drawn game still plays by ear when the model knows a screen reader reads it', async () => {
    const small = { columns: 30, rows: 8 };
    const r = render(<App options={playOptions()} seed={7} size={small} start={start({ players: 2, names: ['ANN', 'BOB'] }, { size: small, screenReader: true })} />);
    await untilReading(r);
    try {
      expect(r.lastFrame()).not.toContain('too small');
      r.stdin.write('1');
      await waitForScreen(r.lastFrame, (s) => s.replace(/\n/g, ' ').includes('A 1 kept'));
      expect(r.lastFrame()?.replace(/\n/g, ' ')).toContain('A 1 kept');
      expect(r.lastFrame()).not.toMatch(DRAWING);
    } finally {
      r.unmount();
    }
  });

  it('the app tells the model itself that a screen reader reads it: a 30x8 terminal plays from the first question', async () => {
    const small = { columns: 30, rows: 8 };
    const r = render(<App options={playOptions()} seed={7} size={small} />);
    await untilReading(r);
    try {
      const question = r.lastFrame() ?? '';
      expect(question).not.toContain('enlarge the terminal');
      expect(question.replace(/\n/g, ' ')).toMatch(/players/i);
      r.stdin.write('2');
      await waitForScreen(r.lastFrame, (s) => s !== question);
      expect(r.lastFrame()).not.toBe(question);
      expect(r.lastFrame()).not.toContain('enlarge the terminal');
    } finally {
      r.unmount();
    }
  });

  it('SpokenScreen draws nothing once the app is done', () => {
    const r = render(<SpokenScreen model={{ ...msx(), screen: 'done' }} />);
    expect(r.lastFrame() ?? '').toBe('');
    r.unmount();
  });

  it('the app can be played by ear: MSX players, marks, a roll, the cursor and a score', async () => {
    const r = await mount(<App options={playOptions()} seed={7} size={SIZE} />);
    const type = r.type;
    expect(r.lastFrame()).toContain('Number of players, 1 to 4?');
    await type('2', '1', '3');
    expect(r.lastFrame()).toContain('Dice (keys 1 to 5): A 1 kept, B 1, C 4 kept, D 6, E 6.');
    await type(' ');
    expect(r.lastFrame()).toContain("PLAYER 1's turn 1 of 13, roll 2 of 3.");
    await type('i', KEYS.down, KEYS.down, KEYS.down);
    expect(r.lastFrame()).toContain('Cursor on Fours: 4 points.');
    await type(KEYS.right);
    expect(r.lastFrame()).toContain('PLAYER 1 scored 4 in Fours.');
    expect(r.lastFrame()).toContain("PLAYER 2's turn 1 of 13, roll 1 of 3.");
    expect(r.lastFrame()).not.toMatch(DRAWING);
  });

  it('the app can be played by ear: Spectrum names, holds, the option number', async () => {
    const r = await mount(<App options={playOptions({ layout: 'spectrum' })} seed={7} size={SIZE} />);
    const type = r.type;
    await type('ANN\r', 'BOB\r', '\r');
    expect(r.lastFrame()).toContain('Type of competition?');
    await type('u', 'a', 'c');
    expect(r.lastFrame()).toContain('Dice: A 1 held, B 1, C 4 held, D 6, E 6.');
    await type('0', '1', '3');
    expect(r.lastFrame()).toContain('Typed 13: Chance, 18 points. ENTER scores it.');
    await type(KEYS.enter);
    expect(r.lastFrame()).toContain('ANN scored 18 in Chance.');
    expect(r.lastFrame()).toContain("BOB's turn 1 of 13");
    expect(r.lastFrame()).not.toMatch(DRAWING);
  });
});
