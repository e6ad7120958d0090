/** How the game's frames reach the terminal: Ink renders them, the screen differ writes only what changed. */
import { DiffStdout } from './diffStdout.js';

export { DiffStdout } from './diffStdout.js';
export { holdWrites, type Held } from './hold.js';

/**
 * Ink's frame-rate cap while the differ draws (Ink's default is 30). Ink draws a change at once when nothing changed
 * in the last 1000/maxFps ms, else at the end of that time, merged with whatever else changed: at 120 a key typed
 * right after another waits at most 8 ms instead of 33, and a burst of keys still costs at most 120 frames a second.
 */
export const DIFF_MAX_FPS = 120;

/** Which writer draws the game: the cell differ (default), or Ink's own full-frame or line-level writer. */
export type Renderer = 'diff' | 'ink' | 'incremental';

/**
 * The renderer chosen by YAHTZEE_RENDER (diff, ink or incremental; YAHTZEE_INCREMENTAL=1 is the same as incremental).
 * In Ink's screen-reader mode (INK_SCREEN_READER=true) it is always Ink's own: a screen reader follows whole lines of
 * text, not cells rewritten here and there.
 */
export function rendererFrom(env: NodeJS.ProcessEnv): Renderer {
  if (env.INK_SCREEN_READER === 'true') return 'ink';
  const r = env.YAHTZEE_RENDER;
  if (r === 'ink' || r === 'incremental' || r === 'diff') return r;
  if (env.YAHTZEE_INCREMENTAL === '1') return 'incremental';
  return 'diff';
}

/** The frame-rate cap for the differ: YAHTZEE_MAX_FPS when it is a positive number (for measuring), else DIFF_MAX_FPS. */
export function maxFpsFrom(env: NodeJS.ProcessEnv): number {
  const n = Number(env.YAHTZEE_MAX_FPS);
  return Number.isFinite(n) && n > 0 ? n : DIFF_MAX_FPS;
}

/** The Ink render options that draw the game on `stdout` with the chosen renderer. */
export function gameRenderOptions(
  stdout: NodeJS.WriteStream,
  env: NodeJS.ProcessEnv = process.env,
): { stdout?: NodeJS.WriteStream; maxFps?: number; incrementalRendering?: boolean } {
  const renderer = rendererFrom(env);
  if (renderer !== 'diff') return { incrementalRendering: renderer === 'incremental' };
  // Ink only needs the parts of a WriteStream that DiffStdout has.
  return { stdout: new DiffStdout(stdout) as unknown as NodeJS.WriteStream, maxFps: maxFpsFrom(env) };
}

/**
 * Redraws the whole screen on `stdout` when the cell differ draws it (Ctrl-L, a resume after SIGCONT, a write to the
 * terminal from elsewhere); Ink's own writers draw whole frames and need nothing. Returns true when it redrew.
 */
export function redrawScreen(stdout: unknown): boolean {
  if (!(stdout instanceof DiffStdout)) return false;
  stdout.redraw();
  return true;
}

/** Rings the terminal's bell on `stdout`: through the cell differ when it draws (its picture stays true), else directly. */
export function ringBell(stdout: { write(data: string): unknown }): void {
  if (stdout instanceof DiffStdout) stdout.bell();
  else stdout.write('\u0007');
}
