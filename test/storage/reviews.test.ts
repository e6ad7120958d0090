import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECENT_SIZE, addReviews, humanReviews, loadScores, parseScores, recordGame, scoresPath, type GameEntry, type GameReview } from '../../src/storage/highScores.js';
import { GOOD_LOSS_PER_DECISION, personFigures } from '../../src/storage/personFigures.js';
import { cardWorth, finishGame, startGame, tempDirs } from './helpers.js';

/** The one reason parseScores gives for leaving the official record out of a file's text (the record is then gone). */
/** What parseScores left out of a file with one thing damaged in its official record (`kept`: the record stays). */
function leftOut(text: string, kept = false): string {
  const parsed = parseScores(text);
  if (!parsed.ok) throw new Error(`the whole file was refused: ${parsed.error}`);
  if (kept) expect(parsed.book.rules.official).toBeDefined();
  else expect(parsed.book.rules.official).toBeUndefined();
  expect(parsed.leftOut).toHaveLength(1);
  return parsed.leftOut[0];
}

/** The official record parseScores keeps of a file. */
function keptRecord(text: string) {
  const parsed = parseScores(text);
  if (!parsed.ok) throw new Error(`the whole file was refused: ${parsed.error}`);
  return parsed.book.rules.official!;
}

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
const review = (luck: number, loss: number, decisions = 30): GameReview => ({ luck, loss, decisions });
const entry = (name: string, total: number, r?: GameReview): GameEntry => ({ name, card: cardWorth(total), ...(r ? { review: r } : {}) });

/** A high score file as the version before reviews wrote it: no last games, no review fields. */
const OLD_FILE = JSON.stringify({
  format: 'yahtzee-scores',
  version: 1,
  rules: { official: { games: 2, points: 70, yahtzees: 0, upperBonuses: 0, top: [{ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z' }, { name: 'BOB', total: 30, date: '2026-11-02T12:00:00.000Z' }] } },
  recorded: ['old#1'],
});

describe('reviews kept with the high scores', () => {
  it('a file written before reviews were kept still loads, and a new game is added to it', () => {
    const dirs = tempDirs();
    fs.mkdirSync(dirs.data, { recursive: true });
    fs.writeFileSync(scoresPath(dirs), OLD_FILE);
    const loaded = loadScores(dirs);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.book.rules.official!.top.map((h) => h.name)).toEqual(['ANN', 'BOB']);
    expect(personFigures(loaded.book.rules.official)).toEqual([]);
    expect(recordGame(dirs, 'official', [entry('ANN', 50, review(3.2, 4.5, 36))], { now: day(3), gameId: 'new#1' })).toMatchObject({ ok: true, ranks: [1] });
    const official = loadScores(dirs).book.rules.official!;
    expect(official).toMatchObject({ games: 3, points: 120 });
    expect(official.top[0]).toEqual({ name: 'ANN', total: 50, date: '2026-11-03T12:00:00.000Z', luck: 3.2, loss: 4.5, decisions: 36 });
    expect(official.recent).toEqual([{ name: 'ANN', total: 50, date: '2026-11-03T12:00:00.000Z', luck: 3.2, loss: 4.5, decisions: 36, game: 'new#1' }]);
  });

  it('a game recorded before its review was known gets it afterwards, in its last games and its high scores, once', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('ANN', 45), entry('BOB', 20)], { now: day(1), gameId: 'm#1' });
    recordGame(dirs, 'official', [entry('ANN', 30)], { now: day(2), gameId: 'm#2' });
    expect(addReviews(dirs, 'official', 'm#1', [review(10, 2), null])).toEqual({ ok: true });
    const official = loadScores(dirs).book.rules.official!;
    expect(official.recent!.map((h) => [h.name, h.total, h.luck ?? null, h.game])).toEqual([
      ['ANN', 45, 10, 'm#1'],
      ['BOB', 20, null, 'm#1'],
      ['ANN', 30, null, 'm#2'],
    ]);
    expect(official.top.map((h) => [h.name, h.total, h.loss ?? null])).toEqual([
      ['ANN', 45, 2],
      ['ANN', 30, null],
      ['BOB', 20, null],
    ]);
    // Again (a resumed game reviewed twice): the same figures, nothing added.
    const before = fs.readFileSync(scoresPath(dirs), 'utf8');
    expect(addReviews(dirs, 'official', 'm#1', [review(10, 2), null]).ok).toBe(true);
    expect(fs.readFileSync(scoresPath(dirs), 'utf8')).toBe(before);
    // A game that was never recorded (practice): nothing changes.
    expect(addReviews(dirs, 'official', 'practice#1', [review(1, 1)])).toEqual({ ok: true });
    expect(fs.readFileSync(scoresPath(dirs), 'utf8')).toBe(before);
  });

  it(`keeps the last ${RECENT_SIZE} games, oldest first`, () => {
    const dirs = tempDirs();
    for (let i = 0; i < RECENT_SIZE + 5; i++) recordGame(dirs, 'official', [entry(`P${i % 7}`, 5 + (i % 50))], { now: day(1), gameId: `g#${i}` });
    const recent = loadScores(dirs).book.rules.official!.recent!;
    expect(recent).toHaveLength(RECENT_SIZE);
    expect(recent[0].game).toBe('g#5');
    expect(recent[RECENT_SIZE - 1].game).toBe(`g#${RECENT_SIZE + 4}`);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a luck that is not a number', { luck: 'lots', loss: 1, decisions: 30 }, /last game 1's review: its luck "lots" is not a possible number of points/],
    ['a negative loss', { luck: 1, loss: -1, decisions: 30 }, /its loss -1 is not a possible number of points/],
    ['a loss without the rest', { loss: 1 }, /its luck undefined/],
    ['no decisions', { luck: 1, loss: 1, decisions: 0 }, /its 0 decisions are not a possible count/],
    ['more decisions than a game has', { luck: 1, loss: 1, decisions: 40 }, /its 40 decisions/],
  ])('keeps the record and a last game with %s, without its review, and says what is wrong', (_, fields, error) => {
    const file = JSON.parse(OLD_FILE);
    file.rules.official.recent = [{ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z', ...fields }, { name: 'BOB', total: 30, date: '2026-11-02T12:00:00.000Z', luck: 2, loss: 3, decisions: 30 }];
    expect(leftOut(JSON.stringify(file), true)).toMatch(error);
    expect(keptRecord(JSON.stringify(file)).recent).toEqual([{ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z' }, file.rules.official.recent[1]]);
  });

  it('leaves out a last game with a game id that is not a text, and keeps the record and the other last games', () => {
    const file = JSON.parse(OLD_FILE);
    file.rules.official.recent = [{ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z', game: 7 }, { name: 'BOB', total: 30, date: '2026-11-02T12:00:00.000Z' }];
    expect(leftOut(JSON.stringify(file), true)).toMatch(/last game 1: its game id is not a short text/);
    expect(keptRecord(JSON.stringify(file)).recent).toEqual([file.rules.official.recent[1]]);
    expect(keptRecord(JSON.stringify(file)).top).toEqual(file.rules.official.top);
  });

  it('leaves out a record whose last games are not a list, or too many; keeps a high score with a wrong review, without it', () => {
    const file = JSON.parse(OLD_FILE);
    expect(leftOut(JSON.stringify({ ...file, rules: { official: { ...file.rules.official, recent: {} } } }))).toMatch(/the last games are not a list/);
    const many = Array.from({ length: RECENT_SIZE + 1 }, () => ({ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z' }));
    expect(leftOut(JSON.stringify({ ...file, rules: { official: { ...file.rules.official, recent: many } } }))).toMatch(/at most 200/);
    file.rules.official.top[0].luck = Infinity;
    file.rules.official.top[0].loss = 1;
    file.rules.official.top[0].decisions = 3;
    // A high score whose review alone is wrong stays, without its review.
    const wrongReview = JSON.stringify(file).replace('null', '1e999');
    expect(leftOut(wrongReview, true)).toMatch(/high score 1's review: its luck/);
    expect(keptRecord(wrongReview).top[0]).toEqual({ name: 'ANN', total: 40, date: '2026-11-01T12:00:00.000Z' });
  });

  it('a high score whose name cannot be repaired (nothing left of it) is left out and said in a sentence; the others stay', () => {
    const file = JSON.parse(OLD_FILE);
    file.rules.official.top[0].name = '\u200b';
    const said = leftOut(JSON.stringify(file), true);
    expect(said).toMatch(/high score 1: the name /);
    expect(said).not.toMatch(/score's the/);
    expect(keptRecord(JSON.stringify(file))).toMatchObject({ games: 2, points: 70, top: [file.rules.official.top[1]] });
  });

  it('a review that cannot be a game\'s is not recorded, nor added', () => {
    const dirs = tempDirs();
    expect(recordGame(dirs, 'official', [entry('ANN', 40, review(1, -2))])).toMatchObject({ ok: false, error: /entry 1 was not recorded: its loss -2/ });
    recordGame(dirs, 'official', [entry('ANN', 40)], { gameId: 'x#1' });
    expect(addReviews(dirs, 'official', 'x#1', [review(Number.NaN, 1)])).toMatchObject({ ok: false, error: /review 1 was not saved: its luck null/ });
  });

  it("a game's reviews in the order of its entries: people with full cards only", () => {
    const over = finishGame(startGame(3, 'official', [{ name: 'Ann', kind: 'human' }, { name: 'Cpu', kind: 'computer', strength: 'casual' }, { name: 'Bob', kind: 'human' }]));
    expect(humanReviews(over, [review(1, 1), null, review(2, 2)])).toEqual([review(1, 1), review(2, 2)]);
    expect(humanReviews(startGame(), [review(1, 1)])).toEqual([]);
  });
});

describe("each person's figures over their last games", () => {
  it('games, totals, and the loss per decision and luck per game over the reviewed ones', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('ANN', 40, review(10, 6, 30)), entry('BOB', 20)], { now: day(1), gameId: 'a' });
    recordGame(dirs, 'official', [entry('ANN', 50, review(-4, 3, 30))], { now: day(2), gameId: 'b' });
    const figures = personFigures(loadScores(dirs).book.rules.official);
    expect(figures).toEqual([
      { name: 'ANN', games: 2, totals: [40, 50], reviewed: 2, lossPerDecision: 9 / 60, luckPerGame: 3 },
      { name: 'BOB', games: 1, totals: [20], reviewed: 0, lossPerDecision: null, luckPerGame: null },
    ]);
    expect(figures[0].lossPerDecision! < GOOD_LOSS_PER_DECISION).toBe(true);
  });

  it('ann and ANN are one person, as at the table, named as in their latest game', () => {
    const dirs = tempDirs();
    recordGame(dirs, 'official', [entry('ann', 40)], { now: day(1), gameId: 'a' });
    recordGame(dirs, 'official', [entry('BOB', 20)], { now: day(2), gameId: 'b' });
    recordGame(dirs, 'official', [entry('ANN', 50)], { now: day(3), gameId: 'c' });
    const figures = personFigures(loadScores(dirs).book.rules.official);
    expect(figures.map((f) => [f.name, f.totals])).toEqual([
      ['ANN', [40, 50]],
      ['BOB', [20]],
    ]);
  });
});
