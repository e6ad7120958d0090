import { describe, expect, it } from 'vitest';
import { localStamp } from '../../src/text/index.js';

describe('localStamp: a moment from a file as the screen says it', () => {
  it('the date and the minute in local time, as the scores write dates: year first', () => {
    const d = new Date(2026, 10, 29, 9, 4, 5);
    expect(localStamp(d.toISOString())).toBe('2026-11-29 09:04');
  });

  it('a text that is no date is said as it is', () => {
    expect(localStamp('yesterday')).toBe('yesterday');
  });
});
