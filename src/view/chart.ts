/** The score chart: each seat's column, filled scores, and what the dice would score in the open boxes. */
import { cardSummary, currentOptions, isCardComplete, isFilled, standings, upperBonusNeeded, type BoxDef, type GameState } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import { cursorBox, shownRules } from '../app/labels.js';
import { hasLanded, type AppModel } from '../app/model.js';
import { bonusLabel, sumLabels, hasMatchStandings, showsComputerTag } from '../app/size.js';

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
    cursor: getLayout(model.layout).boxChoice === 'cursor' && g.phase === 'choosing' && cursorBox(model, g) === b.id,
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
  // A bonus not (yet) earned is '-' while it may still come (`open` says so for a seat), else 0.
  const sumRow = (label: string, value: (i: number) => number, total = false, open: (i: number) => boolean = () => false): ChartRow => ({
    kind: 'sum',
    label: indent + label,
    cursor: false,
    total,
    cells: summaries.map((_, i) => ({ text: open(i) && value(i) === 0 ? '-' : String(value(i)), kind: 'sum' })),
  });
  const upperOpen = (i: number) => rules.boxes.some((b) => b.section === 'upper' && !isFilled(g.cards[i], b.id));
  const labels = sumLabels(rules);
  const rows: ChartRow[] = [];
  rows.push(...rules.boxes.filter((b) => b.section === 'upper').map(boxRow));
  rows.push(sumRow(labels.upper, (i) => summaries[i].upperSubtotal));
  if (rules.upperBonus) {
    const row = sumRow(bonusLabel(rules), (i) => summaries[i].upperBonus, false, upperOpen);
    // Not earned yet: once an upper box is filled, the points still needed; 0 as soon as it is out of reach.
    const cells = row.cells.map((c, i): ChartCell => {
      if (summaries[i].upperBonus > 0) return c;
      const need = upperBonusNeeded(rules, g.cards[i]);
      if (need === null) return { text: '0', kind: 'sum' };
      const started = rules.boxes.some((b) => b.section === 'upper' && isFilled(g.cards[i], b.id));
      return started ? { text: `need ${need}`, kind: 'open' } : c;
    });
    rows.push({ ...row, cells });
  }
  rows.push(...rules.boxes.filter((b) => b.section === 'lower').map(boxRow));
  // A card the target left unfinished shows its Yahtzee bonus as it shows its upper bonus: '-', not a 0 it did not earn.
  const yahtzeeOpen = (i: number) => playing(g) || !isCardComplete(rules, g.cards[i]);
  if (rules.yahtzeeBonus > 0) {
    const row = sumRow(labels.yahtzee, (i) => summaries[i].yahtzeeBonus, false, yahtzeeOpen);
    // A further Yahtzee on the table: the bonus it brings when scored shows as the boxes' scores do, in brackets.
    const bonus = options?.yahtzeeBonus ?? 0;
    const cells = row.cells.map((c, i): ChartCell => (bonus > 0 && i === g.current ? { text: `(${summaries[i].yahtzeeBonus + bonus})`, kind: 'potential' } : c));
    rows.push({ ...row, cells });
  }
  rows.push(sumRow(labels.total, (i) => summaries[i].total, true));
  const standing = standingsRow(g, indent, labels);
  if (standing) rows.push(standing);
  return { seats, rows };
}

/**
 * In a match of more than one game, the standings under the totals, in each seat's column: games won alone (a tie
 * counts for nobody), dashes until a game has ended; or the points toward the target, this game's so far included.
 */
function standingsRow(g: GameState, indent: string, labels: ReturnType<typeof sumLabels>): ChartRow | null {
  if (!hasMatchStandings(g.match)) return null;
  const st = standings(g);
  const games = g.match.kind === 'games';
  const started = !games || g.results.length > 0;
  return {
    kind: 'sum',
    label: indent + (games ? labels.gamesWon : labels.matchTotal),
    cursor: false,
    cells: st.map((s) => ({ text: started ? String(games ? s.gamesWon : s.matchTotal) : '-', kind: 'sum' })),
  };
}
