/**
 * The frame Ink draws for a model at its terminal size, and the check that it fits: no more lines than the rows,
 * no line wider than the columns (display width), no stray control characters.
 */
import { renderToString } from 'ink';
import type { AppModel } from '../../src/app/index.js';
import { Screen } from '../../src/ui/Screen.js';
import { controlChars, displayWidth, stripAnsi } from './width.js';

/** The frame for a model, drawn by Ink at the model's width (the dice as they lie: no animation). */
export function renderFrame(model: AppModel): string {
  return renderToString(<Screen model={model} />, { columns: model.size.columns });
}

/**
 * The frame with the name cuts the game makes on purpose taken out: a name too long for its column ends in "…"
 * (the first characters of one of `names`, then the ellipsis), and whole words followed by " …" (more was meant).
 * A text the game was given from outside (`texts`: an error's reason, a notice) may hold an ellipsis of its own:
 * its words that do are taken out first, as they are not a cut.
 */
function withoutNameCuts(line: string, names: readonly string[], texts: readonly string[] = []): string {
  let out = line;
  for (const word of texts.flatMap((t) => t.split(' ')).filter((w) => w.includes('…'))) out = out.split(word).join('');
  // The game's own words that end in an ellipsis: "the computer is playing…", "computing the strategy table… 45%".
  out = out.replace(/(playing|table)…/g, '$1').replaceAll(' …', ' ');
  for (const name of names) {
    const chars = [...name];
    for (let k = chars.length - 1; k >= 1; k--) out = out.split(chars.slice(0, k).join('') + '…').join('');
  }
  return out;
}

/**
 * The first cut text in a frame, or null: an ellipsis anywhere but at the end of a cut name means a text was cut
 * short to fit (by Ink's truncation or the game's own), where a shorter wording should have been used instead.
 */
export function cutTextProblem(frame: string, names: readonly string[], texts: readonly string[] = []): string | null {
  for (const [i, line] of frame.split('\n').entries()) {
    const plain = stripAnsi(line);
    if (withoutNameCuts(plain, names, texts).includes('…')) return `line ${i + 1} has a text cut short: ${JSON.stringify(plain)}`;
  }
  return null;
}

/** What is wrong with a frame at a size, or null when it fits. */
export function frameProblem(frame: string, columns: number, rows: number, names?: readonly string[], texts: readonly string[] = []): string | null {
  if (frame === '') return null;
  const lines = frame.split('\n');
  if (lines.length > rows) return `${lines.length} lines on a terminal of ${rows} rows`;
  for (const [i, line] of lines.entries()) {
    const w = displayWidth(line);
    if (w > columns) return `line ${i + 1} is ${w} columns wide on a terminal of ${columns}: ${JSON.stringify(stripAnsi(line))}`;
    const ctl = controlChars(line);
    if (ctl.length > 0) return `line ${i + 1} has control characters ${JSON.stringify(ctl.join(''))}`;
  }
  return names === undefined ? null : cutTextProblem(frame, names, texts);
}

/** The names a model can show: the players', and those typed so far at the setup. */
function namesOf(model: AppModel): string[] {
  return [...(model.game?.players.map((p) => p.name) ?? []), ...(model.setup?.names ?? [])];
}

/**
 * The texts a model shows as they were typed or given: the name being typed at the setup, and from outside the
 * controller the strategy table's and the chances' failures and the message.
 */
function givenTextsOf(model: AppModel): string[] {
  const chances = model.turnChances?.chances;
  return [
    ...(model.setup?.field ? [model.setup.field] : []),
    ...(model.strategy.status === 'failed' ? [model.strategy.error] : []),
    ...(chances?.status === 'failed' ? [chances.error] : []),
    ...(model.message ? [model.message.text] : []),
  ];
}

const cache = new Map<string, { frame: string; problem: string | null }>();

/**
 * Renders the model and checks the frame; the result is kept, so a model seen before (a refused key leaves the
 * model as it was apart from the message) is not drawn twice. Returns the problem and the frame.
 */
export function checkFrame(model: AppModel): { frame: string; problem: string | null; rendered: boolean } {
  const key = JSON.stringify(model);
  const seen = cache.get(key);
  if (seen) return { ...seen, rendered: false };
  const frame = renderFrame(model);
  const problem = model.screen === 'done' && frame !== '' ? 'the app has quit but the frame is not empty' : frameProblem(frame, model.size.columns, model.size.rows, namesOf(model), givenTextsOf(model));
  if (cache.size > 20000) cache.clear();
  cache.set(key, { frame, problem });
  return { frame, problem, rendered: true };
}
