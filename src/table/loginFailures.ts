/** Failed logins from one address in a row before it is locked out for LOCK_MS. */
const MAX_FAILURES = 10;
/** How long a locked address waits: long enough to make guessing the code slow, short for friends behind its NAT. */
export const LOCK_MS = 60_000;
/** A failed login is answered after this long, times the failures so far from that address (up to 5 s). */
const FAILURE_DELAY_MS = 500;
/**
 * The most addresses remembered, so that a client with many addresses (IPv6 gives one plenty) cannot grow the table's
 * memory without end. Past it the address heard from longest ago is forgotten: that client already guesses from many.
 */
export const MAX_ADDRESSES = 1024;

interface Failures {
  count: number;
  lockedUntil: number;
  /** When the last failure came. */
  lastAt: number;
}

/**
 * The failed logins of each address: each one answered later than the last, and after MAX_FAILURES the address is
 * locked out for a while (not until the table closes: friends behind the same NAT get in again). Failures are
 * forgotten after LOCK_MS without another.
 */
export class LoginFailures {
  /** In the order the addresses last failed, oldest first. */
  private readonly byAddress = new Map<string, Failures>();

  /** Milliseconds `address` is still locked out at `now` (0: not locked). */
  locked(address: string, now: number): number {
    const entry = this.byAddress.get(address);
    if (entry === undefined) return 0;
    if (entry.lockedUntil > now) return entry.lockedUntil - now;
    if (isStale(entry, now)) this.byAddress.delete(address);
    return 0;
  }

  /** Counts a failed login from `address` at `now`: how long to wait before answering it. */
  fail(address: string, now: number): number {
    const known = this.byAddress.get(address);
    const entry = known !== undefined && !isStale(known, now) ? known : { count: 0, lockedUntil: 0, lastAt: now };
    this.byAddress.delete(address);
    if (this.byAddress.size >= MAX_ADDRESSES) this.forgetOldest(now);
    entry.count += 1;
    entry.lastAt = now;
    if (entry.count >= MAX_FAILURES) entry.lockedUntil = now + LOCK_MS;
    this.byAddress.set(address, entry);
    return Math.min(5000, FAILURE_DELAY_MS * entry.count);
  }

  /** A login from `address` succeeded: its count starts again. */
  succeed(address: string): void {
    this.byAddress.delete(address);
  }

  /** How many addresses are remembered. */
  get size(): number {
    return this.byAddress.size;
  }

  /** Forgets the stale addresses, or, when none is, the one that failed longest ago. */
  private forgetOldest(now: number): void {
    for (const [address, entry] of this.byAddress) if (isStale(entry, now)) this.byAddress.delete(address);
    if (this.byAddress.size < MAX_ADDRESSES) return;
    const oldest = this.byAddress.keys().next();
    if (oldest.done !== true) this.byAddress.delete(oldest.value);
  }
}

/** True when an entry's lock is over, or it never locked and its last failure is LOCK_MS old. */
function isStale(entry: Failures, now: number): boolean {
  return entry.lockedUntil === 0 ? now - entry.lastAt >= LOCK_MS : entry.lockedUntil <= now;
}
