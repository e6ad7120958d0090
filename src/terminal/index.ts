/** How the game's frames reach the terminal: Ink renders them, the screen differ writes only what changed. */
import { DiffStdout } from './diffStdout.js';

export { DiffStdout, type LastLine, type ScreenViewer } from './diffStdout.js';
export { holdWrites, type Held } from './hold.js';

/**
 * Ink's frame-rate cap while the differ draws (Ink's default is 30). Ink draws a change at once when nothing changed
 * in the last 1000/maxFps ms, else at the end of that time, merged with whatever else changed: at 120 a key typed
 * right after another waits at most 8 ms instead of 33, and a burst of keys still costs at most 120 frames a second.
 */
export const DIFF_MAX_FPS = 120;

/**
 * The Ink render options that draw the game on `stdout`: through the cell differ, or, in Ink's screen-reader mode
 * (INK_SCREEN_READER=true), with Ink's own writer, since a screen reader follows whole lines of text, not cells
 * rewritten here and there.
 */
export function gameRenderOptions(
  stdout: NodeJS.WriteStream,
  env: NodeJS.ProcessEnv = process.env,
): { stdout?: NodeJS.WriteStream; maxFps?: number } {
  if (env.INK_SCREEN_READER === 'true') return {};
  // Ink only needs the parts of a WriteStream that DiffStdout has.
  return { stdout: new DiffStdout(stdout) as unknown as NodeJS.WriteStream, maxFps: DIFF_MAX_FPS };
}

/**
 * Redraws the whole screen on `stdout` when the cell differ draws it (Ctrl-L, a resume after SIGCONT, a write to the
 * terminal from elsewhere); in screen-reader mode Ink's own writer draws and this does nothing. Returns true when it
 * redrew.
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
