import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/commands/errors.js';
import stringWidth from 'string-width';
import { scoresCommand, type ScoresCommandOptions, type ScoresContext } from '../../src/commands/scores.js';
import { scoresText } from '../../src/storage/scoresText.js';
import { loadScores, recordGame } from '../../src/storage/highScores.js';
import type { StorageDirs } from '../../src/storage/paths.js';
import { previousPath, saveGame, savePath } from '../../src/storage/saves.js';
import { cardWorth, fullCard, startGame, tempDirs } from './helpers.js';

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));

/** Folders with two official games (Ann 45, Bob 20, then Ann 30) and one Spectrum game. */
function played(): StorageDirs {
  const dirs = tempDirs();
  recordGame(dirs, 'official', [{ name: 'Ann', card: cardWorth(45) }, { name: 'Bob', card: cardWorth(20) }], { now: day(1) });
  recordGame(dirs, 'official', [{ name: 'Ann', card: cardWorth(30) }], { now: day(2) });
  recordGame(dirs, 'spectrum', [{ name: 'Zed', card: fullCard('spectrum', { yahtzee: 50 }) }], { now: day(3) });
  return dirs;
}

/** A context with no terminal, or with one that answers `answer` and records the questions. */
function context(dirs: StorageDirs, answer?: string): ScoresContext & { questions: string[] } {
  const questions: string[] = [];
  return {
    dirs,
    interactive: answer !== undefined,
    questions,
    optimal: async () => 'not at hand in these tests',
    ask: async (q) => {
      questions.push(q);
      return answer ?? '';
    },
  };
}

const run = (dirs: StorageDirs, opts: ScoresCommandOptions, answer?: string) => scoresCommand(opts, context(dirs, answer));

describe('yahtzee scores', () => {
  it('prints each rule set that has games: its figures, then the top list with names, totals and dates', async () => {
    expect(await run(played(), {})).toEqual({
      code: 0,
      errors: [],
      out: [
        'official rules',
        '  3 scores, average 31.7, best 45, 0 Yahtzees, upper bonus in 0 of 3 (0%)',
        '   1. Ann     45  2026-11-01',
        '   2. Ann     30  2026-11-02',
        '   3. Bob     20  2026-11-01',
        '',
        '  By person, over their last games (final scores per 20 points):',
        '  (not at hand in these tests)',
        '',
        '  Ann, last 2 games: average 37.5; no game of theirs was reviewed yet',
        '    score | Ann (#)',
        '    20-39 |  50.0% ########################',
        '    40-59 |  50.0% ########################',
        '',
        // One game is shown as it is, not as a histogram (issue 24).
        '  Bob, last game: 20; no game of theirs was reviewed yet',
        '',
        'ZX Spectrum rules (spectrum)',
        '  1 score, average 55.0, best 55, 1 Yatzee, upper bonus in 0 of 1 (0%)',
        '   1. Zed     55  2026-11-03',
        '',
        '  By person, over their last games:',
        '  (not at hand in these tests)',
        '',
        '  Zed, last game: 55; no game of theirs was reviewed yet',
      ].join('\n'),
    });
  });

  it('--rules shows one rule set', async () => {
    const r = await run(played(), { rules: 'spectrum' });
    expect(r.out.split('\n')[0]).toBe('ZX Spectrum rules (spectrum)');
    expect(r.out).not.toContain('official');
  });

  it('--json gives the figures and the ranked list, keyed by rule set', async () => {
    const r = await run(played(), { json: true, rules: 'official' });
    expect(JSON.parse(r.out)).toEqual({
      official: {
        title: 'official rules',
        games: 3,
        average: 31.7,
        best: 45,
        yahtzees: 0,
        upperBonuses: 0,
        top: [
          { rank: 1, name: 'Ann', total: 45, date: '2026-11-01T12:00:00.000Z' },
          { rank: 2, name: 'Ann', total: 30, date: '2026-11-02T12:00:00.000Z' },
          { rank: 3, name: 'Bob', total: 20, date: '2026-11-01T12:00:00.000Z' },
        ],
        people: [
          {
            name: 'Ann',
            games: 2,
            totals: [45, 30],
            reviewed: 0,
            lossPerDecision: null,
            luckPerGame: null,
            histogram: [
              { from: 20, to: 40, games: 1, optimal: null },
              { from: 40, to: 60, games: 1, optimal: null },
            ],
          },
          { name: 'Bob', games: 1, totals: [20], reviewed: 0, lossPerDecision: null, luckPerGame: null, histogram: [{ from: 20, to: 40, games: 1, optimal: null }] },
        ],
        optimalUnavailable: 'not at hand in these tests',
      },
    });
  });

  it.each<[string, ScoresCommandOptions, string]>([
    ['with no games at all, a friendly line', {}, 'No high scores yet: finish a game and it is recorded here.'],
    ['with no games for the rule set asked for, a friendly line', { rules: 'brazilian' }, 'No high scores yet for the regras brasileiras (brazilian).'],
    ['--json with no games, an empty object', { json: true }, '{}'],
  ])('%s', async (_name, opts, out) => {
    expect(await run(tempDirs(), opts)).toEqual({ code: 0, errors: [], out });
  });

  it('a damaged high score file: a line on stderr, and the scores start afresh', async () => {
    const dirs = tempDirs();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dirs.data, { recursive: true });
    writeFileSync(`${dirs.data}/scores.json`, '{ oops');
    const r = await run(dirs, {});
    expect(r.out).toBe('No high scores yet: finish a game and it is recorded here.');
    expect(r.errors).toEqual([expect.stringMatching(/^The high score file could not be used: it is not valid JSON .*moved to .*scores\.json\.corrupt-/)]);
  });
});

describe('yahtzee scores --clear', () => {
  it('--yes clears without asking', async () => {
    const dirs = played();
    const ctx = context(dirs, 'n');
    expect(await scoresCommand({ clear: true, yes: true }, ctx)).toEqual({ code: 0, errors: [], out: 'Cleared the high scores for every rule set.' });
    expect(ctx.questions).toEqual([]);
    expect(loadScores(dirs).book).toEqual({ rules: {} });
  });

  it('on a terminal it asks first, and "y" clears the rule set named', async () => {
    const dirs = played();
    const ctx = context(dirs, 'y');
    expect(await scoresCommand({ clear: true, rules: 'official' }, ctx)).toMatchObject({ code: 0, out: 'Cleared the high scores for official.' });
    expect(ctx.questions).toEqual(['Clear the high scores for official? [y/N] ']);
    expect(Object.keys(loadScores(dirs).book.rules)).toEqual(['spectrum']);
  });

  it.each(['', 'n', 'no', 'maybe'])('any answer but yes (%j) clears nothing', async (answer) => {
    const dirs = played();
    expect(await run(dirs, { clear: true }, answer)).toMatchObject({ code: 0, out: 'Nothing was cleared.' });
    expect(loadScores(dirs).book.rules.official?.games).toBe(3);
  });

  it('without a terminal and without --yes it refuses (a usage error: exit 2) and clears nothing', async () => {
    const dirs = played();
    await expect(run(dirs, { clear: true, rules: 'official' })).rejects.toThrow(new UsageError('not clearing the high scores for official: there is no terminal to ask on; add --yes to clear them'));
    expect(loadScores(dirs).book.rules.official?.games).toBe(3);
  });

  it('with nothing to clear it says so and asks nothing', async () => {
    const ctx = context(tempDirs(), 'y');
    expect(await scoresCommand({ clear: true, rules: 'spectrum' }, ctx)).toMatchObject({ out: 'There are no high scores to clear for spectrum.' });
    expect(ctx.questions).toEqual([]);
    expect(await scoresCommand({ clear: true }, ctx)).toMatchObject({ out: 'There are no high scores to clear.' });
  });
});

describe('bad flags are usage errors', () => {
  it.each<[ScoresCommandOptions, string]>([
    [{ rules: 'yatzy' }, 'unknown rule set "yatzy": use official, free-joker, spectrum or brazilian'],
    [{ clear: true, json: true }, '--json does not go with --clear'],
    [{ yes: true }, '--yes only goes with --clear'],
  ])('%j', async (opts, message) => {
    await expect(run(played(), opts)).rejects.toThrow(new UsageError(message));
  });
});

describe('the top list lines up names by terminal columns and shows them by the names rule', () => {
  const summary = (names: string[]) => ({ games: names.length, average: 200, best: 250, yahtzees: 0, upperBonuses: 0, top: names.map((name, i) => ({ name, total: 250 - i, date: '2026-11-30T10:00:00.000Z' })) });

  it('wide, accented and plain names: the totals in one column', () => {
    const rows = scoresText('official', summary(['李小龙', 'e\u0301va', 'ANN'])).split('\n').slice(2);
    expect(rows).toHaveLength(3);
    const totalAt = rows.map((r) => stringWidth(r.slice(0, r.search(/ 2[45]\d /))));
    expect(new Set(totalAt).size).toBe(1);
  });

  it("five alike is counted by the name of its box where the rules name it otherwise (the Brazilian sheet's General)", () => {
    expect(scoresText('official', summary(['ANN'])).split('\n')[1]).toContain(', 0 Yahtzees, ');
    expect(scoresText('brazilian', summary(['ANN'])).split('\n')[1]).toContain(', 0 Yahtzees (General)');
  });

  it('a name that is not printable (a hand-edited file) is shown with its control characters escaped', () => {
    const text = scoresText('official', summary(['A\u001b]0;x\u0007']));
    expect(text).toContain('A\\u{1b}]0;x\\u{7}');
    // eslint-disable-next-line no-control-regex -- the check is for control characters
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});

describe('finished games waiting in the save to be written (the high scores could not be written when they ended)', () => {
  const waiting = (game: string, rules: 'official' | 'spectrum' = 'official') => ({ rules, game, entries: [{ name: 'Cy', card: cardWorth(40) }] });
  const saveWith = (dirs: StorageDirs, file: string, unwritten: unknown[]) => {
    const state = startGame(3);
    const saved = saveGame(dirs, { layout: 'msx', practice: false, state, ui: { unwritten } });
    expect(saved.ok).toBe(true);
    if (file !== savePath(dirs)) fs.renameSync(savePath(dirs), file);
  };

  it('are said after the figures, each game once though the save in play and a set-aside one both hold it', async () => {
    const dirs = played();
    saveWith(dirs, previousPath(dirs), [waiting('m1/1'), waiting('m1/2')]);
    saveWith(dirs, savePath(dirs), [waiting('m1/2'), waiting('m2/1', 'spectrum')]);
    const out = (await run(dirs, {})).out;
    expect(out).toMatch(/\n\n3 finished games are not in these figures yet: the high scores could not be written when they ended\.\nThey wait in the saved game and are written when yahtzee next starts or resumes a game\.$/);
    expect((await run(dirs, { rules: 'spectrum' })).out).toMatch(/\n\nOne finished game is not in these figures yet: .*\nIt waits in the saved game and is written/);
  });

  it('are said with no high scores yet, and on stderr with --json (stdout stays JSON); nothing is said of none', async () => {
    const dirs = tempDirs();
    expect((await run(dirs, {})).out).toBe('No high scores yet: finish a game and it is recorded here.');
    saveWith(dirs, savePath(dirs), [waiting('m1/1')]);
    expect((await run(dirs, {})).out).toMatch(/^No high scores yet: finish a game and it is recorded here\.\n\nOne finished game is not in these figures yet/);
    const json = await run(played(), { json: true });
    expect(json.errors).toEqual([]);
    saveWith(dirs, savePath(dirs), [waiting('m1/1')]);
    const withWaiting = await run(dirs, { json: true });
    expect(() => JSON.parse(withWaiting.out) as unknown).not.toThrow();
    expect(withWaiting.errors).toEqual([expect.stringMatching(/^One finished game is not in these figures yet: .* ended\. It waits in the saved game/)]);
  });
});
