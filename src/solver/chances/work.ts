import { EMPTY_CARD, getRuleSet, isFilled, type Card, type RuleSetId } from '../../engine/index.js';
import type { ScoreDistribution } from '../distribution/distribution.js';
import { cacheFile, writeCachedTable } from '../strategy/cache.js';
import { TurnSolver } from '../strategy/core.js';
import { distributionsInChild, startSolverChild, type StartChild } from '../workers/childClient.js';
import { makeTableOnce, type TableWait } from '../workers/tableLock.js';
import { KEEP_LEVEL, decodeDistributions, distributionFile, finalDistribution, readDistributions, solveDistributionsHere, writeDistributions, type DistributionTable } from '../distribution/distributionTable.js';
import { winChances } from './winChances.js';
import { gameDifference, matchChances, type MatchSoFar } from './matchChances.js';
import { cardKey, type ChancesAnswer, type ChancesStage, type ChancesTurn, type WinQuestion } from './messages.js';
import { midTurnFinal, turnEndStates, turnEnds, type TurnEnds } from '../distribution/midTurn.js';
import { readSomeDistributions } from '../distribution/partialRead.js';
import { prepare } from '../strategy/prepare.js';
import type { RuleTables } from '../strategy/ruleTables.js';
import { solveInThread } from '../strategy/solve.js';
import { popcount, stateIndex } from '../strategy/state.js';
import { makeTable, stateFor, type StrategyTable } from '../strategy/table.js';
import { winTurnWork, type WinReply } from '../win/turnWork.js';

/*
 * The work of the chances' child process (child.ts): each seat's chance to win, and a win seat's turn work. It reads
 * the strategy table from the cache itself, so the game's copy is neither shared nor sent.
 */

/** True when a card is early enough that its distribution comes from the distribution table (made once, cached). */
function early(rules: RuleSetId, card: Card): boolean {
  return getRuleSet(rules).boxes.filter((b) => isFilled(card, b.id)).length <= KEEP_LEVEL;
}

/*
 * A missing strategy table is made in this process's own thread (workers/load.ts would start workers for it, which
 * would only cost memory); a missing distribution table in a child process of its own (makeDistributions). Either is
 * made once per machine, then cached.
 */

/** The whole-game strategy table from its cache file, else computed here and cached. */
function strategyTable(rules: RuleSetId, onProgress: (done: number, total: number) => void): StrategyTable {
  const file = cacheFile(rules);
  const prepared = prepare(rules, file);
  if (typeof prepared.cached !== 'string') return makeTable(rules, prepared.cached);
  onProgress(0, prepared.states);
  const values = solveInThread(prepared.tables, 0, (done) => onProgress(done, prepared.states));
  writeCachedTable(prepared.tables, values, file);
  return makeTable(rules, values);
}

/** The states a whole distribution pass computes (as workers/distributionSolve.ts counts them), for its progress. */
function distributionStates(t: RuleTables): number {
  const solver = new TurnSolver(t);
  let n = 0;
  for (let mask = 0; mask < (1 << t.boxCount) - 1; mask++) n += solver.statesComputed(mask);
  return n;
}

/**
 * The distribution table, made once per machine: in a child process (workers/childClient.ts), whose few hundred
 * megabytes leave with it, then read from the cache file it wrote (only the states wanted), or from the bytes it sent
 * where it could not write the file. Made here only when no process can be started at all; a child that fails or
 * dies (killed for its memory, say) is an error: this process does not try the same pass itself.
 */
export async function makeDistributions(
  table: StrategyTable,
  wanted: ReadonlySet<number>,
  onProgress: (done: number, total: number) => void,
  start: StartChild = startSolverChild,
  onWait?: TableWait,
): Promise<DistributionTable> {
  const file = distributionFile(table.rules);
  // One child for the copies sharing the cache (workers/tableLock.ts): the others wait, then read the file it wrote.
  const written = () => readSomeDistributions(table.tables, file, wanted) ?? readDistributions(table.tables, file) ?? undefined;
  return makeTableOnce(file, written, () => makeInChild(table, wanted, onProgress, start), { onWait });
}

/** makeDistributions holding the table's lock. */
async function makeInChild(table: StrategyTable, wanted: ReadonlySet<number>, onProgress: (done: number, total: number) => void, start: StartChild): Promise<DistributionTable> {
  const file = distributionFile(table.rules);
  const made = await distributionsInChild(table.rules, file, onProgress, start);
  if (made.kind === 'saved') {
    const read = readSomeDistributions(table.tables, file, wanted) ?? readDistributions(table.tables, file);
    if (read) return read;
    throw new Error('the distribution table was written but cannot be read back');
  }
  if (made.kind === 'table') {
    const decoded = decodeDistributions(table.tables, made.bytes);
    if (decoded) return decoded;
    throw new Error('the distribution table came back damaged');
  }
  if (made.kind !== 'not-started') throw new Error(`the distribution table's process answered ${made.kind}`);
  const total = distributionStates(table.tables);
  onProgress(0, total);
  const dist = solveDistributionsHere(table.tables, table.values, (done) => onProgress(done, total));
  writeDistributions(table.tables, dist, file);
  return dist;
}

/** The whole-game strategy tables this process holds, by rule set. */
const held = new Map<RuleSetId, StrategyTable>();

/**
 * The whole-game strategy table of `rules`: held, else made of the `values` given (a test's, a benchmark's), else read
 * from its cache (made here and cached if missing). Held as one object, since what is worked out from it is kept by it.
 */
function tableFor(rules: RuleSetId, onProgress: (done: number, total: number) => void, values?: Float64Array): StrategyTable {
  let table = held.get(rules);
  if (table === undefined || (values !== undefined && table.values !== values)) {
    table = values !== undefined ? makeTable(rules, values) : strategyTable(rules, onProgress);
    held.set(rules, table);
  }
  return table;
}

/**
 * The turn in play's distributions (the states it can end in, from turnEnds) and the final distributions from its
 * positions so far, for the card whose turn it is: each roll of that turn is then one mix, or nothing at all for a
 * position asked again. Let go when another card's turn is asked about.
 */
let turnHeld: { readonly key: string; readonly ends: TurnEnds; readonly positions: Map<string, ScoreDistribution> } | null = null;

/** What names a position in a turn: the dice (in any order) and the rolls left. */
const positionKey = (turn: ChancesTurn) => `${[...turn.dice].sort().join('')}/${turn.rollsLeft}`;

/** The final distribution from a position of the turn held, when it was asked before. */
function heldPosition(rules: RuleSetId, card: Card, turn: ChancesTurn): ScoreDistribution | undefined {
  return turnHeld?.key === cardKey(rules, card) ? turnHeld.positions.get(positionKey(turn)) : undefined;
}

/** A fresh game's difference (seat 0's final less seat 1's), by rule set: one small array, made once per process. */
const freshDifferences = new Map<RuleSetId, ScoreDistribution>();

/** Where no game is still to come after the one in play, the fresh game's difference plays no part. */
const NO_GAME: ScoreDistribution = { lo: 0, p: Float64Array.of(1) };

/**
 * Each seat's chance to win from its card, every seat playing optimally: the whole-game strategy table's `values`
 * where the caller has them (a test, a benchmark), else the table this process holds (tableFor); for cards early
 * enough to need the distribution table, only their distributions read from its cache file (the table is made in a
 * child process, and cached, if missing), nothing of it kept after, to keep the memory down; seats on the same card
 * share its distribution. With `turn`, that seat
 * from the dice on the table and the rolls left (the turn's distributions held for its next rolls). With `match` (two
 * seats in a match of games), each seat's chance to win the match too; a fresh game's distribution, when games are
 * still to come, is given (by the empty card's cardKey) or read from the distribution table, and sent back in `made`.
 */
export async function chancesFor(
  rules: RuleSetId,
  cards: readonly Card[],
  onProgress: (stage: ChancesStage, done: number, total: number) => void,
  values?: Float64Array,
  given: readonly (readonly [string, ScoreDistribution])[] = [],
  turn?: ChancesTurn,
  match?: MatchSoFar,
): Promise<ChancesAnswer> {
  const known = new Map<string, ScoreDistribution>(given);
  const made: [string, ScoreDistribution][] = [];
  const fromStart = cards.filter((_, i) => i !== turn?.seat);
  const missing = fromStart.filter((c) => !known.has(cardKey(rules, c)));
  const turnCard = turn && cards[turn.seat];
  let position = turn && heldPosition(rules, turnCard!, turn);
  const finalOf = (card: Card, i: number) => (i === turn?.seat ? position! : known.get(cardKey(rules, card))!);
  const freshKey = cardKey(rules, EMPTY_CARD);
  const inMatch = match !== undefined && cards.length === 2 ? match : undefined;
  const needFresh = inMatch !== undefined && inMatch.gamesAfter > 0 && !freshDifferences.has(rules) && !known.has(freshKey);
  const answer = (): ChancesAnswer => {
    const finals = cards.map(finalOf);
    if (inMatch === undefined) return { ...winChances(finals), made };
    const fresh = inMatch.gamesAfter === 0 ? NO_GAME : freshDifference(rules, known.get(freshKey));
    return { ...winChances(finals), match: matchChances(gameDifference(finals[0], finals[1]), fresh, inMatch), made };
  };
  // Every distribution given or held: no table needed.
  if (missing.length === 0 && (!turn || position) && !needFresh) return answer();
  const table = tableFor(rules, (d, t) => onProgress('strategy', d, t), values);
  const t = table.tables;
  // Only the distributions these cards need, streamed from the cache file: the early cards' own, and the states an
  // early turn in play can end in.
  const wanted = new Set(missing.filter((c) => early(rules, c)).map((c) => stateIndex(t, stateFor(table, c))));
  const turnState = turnCard && stateFor(table, turnCard);
  const needEnds = turn && !position && turnHeld?.key !== cardKey(rules, turnCard!);
  if (needEnds && popcount(turnState!.mask) + 1 <= KEEP_LEVEL) for (const s of turnEndStates(t, table.values, turnState!)) wanted.add(s);
  let dist: DistributionTable | undefined;
  if (wanted.size > 0 || needFresh) {
    // The whole table if it cannot be read so, made if missing (while another copy makes it, the game is told the
    // table is being made, with no share done).
    const file = distributionFile(rules);
    dist = readSomeDistributions(t, file, wanted) ?? readDistributions(t, file) ?? (await madeOnce(rules, () => makeDistributions(table, wanted, (d, n) => onProgress('distribution', d, n), startSolverChild, () => onProgress('distribution', 0, 0))));
  }
  if (needFresh) {
    known.set(freshKey, dist!.fresh);
    made.push([freshKey, dist!.fresh]);
  }
  if (turn && !position) {
    if (needEnds) turnHeld = { key: cardKey(rules, turnCard!), ends: turnEnds(t, table.values, turnState!, dist), positions: new Map() };
    position = midTurnFinal(table, dist, { card: turnCard!, dice: turn.dice, rollsLeft: turn.rollsLeft }, turnHeld!.ends);
    turnHeld!.positions.set(positionKey(turn), position);
  }
  for (const card of fromStart) {
    const key = cardKey(rules, card);
    if (known.has(key)) continue;
    const d = finalDistribution(table, dist, card);
    known.set(key, d);
    made.push([key, d]);
  }
  return answer();
}

/**
 * Why the distribution table of a rule set could not be made, once it could not: not tried again in this process (a
 * process that makes it and is killed for its memory would be started again at every roll).
 */
const unmade = new Map<RuleSetId, string>();

/** The distribution table `make` makes, unless it failed before in this process: then its reason again, at once. */
export async function madeOnce(rules: RuleSetId, make: () => Promise<DistributionTable>): Promise<DistributionTable> {
  const before = unmade.get(rules);
  if (before !== undefined) throw new Error(before);
  try {
    return await make();
  } catch (e) {
    unmade.set(rules, e instanceof Error ? e.message : String(e));
    throw e;
  }
}

/** A fresh game's difference under these rules, from the fresh game's distribution when this process has none yet. */
function freshDifference(rules: RuleSetId, fresh: ScoreDistribution | undefined): ScoreDistribution {
  let d = freshDifferences.get(rules);
  if (d === undefined) {
    if (fresh === undefined) throw new Error("the match's chances need a fresh game's distribution");
    d = gameDifference(fresh, fresh);
    freshDifferences.set(rules, d);
  }
  return d;
}

/** A win seat's turn work: the whole game's table (tableFor), or the table of part of a game the question sent. */
export function winFor(q: WinQuestion): WinReply {
  const table = q.values !== undefined ? makeTable(q.rules, q.values, q.baseMask) : tableFor(q.rules, () => {});
  return winTurnWork(table, q.spec, q.fresh);
}
