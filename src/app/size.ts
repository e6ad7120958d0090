/** The game screen's geometry: the smallest terminal each screen needs, and how the game is arranged at a size. */
import type { LayoutId } from '../input/index.js';
import { getRuleSet, type MatchKind, type RuleSet, type RuleSetId } from '../engine/index.js';
import { textWidth } from '../text/index.js';
import type { AppModel, TermSize } from './model.js';
import { headHasSecondLine } from './chartHeads.js';

/** The smallest terminal for the setup questions and the instructions. */
export const SETUP_MIN: TermSize = { columns: 44, rows: 12 };

/** A die's size on screen, border included. */
export const DIE_WIDTH = 7;
/** A die's height on screen, border included. */
export const DIE_HEIGHT = 5;

/** The dice beside the chart: rows of three and two dice, 1 column apart. */
export const DICE_BESIDE_WIDTH = 3 * DIE_WIDTH + 2;
/** The dice under the chart: one row of five, 2 columns apart. */
export const DICE_ROW_WIDTH = 5 * DIE_WIDTH + 4 * 2;
/** Lines under each die: its letter (and MSX key), and the KEEP/HOLD mark. */
export const DIE_LABEL_LINES = 2;

const MIN_COLUMN = 9;
const MAX_COLUMN = 12;
const MIN_WIDTH = 60;
/** Columns to spare before the game is centred across. */
const CENTRE_MIN = 8;
/** The status, message and prompt lines. */
export const FRAME_ROWS = 3;
/** Blank lines around the chart, drawn when there is room. */
export const MAX_BLANKS = 2;

/** The label of the upper bonus row, such as "Bonus (63+)". */
export function bonusLabel(rules: RuleSet): string {
  return rules.upperBonus ? `Bonus (${rules.upperBonus.threshold}+)` : 'Bonus';
}

/** The fixed labels of the chart's sum rows. */
export const SUM_LABELS = { upper: 'Upper total', yahtzee: 'Yahtzee bonus', total: 'TOTAL', gamesWon: 'Games won', matchTotal: 'Match total' } as const;

/** The labels of a rule set's sum rows: in the sheet's language where the rule set words them, so that the chart speaks one. */
export function sumLabels(rules: RuleSet): { readonly upper: string; readonly yahtzee: string; readonly total: string; readonly gamesWon: string; readonly matchTotal: string } {
  return { ...SUM_LABELS, ...rules.sumLabels };
}

/** The width of the chart's label column: the longest box name (with its option number in the Spectrum layout). */
export function labelWidth(rules: RuleSet, layout: LayoutId): number {
  // Asked for on every key (through the size checks): worked out once per rule set and layout.
  const known = labelWidths.get(rules)?.get(layout);
  if (known !== undefined) return known;
  const prefix = layout === 'spectrum' ? 3 : 0;
  const names = rules.boxes.map((b) => prefix + textWidth(b.name));
  const labels = sumLabels(rules);
  const sums = [labels.upper, labels.yahtzee, labels.gamesWon, labels.matchTotal, bonusLabel(rules)];
  const width = Math.max(...names, ...sums.map((l) => prefix + textWidth(l)));
  labelWidths.set(rules, (labelWidths.get(rules) ?? new Map<LayoutId, number>()).set(layout, width));
  return width;
}

const labelWidths = new WeakMap<RuleSet, Map<LayoutId, number>>();

/**
 * The chart's rows: header, its second line (CPU tags, or the rest of long names) if any, 13 boxes, upper total, bonus and Yahtzee bonus where the rules have
 * them, total, and in a match of more than one game the standings (games won, or the total toward the target).
 */
export function chartRowCount(rules: RuleSet, twoHeaderLines: boolean, hasStandings = false): number {
  return 1 + (twoHeaderLines ? 1 : 0) + rules.boxes.length + 1 + (rules.upperBonus ? 1 : 0) + (rules.yahtzeeBonus > 0 ? 1 : 0) + 1 + (hasStandings ? 1 : 0);
}

/** How the game screen is arranged at a size. */
export interface GameGeometry {
  readonly labelWidth: number;
  /** Width of each player's column. */
  readonly columnWidth: number;
  /** Dice beside the chart (small terminals) or in a row under it (tall ones, as on the Spectrum). */
  readonly dice: 'beside' | 'below';
  readonly chartRows: number;
  readonly chartWidth: number;
  /** A column for the MSX cursor in front of the labels (the Spectrum layout has no cursor). */
  readonly marker: number;
  /** Blank lines to draw around the chart (0-2), as the height allows. */
  readonly blanks: number;
  /** Columns before the game's lines, the status line to the prompt line: the game is centred on a wide terminal. */
  readonly indent: number;
  /** Columns the game spans from `indent` (its status line): the whole width, or on a wide terminal its middle. */
  readonly width: number;
  /** Blank lines above the status line: the game is centred on a tall terminal. */
  readonly top: number;
  /** Columns between the chart and the dice beside it: 2, more where a wide terminal has room to spare. */
  readonly gap: number;
}

/** The columns between the chart and the dice beside it, at the least and on a wide terminal. */
export const CHART_GAP = { least: 2, wide: 6 } as const;

/** What the game screen needs to know about the table. */
export interface TableShape {
  readonly rules: RuleSetId;
  readonly layout: LayoutId;
  readonly players: number;
  readonly hasComputer: boolean;
  /** The seats' names: the chart's head takes a second line for some (chartHeads.ts), at some column widths. */
  readonly names?: readonly string[];
  /** A match of more than one game: the chart has a row for the standings. */
  readonly hasStandings?: boolean;
}

/** The width of the cursor column in front of the chart's labels: 1 with the MSX cursor, 0 without. */
export function markerWidth(layout: LayoutId): number {
  return layout === 'msx' ? 1 : 0;
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** The arrangement used at `size`: with the head's second line where the chart draws one at the columns' width. */
export function gameGeometry(shape: TableShape, size: TermSize): GameGeometry {
  if (shape.hasComputer) return arrange(shape, size, true);
  const one = arrange(shape, size, false);
  // With the second line the columns are no wider: the names cut or split at the first width are so again (but for
  // a name broken at a space whose last word no longer fits: it is cut, and the line left blank).
  return headHasSecondLine(shape.names ?? [], false, one.columnWidth - 1) ? arrange(shape, size, true) : one;
}

/** The arrangement at `size` with the chart's head on one line or two. */
function arrange(shape: TableShape, size: TermSize, twoHeadLines: boolean): GameGeometry {
  const rules = getRuleSet(shape.rules);
  const label = labelWidth(rules, shape.layout);
  const marker = markerWidth(shape.layout);
  const chartRows = chartRowCount(rules, twoHeadLines, shape.hasStandings);
  const n = Math.max(1, shape.players);
  // One row is left free: an Ink frame as tall as the terminal is redrawn from a cleared screen each time.
  const below = size.rows - 1 >= chartRows + FRAME_ROWS + MAX_BLANKS + 1 + DIE_HEIGHT + DIE_LABEL_LINES;
  const room = below ? size.columns - marker - label - 1 : size.columns - marker - label - 1 - 2 - DICE_BESIDE_WIDTH;
  const columnWidth = clamp(Math.floor(room / n), MIN_COLUMN, MAX_COLUMN);
  const used = chartRows + FRAME_ROWS + (below ? 1 + DIE_HEIGHT + DIE_LABEL_LINES : 0);
  const blanks = clamp(size.rows - 1 - used, 0, MAX_BLANKS);
  const chartWidth = marker + label + 1 + n * columnWidth;
  // On a big terminal the game stands in the middle: what it is at its widest (the panel at PANEL_MAX_WIDTH) is
  // centred in the columns, and what is left of the height goes half above it.
  const widestAt = (gap: number) => (below ? Math.max(chartWidth, 1 + DICE_ROW_WIDTH + 3 + PANEL_MAX_WIDTH) : chartWidth + gap + Math.max(DICE_BESIDE_WIDTH, PANEL_MAX_WIDTH));
  // A wide terminal spaces the dice further from the chart, when what is left still centres the game.
  const gap = !below && size.columns - 1 - widestAt(CHART_GAP.wide) >= CENTRE_MIN ? CHART_GAP.wide : CHART_GAP.least;
  // Only on a terminal with real room to spare: a column or two of margin would only shift the game.
  const spare = size.columns - 1 - widestAt(gap);
  const indent = spare >= CENTRE_MIN ? Math.floor(spare / 2) : 0;
  const top = Math.max(0, Math.floor((size.rows - 1 - used - blanks) / 2));
  return { labelWidth: label, columnWidth, dice: below ? 'below' : 'beside', chartRows, chartWidth, marker, blanks, indent, width: size.columns - 2 * indent, top, gap };
}

/**
 * True when a seat's column and turn get a CPU tag: a computer seat whose name does not say so already (a seat
 * named CPU or CPU 2 is not tagged "CPU" again).
 */
export function showsComputerTag(player: { readonly kind: string; readonly name: string }): boolean {
  return player.kind === 'computer' && !/^CPU( \d+)?$/i.test(player.name.trim());
}

/**
 * True when the chart's head may take a second line at some width of its columns, which the smallest terminal makes
 * room for: for the CPU tags, or for a name that the head breaks or splits apart at one of those widths.
 */
function secondHeadLineSomewhere(shape: TableShape): boolean {
  if (shape.hasComputer) return true;
  for (let column = MIN_COLUMN; column <= MAX_COLUMN; column++) if (headHasSecondLine(shape.names ?? [], false, column - 1)) return true;
  return false;
}

/** The smallest terminal the game screen fits in. */
export function gameMinimum(shape: TableShape): TermSize {
  const rules = getRuleSet(shape.rules);
  const label = labelWidth(rules, shape.layout);
  const n = Math.max(1, shape.players);
  return {
    columns: Math.max(MIN_WIDTH, markerWidth(shape.layout) + label + 1 + n * MIN_COLUMN + 2 + DICE_BESIDE_WIDTH),
    rows: chartRowCount(rules, secondHeadLineSomewhere(shape), shape.hasStandings) + FRAME_ROWS + 1,
  };
}

/** A match of more than one game: its standings are worth a row of the chart. */
export function hasMatchStandings(match: MatchKind): boolean {
  return match.kind === 'target' || (match.kind === 'games' && match.games > 1);
}

/** The table shape of the game in play. */
export function shapeOf(model: AppModel): TableShape {
  const players = model.game?.players ?? [];
  const hasStandings = model.game !== null && hasMatchStandings(model.game.match);
  return { rules: model.settings.rules, layout: model.layout, players: players.length, hasComputer: players.some(showsComputerTag), names: players.map((p) => p.name), hasStandings };
}

/** The smallest terminal the current screen fits in. */
export function minimumSize(model: AppModel): TermSize {
  if (model.screen === 'game' && model.game !== null && model.overlay !== 'help') return gameMinimum(shapeOf(model));
  return SETUP_MIN;
}

/** True when the terminal is smaller than the current screen needs (never for a screen reader: words fit any size). */
export function isTooSmall(model: AppModel): boolean {
  if (model.screen === 'done' || model.screenReader) return false;
  const min = minimumSize(model);
  return model.size.columns < min.columns || model.size.rows < min.rows;
}

/**
 * Lines the panel next to the dice has without making the screen taller than the terminal: under the dice beside the
 * chart; beside the row of dice under it, and the rows a tall terminal leaves free below the centred game (as many as
 * are above it), so that a bigger terminal never shows fewer tips than a small one.
 */
export function panelRoom(geo: GameGeometry): number {
  return geo.dice === 'beside' ? geo.chartRows - 2 * (DIE_HEIGHT + DIE_LABEL_LINES) : DIE_HEIGHT + DIE_LABEL_LINES - 1 + geo.top;
}

/**
 * Rows under the chart that the chances in the panel beside it may take: the blank line between the chart and the
 * message line, where there is one. Four seats' chances want six lines, and beside the chart at 80x24 there are four.
 */
export function panelRowsBelow(geo: GameGeometry): number {
  return geo.dice === 'beside' && geo.blanks > 1 ? 1 : 0;
}

/** The panel's widest: a hint line reads best when its values are not far from its words. */
export const PANEL_MAX_WIDTH = 44;

/** The width of the panel next to the dice at a terminal width (at most PANEL_MAX_WIDTH). */
export function panelWidth(geo: GameGeometry, columns: number): number {
  const room = geo.dice === 'beside' ? Math.max(DICE_BESIDE_WIDTH, columns - geo.indent - geo.chartWidth - geo.gap - 1) : Math.max(10, columns - geo.indent - 50);
  return Math.min(PANEL_MAX_WIDTH, room);
}

/**
 * Lines the results have after a game without making the screen taller than the terminal: beside the chart, its
 * rows; under it, where the dice were, and the rows a tall terminal leaves free below the centred game (as many as
 * are above it).
 */
export function resultsRoom(geo: GameGeometry): number {
  return geo.dice === 'beside' ? geo.chartRows : DIE_HEIGHT + DIE_LABEL_LINES + geo.top;
}

/** The width of the results after a game: beside the chart, or the whole width under it. */
export function resultsWidth(geo: GameGeometry, columns: number): number {
  return geo.dice === 'beside' ? Math.max(DICE_BESIDE_WIDTH, columns - geo.indent - geo.chartWidth - geo.gap - 1) : columns - geo.indent - 2;
}
