import { describe, expect, it } from 'vitest';
import { LOCK_MS, LoginFailures } from '../../src/table/loginFailures.js';

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
