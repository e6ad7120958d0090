/** Failed logins from one address in a row before it is locked out for LOCK_MS. */
const MAX_FAILURES = 10;
/** How long a locked address waits: long enough to make guessing the code slow, short for friends behind its NAT. */
export const LOCK_MS = 60_000;
/** A failed login is answered after this long, times the failures so far from that address (up to 5 s). */
const FAILURE_DELAY_MS = 500;

/**
 * The failed logins of each address: each one answered later than the last, and after MAX_FAILURES the address is
 * locked out for a while (not until the table closes: friends behind the same NAT get in again).
 */
export class LoginFailures {
  private readonly byAddress = new Map<string, { count: number; lockedUntil: number }>();

  /** Milliseconds `address` is still locked out at `now` (0: not locked). */
  locked(address: string, now: number): number {
    const entry = this.byAddress.get(address);
    if (entry === undefined || entry.lockedUntil === 0) return 0;
    if (entry.lockedUntil > now) return entry.lockedUntil - now;
    this.byAddress.delete(address);
    return 0;
  }

  /** Counts a failed login from `address` at `now`: how long to wait before answering it. */
  fail(address: string, now: number): number {
    const entry = this.byAddress.get(address) ?? { count: 0, lockedUntil: 0 };
    entry.count += 1;
    if (entry.count >= MAX_FAILURES) entry.lockedUntil = now + LOCK_MS;
    this.byAddress.set(address, entry);
    return Math.min(5000, FAILURE_DELAY_MS * entry.count);
  }

  /** A login from `address` succeeded: its count starts again. */
  succeed(address: string): void {
    this.byAddress.delete(address);
  }
}
