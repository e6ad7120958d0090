/** The bytes of one read from a guest that are decoded: more than any burst of typing, the rest of a paste dropped. */
export const READ_BYTES = 256;
/** Keys a guest may send at once, and how many more each second gives: a fast typist or a held key is within it. */
const KEY_BURST = 40;
const KEYS_PER_SECOND = 40;

/**
 * How many keys a guest may still send now (a token bucket): each key taken costs the host a step of the game and a
 * frame, so a guest who floods is cut down to a bounded rate and the table goes on for the others.
 */
export class KeyBudget {
  private left = KEY_BURST;
  private at: number;

  constructor(now: number) {
    this.at = now;
  }

  /** Takes up to `wanted` keys at `now`: how many may go on (the rest are dropped). */
  take(wanted: number, now: number): number {
    this.refill(now);
    const taken = Math.min(wanted, Math.floor(this.left));
    this.left -= taken;
    return taken;
  }

  /** Milliseconds until a key may be taken again (0: now). */
  wait(now: number): number {
    this.refill(now);
    return this.left >= 1 ? 0 : Math.ceil(((1 - this.left) * 1000) / KEYS_PER_SECOND);
  }

  private refill(now: number): void {
    this.left = Math.min(KEY_BURST, this.left + (Math.max(0, now - this.at) * KEYS_PER_SECOND) / 1000);
    this.at = now;
  }
}
