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

/** What is wrong with a frame at a size, or null when it fits. */
export function frameProblem(frame: string, columns: number, rows: number): string | null {
  if (frame === '') return null;
  const lines = frame.split('\n');
  if (lines.length > rows) return `${lines.length} lines on a terminal of ${rows} rows`;
  for (const [i, line] of lines.entries()) {
    const w = displayWidth(line);
    if (w > columns) return `line ${i + 1} is ${w} columns wide on a terminal of ${columns}: ${JSON.stringify(stripAnsi(line))}`;
    const ctl = controlChars(line);
    if (ctl.length > 0) return `line ${i + 1} has control characters ${JSON.stringify(ctl.join(''))}`;
  }
  return null;
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
  const problem = model.screen === 'done' && frame !== '' ? 'the app has quit but the frame is not empty' : frameProblem(frame, model.size.columns, model.size.rows);
  if (cache.size > 20000) cache.clear();
  cache.set(key, { frame, problem });
  return { frame, problem, rendered: true };
}
