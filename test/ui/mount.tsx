import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { sleep, waitFor } from '../support/wait.js';

/** The terminal size the app tests draw at. */
export const SIZE = { columns: 80, rows: 24 };

/** Lets React run the effects of the first render, which come on a later turn of the event loop. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits until the app rendered by ink-testing-library reads its stdin (its key handler is attached), then a turn more. */
export async function untilReading(r: ReturnType<typeof render>): Promise<void> {
  await waitFor(() => r.stdin.listenerCount('readable') > 0, { what: 'the app to read its keys', state: () => r.lastFrame() ?? '' });
  await settle();
}

let mounted: (() => void) | null = null;
afterEach(() => {
  mounted?.();
  mounted = null;
});

/**
 * Renders an element with ink-testing-library (unmounted after the test), waits until it reads its stdin, and gives
 * it `type`, which writes keys one at a time, each after the last one was read, then waits for the frame. Those are
 * fixed waits: a key in general has no sign to wait for (a refused key changes nothing, an ESC is a key only after
 * the decoder's deadline, a score goes through the session's promises), and tests wait on the screen after it.
 */
export async function mount(element: ReactElement) {
  const r = render(element);
  mounted = r.unmount;
  await untilReading(r);
  const type = async (...keys: string[]) => {
    for (const k of keys) {
      r.stdin.write(k);
      await sleep(15);
    }
    await sleep(25);
  };
  return { ...r, type };
}
