import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEYS } from '../support/keys.js';
import { TerminalSession } from './terminal.js';

/** Generous: the machine is shared and busy, and a wait only costs time when something is wrong. */
export const WAIT_MS = 15000;

const homes: string[] = [];

/** A fresh, empty folder for YAHTZEE_HOME, so no saved game or high score leaks from one test into another. */
export function freshHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'yahtzee-e2e-'));
  homes.push(home);
  return home;
}

/** Removes the folders freshHome() made. */
export function removeHomes(): void {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

/**
 * Ends a session for good: kills the program if it still runs and waits (a while) for it to be gone, since a game
 * killed mid-play still saves into its YAHTZEE_HOME on the way out; then frees the terminal and removes the folders.
 */
export async function closeSession(t: TerminalSession | undefined): Promise<void> {
  if (t) {
    if (!t.hasExited) {
      try {
        t.proc.kill();
      } catch {
        // already gone
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([t.exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
    }
    t.dispose();
  }
  removeHomes();
}

/** The built game in a pseudo-terminal (80x24 unless told), with its own fresh YAHTZEE_HOME. */
export function startGame(args: readonly string[], opts: { cols?: number; rows?: number } = {}): TerminalSession {
  return new TerminalSession(args, { cols: opts.cols, rows: opts.rows, env: { YAHTZEE_HOME: freshHome() } });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chart rows of the official rules, top to bottom. */
export const OFFICIAL_ROWS = [
  'Aces',
  'Twos',
  'Threes',
  'Fours',
  'Fives',
  'Sixes',
  'Upper total',
  'Bonus (63+)',
  'Three of a kind',
  'Four of a kind',
  'Full house',
  'Small straight',
  'Large straight',
  'Yahtzee',
  'Chance',
  'Yahtzee bonus',
  'TOTAL',
] as const;

/** The 13 boxes of the official rules in chart order. */
export const OFFICIAL_BOXES: readonly string[] = OFFICIAL_ROWS.filter((r) => !['Upper total', 'Bonus (63+)', 'Yahtzee bonus', 'TOTAL'].includes(r));

/** The chart rows of the ZX Spectrum rules (no Yahtzee bonus), top to bottom, without the option numbers. */
export const SPECTRUM_ROWS = [
  "1's",
  "2's",
  "3's",
  "4's",
  "5's",
  "6's",
  'Upper total',
  'Bonus (63+)',
  '3 of a kind',
  '4 of a kind',
  'Full house',
  'Yatzee',
  'Short run',
  'Long run',
  'Chance',
  'TOTAL',
] as const;

/** The 13 Spectrum scoring options by number (1-13), as the chart labels them. */
export const SPECTRUM_OPTIONS: readonly string[] = SPECTRUM_ROWS.filter((r) => !['Upper total', 'Bonus (63+)', 'TOTAL'].includes(r));

/**
 * The cells of one chart row (one per player: "12", "(30)" or "-"), read off the screen; undefined when the row is
 * not there. A row is its label (after the MSX cursor column or the Spectrum option number) then two spaces or more.
 */
export function chartRow(screen: string, label: string, players: number): string[] | undefined {
  const re = new RegExp(`^[▶ ]?\\s*(?:\\d+ )?${escape(label)}\\s{2,}(.*)$`);
  for (const line of screen.split('\n')) {
    const m = re.exec(line);
    if (m) return m[1].trim().split(/\s+/).slice(0, players);
  }
  return undefined;
}

/** The whole chart as label -> cells; throws when a row is missing. */
export function chartTable(screen: string, labels: readonly string[], players: number): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const label of labels) {
    const cells = chartRow(screen, label, players);
    if (!cells) throw new Error(`no chart row "${label}" on the screen:\n${screen}`);
    table[label] = cells;
  }
  return table;
}

/** The label of the row under the MSX cursor, or undefined. */
export function cursorRow(screen: string): string | undefined {
  return /^▶(\S.*?)\s{2,}/m.exec(screen)?.[1];
}

/** The screen line telling that `who` scored in `box`, and the points. */
export function scoredPattern(who: string, box: string): RegExp {
  return new RegExp(`${escape(who)} scored (\\d+) in ${escape(box)}(?::| and|\\s*$)`, 'm');
}

/** The dice on screen, A to E: faces counted by their pips, and whether each is kept (double border). */
export interface DiceOnScreen {
  readonly faces: number[];
  readonly kept: boolean[];
}

/** Reads the five dice off the screen (beside the chart in two rows, or in one row under it). */
export function readDice(screen: string): DiceOnScreen {
  const lines = screen.split('\n');
  const found: { row: number; col: number; face: number; kept: boolean }[] = [];
  lines.forEach((line, row) => {
    for (let col = 0; col < line.length; col++) {
      const c = line[col];
      if (c !== '╭' && c !== '╔') continue;
      let face = 0;
      for (let r = 1; r <= 3; r++) for (const ch of (lines[row + r] ?? '').slice(col + 1, col + 6)) if (ch === '●') face++;
      found.push({ row, col, face, kept: c === '╔' });
    }
  });
  found.sort((a, b) => a.row - b.row || a.col - b.col);
  if (found.length !== 5 || found.some((d) => d.face < 1 || d.face > 6)) throw new Error(`no five dice on the screen:\n${screen}`);
  return { faces: found.map((d) => d.face), kept: found.map((d) => d.kept) };
}

/** What a box scores: an upper face, or a lower pattern. */
type BoxKind = number | 'three' | 'four' | 'full' | 'small' | 'large' | 'yahtzee' | 'chance';

/** The boxes of both rule sets by their chart labels. */
const KINDS: Record<string, BoxKind> = {
  Aces: 1,
  Twos: 2,
  Threes: 3,
  Fours: 4,
  Fives: 5,
  Sixes: 6,
  "1's": 1,
  "2's": 2,
  "3's": 3,
  "4's": 4,
  "5's": 5,
  "6's": 6,
  'Three of a kind': 'three',
  '3 of a kind': 'three',
  'Four of a kind': 'four',
  '4 of a kind': 'four',
  'Full house': 'full',
  'Small straight': 'small',
  'Short run': 'small',
  'Large straight': 'large',
  'Long run': 'large',
  Yahtzee: 'yahtzee',
  Yatzee: 'yahtzee',
  Chance: 'chance',
};

const kindOf = (box: string): BoxKind => {
  const k = KINDS[box];
  if (k === undefined) throw new Error(`unknown box ${box}`);
  return k;
};

function counts(faces: readonly number[]): number[] {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) c[f]++;
  return c;
}

const sum = (faces: readonly number[]) => faces.reduce((s, f) => s + f, 0);
const hasRun = (faces: readonly number[], from: number, length: number) => Array.from({ length }, (_, i) => from + i).every((f) => faces.includes(f));

/** What five dice score in a box by its own rule (no Joker), worked out here independently of the game. */
export function boxScore(box: string, faces: readonly number[]): number {
  const kind = kindOf(box);
  const c = counts(faces);
  if (typeof kind === 'number') return c[kind] * kind;
  switch (kind) {
    case 'three':
      return c.some((n) => n >= 3) ? sum(faces) : 0;
    case 'four':
      return c.some((n) => n >= 4) ? sum(faces) : 0;
    case 'full':
      return c.includes(3) && c.includes(2) ? 25 : 0;
    case 'small':
      return [1, 2, 3].some((f) => hasRun(faces, f, 4)) ? 30 : 0;
    case 'large':
      return [1, 2].some((f) => hasRun(faces, f, 5)) ? 40 : 0;
    case 'yahtzee':
      return c.includes(5) ? 50 : 0;
    case 'chance':
      return sum(faces);
  }
}

/** True when the dice already score all a box can give (a pattern box made): no point rolling on. */
function made(box: string, faces: readonly number[]): boolean {
  const kind = kindOf(box);
  return (kind === 'full' || kind === 'small' || kind === 'large' || kind === 'yahtzee') && boxScore(box, faces) > 0;
}

/** The dice to keep when going for `box`: a small policy, not a good one. */
export function keepFor(box: string, faces: readonly number[]): boolean[] {
  const kind = kindOf(box);
  const c = counts(faces);
  let best = 6;
  for (let f = 6; f >= 1; f--) if (c[f] > c[best]) best = f;
  if (typeof kind === 'number') return faces.map((f) => f === kind);
  switch (kind) {
    case 'three':
    case 'four':
    case 'yahtzee':
      return faces.map((f) => f === best);
    case 'full': {
      const pairs = [6, 5, 4, 3, 2, 1].filter((f) => c[f] >= 2).slice(0, 2);
      const taken = [0, 0, 0, 0, 0, 0, 0];
      return faces.map((f) => pairs.includes(f) && taken[f]++ < (f === pairs[0] ? 3 : 2));
    }
    case 'small':
    case 'large': {
      const distinct = (from: number) => [0, 1, 2, 3, 4].filter((i) => c[from + i] > 0).length;
      const from = distinct(2) >= distinct(1) ? 2 : 1;
      const seen = new Set<number>();
      return faces.map((f) => {
        if (f < from || f >= from + 5 || seen.has(f)) return false;
        seen.add(f);
        return true;
      });
    }
    case 'chance':
      return faces.map((f) => f >= 4);
  }
}

/** The two layouts' keys and words, as far as playing a turn needs them. */
export interface LayoutKeys {
  readonly name: 'msx' | 'spectrum';
  /** The key that flips the kept mark of die i (0-4). */
  toggle(i: number): string;
  /** Rolls the dice not kept. */
  readonly roll: string;
  /** Ends the rolling early. */
  readonly stop: string;
  /** Marks are dropped after each roll (MSX) or stay (Spectrum). */
  readonly marksClear: boolean;
}

export const MSX_KEYS: LayoutKeys = { name: 'msx', toggle: (i) => String(i + 1), roll: KEYS.space, stop: 'i', marksClear: true };
export const SPECTRUM_KEYS: LayoutKeys = { name: 'spectrum', toggle: (i) => 'abcde'[i], roll: KEYS.enter, stop: '0', marksClear: false };

/** How a turn's rolling went. */
export interface Rolled {
  /** The rolls made (1-3). */
  readonly rolls: number;
  /** Stopped early with the stop key (i or 0). */
  readonly stopped: boolean;
  /** The dice at the end, read off the screen. */
  readonly faces: number[];
  /** The screen once the box can be chosen. */
  readonly screen: string;
}

/** The screen shows the box choice: the MSX cursor, or the Spectrum option question. */
function choosing(layout: LayoutKeys, s: string): boolean {
  return layout.name === 'msx' ? s.includes('choose a box') && cursorRow(s) !== undefined : s.includes('OPTION (1-13)? _');
}

/**
 * Plays the dice of one turn by keys, going for `box` with keepFor(): before each new roll it flips the kept marks
 * that differ (typed at once, then waiting for the dice to show them), then rolls (waiting for "roll N of 3"); it
 * stops early when the box is made or all five dice are kept. Returns once the box can be chosen.
 */
export async function rollFor(t: TerminalSession, layout: LayoutKeys, box: string): Promise<Rolled> {
  let screen = await t.waitFor('roll 1 of 3', WAIT_MS);
  for (let roll = 1; ; roll++) {
    const dice = readDice(screen);
    if (roll === 3) return { rolls: 3, stopped: false, faces: dice.faces, screen: await t.waitUntil((s) => choosing(layout, s), 'the box choice', WAIT_MS) };
    const keep = keepFor(box, dice.faces);
    if (made(box, dice.faces) || keep.every(Boolean)) {
      t.write(layout.stop);
      return { rolls: roll, stopped: true, faces: dice.faces, screen: await t.waitUntil((s) => choosing(layout, s), 'the box choice', WAIT_MS) };
    }
    const flips = [0, 1, 2, 3, 4].filter((i) => keep[i] !== dice.kept[i]);
    if (flips.length > 0) {
      // The marks typed at once; the dice must then show exactly the ones wanted kept.
      t.write(flips.map((i) => layout.toggle(i)).join(''));
      await t.waitUntil((s) => readDice(s).kept.every((k, i) => k === keep[i]), `kept ${keep.map((k, i) => (k ? 'ABCDE'[i] : '')).join('')}`, WAIT_MS);
    }
    t.write(layout.roll);
    screen = await t.waitFor(`roll ${roll + 1} of 3`, WAIT_MS);
    // The dice not kept were thrown; the kept ones must not have moved.
    const after = readDice(screen);
    keep.forEach((k, i) => {
      if (k && after.faces[i] !== dice.faces[i]) throw new Error(`die ${'ABCDE'[i]} was kept but changed from ${dice.faces[i]} to ${after.faces[i]}`);
    });
    if (layout.marksClear && after.kept.some(Boolean)) throw new Error(`the MSX marks were not cleared after the roll:\n${screen}`);
  }
}

/** Who scores, and where their column is on the chart. */
export interface Seat {
  /** The player's name, as the message line says it. */
  readonly who: string;
  /** The player's column, from 0. */
  readonly seat: number;
  /** The number of players (columns). */
  readonly players: number;
}

/**
 * Waits for `box` to be filled in the seat's column after the key that scores it, and returns the points. While the
 * game goes on, the message line must tell the same points ("ANN scored 25 in Full house").
 */
export async function scored(t: TerminalSession, box: string, seat: Seat): Promise<number> {
  const cell = (s: string) => chartRow(s, box, seat.players)?.[seat.seat] ?? '';
  const after = await t.waitUntil((s) => /^\d+$/.test(cell(s)), `${box} filled for ${seat.who}`, WAIT_MS);
  const points = Number(cell(after));
  if (!after.includes('game over')) {
    const said = scoredPattern(seat.who, box).exec(after)?.[1];
    if (said !== String(points)) throw new Error(`the chart shows ${points} in ${box} for ${seat.who}, the message line ${said ?? 'nothing'}:\n${after}`);
  }
  return points;
}

/**
 * MSX: moves the cursor from where it is to `box` over the `open` boxes (chart order, wrapping), the shorter way
 * round, then scores it with →. Returns the points scored.
 */
export async function msxScore(t: TerminalSession, open: readonly string[], box: string, seat: Seat, screen: string): Promise<number> {
  const from = cursorRow(screen);
  if (from === undefined) throw new Error(`no cursor on the screen:\n${screen}`);
  const at = open.indexOf(from);
  const to = open.indexOf(box);
  if (at < 0 || to < 0) throw new Error(`cursor on ${from}, wanted ${box}, open: ${open.join(', ')}`);
  const down = (to - at + open.length) % open.length;
  const step = down <= open.length - down ? 1 : -1;
  const moves = step === 1 ? down : open.length - down;
  if (moves > 0) {
    // The arrows typed at once; the cursor must end on the box.
    t.write((step === 1 ? KEYS.down : KEYS.up).repeat(moves));
    await t.waitUntil((s) => cursorRow(s) === box, `the cursor on ${box}`, WAIT_MS);
  }
  t.write(KEYS.right);
  return scored(t, box, seat);
}

/**
 * Spectrum: types the option number (at once, or with a backspace in `typed` as "\b" key by key, waiting for the
 * field to show each), then ENTER. Returns the points scored.
 */
export async function spectrumScore(t: TerminalSession, option: number, seat: Seat, typed = String(option)): Promise<number> {
  if (!typed.includes('\b')) {
    t.write(typed);
    await t.waitFor(`OPTION (1-13)? ${typed}_`, WAIT_MS);
  } else {
    let field = '';
    for (const ch of typed) {
      t.write(ch === '\b' ? KEYS.backspace : ch);
      field = ch === '\b' ? field.slice(0, -1) : field + ch;
      await t.waitFor(`OPTION (1-13)? ${field}_`, WAIT_MS);
    }
  }
  t.write(KEYS.enter);
  return scored(t, SPECTRUM_OPTIONS[option - 1], seat);
}

/** The total a card should show for these box scores: the boxes, the upper bonus (35 at 63), any Yahtzee bonus. */
export function expectedTotal(scores: Record<string, number>, upperBoxes: readonly string[], yahtzeeBonus = 0): number {
  const upper = upperBoxes.reduce((s, b) => s + (scores[b] ?? 0), 0);
  const all = Object.values(scores).reduce((s, v) => s + v, 0);
  return all + (upper >= 63 ? 35 : 0) + yahtzeeBonus;
}

/** Where the output leaves the terminal: the alternate screen left after it was last entered, the cursor shown last. */
export function terminalRestored(output: string): { leftAltScreen: boolean; cursorShown: boolean } {
  return {
    leftAltScreen: output.lastIndexOf('\u001b[?1049l') > output.lastIndexOf('\u001b[?1049h') && output.includes('\u001b[?1049h'),
    cursorShown: output.lastIndexOf('\u001b[?25h') > output.lastIndexOf('\u001b[?25l'),
  };
}

/** What the program wrote after leaving the alternate screen, escape sequences removed. */
export function afterAltScreen(output: string): string {
  // eslint-disable-next-line no-control-regex
  return output.slice(output.lastIndexOf('\u001b[?1049l')).replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
