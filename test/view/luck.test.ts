import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrSolve, luckOfGame, type LuckSkill, type StrategyTable } from '../../src/solver/index.js';
import { choiceWords, diceShort, diceWords, luckLine, luckLines, luckWordings, reviewLines, reviewSummary, reviewView, signed, spokenReviewSummary, sumWords } from '../../src/view/index.js';
import { textWidth } from '../../src/text/index.js';
import { finishGame, press, start } from '../app/helpers.js';
import { tempDir } from '../solver/helpers.js';

const split = (over: Partial<LuckSkill> = {}): LuckSkill => ({ fresh: 254.5877, luck: 23.42, loss: 6.08, unplayed: 0, final: 272, decisions: 39, ...over });

describe('luck and skill in words', () => {
  it.each<[string, LuckSkill, string]>([
    ['dice that helped', split(), 'the dice gave you +23.4, your choices cost you 6.1: 254.6 expected, 272 scored'],
    ['dice that took away', split({ luck: -12.34, loss: 0.5, final: 242 }), 'the dice cost you 12.3, your choices cost you 0.5: 254.6 expected, 242 scored'],
    ['choices that cost nothing', split({ luck: 0.01, loss: 0.02, final: 255 }), 'the dice gave you 0.0, your choices cost you nothing: 254.6 expected, 255 scored'],
    ['a match that ended with boxes open', split({ luck: 5, loss: 10, unplayed: 100.2, final: 149 }), 'the dice gave you +5.0, your choices cost you 10.0: 254.6 expected, 100.2 left unplayed, 149 scored'],
  ])('%s: the whole sentence where it fits', (_, s, text) => {
    expect(luckLine(s, 200)).toBe(text);
  });

  it.each([80, 60, 50, 40, 30, 24, 20, 16, 12])('at %i columns: the longest wording that fits, in whole words', (width) => {
    for (const s of [split(), split({ luck: -12.34 }), split({ unplayed: 100.2 })]) {
      const line = luckLine(s, width);
      expect(textWidth(line)).toBeLessThanOrEqual(width);
      const wordings = luckWordings(s);
      const fitting = wordings.find((w) => textWidth(w) <= width);
      if (fitting !== undefined) expect(line).toBe(fitting);
      // Where no wording fits, the first clauses of the shortest ("dice +23.4"), or its first words and the marker that more was meant.
      else {
        const shortest = wordings[wordings.length - 1];
        const words = line.endsWith(' …') ? line.slice(0, -2) : line;
        expect(shortest.startsWith(words) && /^[ ,:]/.test(shortest.slice(words.length))).toBe(true);
      }
    }
  });

  it('narrow: "dice gave +23.4, choices cost 6.1", the verbs of the long wording; no sign on a figure that rounds to 0.0', () => {
    expect(luckLine(split(), 33)).toBe('dice gave +23.4, choices cost 6.1');
    expect(luckLine(split({ luck: -3 }), 33)).toBe('dice cost 3.0, choices cost 6.1');
    expect(luckLine(split(), 55)).toBe('the dice gave you +23.4, your choices cost you 6.1');
    expect(signed(-0.04)).toBe('0.0');
    expect(signed(0.05)).toBe('+0.1');
    expect(diceShort(split(), 24)).toBe('the dice gave +23.4');
    expect(diceShort(split({ luck: -3 }), 24)).toBe('the dice cost 3.0');
    expect(diceShort(split(), 15)).toBe('dice gave +23.4');
  });

  it('said of a person rather than to them when several are reviewed: no "you"', () => {
    expect(luckLine(split(), 200, null, false)).toBe('the dice gave +23.4, the choices cost 6.1: 254.6 expected, 272 scored');
    expect(luckLine(split({ luck: -12.34, loss: 0.02 }), 200, null, false)).toBe('the dice cost 12.3, the choices cost nothing: 254.6 expected, 272 scored');
    expect(luckWordings(split(), false).join(' / ')).not.toMatch(/\byou/);
  });

  it('not known: said so, and why where there is room', () => {
    expect(luckLine(null, 80, 'the record of the game does not start at its first roll')).toBe('the dice: not known, the record of the game does not start at its first roll');
    expect(luckLine(null, 40, 'the record of the game does not start at its first roll')).toBe('the dice: not known');
  });
});

describe('luck and skill after a whole game (the official table)', () => {
  // A cache of this file's own (other files check what happens when the shared one holds no table).
  const env = { XDG_CACHE_HOME: tempDir('view-luck') };
  afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));
  let table: StrategyTable;
  beforeAll(async () => {
    table = await loadOrSolve('official', { env });
  }, 120_000);

  const over = () => finishGame(start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }));

  it('the review holds each person\'s split, the one luckOfGame gives for their decisions', () => {
    const m = over();
    const view = reviewView(m, table)!;
    view.people.forEach((p) => {
      const records = m.decisions.filter((d) => d.seat === p.seat).map((d) => d.record);
      const expected = luckOfGame(table, records, m.game!.cards[p.seat]);
      expect(expected.ok && p.split).toEqual(expected.ok && expected.split);
      expect(p.split!.fresh + p.split!.luck - p.split!.loss).toBeCloseTo(m.game!.results[0].totals[p.seat], 9);
    });
  });

  it.each([40, 60, 78, 118])('the review page at %i columns: a line under each person, fitted in whole words', (columns) => {
    const m = press(over(), 'r');
    const view = reviewView(m, table)!;
    const lines = reviewLines(view, m, columns - 2).map((l) => l.text);
    view.people.forEach((p) => {
      const at = lines.findIndex((l) => l.startsWith(`${p.name} lost`));
      expect(p.you).toBe(false);
      expect(lines[at + 1]).toBe(`  ${luckLine(p.split, columns - 4, null, false)}`);
      expect(lines[at + 1]).toMatch(/^ {2}(the )?dice /);
      expect(textWidth(lines[at + 1])).toBeLessThanOrEqual(columns - 2);
    });
    if (columns >= 118) expect(lines.join('\n')).toMatch(/the dice (gave|cost) [+]?\d+\.\d, the choices cost (\d+\.\d|nothing): 254\.6 expected, \d+ scored/);
    expect(lines.join('\n')).not.toMatch(/\byou/);
  });

  it('one person: the review speaks to them', () => {
    const m = press(finishGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' } })), 'r');
    const view = reviewView(m, table)!;
    expect(view.people.map((p) => [p.name, p.you])).toEqual([['ANN', true]]);
    // At a hosted table the host's and the guests' screens show it too: nobody there is "you".
    const hosted = { ...m, settings: { ...m.settings, hosted: true } };
    expect(reviewView(hosted, table)!.people.map((p) => [p.name, p.you])).toEqual([['ANN', false]]);
    expect(reviewLines(reviewView(hosted, table)!, hosted, 118).map((l) => l.text).join('\n')).not.toMatch(/\byou/);
    expect(reviewLines(view, m, 118).map((l) => l.text).join('\n')).toMatch(/the dice (gave|cost) you [+]?\d+\.\d, your choices cost you (\d+\.\d|nothing): 254\.6 expected, \d+ scored/);
  });

  it('under the results: the dice under each person\'s loss when there is room, else the losses alone', () => {
    const view = reviewView(over(), table)!;
    const lines = reviewSummary(view, 5, 24).map((l) => l.text.trimEnd());
    expect(lines[0]).toBe('REVIEW');
    expect(lines[1]).toMatch(/^ANN +lost \d+\.\d points$/);
    expect(lines[2]).toBe(`  ${diceShort(view.people[0].split, 22)}`);
    expect(lines[3]).toMatch(/^BOB +lost/);
    expect(lines[4]).toBe(`  ${diceShort(view.people[1].split, 22)}`);
    expect(reviewSummary(view, 4, 24).map((l) => l.text.trimEnd())).toEqual([lines[0], lines[1], lines[3]]);
  });

  it('under the results with room for four lines a person: the name, the sentence in its three parts, a line each, never cut inside one', () => {
    const view = reviewView(over(), table)!;
    const lines = reviewSummary(view, 12, 24).map((l) => l.text.trimEnd());
    const ann = lines.slice(2, lines.findIndex((l) => l.startsWith('BOB'))).map((l) => l.trim());
    const split = view.people[0].split!;
    expect(ann).toEqual([diceWords(split, false), choiceWords(split, false), `${split.fresh.toFixed(1)} expected`, `${split.final} scored`]);
    // Over the sentence the name alone: the choices' cost is in it, not said twice.
    expect(lines[1]).toBe('ANN');
    expect(textWidth(sumWords(split))).toBeGreaterThan(22);
    // Narrower, the dice and the choices both short, alike: never one long and one short.
    const narrow = reviewSummary(view, 12, 20).map((l) => l.text.trim());
    const dice = split.luck < 0 ? `dice cost ${signed(split.luck).slice(1)}` : `dice gave ${signed(split.luck)}`;
    expect(narrow.slice(2, 4)).toEqual([dice, `choices cost ${split.loss.toFixed(1)}`]);
    expect(ann[0]).toMatch(/^the dice (gave|cost) [+\d]/);
    // Where the whole sentence takes two lines or fewer, it is said whole.
    const wide = reviewSummary(view, 12, 80).map((l) => l.text.trim());
    expect(wide[2]).toBe(luckWordings(split, false)[0]);
    expect(lines.length).toBeLessThanOrEqual(12);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(24);
  });

  it("under the results, too narrow for the sentence's figures whole: each person's loss and the dice, never a figure cut", () => {
    const view = reviewView(over(), table)!;
    const split = view.people[0].split!;
    const width = textWidth(`choices cost ${split.loss.toFixed(1)}`) + 1;
    const lines = reviewSummary(view, 12, width).map((l) => l.text.trim());
    expect(lines.join('\n')).not.toContain('…');
    expect(lines[1]).toMatch(new RegExp(`^ANN +lost ${view.people[0].loss.toFixed(1)}$`));
    expect(lines[2]).toBe(diceShort(split, width - 2));
  });

  it('spoken after the results: the losses, then what the dice gave each', () => {
    const m = { ...over(), screenReader: true };
    const view = reviewView(m, table)!;
    expect(spokenReviewSummary(m, table)).toContain(`The dice: ANN: ${signed(view.people[0].split!.luck)}, BOB: ${signed(view.people[1].split!.luck)}.`);
  });
});

describe('luck and skill a part a line (the panel under the results)', () => {
  it('a game a match ended early: the turns never played have their line, so that the figures add up', () => {
    const s = split({ luck: 22.4, loss: 155.3, unplayed: 97.7, final: 24 });
    const lines = luckLines(s, 20, 6, false);
    expect(lines).toHaveLength(5);
    expect(lines.slice(-3)).toEqual(['254.6 expected', '97.7 left unplayed', '24 scored']);
    expect(luckLines(s, 15, 6, false).slice(-3)).toEqual(['254.6 expected', '97.7 unplayed', '24 scored']);
    expect(luckLines(split(), 20, 6, false).slice(-2)).toEqual(['254.6 expected', '272 scored']);
  });
});
