import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardTotal, getRuleSet } from '../../src/engine/index.js';
import { fitText } from '../../src/text/index.js';
import { clearScores, highScoreNotice, humanEntries, loadScores, parseScores, recordGame, scoresPath, summarize, type GameEntry } from '../../src/storage/highScores.js';
import type { StorageDirs } from '../../src/storage/paths.js';
import { cardWorth, filesIn, finishGame, fullCard, startGame, tempDirs } from './helpers.js';

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
const entry = (name: string, total: number): GameEntry => ({ name, card: cardWorth(total) });

describe('the top ten', () => {
  it('keeps the best ten, highest first, and gives each new card its place', () => {
    const dirs = tempDirs();
    [30, 10, 50, 20, 40, 35, 45, 15, 25, 5].forEach((t, i) => recordGame(dirs, 'official', [entry(`P${t}`, t)], { now: day(i + 1) }));
    expect(recordGame(dirs, 'official', [entry('New', 33), entry('Low', 5)], { now: day(20) })).toEqual({ ok: true, ranks: [5, null], before: 10 });
    const top = loadScores(dirs).book.rules.official!.top;
    expect(top.map((h) => `${h.name}:${h.total}`)).toEqual(['P50:50', 'P45:45', 'P40:40', 'P35:35', 'New:33', 'P30:30', 'P25:25', 'P20:20', 'P15:15', 'P10:10']);
  });

  it('at equal totals the earlier score stays ahead', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('First', 20)], { now: day(1) });
    expect(recordGame(dirs, 'official', [entry('Second', 20)], { now: day(2) })).toMatchObject({ ranks: [2] });
    expect(loadScores(dirs).book.rules.official!.top.map((h) => h.name)).toEqual(['First', 'Second']);
  });

  it('each entry carries its name, total and date', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('Ann', 42)], { now: day(3) });
    expect(loadScores(dirs).book.rules.official!.top).toEqual([{ name: 'Ann', total: 42, date: '2026-11-03T12:00:00.000Z' }]);
  });
});

describe('statistics per rule set', () => {
  it('games, average, best, Yahtzees (the box and each bonus) and upper bonuses add up over every game', () => {
    const dirs = tempDirs();
    const upper = { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 };
    const cards = [
      fullCard('official', { ...upper, yahtzee: 50, chance: 20 }, 2), // 63 + 35 + 70 + 200 = 368
      fullCard('official', { yahtzee: 50, chance: 10 }), // 60
      fullCard('official', { ...upper }), // 63 + 35 + 5 in Chance = 103
      fullCard('official', { chance: 12 }), // 12
    ];
    expect(cards.map((c) => cardTotal(getRuleSet('official'), c))).toEqual([368, 60, 103, 12]);
    recordGame(dirs, 'official', cards.slice(0, 2).map((card, i) => ({ name: `A${i}`, card })), { now: day(1) });
    recordGame(dirs, 'official', cards.slice(2).map((card, i) => ({ name: `B${i}`, card })), { now: day(2) });
    expect(summarize('official', loadScores(dirs).book.rules.official)).toMatchObject({ games: 4, average: 135.8, best: 368, yahtzees: 4, upperBonuses: 2 });
  });

  it('the rule sets are kept apart', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('Ann', 40)]);
    recordGame(dirs, 'spectrum', [{ name: 'Bob', card: fullCard('spectrum', { chance: 30 }) }]);
    const book = loadScores(dirs).book;
    expect(Object.keys(book.rules).sort()).toEqual(['official', 'spectrum']);
    expect(book.rules.spectrum!.top.map((h) => h.name)).toEqual(['Bob']);
  });

  it('a rule set without an upper bonus shows none rather than 0', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'brazilian', [{ name: 'Ana', card: fullCard('brazilian', { general: 50 }) }]);
    expect(summarize('brazilian', loadScores(dirs).book.rules.brazilian)).toMatchObject({ games: 1, yahtzees: 1, upperBonuses: null });
  });

  it('with no games the summary is empty', () => {
    expect(summarize('official', undefined)).toEqual({ games: 0, average: 0, best: null, yahtzees: 0, upperBonuses: 0, top: [] });
  });
});

describe('what gets recorded', () => {
  it('a finished game records its human players only', () => {
    const state = finishGame(startGame(5));
    expect(humanEntries(state)).toEqual([{ name: 'Ann', card: state.cards[0] }]);
  });

  it('a game a target match ended before the cards were full records nothing (its cards are not games played out)', () => {
    const state = finishGame(startGame(5));
    const early = { ...state, match: { kind: 'target' as const, target: 10 }, cards: state.cards.map(() => ({ boxes: { chance: 20 }, yahtzeeBonuses: 0 })) };
    expect(humanEntries(early)).toEqual([]);
  });

  it('a game still in play records nothing', () => {
    expect(humanEntries(startGame(5))).toEqual([]);
  });

  it.each<[string, GameEntry, RegExp]>([
    ['an incomplete card', { name: 'Ann', card: { boxes: { chance: 20 }, yahtzeeBonuses: 0 } }, /entry 2 was not recorded: the card is not complete/],
    ['an impossible score', { name: 'Ann', card: fullCard('official', { fullHouse: 24 }) }, /Full house cannot hold 24 points/],
    ['an empty name', { name: '', card: cardWorth(20) }, /the name is empty/],
  ])('%s is refused and nothing changes', (_name, bad, reason) => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('Ann', 30)]);
    const before = fs.readFileSync(scoresPath(dirs), 'utf8');
    expect(recordGame(dirs, 'official', [entry('Bob', 40), bad])).toEqual({ ok: false, error: expect.stringMatching(reason), invalid: true });
    expect(fs.readFileSync(scoresPath(dirs), 'utf8')).toBe(before);
  });

  it('an unwritable data folder is an error value', () => {
    const dirs = tempDirs();
    fs.mkdirSync(path.dirname(dirs.data), { recursive: true });
    fs.writeFileSync(dirs.data, 'in the way');
    expect(recordGame(dirs, 'official', [entry('Ann', 30)])).toEqual({ ok: false, error: expect.stringMatching(/^the high scores could not be saved in .*scores\.json: a file stands where a folder should be/) });
  });

  it('writes leave no temporary files behind', () => {
    const dirs = tempDirs();
    for (let i = 0; i < 5; i++) recordGame(dirs, 'official', [entry('Ann', 5 + i)]);
    expect(filesIn(dirs.data)).toEqual(['scores.json']);
  });
});

describe('a damaged high score file is moved aside and the scores start afresh', () => {
  const now = new Date('2026-11-29T13:04:05Z');

  it.each<[string, string, RegExp]>([
    ['truncated JSON', '{"format":"yahtzee-scores","version":1,"rules":{"offi', /it is not valid JSON/],
    ['a newer format', '{"format":"yahtzee-scores","version":9,"rules":{}}', /another version of yahtzee \(format 9; this version reads 1\)/],
    ['an impossible high score', '{"format":"yahtzee-scores","version":1,"rules":{"official":{"games":1,"points":9999,"yahtzees":0,"upperBonuses":0,"top":[{"name":"Eve","total":9999,"date":"2026-01-01T00:00:00Z"}]}}}', /official: 9999 points in 1 game\b/],
  ])('%s', (_name, text, reason) => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), text);
    const aside = `${scoresPath(dirs)}.corrupt-2026-11-29T13-04-05Z`;
    expect(loadScores(dirs, { now })).toEqual({ book: { rules: {} }, notice: expect.stringMatching(reason) });
    expect(fs.readFileSync(aside, 'utf8')).toBe(text);
    expect(recordGame(dirs, 'official', [entry('Ann', 30)])).toEqual({ ok: true, ranks: [1], before: 0 });
    expect(loadScores(dirs).book.rules.official!.games).toBe(1);
  });

  it('the notice says where the file went', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), 'nonsense');
    expect(recordGame(dirs, 'official', [entry('Ann', 30)], { now })).toMatchObject({ ok: true, notice: expect.stringContaining('moved to ' + scoresPath(dirs) + '.corrupt-2026-11-29T13-04-05Z') });
  });
});

describe('a high score file with a damaged entry keeps the rest of its record', () => {
  it('high scores out of order are put in order, the earlier of equal totals ahead', () => {
    const top = [
      { name: 'A', total: 10, date: '2026-01-01T00:00:00Z' },
      { name: 'B', total: 20, date: '2026-01-02T00:00:00Z' },
      { name: 'C', total: 10, date: '2026-01-03T00:00:00Z' },
    ];
    const parsed = parseScores(JSON.stringify({ format: 'yahtzee-scores', version: 1, rules: { official: { games: 3, points: 40, yahtzees: 0, upperBonuses: 0, top } } }));
    expect(parsed.ok && parsed.book.rules.official?.top.map((h) => h.name)).toEqual(['B', 'A', 'C']);
    expect(parsed.ok && parsed.leftOut).toEqual(['official: the high scores were out of order (put in order)']);
  });

  it("one high score's damaged luck: the other high scores, the counts and the last games stay, written back", () => {
    const dirs = tempDirs();
    for (const [i, total] of [30, 50, 40].entries()) recordGame(dirs, 'official', [{ ...entry('Ann', total), review: { luck: 1, loss: 2, decisions: 30 } }], { gameId: `g#${i}` });
    const file = JSON.parse(fs.readFileSync(scoresPath(dirs), 'utf8'));
    file.rules.official.top[1].luck = 'x';
    fs.writeFileSync(scoresPath(dirs), JSON.stringify(file));
    const loaded = loadScores(dirs);
    expect(loaded.notice).toMatch(/official: high score 2's review: its luck "x"/);
    expect(loaded.notice).toMatch(/The other records were kept/);
    const record = loaded.book.rules.official!;
    expect(record.games).toBe(3);
    expect(record.top.map((h) => h.total)).toEqual([50, 40, 30]);
    expect(record.top[1]).not.toHaveProperty('luck');
    expect(record.recent).toHaveLength(3);
    expect(loadScores(dirs)).toEqual({ book: loaded.book });
  });
});

describe('a high score file with a damaged record keeps the sound ones', () => {
  const now = new Date('2026-11-29T13:04:05Z');
  const sound = { games: 1, points: 30, yahtzees: 0, upperBonuses: 0, top: [{ name: 'Bob', total: 30, date: '2026-01-01T00:00:00Z' }] };
  const bad = { games: 1, points: 9999, yahtzees: 0, upperBonuses: 0, top: [{ name: 'Eve', total: 9999, date: '2026-01-01T00:00:00Z' }] };
  const text = JSON.stringify({ format: 'yahtzee-scores', version: 1, rules: { official: bad, spectrum: sound, newer: sound }, recorded: ['g1'] });
  const aside = (dirs: StorageDirs) => `${scoresPath(dirs)}.corrupt-2026-11-29T13-04-05Z`;

  it('leaves the damaged ones out, keeps the file as it was aside and writes the sound ones back', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), text);
    const loaded = loadScores(dirs, { now });
    expect(loaded.book).toEqual({ rules: { spectrum: sound }, recorded: ['g1'] });
    expect(loaded.notice).toBe(`The high score file had damaged records, left out: official: 9999 points in 1 game; unknown rule set "newer". The other records were kept; the file as it was is at ${aside(dirs)}.`);
    expect(fs.readFileSync(aside(dirs), 'utf8')).toBe(text);
    expect(loadScores(dirs)).toEqual({ book: { rules: { spectrum: sound }, recorded: ['g1'] } });
  });

  it('a game recorded then counts beside the sound records, and says what was left out', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), text);
    expect(recordGame(dirs, 'official', [entry('Ann', 30)], { now })).toEqual({ ok: true, ranks: [1], before: 0, notice: expect.stringContaining('left out: official: 9999 points') });
    const book = loadScores(dirs).book;
    expect(book.rules.spectrum).toEqual(sound);
    expect(book.rules.official?.games).toBe(1);
    expect(fs.readFileSync(aside(dirs), 'utf8')).toBe(text);
  });

  it('while the lock cannot be had, shows the sound records and leaves the file as it is', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), text);
    fs.writeFileSync(path.join(dirs.data, 'scores.lock'), JSON.stringify({ pid: 1, host: 'elsewhere', boot: null, pids: 'pid:[1]', started: '7', since: new Date().toISOString(), token: 'x' }));
    const loaded = loadScores(dirs, { now });
    expect(loaded).toEqual({ book: { rules: { spectrum: sound }, recorded: ['g1'] }, notice: expect.stringMatching(/^The high score file has damaged records, left out for now: official: /) });
    expect(fs.readFileSync(scoresPath(dirs), 'utf8')).toBe(text);
    expect(fs.existsSync(aside(dirs))).toBe(false);
  });
});

describe('clearScores', () => {
  it('clears one rule set and keeps the others', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('Ann', 30)]);
    recordGame(dirs, 'spectrum', [{ name: 'Bob', card: fullCard('spectrum') }]);
    expect(clearScores(dirs, 'official')).toEqual({ ok: true });
    expect(Object.keys(loadScores(dirs).book.rules)).toEqual(['spectrum']);
  });

  it('clears every rule set when none is named', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('Ann', 30)]);
    recordGame(dirs, 'spectrum', [{ name: 'Bob', card: fullCard('spectrum') }]);
    clearScores(dirs);
    expect(loadScores(dirs).book).toEqual({ rules: {} });
  });
});

describe('the notice of a new high score', () => {
  it('names each person\'s place in the table on this machine, in words; "high" only for a score that beat one kept before', () => {
    expect(highScoreNotice('official rules', [{ name: 'ANN', rank: 1 }], 5)).toBe('ANN: a high score, the best a person has made with the official rules on this machine');
    expect(highScoreNotice('official rules', [{ name: 'ANN', rank: 3 }, { name: 'BOB', rank: null }, { name: 'DEE', rank: 2 }], 5)).toBe('High-score table: DEE 2nd, ANN 3rd (official rules, this machine)');
    expect(highScoreNotice('spectrum rules', [{ name: 'ANN', rank: 12 }, { name: 'DEE', rank: 21 }], 30)).toBe('High-score table: ANN 12th, DEE 21st (spectrum rules, this machine)');
    expect(highScoreNotice('official rules', [{ name: 'ANN', rank: 11 }], 20)).toBe('ANN: a high score, the 11th best a person has made with the official rules on this machine');
    expect(highScoreNotice('official rules', [{ name: 'ANN', rank: null }], 5)).toBeNull();
    // The first score kept, and one that only took a free place at the bottom, are not called high.
    expect(highScoreNotice('official rules', [{ name: 'ANN', rank: 1 }], 0)).toBe('ANN: the first score kept for the official rules on this machine (yahtzee scores lists them)');
    expect(highScoreNotice('official rules', [{ name: 'MO', rank: 7 }], 6)).toBe('MO: on the high-score table, 7th of the official rules on this machine');
  });

  it('says it in its first clause where the line is short', () => {
    expect(fitText(highScoreNotice('official rules', [{ name: 'ANN', rank: 2 }], 5)!, 40)).toBe('ANN: a high score');
    expect(fitText(highScoreNotice('official rules', [{ name: 'ANN', rank: 2 }, { name: 'BOB', rank: 4 }], 5)!, 40)).toBe('High-score table: ANN 2nd, BOB 4th');
  });

  it('names four people of ten letters, best first, on an 80-column message line', () => {
    const four = [{ name: 'alexandra', rank: 4 }, { name: 'benedictus', rank: 2 }, { name: 'cassandra', rank: 1 }, { name: 'dorothea', rank: 3 }];
    expect(fitText(highScoreNotice('official rules', four, 5)!, 78)).toBe('High-score table: cassandra 1st, benedictus 2nd, dorothea 3rd, alexandra 4th');
  });

  it('names four people of short names with the rule set, its bracket closed, on an 80-column message line', () => {
    const four = ['ann', 'bob', 'cy', 'dee'].map((name, i) => ({ name, rank: i + 1 }));
    expect(fitText(highScoreNotice('official rules', four, 5)!, 79)).toBe('High-score table: ann 1st, bob 2nd, cy 3rd, dee 4th (official rules)');
  });
});
