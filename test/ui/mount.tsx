import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';

/** Raw bytes of the keys the app tests type. */
export const KEY = { up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D', enter: '\r', backspace: '\u007F', escape: '\u001B', ctrlC: '\u0003' };
/** The terminal size the app tests draw at. */
export const SIZE = { columns: 80, rows: 24 };
/** Waits `ms` milliseconds (for Ink to read a key or draw a frame). */
export const tick = (ms = 25) => new Promise((r) => setTimeout(r, ms));

let mounted: (() => void) | null = null;
afterEach(() => {
  mounted?.();
  mounted = null;
});

/**
 * Renders an element with ink-testing-library (unmounted after the test) and gives it `type`, which writes keys
 * one at a time, each after the last one was read, then waits for the frame.
 */
export async function mount(element: ReactElement) {
  const r = render(element);
  mounted = r.unmount;
  await tick();
  const type = async (...keys: string[]) => {
    for (const k of keys) {
      r.stdin.write(k);
      await tick(15);
    }
    await tick();
  };
  return { ...r, type };
}
