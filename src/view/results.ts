/** The results after a game: who won, the standings, and how the panel is laid out with the review summary. */
import { endedAtTarget, isMatchComplete, lastGameWinners, leaders, standings, targetReached, type GameState } from '../engine/index.js';
import { nameList as names } from '../app/messages.js';
import { matchLine, wonEarlyLine } from '../app/matchWords.js';
import type { AppModel } from '../app/model.js';
import { gameGeometry, resultsRoom, resultsWidth, shapeOf } from '../app/size.js';
import { listWords, textWidth } from '../text/index.js';
import { wrapWords, type PanelLine } from './lines.js';
import { reviewSummary, type ReviewView } from './review.js';
import { lostText } from './words.js';

const playing = (g: GameState) => g.phase !== 'gameOver';

/** One line of the results panel after a game: a seat's place, and in a match its games won and points over the games. */
export interface StandingLine {
  /** 1 for the first; seats level share a place. */
  readonly place: number;
  readonly name: string;
  readonly won: number;
  readonly tied: number;
  readonly total: number;
  readonly leader: boolean;
}

/** The results after a game: who won it, and in a match the standings and, at its end, the match winner. */
export interface ResultsView {
  readonly heading: string;
  readonly lines: readonly string[];
  /** Best first: in a match the standings (games won, total), after a single game of 3-4 seats its places; else empty. */
  readonly standings: readonly StandingLine[];
  /**
   * What the standings hold: a match of a number of games (games won and total), a match to a target (the total: who
   * won a game decides nothing there), or the one game (totals).
   */
  readonly standingsKind: 'games' | 'target' | 'game';
  readonly matchOver: boolean;
}
/** Shorter ways to say the same in a results line, tried in turn until it fits. */
const RESULT_SHORTER: readonly (readonly [string | RegExp, string])[] = [
  [' wins this game with ', ' wins with '],
  [/ wins the match with (\d+) of (\d+ games?) won!$/, ' wins the match: $1 of $2'],
  // The standings under it give the games won.
  [/ wins the match: \d+ of \d+ games?$/, ' wins the match!'],
  [/ in round (\d+) of game \d+$/, ' in round $1'],
  // A game the target cut short: "led with 342" under "reached 500" would read as the match's figure.
  [' led this game with ', ' led this game: '],
  [' led this game: ', ' this game: '],
  [' wins the match!', ' wins the match'],
  ['The match is a tie: ', 'Match tied: '],
  ['A tie: ', 'Tie: '],
  [' wins with ', ': '],
  [' with ', ': '],
  [/ wins the match$/, ' wins match'],
];

/** A results line in the longest wording that fits `width` ("BOB wins this game with 305", "BOB wins with 305", "BOB: 305"). */
export function fitResultLine(line: string, width: number): string {
  let text = line;
  for (const [long, short] of RESULT_SHORTER) {
    if (textWidth(text) <= width) break;
    text = text.replace(long, short);
  }
  return text;
}

/** Seats in order by `keys` (compared in turn, higher first), each with its place (seats level on every key share one). */
function ranked<T>(items: readonly T[], keys: (item: T) => readonly number[]): { item: T; place: number }[] {
  const cmp = (a: T, b: T) => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  const sorted = [...items].sort(cmp);
  return sorted.map((item) => ({ item, place: 1 + sorted.findIndex((other) => cmp(other, item) === 0) }));
}

/** "1", "1 and 3", "1, 2 and 4". */
const numberList = (ns: readonly number[]): string => listWords(ns.map(String));

/**
 * In a match decided by games won, who won the games before this one, grouped by winner: "SPECTRUM won games 1
 * and 3; ANN and BOB tied game 2, which counts for nobody". Null in game 1 and in other matches.
 */
function earlierGamesLine(g: GameState): string | null {
  if (g.match.kind !== 'games' || g.players.length < 2 || g.results.length < 2) return null;
  const groups = new Map<string, { seats: number[]; games: number[] }>();
  g.results.slice(0, -1).forEach((r, i) => {
    const seats = leaders(r.totals);
    const key = seats.join(',');
    const group = groups.get(key) ?? { seats, games: [] };
    group.games.push(i + 1);
    groups.set(key, group);
  });
  const clause = ({ seats, games }: { seats: number[]; games: number[] }) => {
    const which = `${games.length === 1 ? 'game' : 'games'} ${numberList(games)}`;
    return seats.length === 1 ? `${names(g, seats)} won ${which}` : `${names(g, seats)} tied ${which}, which ${games.length === 1 ? 'counts' : 'count'} for nobody`;
  };
  return [...groups.values()].map(clause).join('; ');
}

/**
 * The winner lines as the stacked panel shows them at `width`: each in its longest wording that fits, else wrapped
 * by the word wrapper (which keeps a number with its words and leaves no word alone on a last line).
 */
export function resultTextLines(view: ResultsView, width: number): string[] {
  const w = Math.max(1, width);
  return view.lines.flatMap((l) => wrapWords(fitResultLine(l, w), w));
}

/** The lines the results panel takes at `width` (its lines wrap; the standings come after a blank line). */
export function resultsHeight(view: ResultsView, width: number): number {
  return 1 + resultTextLines(view, width).length + (view.standings.length > 0 ? 2 + view.standings.length : 0);
}

/** The width of the standings' table: the place, the name column and the figures (games won and total, or the total). */
export function standingsTableWidth(view: ResultsView): number {
  const nameW = Math.max(standingsHeading(view).length, ...view.standings.map((st) => textWidth(st.name)));
  return STANDINGS_PLACE + nameW + standingsFiguresWidth(view);
}

/** The heading over the standings' names: a match's standings, or the one game's places. */
export function standingsHeading(view: ResultsView): string {
  return view.standingsKind === 'game' ? 'PLACES' : 'STANDINGS';
}

/** The columns the figures take after the names: games won (in a match of games) and the total, a space before each. */
export function standingsFiguresWidth(view: ResultsView): number {
  return view.standingsKind === 'games' ? 12 : 7;
}

/** The columns the place takes before each name of the standings ("1 "). */
export const STANDINGS_PLACE = 2;

/** How the results panel is laid out after a game, and the review summary that fits with it. */
export interface ResultsPlan {
  /** The standings (and the review) beside the winner lines rather than under them: where the dice row was. */
  readonly side: boolean;
  readonly width: number;
  /** The width of the winner lines' column (all of `width` when stacked). */
  readonly leftWidth: number;
  /** The width of the standings' table. */
  readonly standingsWidth: number;
  readonly review: readonly PanelLine[];
  readonly reviewWidth: number;
}

const SIDE_MIN = 20;

/**
 * The results' layout in the room the game screen leaves for them (beside the chart, or where the dice row was
 * under it): stacked when that fits with as much of the review as side by side would show; else the standings, and
 * the review if there is width for it, side by side with the winner lines, so the screen never grows taller than the
 * game was.
 */
export function resultsPlan(model: AppModel, view: ResultsView, review: ReviewView | null): ResultsPlan {
  const geo = gameGeometry(shapeOf(model), model.size);
  const width = resultsWidth(geo, model.size.columns);
  const room = resultsRoom(geo);
  // The table never wider than the room: a long name is cut (with an ellipsis) before the figures are.
  const standingsWidth = Math.min(width, standingsTableWidth(view));
  const stacked = resultsHeight(view, width);
  const people = (model.game?.players ?? []).filter((p) => p.kind === 'human');
  const reviewW = (w: number) => Math.min(w, Math.max(20, ...people.map((p) => textWidth(p.name) + 1 + textWidth(lostText(999.9)))));
  const stackedPlan: ResultsPlan | null =
    stacked <= room ? { side: false, width, leftWidth: width, standingsWidth, review: reviewSummary(review, room - stacked - 1, reviewW(width)), reviewWidth: reviewW(width) } : null;
  const left = width - (view.standings.length > 0 ? standingsWidth + 2 : 0);
  const sideHeight = Math.max(1 + view.lines.length, view.standings.length > 0 ? 1 + view.standings.length : 0);
  if (left < SIDE_MIN || sideHeight > room) return stackedPlan ?? { side: false, width, leftWidth: width, standingsWidth, review: [], reviewWidth: 0 };
  const rw = reviewW(width);
  const withReview = left - rw - 2 >= SIDE_MIN;
  const natural = Math.max(SIDE_MIN, textWidth(view.heading), ...view.lines.map(textWidth));
  const sidePlan: ResultsPlan = {
    side: true,
    width,
    leftWidth: Math.min(natural, withReview ? left - rw - 2 : left),
    standingsWidth,
    review: withReview ? reviewSummary(review, room, rw) : [],
    reviewWidth: withReview ? rw : 0,
  };
  // Stacked reads best, but not at the cost of the review: side by side, the review has the whole height.
  return stackedPlan !== null && stackedPlan.review.length >= sidePlan.review.length ? stackedPlan : sidePlan;
}

/** The results panel, or null while the game is on. */
export function resultsView(model: AppModel): ResultsView | null {
  const g = model.game;
  if (g === null || playing(g)) return null;
  const last = g.results[g.results.length - 1];
  const winners = lastGameWinners(g) ?? [];
  const top = last ? last.totals[winners[0]] : 0;
  const single = g.match.kind === 'single';
  const matchOver = isMatchComplete(g.match, g.results);
  const lines: string[] = [];
  if (g.match.kind === 'target') {
    const reached = targetReached(g);
    const round = Object.keys(g.cards[0]?.boxes ?? {}).length;
    if (endedAtTarget(g)) lines.push(`${names(g, reached)} reached ${g.match.target} in round ${round} of game ${g.results.length}`);
    else lines.push(`first to ${g.match.target} points`);
  }
  const earlier = earlierGamesLine(g);
  if (earlier) lines.push(earlier);
  const decided = single ? null : matchLine(g);
  // A match of one game said once: its winner (or one player's score) line would say what the match line says.
  const sameAsMatch = decided !== null && g.results.length === 1;
  const nobody = g.match.kind === 'games' ? ', which counts for nobody' : '';
  if (sameAsMatch) {
    // nothing: the match line names the winner and the total
  } else if (g.players.length === 1) lines.push(`${g.players[0].name} scores ${top}${single ? '' : ' in this game'}`);
  // A game the target cut short was led, not won: its turns were not all played.
  else if (winners.length === 1) lines.push(endedAtTarget(g) ? `${names(g, winners)} led this game with ${top}` : `${names(g, winners)} wins${single ? '' : ' this game'} with ${top}`);
  else if (winners.length > 1) lines.push(`A tie: ${names(g, winners)} with ${top}${nobody}`);
  const wonEarly = decided === null ? wonEarlyLine(g) : null;
  if (decided) lines.push(decided);
  else if (wonEarly) lines.push(wonEarly);
  const st = standings(g);
  // The game that reaches the target ends the match, often cut short: "game 2 over" would not say the match is.
  const heading = single ? 'GAME OVER' : g.match.kind === 'games' ? `GAME ${g.results.length} OF ${g.match.games} OVER` : matchOver ? 'MATCH OVER' : `GAME ${g.results.length} OVER`;
  if (single) {
    // A ranked list of the game's totals for three or four seats (two say it all in the winner line).
    const places = g.players.length >= 3 && last ? ranked(st, (x) => [last.totals[x.seat]]) : [];
    const standingsLines = places.map(({ item, place }) => ({ place, name: item.name, won: 0, tied: 0, total: last.totals[item.seat], leader: place === 1 }));
    return { heading, lines, standings: standingsLines, standingsKind: 'game', matchOver };
  }
  // Best first, by what decides the match: games won then points, or points.
  const order = ranked(st, (x) => (g.match.kind === 'games' ? [x.gamesWon, x.matchTotal] : [x.matchTotal]));
  return {
    heading,
    lines,
    standings: order.map(({ item, place }) => ({ place, name: item.name, won: item.gamesWon, tied: item.gamesTied, total: item.matchTotal, leader: place === 1 })),
    standingsKind: g.match.kind === 'games' ? 'games' : 'target',
    matchOver,
  };
}

