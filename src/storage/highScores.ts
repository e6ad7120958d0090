import path from 'node:path';
import { cardTotal, isCardComplete, upperBonus, yahtzeeBox, type Card } from '../engine/card.js';
import { getRuleSet, isRuleSetId, RULE_SET_IDS, type RuleSet, type RuleSetId } from '../engine/rules/index.js';
import type { GameState } from '../engine/state.js';
import { printable, withRepairedNames } from '../engine/names.js';
import { cardProblem, maxCardTotal, nameProblem } from '../engine/validate.js';
import { isObject, parseJson, readDataFile, type DataRead } from './dataFile.js';
import { moveAside, realFs, writeFileAtomic, type StorageOptions, type WriteResult } from './files.js';
import { SCORES_LOCK, withLock } from './lock.js';
import { plural } from '../text/index.js';
import type { StorageDirs } from './paths.js';

/** The `format` field that marks the high score file. */
export const SCORES_FORMAT = 'yahtzee-scores';

/** The version of the high score file this program writes and reads. */
export const SCORES_VERSION = 1;

/** The high score file's name, in the data folder. */
export const SCORES_FILE = 'scores.json';

/** How many high scores are kept per rule set. */
export const TOP_SIZE = 10;

/**
 * A game's review, kept with its score: the luck of the dice, the expected points the decisions lost against optimal
 * play, and the number of decisions (final score = the fresh game's value + luck - loss; solver/play/luck.ts).
 */
export interface GameReview {
  readonly luck: number;
  readonly loss: number;
  readonly decisions: number;
}

/** One high score; its review when it was known (files written before reviews were kept have none). */
export interface HighScore extends Partial<GameReview> {
  readonly name: string;
  readonly total: number;
  /** When the game ended (ISO 8601). */
  readonly date: string;
}

/** One of the last games recorded, for each person's figures over their last games: a score and the game's id. */
export interface RecentGame extends HighScore {
  /** The id the game was recorded under (RecordOptions.gameId), so that its review can be added once known. */
  readonly game?: string;
}

/** How many of the last games each rule set keeps (all people together, oldest first). */
export const RECENT_SIZE = 200;

/** The record of one rule set: counts over every game recorded, and the best ten. */
export interface RuleRecord {
  /** Finished cards recorded (one per human player per game). */
  readonly games: number;
  /** The sum of their totals, for the average. */
  readonly points: number;
  /** Yahtzees scored: 50 in the Yahtzee box, plus each Yahtzee bonus. */
  readonly yahtzees: number;
  /** Cards that earned the upper bonus. */
  readonly upperBonuses: number;
  /** The best totals, highest first; at equal totals the earlier one stays ahead. */
  readonly top: readonly HighScore[];
  /** The last RECENT_SIZE games, oldest first (absent in files written before it was kept). */
  readonly recent?: readonly RecentGame[];
}

/** Every rule set's record; a rule set never played has none. */
export interface ScoreBook {
  readonly rules: Readonly<Partial<Record<RuleSetId, RuleRecord>>>;
  /** The ids of the last games recorded (newest last), so that a game is never recorded twice. */
  readonly recorded?: readonly string[];
}

/** How many game ids the high score file remembers: far more than a session's games between two saves. */
export const RECORDED_IDS = 500;

/** The longest game id kept. */
const MAX_ID_LENGTH = 100;

/** One finished card to record: the player's name and card, and the game's review when it is known already. */
export interface GameEntry {
  readonly name: string;
  readonly card: Card;
  readonly review?: GameReview;
}

/** The book with no games. */
export const EMPTY_BOOK: ScoreBook = { rules: {} };

/** What loading the high scores found; `notice` tells of a damaged file that was moved aside. */
export interface ScoresLoad {
  readonly book: ScoreBook;
  readonly notice?: string;
}

/**
 * What recordGame did: each entry's place in the top ten (1-10, or null) and how many the table held before, or why
 * nothing was recorded. `duplicate` is true when the game's id was recorded before: nothing was added again (the ranks
 * are then all null).
 */
export type RecordResult =
  | { readonly ok: true; readonly ranks: readonly (number | null)[]; readonly before?: number; readonly duplicate?: boolean; readonly notice?: string }
  | { readonly ok: false; readonly error: string; readonly notice?: string; readonly invalid?: true };

/** Figures to show for a rule set. */
export interface RuleSummary {
  readonly games: number;
  /** The average total, rounded to one decimal; 0 with no games. */
  readonly average: number;
  /** The best total, or null with no games. */
  readonly best: number | null;
  readonly yahtzees: number;
  /** Cards that earned the upper bonus, or null when the rule set has none. */
  readonly upperBonuses: number | null;
  readonly top: readonly HighScore[];
}

/** The high score file's path. */
export const scoresPath = (dirs: StorageDirs): string => path.join(dirs.data, SCORES_FILE);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The most Yahtzees one card can hold under `rules`: the box, and a bonus on every other turn. */
function maxYahtzees(rules: RuleSet): number {
  if (!yahtzeeBox(rules)) return 0;
  return rules.yahtzeeBonus > 0 ? rules.boxes.length : 1;
}

/** Yahtzees scored on a card: 50 in the Yahtzee box, plus the bonuses. */
export function yahtzeesOnCard(rules: RuleSet, card: Card): number {
  const box = yahtzeeBox(rules);
  const inBox = box && box.scoring.kind === 'yahtzee' && card.boxes[box.id] === box.scoring.points ? 1 : 0;
  return inBox + card.yahtzeeBonuses;
}

/** Why an entry's review fields are wrong, or null: none of them, or all three, each possible for the rule set. */
function reviewProblem(rules: RuleSet, h: Record<string, unknown>): string | null {
  const { luck, loss, decisions } = h;
  if (luck === undefined && loss === undefined && decisions === undefined) return null;
  const max = maxCardTotal(rules);
  if (typeof luck !== 'number' || !Number.isFinite(luck) || Math.abs(luck) > max) return `its luck ${JSON.stringify(luck)} is not a possible number of points`;
  if (typeof loss !== 'number' || !Number.isFinite(loss) || loss < 0 || loss > max) return `its loss ${JSON.stringify(loss)} is not a possible number of points`;
  if (!Number.isSafeInteger(decisions) || (decisions as number) < 1 || (decisions as number) > 3 * rules.boxes.length) return `its ${JSON.stringify(decisions)} decisions are not a possible count`;
  return null;
}

/** Why a high score or recent game cannot be one (its review aside: reviewProblem), or null. */
function entryProblem(rules: RuleSet, h: unknown): string | null {
  if (!isObject(h)) return 'it is not an entry';
  const problem = nameProblem(h.name);
  if (problem) return problem;
  if (!isCount(h.total) || h.total > maxCardTotal(rules)) return `a total of ${JSON.stringify(h.total)} is impossible`;
  if (typeof h.date !== 'string' || Number.isNaN(Date.parse(h.date))) return 'it has no date';
  if (h.game !== undefined && !(typeof h.game === 'string' && h.game.length > 0 && h.game.length <= MAX_ID_LENGTH)) return 'its game id is not a short text';
  return null;
}

/** An entry without its review (luck, loss and decisions). */
function withoutReview(h: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'luck' && k !== 'loss' && k !== 'decisions'));
}

/**
 * The sound entries of a list (the high scores, the last games): a damaged one is left out, one whose review alone is
 * damaged is kept without it; each said in `problems`, `what` naming the entry.
 */
function soundEntries(rules: RuleSet, list: readonly unknown[], what: (i: number) => string, problems: string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  list.forEach((h, i) => {
    const problem = entryProblem(rules, h);
    if (problem !== null) {
      problems.push(`${what(i)}: ${problem}`);
      return;
    }
    const entry = h as Record<string, unknown>;
    const review = reviewProblem(rules, entry);
    if (review !== null) problems.push(`${what(i)}'s review: ${review}`);
    out.push(review === null ? entry : withoutReview(entry));
  });
  return out;
}

/**
 * A rule set's record as far as it is sound, and what was not: counts that cannot be (the record's figures) leave the
 * whole record out; a damaged high score or last game leaves only itself out (a damaged review only the review), so
 * that one bad entry does not cost the rest.
 */
function soundRecord(rules: RuleSet, r: unknown): { record: Record<string, unknown> | null; problems: string[] } {
  const whole = (problem: string) => ({ record: null, problems: [problem] });
  if (!isObject(r)) return whole('it is not a record');
  const { games, points, yahtzees, upperBonuses, top, recent } = r;
  if (!isCount(games) || !isCount(points) || !isCount(yahtzees) || !isCount(upperBonuses)) return whole('a count is not a whole number of 0 or more');
  if (upperBonuses > games) return whole(`${upperBonuses === 1 ? '1 upper bonus' : `${upperBonuses} upper bonuses`} in ${plural(games, 'game')}`);
  if (rules.upperBonus === null && upperBonuses > 0) return whole('upper bonuses in a rule set without one');
  if (yahtzees > games * maxYahtzees(rules)) return whole(`${plural(yahtzees, 'Yahtzee')} in ${plural(games, 'game')}`);
  if (points > games * maxCardTotal(rules)) return whole(`${plural(points, 'point')} in ${plural(games, 'game')}`);
  if (!Array.isArray(top) || top.length > Math.min(TOP_SIZE, games)) return whole('the list of high scores is too long for the games played');
  if (recent !== undefined && (!Array.isArray(recent) || recent.length > RECENT_SIZE)) return whole(`the last games are not a list of at most ${RECENT_SIZE}`);
  const problems: string[] = [];
  const kept = soundEntries(rules, top as unknown[], (i) => `high score ${i + 1}`, problems);
  // Highest first, the earlier of equal totals ahead (a stable sort keeps the file's order of equals).
  const sorted = [...kept].sort((a, b) => (b.total as number) - (a.total as number));
  if (sorted.some((h, i) => h !== kept[i])) problems.push('the high scores were out of order (put in order)');
  if (sorted.reduce((sum, h) => sum + (h.total as number), 0) > points) return whole('the high scores add up to more than all the points');
  const last = recent === undefined ? undefined : soundEntries(rules, recent as unknown[], (i) => `last game ${i + 1}`, problems);
  return { record: { ...r, top: sorted, ...(last !== undefined ? { recent: last } : {}) }, problems };
}

/** A rule set's record whose high scores (and last games) hold names the name rule refuses, with those names repaired where something is left. */
function withRepairedTop(record: unknown): unknown {
  if (!isObject(record)) return record;
  return record.recent === undefined ? { ...record, top: withRepairedNames(record.top) } : { ...record, top: withRepairedNames(record.top), recent: withRepairedNames(record.recent) };
}

/**
 * What parseScores found: the book, and the rule sets whose records were left out (each "id: why"), or why the file
 * cannot be used at all.
 */
export type ScoresParse = { readonly ok: true; readonly book: ScoreBook; readonly leftOut: readonly string[] } | { readonly ok: false; readonly error: string };

/**
 * Reads the high score file's text: the book, or why it cannot be used. What is damaged is left out, as little as can
 * be (soundRecord), and the rest kept. Pure.
 */
export function parseScores(text: string): ScoresParse {
  const json = parseJson(text);
  if (!json.ok) return json;
  const value = json.value;
  if (!isObject(value) || value.format !== SCORES_FORMAT) return { ok: false, error: 'it is not a yahtzee high score file' };
  if (value.version !== SCORES_VERSION) {
    return { ok: false, error: `it was written by another version of yahtzee (format ${JSON.stringify(value.version)}; this version reads ${SCORES_VERSION})` };
  }
  if (!isObject(value.rules)) return { ok: false, error: 'the rule sets are missing' };
  const ids = value.recorded;
  if (ids !== undefined && !(Array.isArray(ids) && ids.length <= RECORDED_IDS && ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH))) {
    return { ok: false, error: `the ids of the games recorded are not a list of at most ${RECORDED_IDS} short texts` };
  }
  const rules: Record<string, unknown> = {};
  const leftOut: string[] = [];
  for (const [id, record] of Object.entries(value.rules)) {
    if (!isRuleSetId(id)) {
      leftOut.push(`unknown rule set "${id}"`);
      continue;
    }
    const sound = soundRecord(getRuleSet(id), withRepairedTop(record));
    leftOut.push(...sound.problems.map((p) => `${id}: ${p}`));
    if (sound.record !== null) rules[id] = sound.record;
  }
  return { ok: true, book: ids === undefined ? { rules } : { rules, recorded: ids as string[] }, leftOut };
}

/**
 * Loads the high scores. A file that cannot be used is moved aside (never deleted) and the scores start afresh; one
 * with damaged records is moved aside too, and the records that are sound are written back in its place (under the
 * scores' lock; while another copy holds it they are shown and the file is left as it is).
 */
export function loadScores(dirs: StorageDirs, options: StorageOptions = {}): ScoresLoad {
  return loadBook(dirs, options, (repair) => {
    const locked = withLock(scoresLockPath(dirs), repair);
    return locked.ok ? locked.value : null;
  });
}

/** loadScores for a caller holding the scores' lock already. */
function loadLocked(dirs: StorageDirs, options: StorageOptions): ScoresLoad {
  return loadBook(dirs, options, (repair) => repair());
}

function loadBook(dirs: StorageDirs, options: StorageOptions, locked: (repair: () => ScoresLoad) => ScoresLoad | null): ScoresLoad {
  const read = readScoresFile(dirs, options);
  if (read.kind === 'missing') return { book: EMPTY_BOOK };
  if (read.kind === 'damaged') return { book: EMPTY_BOOK, notice: read.notice };
  const { book, leftOut } = read.value;
  if (leftOut.length === 0) return { book };
  return locked(() => repairBook(dirs, options)) ?? { book, notice: printable(`The high score file has damaged records, left out for now: ${leftOut.join('; ')}.`) };
}

function readScoresFile(dirs: StorageDirs, options: StorageOptions): DataRead<{ book: ScoreBook; leftOut: readonly string[] }> {
  return readDataFile(scoresPath(dirs), 'high score file', (text) => {
    const parsed = parseScores(text);
    return parsed.ok ? { ok: true, value: parsed } : parsed;
  }, options, 'The high scores start afresh.');
}

/** With the scores' lock held: the file read again and, if records are still damaged, moved aside and the rest written back. */
function repairBook(dirs: StorageDirs, options: StorageOptions): ScoresLoad {
  const read = readScoresFile(dirs, options);
  if (read.kind === 'missing') return { book: EMPTY_BOOK };
  if (read.kind === 'damaged') return { book: EMPTY_BOOK, notice: read.notice };
  const { book, leftOut } = read.value;
  if (leftOut.length === 0) return { book };
  const file = scoresPath(dirs);
  const damaged = `The high score file had damaged records, left out: ${leftOut.join('; ')}.`;
  const movedTo = moveAside(file, options.now ?? new Date(), options.io ?? realFs);
  if (movedTo === null) return { book, notice: printable(`${damaged} The file could not be moved aside and was left as it is.`) };
  const written = writeBook(dirs, book, options);
  const kept = Object.keys(book.rules).length > 0 ? 'The other records were kept' : 'Nothing else was in it';
  const after = written.ok ? `${kept}; the file as it was is at ${movedTo}.` : `The file as it was is at ${movedTo}; ${written.error}.`;
  return { book, notice: printable(`${damaged} ${after}`) };
}

function writeBook(dirs: StorageDirs, book: ScoreBook, options: StorageOptions): WriteResult {
  const file = scoresPath(dirs);
  const content = { format: SCORES_FORMAT, version: SCORES_VERSION, rules: book.rules, ...(book.recorded && book.recorded.length > 0 ? { recorded: book.recorded } : {}) };
  const written = writeFileAtomic(file, JSON.stringify(content, null, 2) + '\n', options.io ?? realFs);
  return written.ok ? written : { ok: false, error: `the high scores could not be saved in ${file}: ${written.error}` };
}

/** Adds finished cards to a rule set's record (pure): the new record and each card's place in the top ten; `game` is the game's id for its last games. */
export function addToRecord(rulesId: RuleSetId, record: RuleRecord | undefined, entries: readonly GameEntry[], date: string, game?: string): { record: RuleRecord; ranks: (number | null)[] } {
  const rules = getRuleSet(rulesId);
  const scored: HighScore[] = entries.map((e) => ({ name: e.name, total: cardTotal(rules, e.card), date, ...reviewFields(e.review) }));
  const recent: RecentGame[] = [...(record?.recent ?? []), ...scored.map((h) => (game === undefined ? h : { ...h, game }))].slice(-RECENT_SIZE);
  const ranked = [...(record?.top ?? []), ...scored].sort((a, b) => b.total - a.total || Date.parse(a.date) - Date.parse(b.date));
  const top = ranked.slice(0, TOP_SIZE);
  const next: RuleRecord = {
    games: (record?.games ?? 0) + entries.length,
    points: (record?.points ?? 0) + scored.reduce((s, e) => s + e.total, 0),
    yahtzees: (record?.yahtzees ?? 0) + entries.reduce((s, e) => s + yahtzeesOnCard(rules, e.card), 0),
    upperBonuses: (record?.upperBonuses ?? 0) + entries.filter((e) => upperBonus(rules, e.card) > 0).length,
    top,
    recent,
  };
  const ranks = scored.map((e) => {
    const i = top.indexOf(e);
    return i >= 0 ? i + 1 : null;
  });
  return { record: next, ranks };
}

/** "1st", "2nd", "3rd", "11th". */
function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}

/** "the best", "the 2nd best", "the 3rd best", "the 11th best": a place in the high-score table in words. */
function bestWords(rank: number): string {
  return rank === 1 ? 'the best' : `the ${ordinal(rank)} best`;
}

/**
 * The notice of the people's new places in the high-score table of the rule set on this machine, which held `before`
 * entries. The table holds people only, and it says so, for a computer may have scored more in the same game. One
 * person: "ANN: a high score, the 2nd best a person has made with the official rules on this machine" when it beat
 * one kept before; a first score or one that only filled a free place is not called high ("the first score kept",
 * "on the high-score table, 7th"). Several, best first: "High-score table: ANN 1st, BOB 5th (official rules, this
 * machine)", short enough for four names of ten letters in 80 columns. Worded so that where the line is short the
 * clauses left off are the last ones. Null when nobody entered the table.
 */
export function highScoreNotice(rulesTitle: string, ranked: readonly { readonly name: string; readonly rank: number | null }[], before: number): string | null {
  const entered = ranked.flatMap(({ name, rank }) => (rank === null ? [] : [{ name, rank }]));
  if (entered.length === 0) return null;
  if (entered.length === 1) {
    const { name, rank } = entered[0];
    if (before === 0) return `${name}: the first score kept for the ${rulesTitle} on this machine (yahtzee scores lists them)`;
    if (rank > before) return `${name}: on the high-score table, ${ordinal(rank)} of the ${rulesTitle} on this machine`;
    return `${name}: a high score, ${bestWords(rank)} a person has made with the ${rulesTitle} on this machine`;
  }
  const places = entered.sort((x, y) => x.rank - y.rank).map(({ name, rank }) => `${name} ${ordinal(rank)}`);
  return `High-score table: ${places.join(', ')} (${rulesTitle}, this machine)`;
}

/** Options of recordGame: the test hooks and the game's id. */
export interface RecordOptions extends StorageOptions {
  /** The game's id (unique to the game, kept in its save): a game whose id is recorded already is not recorded again. */
  readonly gameId?: string;
}

/**
 * Records a finished game's cards (one per human player) under its rule set, written atomically.
 * Each entry must be a complete, possible card with a proper name; otherwise nothing is recorded. Never throws.
 * With a `gameId`, recording is idempotent: the id is written with the scores, and a game already recorded is not
 * recorded again (a game resumed after a kill that came between the scores and its save).
 */
export function recordGame(dirs: StorageDirs, rulesId: RuleSetId, entries: readonly GameEntry[], options: RecordOptions = {}): RecordResult {
  // Read, changed and written under the lock, so that two games ending at once both count.
  const locked = withLock(scoresLockPath(dirs), () => recordUnlocked(dirs, rulesId, entries, options));
  return locked.ok ? locked.value : { ok: false, error: `the high scores could not be saved in ${scoresPath(dirs)}: ${locked.error}` };
}

/** The lock file of the high scores. */
export const scoresLockPath = (dirs: StorageDirs): string => path.join(dirs.data, SCORES_LOCK);

function recordUnlocked(dirs: StorageDirs, rulesId: RuleSetId, entries: readonly GameEntry[], options: RecordOptions): RecordResult {
  // `invalid`: entries that no retry can write (the autosave leaves them out rather than keep trying).
  if (!isRuleSetId(rulesId)) return { ok: false, error: `unknown rule set ${JSON.stringify(rulesId)}`, invalid: true };
  const rules = getRuleSet(rulesId);
  for (const [i, e] of entries.entries()) {
    const problem =
      nameProblem(e?.name) ??
      cardProblem(rules, e?.card) ??
      (isCardComplete(rules, e.card) ? null : 'the card is not complete') ??
      (e.review === undefined ? null : reviewProblem(rules, { ...e.review }));
    if (problem) return { ok: false, error: `entry ${i + 1} was not recorded: ${problem}`, invalid: true };
  }
  if (entries.length === 0) return { ok: true, ranks: [] };
  const loaded = loadLocked(dirs, options);
  const notice = loaded.notice !== undefined ? { notice: loaded.notice } : {};
  const id = options.gameId !== undefined && options.gameId.length > 0 ? options.gameId.slice(0, MAX_ID_LENGTH) : undefined;
  const ids = loaded.book.recorded ?? [];
  if (id !== undefined && ids.includes(id)) return { ok: true, ranks: entries.map(() => null), duplicate: true, ...notice };
  const { record, ranks } = addToRecord(rulesId, loaded.book.rules[rulesId], entries, (options.now ?? new Date()).toISOString(), id);
  const recorded = id === undefined ? ids : [...ids, id].slice(-RECORDED_IDS);
  const written = writeBook(dirs, { rules: { ...loaded.book.rules, [rulesId]: record }, recorded }, options);
  const before = loaded.book.rules[rulesId]?.top.length ?? 0;
  return written.ok ? { ok: true, ranks, before, ...notice } : { ok: false, error: written.error, ...notice };
}

/** The review fields of an entry: none, or the three. */
function reviewFields(review: GameReview | null | undefined): Partial<GameReview> {
  return review == null ? {} : { luck: review.luck, loss: review.loss, decisions: review.decisions };
}

/**
 * Adds the reviews of a game recorded earlier under `gameId` (they are known once the strategy table is, which may be
 * after the game was recorded): `reviews` in the order of its entries (humanReviews), null where one is not known.
 * Its last games and its high scores get them; a game not among the last games changes nothing. Never throws.
 */
export function addReviews(dirs: StorageDirs, rulesId: RuleSetId, gameId: string, reviews: readonly (GameReview | null)[], options: StorageOptions = {}): WriteResult {
  const locked = withLock(scoresLockPath(dirs), () => addReviewsUnlocked(dirs, rulesId, gameId.slice(0, MAX_ID_LENGTH), reviews, options));
  return locked.ok ? locked.value : { ok: false, error: `the reviews could not be saved with the high scores in ${scoresPath(dirs)}: ${locked.error}` };
}

function addReviewsUnlocked(dirs: StorageDirs, rulesId: RuleSetId, gameId: string, reviews: readonly (GameReview | null)[], options: StorageOptions): WriteResult {
  if (!isRuleSetId(rulesId)) return { ok: false, error: `unknown rule set ${JSON.stringify(rulesId)}` };
  const rules = getRuleSet(rulesId);
  for (const [i, r] of reviews.entries()) {
    const problem = r === null ? null : reviewProblem(rules, { ...r });
    if (problem) return { ok: false, error: `review ${i + 1} was not saved: ${problem}` };
  }
  const loaded = loadLocked(dirs, options);
  const record = loaded.book.rules[rulesId];
  const recent = record?.recent ?? [];
  const entries = recent.flatMap((h, i) => (h.game === gameId ? [i] : []));
  if (record === undefined || entries.length === 0 || reviews.every((r) => r === null)) return { ok: true };
  const nextRecent = [...recent];
  let top = record.top;
  entries.forEach((at, k) => {
    const review = reviews[k];
    if (review == null) return;
    const h = recent[at];
    nextRecent[at] = { ...h, ...reviewFields(review) };
    // The same score among the best ten (the same name, total and date) gets it too, once.
    const t = top.findIndex((x) => x.name === h.name && x.total === h.total && x.date === h.date && x.luck === undefined);
    if (t >= 0) top = top.map((x, i) => (i === t ? { ...x, ...reviewFields(review) } : x));
  });
  const book: ScoreBook = { rules: { ...loaded.book.rules, [rulesId]: { ...record, top, recent: nextRecent } }, ...(loaded.book.recorded ? { recorded: loaded.book.recorded } : {}) };
  return writeBook(dirs, book, options);
}

/** The reviews of a finished game's entries (as humanEntries lists them) from each seat's review, null where none. */
export function humanReviews(state: GameState, bySeat: readonly (GameReview | null)[]): (GameReview | null)[] {
  if (state.phase !== 'gameOver') return [];
  const rules = getRuleSet(state.rules);
  return state.players.flatMap((p, i) => (p.kind === 'human' && isCardComplete(rules, state.cards[i]) ? [bySeat[i] ?? null] : []));
}

/** Clears the high scores of one rule set, or of all when none is given. */
export function clearScores(dirs: StorageDirs, rulesId?: RuleSetId, options: StorageOptions = {}): WriteResult & { readonly notice?: string } {
  const locked = withLock(scoresLockPath(dirs), () => clearUnlocked(dirs, rulesId, options));
  return locked.ok ? locked.value : { ok: false, error: `the high scores could not be cleared in ${scoresPath(dirs)}: ${locked.error}` };
}

function clearUnlocked(dirs: StorageDirs, rulesId: RuleSetId | undefined, options: StorageOptions): WriteResult & { readonly notice?: string } {
  const loaded = loadLocked(dirs, options);
  const rules = rulesId === undefined ? {} : Object.fromEntries(Object.entries(loaded.book.rules).filter(([id]) => id !== rulesId));
  const written = writeBook(dirs, { rules, ...(loaded.book.recorded ? { recorded: loaded.book.recorded } : {}) }, options);
  return loaded.notice !== undefined ? { ...written, notice: loaded.notice } : written;
}

/** The finished cards of the human players of a game that is over, for recordGame (none when a target match ended it early). */
export function humanEntries(state: GameState): GameEntry[] {
  if (state.phase !== 'gameOver') return [];
  const rules = getRuleSet(state.rules);
  return state.players.flatMap((p, i) => (p.kind === 'human' && isCardComplete(rules, state.cards[i]) ? [{ name: p.name, card: state.cards[i] }] : []));
}

/** The figures to show for a rule set's record. */
export function summarize(rulesId: RuleSetId, record: RuleRecord | undefined): RuleSummary {
  const rules = getRuleSet(rulesId);
  const games = record?.games ?? 0;
  return {
    games,
    average: games > 0 ? Math.round((10 * (record?.points ?? 0)) / games) / 10 : 0,
    best: record?.top[0]?.total ?? null,
    yahtzees: record?.yahtzees ?? 0,
    upperBonuses: rules.upperBonus === null ? null : (record?.upperBonuses ?? 0),
    top: record?.top ?? [],
  };
}

/** The rule sets that have games recorded, in the usual order. */
export function playedRuleSets(book: ScoreBook): RuleSetId[] {
  return RULE_SET_IDS.filter((id) => (book.rules[id]?.games ?? 0) > 0);
}
