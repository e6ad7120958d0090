import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';

describe('the test run', () => {
  it('keeps saves, scores and the solver cache in a temporary folder of its own, never the real home', () => {
    const home = process.env.YAHTZEE_HOME ?? '';
    expect(home.startsWith(tmpdir())).toBe(true);
    expect(home).toMatch(/yahtzee-test-/);
    expect(existsSync(home)).toBe(true);
    expect(process.env.XDG_CACHE_HOME).toBe(`${home}/cache`);
  });
});
