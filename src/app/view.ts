import {
  MAX_ROLLS,
  cardSummary,
  currentOptions,
  gameNumber,
  getRuleSet,
  isFilled,
  endedAtTarget,
  isMatchComplete,
  lastGameWinners,
  matchOutcome,
  rulesOf,
  standings,
  targetReached,
  type BoxDef,
  type GameState,
} from '../engine/index.js';
import { getLayout } from './keymaps/index.js';
import type { StrategyTable } from '../solver/index.js';
import { clip, hintLines, hintView, lostText, reviewSummary, strategyWords, type PanelLine, type ReviewView } from './advice.js';
import { computerWaiting } from './computer.js';
import { shownRules } from './labels.js';
import { instructionPages, type InstructionLine } from './instructions.js';
import { hasLanded, type AppModel } from './model.js';
import { SUM_LABELS, bonusLabel, gameGeometry, resultsRoom, resultsWidth, shapeOf, showsComputerTag } from './size.js';
import { fitLines, fitText } from './fit.js';
import { textWidth } from './text.js';
import { yahtzeeWord } from './yahtzee.js';

/** A column head of the chart. */
export interface SeatHead {
  readonly name: string;
  readonly computer: boolean;
  /** A CPU tag under the name: a computer seat whose name does not say so already. */
  readonly tag: boolean;
  /** The seat whose turn it is (none once the game is over). */
  readonly current: boolean;
}

/** One cell of the chart: a score, an open box, or what the current dice would score there. */
export interface ChartCell {
  readonly text: string;
  readonly kind: 'filled' | 'open' | 'potential' | 'refused' | 'sum';
}

/** One row of the chart. */
export interface ChartRow {
  readonly kind: 'box' | 'sum';
  readonly label: string;
  readonly boxId?: string;
  /** The MSX cursor is on this row. */
  readonly cursor: boolean;
  readonly total?: boolean;
  readonly cells: readonly ChartCell[];
}

/** The score chart, ready to draw. */
export interface ChartView {
  readonly seats: readonly SeatHead[];
  readonly rows: readonly ChartRow[];
}

/** The chart's label for a box: its name, after its option number in the Spectrum layout. */
export function boxLabel(model: AppModel, box: BoxDef): string {
  return getLayout(model.layout).boxChoice === 'number' ? `${String(box.option).padStart(2)} ${box.name}` : box.name;
}

const playing = (g: GameState) => g.phase !== 'gameOver';

/** The chart for the game in play: filled scores, and in the current player's open boxes what the dice would score. */
export function chartView(model: AppModel): ChartView {
  const g = model.game;
  if (g === null) return { seats: [], rows: [] };
  const rules = shownRules(model, g);
  // What the dice would score shows once they have landed.
  const options = playing(g) && hasLanded(model) ? currentOptions(g) : null;
  const seats = g.players.map((p, i) => ({ name: p.name, computer: p.kind === 'computer', tag: showsComputerTag(p), current: playing(g) && i === g.current }));
  const summaries = g.players.map((_, i) => cardSummary(g, i));
  const boxRow = (b: BoxDef): ChartRow => ({
    kind: 'box',
    label: boxLabel(model, b),
    boxId: b.id,
    cursor: getLayout(model.layout).boxChoice === 'cursor' && g.phase === 'choosing' && model.cursor === b.id,
    cells: g.cards.map((card, seat): ChartCell => {
      if (isFilled(card, b.id)) return { text: String(card.boxes[b.id]), kind: 'filled' };
      const opt = options && seat === g.current ? options.boxes.find((o) => o.box === b.id) : undefined;
      if (opt?.allowed) return { text: `(${opt.points})`, kind: 'potential' };
      // An open box these dice may not go in (a Joker's rule): marked so, not a blank like another player's.
      return opt ? { text: 'x', kind: 'refused' } : { text: '-', kind: 'open' };
    }),
  });
  // In the Spectrum layout the sums line up with the box names, after the option numbers.
  const indent = getLayout(model.layout).boxChoice === 'number' ? '   ' : '';
  const sumRow = (label: string, value: (i: number) => number, total = false, dashZero = false): ChartRow => ({
    kind: 'sum',
    label: indent + label,
    cursor: false,
    total,
    cells: summaries.map((_, i) => ({ text: dashZero && value(i) === 0 ? '-' : String(value(i)), kind: 'sum' })),
  });
  const rows: ChartRow[] = [];
  rows.push(...rules.boxes.filter((b) => b.section === 'upper').map(boxRow));
  rows.push(sumRow(SUM_LABELS.upper, (i) => summaries[i].upperSubtotal));
  if (rules.upperBonus) rows.push(sumRow(bonusLabel(rules), (i) => summaries[i].upperBonus, false, true));
  rows.push(...rules.boxes.filter((b) => b.section === 'lower').map(boxRow));
  if (rules.yahtzeeBonus > 0) rows.push(sumRow(SUM_LABELS.yahtzee, (i) => summaries[i].yahtzeeBonus, false, true));
  rows.push(sumRow(SUM_LABELS.total, (i) => summaries[i].total, true));
  return { seats, rows };
}

/** The status line's parts. */
export interface StatusView {
  readonly title: string;
  readonly rules: string;
  /** "game 2 of 3", "game 2, first to 500", or empty for a single game. */
  readonly match: string;
  /** "ANN's turn", or "game over". */
  readonly turn: string;
  /** "roll 2 of 3", or empty. */
  readonly roll: string;
}

/** What decides a match, in a few words for the status line: "most games won", "first to 500". */
export function matchRuleShort(match: GameState['match']): string {
  switch (match.kind) {
    case 'single':
      return '';
    case 'games':
      return 'most games won';
    case 'target':
      return `first to ${match.target}`;
  }
}

/** What decides a match, in a sentence for the setup and the instructions. */
export function matchRuleText(match: GameState['match']): string {
  switch (match.kind) {
    case 'single':
      return 'A single game: the highest total wins.';
    case 'games':
      return `${match.games} ${match.games === 1 ? 'game' : 'games'}: the most games won wins the match; level on games, the higher total over the games; level on both, a tie.`;
    case 'target':
      return `First to ${match.target}: the match ends after the round in which a total over the games reaches ${match.target}; the highest total then wins.`;
  }
}

/** The match so far in words: "game 2 of 3, most games won", "game 2, first to 500" ("...: last round"), or "" for a single game. */
export function matchText(g: GameState): string {
  const n = gameNumber(g);
  switch (g.match.kind) {
    case 'single':
      return '';
    case 'games':
      return `game ${n} of ${g.match.games}, ${matchRuleShort(g.match)}`;
    case 'target':
      return `game ${n}, ${matchRuleShort(g.match)}${playing(g) && targetReached(g).length > 0 ? ': last round' : ''}`;
  }
}

/** While a target match is in its last round: "ANN has reached 300: this is the last round"; else null. */
export function lastRoundText(g: GameState): string | null {
  if (g.match.kind !== 'target' || !playing(g)) return null;
  const reached = targetReached(g);
  if (reached.length === 0) return null;
  return `${names(g, reached)} ${reached.length === 1 ? 'has' : 'have'} reached ${g.match.target}: this is the last round`;
}

/** The status line for the model. */
export function statusView(model: AppModel): StatusView {
  const layout = getLayout(model.layout);
  const g = model.game;
  const base = { title: layout.title, rules: getRuleSet(model.settings.rules).title };
  if (g === null) return { ...base, match: '', turn: '', roll: '' };
  if (!playing(g)) return { ...base, match: matchText(g), turn: 'game over', roll: '' };
  const p = g.players[g.current];
  return { ...base, match: matchText(g), turn: `${p.name}'s turn${showsComputerTag(p) ? ' (CPU)' : ''}`, roll: `roll ${g.rollsUsed} of ${MAX_ROLLS}` };
}

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
  /** What the standings hold: the match (games won and total) or the one game (totals). */
  readonly standingsKind: 'match' | 'game';
  readonly matchOver: boolean;
}

function names(g: GameState, seats: readonly number[]): string {
  const list = seats.map((s) => g.players[s].name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** Shorter ways to say the same in a results line, tried in turn until it fits. */
const RESULT_SHORTER: readonly (readonly [string | RegExp, string])[] = [
  [' wins this game with ', ' wins with '],
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

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

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

/** The line that says who won the match and what decided it, or null while it goes on. */
function matchLine(g: GameState): string | null {
  const outcome = matchOutcome(g);
  if (outcome === null) return null;
  const st = standings(g);
  const w = outcome.winners;
  if (g.players.length === 1) {
    return `${g.players[0].name} scores ${st[0].matchTotal} over ${plural(g.results.length, 'game')}`;
  }
  const total = st[w[0]].matchTotal;
  const won = st[w[0]].gamesWon;
  switch (outcome.decidedBy) {
    case 'total':
      return w.length === 1 ? `${names(g, w)} wins the match with ${total}!` : `The match is a tie: ${names(g, w)} with ${total}`;
    case 'games-won':
      return `${names(g, w)} wins the match with ${won} of ${plural(g.results.length, 'game')} won!`;
    case 'games-won-then-total':
      return w.length === 1
        ? `${names(g, w)} wins the match: level on games won (${won}), more points (${total})`
        : `The match is a tie: ${names(g, w)}, ${plural(won, 'game')} won and ${total} points each`;
  }
}

/** The lines the results panel takes at `width` (its lines wrap; the standings come after a blank line). */
export function resultsHeight(view: ResultsView, width: number): number {
  const w = Math.max(1, width);
  const wrapped = view.lines.reduce((n, l) => n + Math.max(1, Math.ceil(textWidth(fitResultLine(l, w)) / w)), 0);
  return 1 + wrapped + (view.standings.length > 0 ? 2 + view.standings.length : 0);
}

/** The width of the standings' table: the place, the name column and the figures (games won and total, or the total). */
export function standingsTableWidth(view: ResultsView): number {
  const nameW = Math.max((view.standingsKind === 'match' ? 'STANDINGS' : 'PLACES').length, ...view.standings.map((st) => textWidth(st.name)));
  return STANDINGS_PLACE + nameW + (view.standingsKind === 'match' ? 12 : 7);
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
 * under it): stacked when that fits; else the standings, and the review if there is width for it, side by side
 * with the winner lines, so the screen never grows taller than the game was.
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
  if (stacked <= room) {
    return { side: false, width, leftWidth: width, standingsWidth, review: reviewSummary(review, room - stacked - 1, reviewW(width)), reviewWidth: reviewW(width) };
  }
  const left = width - (view.standings.length > 0 ? standingsWidth + 2 : 0);
  const sideHeight = Math.max(1 + view.lines.length, view.standings.length > 0 ? 1 + view.standings.length : 0);
  if (left < SIDE_MIN || sideHeight > room) return { side: false, width, leftWidth: width, standingsWidth, review: [], reviewWidth: 0 };
  const rw = reviewW(width);
  const withReview = left - rw - 2 >= SIDE_MIN;
  const natural = Math.max(SIDE_MIN, textWidth(view.heading), ...view.lines.map(textWidth));
  return {
    side: true,
    width,
    leftWidth: Math.min(natural, withReview ? left - rw - 2 : left),
    standingsWidth,
    review: withReview ? reviewSummary(review, room, rw) : [],
    reviewWidth: withReview ? rw : 0,
  };
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
    if (endedAtTarget(g)) lines.push(`${names(g, reached)} reached ${g.match.target} in round ${round}`);
    else lines.push(`first to ${g.match.target} points`);
  }
  if (g.players.length === 1) lines.push(`${g.players[0].name} scores ${top}${single ? '' : ' in this game'}`);
  else if (winners.length === 1) lines.push(`${names(g, winners)} wins${single ? '' : ' this game'} with ${top}`);
  else if (winners.length > 1) lines.push(`A tie: ${names(g, winners)} with ${top}`);
  const decided = single ? null : matchLine(g);
  if (decided) lines.push(decided);
  const st = standings(g);
  const heading = single ? 'GAME OVER' : g.match.kind === 'games' ? `GAME ${g.results.length} OF ${g.match.games} OVER` : `GAME ${g.results.length} OVER`;
  if (single) {
    // A ranked list of the game's totals for three or four seats (two say it all in the winner line).
    const places = g.players.length >= 3 && last ? ranked(st, (x) => [last.totals[x.seat]]) : [];
    const standingsLines = places.map(({ item, place }) => ({ place, name: item.name, won: 0, tied: 0, total: last!.totals[item.seat], leader: place === 1 }));
    return { heading, lines, standings: standingsLines, standingsKind: 'game', matchOver };
  }
  // Best first, by what decides the match: games won then points, or points.
  const order = ranked(st, (x) => (g.match.kind === 'games' ? [x.gamesWon, x.matchTotal] : [x.matchTotal]));
  return {
    heading,
    lines,
    standings: order.map(({ item, place }) => ({ place, name: item.name, won: item.gamesWon, tied: item.gamesTied, total: item.matchTotal, leader: place === 1 })),
    standingsKind: 'match',
    matchOver,
  };
}

/**
 * The turn panel: while choosing, the box under the cursor (MSX) or the option typed (Spectrum); a computer's
 * choice shows the same way. Whose turn it is and which roll are on the status line, not here again.
 */
export function turnPanel(model: AppModel): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g)) return [];
  const rules = rulesOf(g);
  const p = g.players[g.current];
  const computer = p.kind === 'computer' && model.computerPlays;
  const five = hasLanded(model) && g.dice.every((d) => d === g.dice[0]);
  if (g.phase === 'rolling') {
    if (computer) return [{ text: 'the computer is playing…', role: 'dim' }];
    return five ? [{ text: yahtzeeWord(model), role: 'heading' }] : [];
  }
  if (getLayout(model.layout).boxChoice === 'number') {
    return [{ text: 'choose a scoring option' }, { text: `OPTION (1-${rules.boxes.length})? ${model.option}_`, role: 'field' }];
  }
  const box = rules.boxes.find((b) => b.id === model.cursor);
  const opt = box ? currentOptions(g).boxes.find((o) => o.box === box.id) : undefined;
  const what = box && opt ? (opt.allowed ? `${box.name}: ${opt.points} ${opt.points === 1 ? 'point' : 'points'}` : `${box.name}: not allowed`) : '';
  return [{ text: 'choose a box' }, { text: what, role: 'field' }];
}

/**
 * The panel next to the dice, fitted to `room` lines of `width` characters: while a computer waits for its strategy
 * table, that it is thinking (with the progress); on a person's turn with hints up, the hint; else the turn panel.
 */
export function sidePanel(model: AppModel, table: StrategyTable | undefined, room: number, width: number): PanelLine[] {
  const g = model.game;
  if (g === null || !playing(g) || room <= 0) return [];
  if (computerWaiting(model, table)) {
    return fitLines(`the computer is thinking: ${strategyWords(model.strategy, 'its')}`, width, room).map((text): PanelLine => ({ text, role: 'dim' }));
  }
  // The hint is about the dice: it comes when they land.
  const hint = hasLanded(model) ? hintView(model, table) : null;
  if (hint) return hintLines(hint, room, width);
  return turnPanel(model).slice(0, room);
}

/** The instructions page on screen: its lines, and which page of how many. */
export function helpView(model: AppModel): { lines: InstructionLine[]; page: number; pages: number } {
  const pages = instructionPages(getRuleSet(model.settings.rules), getLayout(model.layout), model.size.columns, model.size.rows);
  const page = Math.min(Math.max(0, model.helpPage), pages.length - 1);
  return { lines: pages[page], page, pages: pages.length };
}
