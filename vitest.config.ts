import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests never touch the real home folder: saved games, high scores and the solver cache go to a temp folder.
const home = mkdtempSync(join(tmpdir(), 'yahtzee-test-'));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20000,
    hookTimeout: 60000,
    env: { YAHTZEE_HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_STATE_HOME: join(home, 'state'), XDG_DATA_HOME: join(home, 'data') },
  },
});
