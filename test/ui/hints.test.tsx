import { renderToString } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { update, type AppModel } from '../../src/app/index.js';
import { solveSubgame, type StrategyTable } from '../../src/solver/index.js';
import { Screen } from '../../src/ui/Screen.js';
import { StrategyContext } from '../../src/ui/strategyContext.js';
import { finishGame, lateGame, noRollsLeft, press, start } from '../app/helpers.js';
import { cardWithOpen } from '../solver/helpers.js';

const OPEN = ['fours', 'fullHouse', 'chance'];
const table = solveSubgame('official', cardWithOpen('official', OPEN));

/** The frame's lines for a model, with the strategy table the app would hand down. */
function lines(model: AppModel, t: StrategyTable | null = table): string[] {
  const r = render(
    <StrategyContext.Provider value={t ?? undefined}>
      <Screen model={model} />
    </StrategyContext.Provider>,
  );
  const out = (r.lastFrame() ?? '').split('\n');
  r.unmount();
  return out;
}

const fits = (ls: string[]) => ls.length <= 23 && ls.every((l) => [...l].length <= 80);
const msx = (over: Parameters<typeof start>[0] = {}) => lateGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' }, ...over }), OPEN);

describe('the hint panel, beside the dice at 80x24', () => {
  it('MSX t: the three best keeps with their expected final scores and the marks against the best', () => {
    const ls = lines(press(msx(), 't', 'w', '4', '5'));
    expect(fits(ls)).toBe(true);
    const panel = ls.slice(16, 20).map((l) => l.slice(43).trimEnd());
    // Two players, the chances on too: they share the panel (still being worked out here), the hint keeps two best choices and the marks.
    expect(panel).toEqual(['keep 1 1 6 6: mark 1 2 4 5      49.9', 'keep 6 6: mark 4 5              48.8', 'yours: keep 6 6: mark 4 5       -1.1', 'chances to win: working it out']);
    expect(ls.at(-1)).toContain('t tip');
    // One player: the hint has the panel to itself.
    const one = lines(press(lateGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' } }), OPEN), 't', '4', '5'));
    expect(one.join('\n')).toMatch(/keep 4 6 6: mark 3 4 5 +48\.6/);
    expect(one.join('\n')).not.toContain('chances to win');
  });

  it('MSX, choosing with no rolls left: the best boxes, and the box under the cursor', () => {
    const ls = lines(press(noRollsLeft(press(msx(), 't', 'i')), 'down', 'down'));
    expect(ls.join('\n')).toContain('Fours 4                         40.4');
    expect(ls.join('\n')).toContain('▶ Chance 18                     -1.0');
    expect(ls.join('\n')).toMatch(/▶Chance\s+\(18\)/);
  });

  it('practice: always on, no hint key on the prompt line, undo there once something can be taken back', () => {
    const m = msx({ practice: true });
    expect(lines(m).join('\n')).toContain('keep 1 1 6 6: mark 1 2 4 5      49.9');
    expect(lines(m).at(-1)).not.toContain('t tip');
    expect(lines(press(m, 'space')).at(-1)).toContain('u take back');
  });

  it('Spectrum H: the field line shows the option typed and what it would lose', () => {
    const m = lateGame(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }), OPEN);
    const ls = lines(press(noRollsLeft(press(m, 'h', '0')), '4'));
    expect(fits(ls)).toBe(true);
    expect(ls.join('\n')).toContain('OPTION (1-13)? 4_ Fours 4     best');
    expect(ls.at(-1)).toContain('H hint');
    // The best boxes with the option number to type, as the chart numbers them.
    expect(ls.join('\n')).toMatch(/ 4 Fours 4 +40\.4/);
    expect(ls.join('\n')).toMatch(/ 13 Chance 18 +39\.4/);
  });

  it('four players: the narrower panel still fits, the choices shortened', () => {
    const m = lateGame(start({ players: 4, match: { kind: 'single' } }), OPEN);
    const ls = lines(press(m, 't'));
    expect(fits(ls)).toBe(true);
    expect(ls.join('\n')).toMatch(/mark 1 2 4 5 +49\.9/);
  });

  it('while the table is computed: says so with the progress', () => {
    const m = update(press(msx(), 't'), { type: 'strategy', strategy: { status: 'loading', done: 3, total: 4 } });
    const text = lines(m, null).join('\n');
    expect(text).toContain('tip: computing the strategy');
    // The figure stays with the word before it.
    expect(text).toContain('table… 75%');
  });
});

describe('the review after a game', () => {
  const over = () => finishGame(press(msx(), '1', '2', 'space'));

  it('under the results: each person\'s expected points lost; r for the whole review', () => {
    const ls = lines(over());
    expect(fits(ls)).toBe(true);
    const text = ls.join('\n');
    expect(text).toContain('GAME OVER');
    expect(text).toContain('REVIEW');
    expect(text).toMatch(/ANN\s+lost 35\.7 points/);
    expect(text).toMatch(/BOB\s+lost 31\.7 points/);
    expect(ls.at(-1)).toBe(' y play again  r review  h/? help  q/ESC quit');
  });

  it('the review page: the three costliest decisions of each person, any key back', () => {
    const page = press(over(), 'r');
    const ls = lines(page);
    expect(fits(ls)).toBe(true);
    expect(ls[0]).toBe(' REVIEW: expected points lost against optimal play');
    expect(ls).toContain(' ANN lost 35.7 points in 4 decisions');
    expect(ls.join('\n')).toMatch(/turn 13, roll 1: scored Chance 10\s+lost 11\.3/);
    expect(ls).toContain('       best: reroll all 5 dice');
    expect(ls.at(-1)).toBe(' REVIEW:  press any key to go on');
    expect(lines(press(page, 'x')).join('\n')).toContain('GAME OVER');
  });

  it('on a wide terminal the page keeps a readable width, centred as the game is', () => {
    const page = press(update(over(), { type: 'resize', columns: 200, rows: 30 }), 'r');
    const wide = renderToString(
      <StrategyContext.Provider value={table}>
        <Screen model={page} />
      </StrategyContext.Provider>,
      { columns: 200 },
    ).split('\n');
    const title = wide.find((l) => l.includes('REVIEW: expected points lost'))!;
    expect(title.indexOf('REVIEW')).toBe(51);
    const decision = wide.find((l) => l.includes('turn 13, roll 1: scored Chance 10'))!;
    // The figure stands at the page's right edge, not the terminal's.
    expect(decision.trimEnd().length).toBeLessThanOrEqual(150);
    expect(decision).toMatch(/lost 11\.3$/);
  });

  it('Spectrum R', () => {
    const m = finishGame(lateGame(start({ layout: 'spectrum', names: ['ANN'], match: { kind: 'single' } }), OPEN));
    expect(lines(m).at(-1)).toBe(' Y play again  R review  I instructions  Q quit');
    expect(lines(press(m, 'R'))[0]).toBe(' REVIEW: expected points lost against optimal play');
  });
});
