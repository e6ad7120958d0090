/** How the game's frames reach the terminal: Ink renders them, the screen differ writes only what changed. */
import { DiffStdout } from './diffStdout.js';

export { DiffStdout, type DiffStdoutOptions, type TerminalStream } from './diffStdout.js';
export { ScreenDiffer, type CursorState } from './differ.js';
export { Grid } from './grid.js';
export { StyleTable } from './style.js';
export { VirtualTerminal } from './vt.js';

/**
 * Ink's frame rate cap while the differ draws: a key is drawn at once when the last frame is more than 1000/MAX_FPS
 * ms old, and frames asked for sooner are merged into one at the end of that time.
 */
export const DIFF_MAX_FPS = 120;

/** Which writer draws the game: the cell differ (default), or Ink's own full-frame or line-level writer. */
export type Renderer = 'diff' | 'ink' | 'incremental';

/** The renderer chosen by YAHTZEE_RENDER (diff, ink or incremental; YAHTZEE_INCREMENTAL=1 is the same as incremental). */
export function rendererFrom(env: NodeJS.ProcessEnv): Renderer {
  const r = env.YAHTZEE_RENDER;
  if (r === 'ink' || r === 'incremental') return r;
  if (env.YAHTZEE_INCREMENTAL === '1') return 'incremental';
  return 'diff';
}

/** The Ink render options that draw the game on `stdout` with the chosen renderer. */
export function gameRenderOptions(
  stdout: NodeJS.WriteStream,
  env: NodeJS.ProcessEnv = process.env,
): { stdout?: NodeJS.WriteStream; maxFps?: number; incrementalRendering?: boolean } {
  const renderer = rendererFrom(env);
  if (renderer !== 'diff') return { incrementalRendering: renderer === 'incremental' };
  // Ink only needs the parts of a WriteStream that DiffStdout has.
  return { stdout: new DiffStdout(stdout) as unknown as NodeJS.WriteStream, maxFps: DIFF_MAX_FPS };
}
