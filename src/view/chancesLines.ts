/**
 * The win-chance lines of the side panel and their words for a screen reader: in games of 2-4 seats, each seat's
 * chance to finish strictly highest and the chance that the top is shared, or why they are not there yet; for two
 * seats in a match of several games, each seat's chance to win the match beside it.
 */
import { chancesBefore, chancesShown, chancesNow } from '../app/chances.js';
import type { AppModel, ChancesStatus } from '../app/model.js';
import { cutToWidth, fitLines, fitText, textWidth, wordLines } from '../text/index.js';
import { fitLine, type PanelLine } from './lines.js';

const len = textWidth;

/** Below this a chance is nothing (what the sums leave over from rounding). */
const NOTHING = 1e-12;

/** A chance as a percentage with one decimal: "49.7%", "<0.1%", ">99.9%", and "0%" or "100%" only when exact. */
export function percentText(x: number): string {
  if (x <= NOTHING) return '0%';
  if (x >= 1 - NOTHING) return '100%';
  const p = 100 * x;
  if (p < 0.05) return '<0.1%';
  if (p >= 99.95) return '>99.9%';
  return `${p.toFixed(1)}%`;
}

/** One seat's chance to win. */
export interface SeatChance {
  readonly name: string;
  readonly win: number;
}

/** The win-chance lines' content: the chances when known, else what they wait for in words. */
export type ChancesView =
  | {
      readonly status: 'ready';
      readonly seats: readonly SeatChance[];
      readonly tie: number;
      /** The last figures while those for the dice now are worked out (shown dimmed). */
      readonly stale?: boolean;
      /** A game of a match of several: the chances are this game's, not the match's, and the heading says so. */
      readonly thisGame?: boolean;
      /** Two seats in a match of several games: each seat's chance to win the match, and that it ends level. */
      readonly match?: { readonly win: readonly number[]; readonly tie: number };
    }
  | { readonly status: 'waiting' | 'failed'; readonly note: string; /** The same in two or three words, for a panel with no room for the note. */ readonly short: string };

/** What the chances wait for, in a few words: "working it out", the table being made and how far. */
function waitingWords(chances: Exclude<ChancesStatus, { status: 'ready' }>): string {
  switch (chances.status) {
    case 'working':
      return 'working it out';
    case 'preparing': {
      // No clause separator inside a parenthesis: a shorter wording (fitText) never leaves one open.
      const percent = chances.total > 0 ? `, ${Math.floor((100 * chances.done) / chances.total)}% done` : '';
      return chances.stage === 'strategy' ? `computing the strategy table first${percent}` : `making the score distribution table first${percent} (a one-time wait)`;
    }
    case 'failed':
      return `not available: ${chances.error}`;
  }
}

/** What the chances wait for in two or three words: "working it out", "tables 33% done", "not available". */
function shortWords(chances: Exclude<ChancesStatus, { status: 'ready' }>): string {
  if (chances.status === 'failed') return 'not available';
  if (chances.status === 'preparing' && chances.total > 0) return `tables ${Math.floor((100 * chances.done) / chances.total)}% done`;
  return chances.status === 'preparing' ? 'tables being made' : 'working it out';
}

/** The win-chance lines' content, or null when they are not shown (1 seat, the hints and the chances both off, no game in play). */
export function chancesView(model: AppModel): ChancesView | null {
  if (!chancesShown(model) || model.game === null) return null;
  const asked = chancesNow(model);
  // While this thread loads the strategy table, the chances wait for it (useWinChances asks once it is there).
  const s = model.strategy;
  const chances: ChancesStatus = asked.status === 'working' && s.status === 'loading' ? { status: 'preparing', stage: 'strategy', done: s.done, total: s.total } : asked;
  const players = model.game.players;
  const before = chances.status === 'working' ? chancesBefore(model) : null;
  const match = model.game.match;
  const thisGame = match.kind === 'games' && match.games > 1 ? { thisGame: true } : {};
  // The match's chances only where the answer has one for each seat.
  const ofMatch = (c: Extract<ChancesStatus, { status: 'ready' }>) => (c.match !== undefined && c.match.win.length === players.length ? { match: c.match } : {});
  if (before !== null) return { status: 'ready', seats: players.map((p, i) => ({ name: p.name, win: before.win[i] })), tie: before.tie, stale: true, ...thisGame, ...ofMatch(before) };
  if (chances.status === 'ready') {
    // An answer of another shape than the game (a bug elsewhere) is not shown as if it were this game's.
    if (chances.win.length !== players.length) return { status: 'failed', note: 'not available: the answer does not match the game', short: 'not available' };
    return { status: 'ready', seats: players.map((p, i) => ({ name: p.name, win: chances.win[i] })), tie: chances.tie, ...thisGame, ...ofMatch(chances) };
  }
  return { status: chances.status === 'failed' ? 'failed' : 'waiting', note: waitingWords(chances), short: shortWords(chances) };
}

const HEADINGS = ['chances to win', 'to win'];
/** In a game of a match of several, the headings say whose chances they are, where that fits. */
const GAME_HEADINGS = ['chances to win this game', 'to win this game', ...HEADINGS];

/** The lead of the first packed line when there is no room for a heading. */
const LEAD = 'to win: ';

/** Packs items several to a line ("ANN 49.7%  BOB 50.1%"), the first after `lead`: the lines, or null when they take more than `rows` lines or one is too wide. */
function pack(items: readonly string[], lead: string, rows: number, width: number): string[] | null {
  const lines: string[] = [];
  for (const it of items) {
    const last = lines.length - 1;
    if (last >= 0 && len(lines[last]) + 2 + len(it) <= width) lines[last] += `  ${it}`;
    else lines.push(lines.length === 0 ? lead + it : it);
  }
  return lines.length <= rows && lines.every((l) => len(l) <= width) ? lines : null;
}

/**
 * How the seats can be named in packed lines, best first: their whole names; their names cut (with "…") as little as
 * needed while they still tell the seats apart; their seat numbers (the chart's columns, left to right).
 */
function namings(view: Extract<ChancesView, { status: 'ready' }>): { readonly items: string[]; readonly heading: string }[] {
  const item = (name: string, s: SeatChance) => `${name} ${percentText(s.win)}`;
  const out = [{ items: view.seats.map((s) => item(s.name, s)), heading: 'chances to win' }];
  const longest = Math.max(...view.seats.map((s) => len(s.name)));
  for (let cap = longest - 1; cap >= 2; cap--) {
    const names = view.seats.map((s) => (len(s.name) <= cap ? s.name : fitText(s.name, cap)));
    if (new Set(names).size === names.length) out.push({ items: view.seats.map((s, i) => item(names[i], s)), heading: 'chances to win' });
  }
  out.push({ items: view.seats.map((s, i) => item(String(i + 1), s)), heading: 'to win, by seat' });
  return out;
}

/**
 * The seats' chances packed several to a line into at most `room` lines of `width` columns: under a heading when
 * there is a line for it, else after "to win:", else bare; named as namings says, the first naming that fits (with
 * `oneLineEach`, the seats a line each, tried after a heading over the whole names); before the seat numbers, the
 * names in the compact form, and after them the seat numbers in it. When nothing fits, the whole names as far as
 * they go and " …" (more was meant).
 */
function packed(view: Extract<ChancesView, { status: 'ready' }>, room: number, width: number, oneLineEach: readonly PanelLine[] | null): PanelLine[] {
  const all = namings(view);
  for (const [i, naming] of all.entries()) {
    // Before the seat numbers, the seats' names in the compact form.
    if (i === all.length - 1) {
      const named = compact(view, room, width, false);
      if (named) return named;
    }
    const headings = view.thisGame === true && naming.heading === HEADINGS[0] ? GAME_HEADINGS : [naming.heading, 'to win'];
    const heading = headings.find((h) => len(h) <= width);
    // The shared top too where it fits, so that the figures add up to the whole: among them, else in the heading;
    // after "to win:", among them in whole percentages ("to win: ANN 38%  BOB 38%"); only then left out.
    const tie = view.tie > NOTHING ? `tie ${percentText(view.tie)}` : null;
    const percents = wholePercents([...view.seats.map((s) => s.win), view.tie]);
    const whole = [...naming.items.map((it, s) => it.replace(/\S+$/, `${percents[s]}%`)), `tie ${percents[view.seats.length]}%`];
    const tries = tie !== null ? [[...naming.items, tie], naming.items] : [naming.items];
    // A heading of seat numbers keeps what says so.
    const tiedHeading = tie !== null ? (naming.heading === HEADINGS[0] ? headings : [naming.heading]).map((h) => `${h} (${tie})`).find((h) => len(h) <= width) : undefined;
    const headed: [string | undefined, readonly string[]][] = tie !== null ? [[heading, tries[0]], [tiedHeading, naming.items], [heading, naming.items]] : [[heading, naming.items]];
    for (const [h, items] of headed) {
      const lines = h !== undefined && room >= 2 ? pack(items, '', room - 1, width) : null;
      if (lines) return [{ text: h!, role: 'heading' }, ...lines.map((text): PanelLine => ({ text }))];
    }
    // The whole names a line each, without a heading, before anything cut.
    if (i === 0 && oneLineEach !== null) return [...oneLineEach];
    for (const lead of [LEAD, '']) {
      for (const items of tie !== null && lead === LEAD ? [tries[0], whole, tries[1]] : tries) {
        const lines = pack(items, lead, room, width);
        if (lines) return lines.map((text) => ({ text }));
      }
    }
  }
  return compact(view, room, width, true) ?? [{ text: fitText(all[0].items.join('  '), width) }];
}

/**
 * Chances as whole percentages without their sign, for the compact lines, that add up as the chances do: the largest
 * remainders are rounded up (12.9, 0.6, 0.6, 85.6 and a tie of 0.3 are 13, 1, 1, 85 and <1, not 13, 1, 1, 86: 101),
 * equal chances always alike (a group that does not fit the sum is rounded as each would be alone). "33", "<1" for a
 * chance that rounds to nothing, ">99" for one short of certain, and "0" or "100" only when exact.
 */
function wholePercents(xs: readonly number[]): string[] {
  const exact = xs.map((x) => 100 * x);
  const whole = exact.map((p) => Math.floor(p));
  const rest = exact.map((p, i) => p - whole[i]);
  let left = Math.round(exact.reduce((a, b) => a + b, 0)) - whole.reduce((a, b) => a + b, 0);
  const groups = [...new Set(rest)].sort((a, b) => b - a).map((r) => rest.flatMap((x, i) => (x === r ? [i] : [])));
  for (const group of groups) {
    if (left <= 0) break;
    const up = group.length <= left || rest[group[0]] >= 0.5;
    if (up) for (const i of group) whole[i]++;
    left -= group.length;
    if (!up) break;
  }
  return xs.map((x, i) => {
    if (x <= NOTHING) return '0';
    if (x >= 1 - NOTHING) return '100';
    if (whole[i] <= 0) return '<1';
    return whole[i] >= 100 ? '>99' : String(whole[i]);
  });
}

/**
 * Every seat's chance in whole percentages, and the shared top's where it fits, one "%" for them all at the end
 * ("ANN 33  BOB 33  CY 21  tie 13 %"), in at most
 * `room` lines: the seats named by their names cut (plainly, no "…", as they fit) while they still tell the seats
 * apart, or with `bySeat` by their seat numbers ("1:33  2:33 %"); two spaces between seats, else one. Null when that
 * does not fit.
 */
function compact(view: Extract<ChancesView, { status: 'ready' }>, room: number, width: number, bySeat: boolean): PanelLine[] | null {
  const longest = Math.max(...view.seats.map((s) => len(s.name)));
  const percents = wholePercents([...view.seats.map((s) => s.win), view.tie]);
  const namings: string[][] = [];
  for (let cap = longest; cap >= 1 && !bySeat; cap--) {
    const names = view.seats.map((s) => cutToWidth(s.name, cap).trimEnd());
    if (names.every((n) => n !== '') && new Set(names).size === names.length) namings.push(names.map((n, i) => `${n} ${percents[i]}`));
  }
  if (bySeat) namings.push(view.seats.map((_, i) => `${i + 1}:${percents[i]}`));
  // Each naming with the shared top where it fits ("ANN 33  BOB 33  CY 32  tie 2 %"), then without.
  const tie = view.tie > NOTHING ? `tie ${percents[view.seats.length]}` : null;
  for (const items of namings.flatMap((n) => (tie === null ? [n] : [[...n, tie], n]))) {
    for (const sep of ['  ', ' ']) {
      const lines: string[] = [];
      for (const it of items) {
        const last = lines.length - 1;
        if (last >= 0 && len(lines[last]) + sep.length + len(it) <= width) lines[last] += sep + it;
        else lines.push(it);
      }
      lines[lines.length - 1] += ' %';
      if (lines.length <= room && lines.every((l) => len(l) <= width)) return lines.map((text) => ({ text }));
    }
  }
  return null;
}

/**
 * The win-chance lines fitted to `room` lines of `width` columns, whole words only: with room, a heading, a line
 * per seat (its name and chance) and the chance of a shared top; with less, the tie left out, then the heading, then
 * the seats packed several to a line. While the chances are not known, what they wait for.
 */
export function chancesLines(view: ChancesView, room: number, width: number): PanelLine[] {
  const lines = freshLines(view, room, width);
  // The last figures, while the new dice's are worked out, are dimmed whole (the heading too).
  return view.status === 'ready' && view.stale ? lines.map((l): PanelLine => ({ ...l, role: 'dim' })) : lines;
}

function freshLines(view: ChancesView, room: number, width: number): PanelLine[] {
  if (room <= 0 || width <= 0) return [];
  if (view.status !== 'ready') {
    // The whole note when it fits; else its short form, so the line never ends at "chances to win" with what they
    // wait for left off.
    const fitsWhole = (t: string) => {
      const lines = wordLines(t, width);
      return lines.length <= room && lines.every((l) => len(l) <= width);
    };
    const wording = [`chances to win: ${view.note}`, `chances to win: ${view.short}`, `to win: ${view.short}`].find(fitsWhole);
    return fitLines(wording ?? `chances to win: ${view.note}`, width, room).map((text): PanelLine => ({ text, role: 'dim' }));
  }
  if (view.match !== undefined) return matchLines(view, view.match, room, width);
  const n = view.seats.length;
  const heading = (view.thisGame === true ? GAME_HEADINGS : HEADINGS).find((h) => len(h) <= width);
  const seatLines = view.seats.map((s): PanelLine => ({ text: fitLine('', [s.name], percentText(s.win), width) }));
  const tie = ['top score shared', 'a tie', 'tie'].find((t) => len(t) + 1 + len(percentText(view.tie)) <= width);
  const tieLine: PanelLine[] = tie ? [{ text: fitLine('', [tie], percentText(view.tie), width), role: 'dim' }] : [];
  // A line a seat when every name fits whole beside its chance.
  const whole = view.seats.every((s) => len(s.name) + 1 + len(percentText(s.win)) <= width);
  if (whole && heading && room >= n + 1 + tieLine.length) return [{ text: heading, role: 'heading' }, ...seatLines, ...tieLine];
  // Without a line for the tie, the tie in the heading where it fits, so that the figures still add up to the whole.
  const tied = view.tie > NOTHING ? (view.thisGame === true ? GAME_HEADINGS : HEADINGS).map((h) => `${h} (tie ${percentText(view.tie)})`).find((h) => len(h) <= width) : undefined;
  if (whole && tied !== undefined && room >= n + 1) return [{ text: tied, role: 'heading' }, ...seatLines];
  if (whole && heading && room >= n + 1) return [{ text: heading, role: 'heading' }, ...seatLines];
  return packed(view, room, width, whole && room >= n ? seatLines : null);
}

/** The width of a figure's column in the match's table: the widest percentText, ">99.9%". */
const FIGURE = 6;

/**
 * Ways to write the seats' figures after a lead in at most `rows` lines, best first: the whole names; the names cut
 * plainly, in whole percentages ("ANNA 49 CPU 51 %", one line), which keep more of the names than cutting them with
 * "…"; then as namings says, the seat numbers last.
 */
function figureWritings(view: Extract<ChancesView, { status: 'ready' }>, width: number): ((wins: readonly number[], lead: string, rows: number) => string[] | null)[] {
  const all = namings(view);
  const named = all.map((naming) => (wins: readonly number[], lead: string, rows: number) => pack(naming.items.map((it, i) => it.replace(/\S+$/, percentText(wins[i]))), lead, rows, width));
  const longest = Math.max(...view.seats.map((s) => len(s.name)));
  const plain: ((wins: readonly number[], lead: string) => string[] | null)[] = [];
  for (let cap = longest; cap >= 1; cap--) {
    const names = view.seats.map((s) => cutToWidth(s.name, cap).trimEnd());
    if (names.every((nm) => nm !== '') && new Set(names).size === names.length) {
      plain.push((wins, lead) => {
        const percents = wholePercents(wins);
        const line = `${lead}${names.map((nm, i) => `${nm} ${percents[i]}`).join(' ')} %`;
        return len(line) <= width ? [line] : null;
      });
    }
  }
  return [named[0], ...plain, ...named.slice(1)];
}

/**
 * The game's and the match's chances side by side, fitted to `room` lines of `width` columns: with room, a table
 * (a heading over the two columns, a line a seat, the ties); with less, the figures of each after "game:" and
 * "match:"; on one line the match's alone (what the game's lead to); else the game's lines as without a match.
 */
function matchLines(view: Extract<ChancesView, { status: 'ready' }>, match: { readonly win: readonly number[]; readonly tie: number }, room: number, width: number): PanelLine[] {
  const n = view.seats.length;
  const columns = (a: string, b: string) => `${a.padStart(FIGURE)} ${b.padStart(FIGURE)}`;
  const heading = fitLine('', ['chances to win', 'to win'], columns('game', 'match'), width);
  const whole = view.seats.every((s) => len(s.name) + 1 + len(columns('', '')) <= width) && len(`to win ${columns('game', 'match')}`) <= width;
  if (whole && room >= n + 1) {
    const seats = view.seats.map((s, i): PanelLine => ({ text: fitLine('', [s.name], columns(percentText(s.win), percentText(match.win[i])), width) }));
    const tie: PanelLine[] = room >= n + 2 ? [{ text: fitLine('', ['tie'], columns(percentText(view.tie), percentText(match.tie)), width), role: 'dim' }] : [];
    return [{ text: heading, role: 'heading' }, ...seats, ...tie];
  }
  const writings = figureWritings(view, width);
  const game = view.seats.map((s) => s.win);
  if (room >= 2) {
    for (const write of writings) {
      for (const [ofGame, ofMatch] of [['this game: ', 'the match: '], ['game: ', 'match: ']]) {
        const first = write(game, ofGame, room - 1);
        const second = first && write(match.win, ofMatch, room - first.length);
        if (first && second) return [...first, ...second].map((text): PanelLine => ({ text }));
      }
    }
  }
  for (const write of writings) {
    const line = write(match.win, 'match: ', 1);
    if (line) return line.map((text): PanelLine => ({ text }));
  }
  return packed(view, room, width, null);
}

/** The win-chance lines in words for a screen reader, or '' when they are not shown. */
export function spokenChances(model: AppModel): string {
  const view = chancesView(model);
  if (view === null) return '';
  if (view.status === 'failed') return `The chances to win are ${view.note}.`;
  if (view.status !== 'ready') return `Chances to win: ${view.note.replace(/(\d+)% done/, '$1 percent done')}.`;
  const said = (x: number) => percentText(x).replace('<', 'under ').replace('>', 'over ').replace('%', ' percent');
  const seats = view.seats.map((s) => `${s.name} ${said(s.win)}`).join(', ');
  const what = view.thisGame === true ? 'Chances to win this game' : 'Chances to win';
  const m = view.match;
  const ofMatch = m === undefined ? '' : ` Chances to win the match: ${view.seats.map((s, i) => `${s.name} ${said(m.win[i])}`).join(', ')}; level on games and points ${said(m.tie)}.`;
  if (view.stale) return `${what} before these dice, being worked out again: ${seats}; the top score shared ${said(view.tie)}.${ofMatch}`;
  return `${what}, each playing optimally from their card: ${seats}; the top score shared ${said(view.tie)}.${ofMatch}`;
}
