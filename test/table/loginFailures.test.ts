import { describe, expect, it } from 'vitest';
import { LOCK_MS, LoginFailures, MAX_ADDRESSES } from '../../src/table/loginFailures.js';

describe('failed logins of an address', () => {
  it('each is answered later than the last; the tenth locks the address for a while, not for ever', () => {
    const f = new LoginFailures();
    const delays = Array.from({ length: 9 }, () => f.fail('10.0.0.1', 0));
    expect(delays).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500]);
    expect(f.locked('10.0.0.1', 0)).toBe(0);
    f.fail('10.0.0.1', 1000);
    expect(f.locked('10.0.0.1', 1000)).toBe(LOCK_MS);
    expect(f.locked('10.0.0.2', 1000)).toBe(0);
    expect(f.locked('10.0.0.1', 1000 + LOCK_MS)).toBe(0);
    // Once the lock is over, the count starts again.
    expect(f.fail('10.0.0.1', 2000 + LOCK_MS)).toBe(500);
  });
});

describe('the addresses remembered', () => {
  it('failures a minute old without another are forgotten: the count starts again', () => {
    const f = new LoginFailures();
    for (let i = 0; i < 9; i++) f.fail('10.0.0.1', 0);
    expect(f.fail('10.0.0.1', LOCK_MS)).toBe(500);
    expect(f.locked('10.0.0.1', LOCK_MS)).toBe(0);
  });

  it('are never more than MAX_ADDRESSES: a flood of addresses the oldest are forgotten', () => {
    const f = new LoginFailures();
    for (let i = 0; i < 10; i++) f.fail('locked', 0);
    for (let i = 0; i < MAX_ADDRESSES * 3; i++) f.fail(`2001:db8::${i.toString(16)}`, 1 + i);
    expect(f.size).toBe(MAX_ADDRESSES);
    expect(f.locked('locked', 2)).toBe(0);
    // The newest is still counted.
    const newest = `2001:db8::${(MAX_ADDRESSES * 3 - 1).toString(16)}`;
    expect(f.fail(newest, MAX_ADDRESSES * 3)).toBe(1000);
  });

  it('when full, the stale are forgotten first, all of them, and the rest kept', () => {
    const f = new LoginFailures();
    for (let i = 0; i < MAX_ADDRESSES - 1; i++) f.fail(`10.1.${i >> 8}.${i & 255}`, 0);
    f.fail('recent', LOCK_MS - 1);
    f.fail('new', LOCK_MS);
    expect(f.size).toBe(2);
    expect(f.fail('recent', LOCK_MS)).toBe(1000);
  });
});
