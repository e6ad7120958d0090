/** How often a wait looks again: often enough to add little to a test, seldom enough not to load the machine. */
const POLL_MS = 15;

/** How long a wait lasts by default before it fails: long, since a loaded machine is slow but a hung test fails anyway. */
const TIMEOUT_MS = 10_000;

/** Options of a wait: how long before it fails, what it waits for (for the failure), and what to show then. */
export interface WaitOptions {
  readonly timeout?: number;
  readonly what?: string;
  /** What the test was looking at (a screen, a file), shown when the wait fails. */
  readonly state?: () => string | Promise<string>;
}

/** A pause of `ms` milliseconds, for the few waits that are the point of a test ("nothing happens within N ms"). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Looks at `check` every POLL_MS until it holds (returns true, or a value other than false, null and undefined),
 * and returns that value; throws with `what` and the last state when `timeout` passes first.
 */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = TIMEOUT_MS, what = 'a condition', state }: WaitOptions = {}): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}` + (state ? `; last seen:\n${await state()}` : ''));
    await sleep(POLL_MS);
  }
}

/** What a screen is awaited to show: a text it contains, a pattern it matches, or a test it passes. */
export type ScreenExpectation = string | RegExp | ((screen: string) => boolean);

function describe(expected: ScreenExpectation): string {
  if (typeof expected === 'string') return JSON.stringify(expected);
  if (expected instanceof RegExp) return String(expected);
  return expected.name || 'a screen that passes the test';
}

/**
 * Looks at the screen (`getScreen`: a frame, a terminal's text) until it shows what is expected, and returns that
 * screen; throws with what was awaited and the last screen when `timeout` passes first.
 */
export async function waitForScreen(getScreen: () => string | undefined | Promise<string | undefined>, expected: ScreenExpectation, { timeout = TIMEOUT_MS, what = describe(expected) }: Omit<WaitOptions, 'state'> = {}): Promise<string> {
  const holds = (s: string) => (typeof expected === 'string' ? s.includes(expected) : expected instanceof RegExp ? expected.test(s) : expected(s));
  let last = '';
  return waitFor(
    async () => {
      last = (await getScreen()) ?? '';
      return holds(last) ? last : false;
    },
    { timeout, what, state: () => last },
  );
}
