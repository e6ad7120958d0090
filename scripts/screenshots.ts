// `npm run screenshots`: the pictures of the game in the README, made from the real screen. It starts the built game
// (bin/yahtzee.js) in a pseudo-terminal with a fixed seed and a home folder of its own, types the keys that reach a
// chosen moment, and writes what the headless xterm then holds, cell by cell with its colours, as an SVG in docs/.
// The keys wait for the screen they expect, so a change in the game that leads elsewhere stops the script with the
// screen it found instead of drawing another picture.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Terminal } from '@xterm/headless';
import { KEYS } from '../test/support/keys.js';
import { TerminalSession } from '../test/e2e/terminal.js';

/** The colours of the picture: a dark background and the Tango palette, xterm.js's own, for the 16 ANSI colours. */
export const THEME = {
  background: '#1e1e1e',
  foreground: '#d3d7cf',
  ansi: ['#2e3436', '#cc0000', '#4e9a06', '#c4a000', '#3465a4', '#75507b', '#06989a', '#d3d7cf', '#555753', '#ef2929', '#8ae234', '#fce94f', '#729fcf', '#ad7fa8', '#34e2e2', '#eeeeec'],
} as const;

/** A cell's size in the picture, in pixels, and the margin around the screen. */
const FONT_SIZE = 14;
const CELL_WIDTH = 8.4;
const CELL_HEIGHT = 17;
/** The baseline's place in a cell, from its top. */
const BASELINE = 13;
const MARGIN = 10;
const FONT_FAMILY = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";

/** How a run of cells looks. */
interface Style {
  readonly fg: string;
  readonly bg: string;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
}

/** A character on the screen: where it starts and how many cells it covers (2 for a wide one). */
interface Glyph {
  readonly char: string;
  readonly column: number;
  readonly width: number;
}

/** Cells side by side on one row that look the same. */
interface Run {
  readonly style: Style;
  readonly glyphs: Glyph[];
}

type Cell = NonNullable<ReturnType<NonNullable<ReturnType<Terminal['buffer']['active']['getLine']>>['getCell']>>;

/** An xterm palette index (0-255) as a colour: the 16 of the theme, the 6x6x6 cube, the 24 greys. */
function paletteColour(index: number): string {
  if (index < 16) return THEME.ansi[index];
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  if (index < 232) {
    const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
    const i = index - 16;
    return `#${hex(level(Math.floor(i / 36)))}${hex(level(Math.floor(i / 6) % 6))}${hex(level(i % 6))}`;
  }
  const grey = hex(8 + (index - 232) * 10);
  return `#${grey}${grey}${grey}`;
}

function styleOf(cell: Cell): Style {
  const bold = cell.isBold() !== 0;
  // As xterm.js draws by default, bold text in one of the first 8 colours takes its bright twin.
  const fgIndex = cell.isFgPalette() ? cell.getFgColor() : -1;
  let fg = cell.isFgRGB() ? `#${cell.getFgColor().toString(16).padStart(6, '0')}` : fgIndex >= 0 ? paletteColour(bold && fgIndex < 8 ? fgIndex + 8 : fgIndex) : THEME.foreground;
  let bg = cell.isBgRGB() ? `#${cell.getBgColor().toString(16).padStart(6, '0')}` : cell.isBgPalette() ? paletteColour(cell.getBgColor()) : THEME.background;
  if (cell.isInverse() !== 0) [fg, bg] = [bg, fg];
  return { fg, bg, bold, dim: cell.isDim() !== 0, italic: cell.isItalic() !== 0, underline: cell.isUnderline() !== 0 };
}

const sameStyle = (a: Style, b: Style) => a.fg === b.fg && a.bg === b.bg && a.bold === b.bold && a.dim === b.dim && a.italic === b.italic && a.underline === b.underline;

/** A row of the screen as runs of same-styled cells. */
function rowRuns(term: Terminal, y: number): Run[] {
  const buffer = term.buffer.active;
  const line = buffer.getLine(buffer.viewportY + y);
  const runs: Run[] = [];
  if (line === undefined) return runs;
  for (let x = 0; x < term.cols; x++) {
    const cell = line.getCell(x);
    // The second half of a wide character belongs to the cell before it.
    if (cell === undefined || cell.getWidth() === 0) continue;
    const style = styleOf(cell);
    const glyph = { char: cell.getChars() || ' ', column: x, width: cell.getWidth() };
    const last = runs.at(-1);
    if (last !== undefined && sameStyle(last.style, style)) last.glyphs.push(glyph);
    else runs.push({ style, glyphs: [glyph] });
  }
  return runs;
}

/**
 * The pieces of a run's text to write, each at its own column: words with single blanks between them. Every column
 * of the chart then starts at its own x, so a font a little wider or narrower than the cell cannot shift it.
 */
function pieces(glyphs: readonly Glyph[]): Glyph[][] {
  const out: Glyph[][] = [];
  let piece: Glyph[] = [];
  glyphs.forEach((g, i) => {
    const blank = g.char === ' ';
    if (blank && (piece.length === 0 || glyphs[i + 1] === undefined || glyphs[i + 1].char === ' ')) {
      if (piece.length > 0) out.push(piece);
      piece = [];
    } else piece.push(g);
  });
  if (piece.length > 0) out.push(piece);
  return out;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const px = (n: number) => String(Math.round(n * 100) / 100);

/** The screen an xterm holds now as an SVG: one <text> a row, one <tspan> a run of same-styled cells, a dark background. */
export function screenSvg(term: Terminal): string {
  const width = MARGIN * 2 + term.cols * CELL_WIDTH;
  const height = MARGIN * 2 + term.rows * CELL_HEIGHT;
  const backgrounds: string[] = [];
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++) {
    const spans: string[] = [];
    for (const run of rowRuns(term, y)) {
      const s = run.style;
      const first = run.glyphs[0];
      const last = run.glyphs[run.glyphs.length - 1];
      if (s.bg !== THEME.background) {
        const cells = last.column + last.width - first.column;
        backgrounds.push(`<rect x="${px(MARGIN + first.column * CELL_WIDTH)}" y="${px(MARGIN + y * CELL_HEIGHT)}" width="${px(cells * CELL_WIDTH)}" height="${CELL_HEIGHT}" fill="${s.bg}"/>`);
      }
      // An underline shows under blanks too: such a run is written whole.
      for (const piece of s.underline ? [run.glyphs] : pieces(run.glyphs)) {
        const attributes = [`x="${px(MARGIN + piece[0].column * CELL_WIDTH)}"`, `fill="${s.fg}"`];
        if (s.bold) attributes.push('font-weight="bold"');
        if (s.dim) attributes.push('fill-opacity="0.5"');
        if (s.italic) attributes.push('font-style="italic"');
        if (s.underline) attributes.push('text-decoration="underline"');
        spans.push(`<tspan ${attributes.join(' ')}>${escapeXml(piece.map((g) => g.char).join(''))}</tspan>`);
      }
    }
    if (spans.length > 0) rows.push(`<text y="${px(MARGIN + y * CELL_HEIGHT + BASELINE)}">${spans.join('')}</text>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${px(height)}" viewBox="0 0 ${px(width)} ${px(height)}" font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" xml:space="preserve">`,
    `<rect width="100%" height="100%" rx="6" fill="${THEME.background}"/>`,
    ...backgrounds,
    ...rows,
    '</svg>',
    '',
  ].join('\n');
}

/** A step towards the moment pictured: keys to type, then the text the screen must show before the next step. */
interface Step {
  readonly keys?: string;
  readonly until: string | RegExp;
}

/** One picture: where it goes, the terminal's size, the game's arguments and the steps. */
interface Shot {
  readonly file: string;
  readonly cols: number;
  readonly rows: number;
  readonly args: readonly string[];
  readonly steps: readonly Step[];
}

/** Both layouts, two seats, the second roll with dice kept, the hints and the chances to win on. */
const SHOTS: readonly Shot[] = [
  {
    file: 'docs/screen-msx.svg',
    cols: 80,
    rows: 24,
    args: ['--names', 'ANN', '--computer', '1', '--seed', '7', '--no-animation'],
    steps: [
      { until: "ANN's turn 1 of 13  ·  roll 1 of 3" },
      // The first turn: the two sixes in Sixes (the cursor starts on Aces).
      { keys: 'i', until: '▶Aces' },
      { keys: `${KEYS.down.repeat(5)}${KEYS.enter}`, until: "CPU's turn" },
      // The computer's turn at once, then ANN's second: keep the three fives, roll, the hints on, the fives kept again.
      { keys: KEYS.space, until: /ANN's turn[^]*CPU scored/ },
      { keys: '134', until: /KEEP[^]*KEEP/ },
      { keys: KEYS.space, until: 'roll 2 of 3' },
      { keys: 't', until: 'yours: reroll all 5 dice' },
      { keys: 'w', until: 'chances to win' },
      { keys: '134', until: /ANN\s+\d+\.\d%/ },
    ],
  },
  {
    file: 'docs/screen-spectrum.svg',
    cols: 100,
    rows: 36,
    args: ['--layout', 'spectrum', '--names', 'ANN,BOB', '--games', '3', '--seed', '7', '--no-animation'],
    steps: [
      { until: /ANN's turn( 1 of 13)? {2}· {2}roll 1 of 3/ },
      // Hold the two sixes (D and E), roll the other three, the hints and the chances on.
      { keys: 'de', until: /HOLD[^]*HOLD/ },
      { keys: KEYS.enter, until: 'roll 2 of 3' },
      { keys: 'H', until: 'hint' },
      { keys: 'W', until: /ANN\s+\d+\.\d%/ },
    ],
  },
];

/** How long after the first frame the keys wait. */
const ECHO_OFF_MS = 500;

/** Plays a shot's steps in a fresh home folder and returns the picture of the screen at its end. */
async function takeShot(shot: Shot): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'yahtzee-screenshots-'));
  // FORCE_COLOR: the picture has the game's colours whatever NO_COLOR says in the shell that runs the script.
  const session = new TerminalSession(shot.args, { cols: shot.cols, rows: shot.rows, env: { YAHTZEE_HOME: home, FORCE_COLOR: '1' } });
  try {
    for (const [i, step] of shot.steps.entries()) {
      if (step.keys !== undefined) session.write(step.keys);
      // The first time, the chances to win wait for the distribution table: some seconds.
      await session.waitFor(step.until, 60000);
      // The game turns the terminal's echo off just after its first frame: keys typed at once would be echoed
      // among its cells as well as played.
      if (i === 0) await new Promise((resolve) => setTimeout(resolve, ECHO_OFF_MS));
    }
    // The screen as it stands once the game has nothing more to draw.
    await session.screen();
    return screenSvg(session.term);
  } finally {
    session.dispose();
    await session.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const shot of SHOTS) {
    const svg = await takeShot(shot);
    writeFileSync(join(root, shot.file), svg);
    process.stdout.write(`${shot.file}: ${shot.cols}x${shot.rows}, ${svg.length} bytes\n`);
  }
}

// Run as a script (not when a test imports screenSvg).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
